/**
 * The fold driver: folds the shared log into the plain game snapshot that the UI and the rules read.
 * Pure: no Yjs here, so it is tested on plain arrays. Every replica folds the same array in the same
 * order, so every phone computes the same state once their documents have converged.
 *
 * Core keeps the table's pieces every part of the game reads (players' sheets, planet cards, round and
 * phase, artifacts) in one working state, the `FoldTable`; each feature's fold applies its own event kinds
 * to it and keeps its own state beside it. Snapshots come out in fresh objects, reusing those of the
 * previous snapshot for what did not change.
 *
 * The fold trusts nothing: an event naming a seat or planet that does not exist is skipped and reported,
 * and impossible totals (a negative counter, two phones spending the same trade good) are reported as
 * problems for the table to see, never silently "fixed".
 */
import { compareNames, PLANETS_BY_ID, RACES_BY_ID } from '../../data';
import type { TechColor } from '../../data/types';
import { checkHandLimit, HAND_LIMIT } from '../../rules/cards';
import { raceEffects } from '../../rules/raceAbilities';
import type { RoundState } from '../../rules/round';
import type { Codec } from './codec';
import type { FeatureFold, FeatureModule, FoldSetup, FoldTable, TableFacts } from './module';
import { COUNTER_LABELS, COUNTERS } from './types';
import type { ArtifactColor, CounterName, CustomPlanetDef, EventBody, GameSnapshot, LogEntry, PlanetCard, PlayerState, Problem, RawHead, SeatInfo } from './types';

export type { FeatureFold, FoldSetup, FoldTable, TableFacts } from './module';

const zeroCounters = (): Record<CounterName, number> => Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<CounterName, number>;

function newPlayer(seat: SeatInfo): PlayerState {
  const race = RACES_BY_ID.get(seat.race);
  return { seat: seat.id, counters: zeroCounters(), techs: [], upgrades: [], leaders: (race?.leaders ?? []).map(() => 'free' as const), planets: [] };
}

function customCard(def: CustomPlanetDef): PlanetCard {
  const specialties = def.specialties.filter((s): s is TechColor => ['red', 'green', 'blue', 'yellow'].includes(s));
  const { id, name, resources, influence } = def;
  return { id, name, resources, influence, specialties, refreshAbility: null, tradeStation: false, homeOf: null, system: null, expansion: 'custom', custom: true, owner: null, exhausted: false, facility: null, wealth: 0 };
}

/** Mutable working state of one fold. */
export class Fold implements FoldTable {
  readonly planets: Record<string, PlanetCard> = {};
  readonly players: Record<string, PlayerState> = {};
  readonly custom = new Map<string, CustomPlanetDef>();
  readonly problems: Problem[] = [];
  readonly log: LogEntry[] = [];
  round: RoundState = { round: 1, phase: 'strategy', step: null };
  readonly artifacts: Record<ArtifactColor, string | null> = { red: null, green: null, blue: null, yellow: null };
  index = 0;
  speaker?: () => string | undefined;
  council?: TableFacts['council'];
  readonly #features: { module: FeatureModule; fold: FeatureFold<unknown> }[];
  readonly #byKind = new Map<string, FeatureFold<unknown>>();
  readonly #after: FeatureFold<unknown>[];
  /** Players and planets changed since the last result (all of them before the first). */
  readonly #dirtyPlayers = new Set<string>();
  readonly #dirtyPlanets = new Set<string>();
  #out: { planets: Record<string, PlanetCard>; players: Record<string, PlayerState> } = { planets: {}, players: {} };

  constructor(
    readonly seats: SeatInfo[],
    modules: readonly FeatureModule[],
    private readonly codec: Codec,
    setup: Omit<FoldSetup, 'seats'>,
  ) {
    for (const seat of seats) this.players[seat.id] = newPlayer(seat);
    this.#features = modules.map((module) => ({ module, fold: module.fold({ ...setup, seats }) }));
    for (const { module, fold } of this.#features) {
      for (const kind of Object.keys(module.events)) this.#byKind.set(kind, fold);
      Object.assign(this, fold.facts);
    }
    this.#after = this.#features.flatMap(({ fold }) => (fold.after ? [fold] : []));
  }

  problem(message: string): void {
    this.problems.push({ index: this.index, message });
  }

  player(seat: string): PlayerState | undefined {
    const p = this.players[seat];
    if (p) this.#dirtyPlayers.add(seat);
    else this.problem(`An event names seat "${seat}", which is not in this game; it was ignored.`);
    return p;
  }

  planet(id: string): PlanetCard | undefined {
    this.#dirtyPlanets.add(id);
    const known = this.planets[id];
    if (known) return known;
    const printed = PLANETS_BY_ID.get(id);
    const def = this.custom.get(id);
    if (!printed && !def) {
      this.problem(`An event names planet "${id}", which is neither in the planet table nor a custom planet; it was ignored.`);
      return undefined;
    }
    const card: PlanetCard = printed ? { ...printed, custom: false, owner: null, exhausted: false, facility: null, wealth: 0 } : customCard(def as CustomPlanetDef);
    this.planets[id] = card;
    return card;
  }

  touch(what: { seat?: string; planet?: string }): void {
    if (what.seat) this.#dirtyPlayers.add(what.seat);
    if (what.planet) this.#dirtyPlanets.add(what.planet);
  }

  /** Folds `stored`, the log's events from position `base` on (`base` = the events folded so far). */
  extend(stored: readonly unknown[], base: number): void {
    for (let i = 0; i < stored.length; i++) {
      const index = base + i;
      this.index = index;
      const event = this.codec.decode(stored[i]);
      if (!event) {
        this.problem('A log entry is not a valid event of this version; it was ignored.');
        continue;
      }
      const { t, dev, ...rest } = event;
      const body = rest as EventBody;
      this.#byKind.get(body.k)?.apply?.(body, this);
      const entry: LogEntry = { index, t, dev, event: body };
      this.log.push(entry);
      for (const fold of this.#after) fold.after?.(entry, this);
    }
    this.index = base + stored.length;
  }

  /**
   * The snapshot of the state folded so far, in fresh objects: folding more events later never
   * changes a snapshot already handed out. Checks the invariants of the final state (what a malicious
   * or racing peer could break) and derives each player's list of planets.
   */
  result(head: RawHead): GameSnapshot {
    const problems = [...this.problems];
    const problem = (message: string) => problems.push({ index: -1, message });
    const { planets, players } = this.#fresh(problem);
    const nameOf = new Map(this.seats.map((s) => [s.id, s.name]));
    const raceOf = new Map(this.seats.map((s) => [s.id, RACES_BY_ID.get(s.race)]));
    for (const p of Object.values(players)) {
      for (const c of COUNTERS) {
        if (p.counters[c] < 0) problem(`${nameOf.get(p.seat) ?? p.seat} has ${p.counters[c]} ${COUNTER_LABELS[c]}: two phones probably spent the same ones. Correct it with +.`);
      }
      const unlimited = raceEffects(raceOf.get(p.seat)?.id).unlimitedActionCards;
      for (const [kind, count, free] of [['action', p.counters.actionCards, unlimited], ['political', p.counters.politicalCards, false]] as const) {
        if (!checkHandLimit(kind, count, free).ok) problem(`${nameOf.get(p.seat) ?? p.seat} has ${count} ${kind} cards, over the hand limit of ${HAND_LIMIT}: discard down to ${HAND_LIMIT}.`);
      }
    }
    const features = Object.fromEntries(this.#features.flatMap(({ module, fold }) => (module.stateKey && fold.result ? [[module.stateKey, fold.result()]] : [])));
    return {
      meta: head.meta,
      seats: this.seats,
      claims: head.claims,
      devices: head.devices,
      planets,
      players,
      round: { ...this.round },
      artifacts: { ...this.artifacts },
      ...(features as object),
      log: this.log.slice(),
      problems,
    } as GameSnapshot;
  }

  /** Planets and players in fresh objects where they changed, with each player's planets by name. */
  #fresh(problem: (message: string) => void): { planets: Record<string, PlanetCard>; players: Record<string, PlayerState> } {
    const planets: Record<string, PlanetCard> = {};
    for (const [id, planet] of Object.entries(this.planets)) {
      const before = this.#out.planets[id];
      planets[id] = before && !this.#dirtyPlanets.has(id) ? before : { ...planet, specialties: [...planet.specialties] };
      if (planet.wealth < 0) problem(`${planet.name} shows ${planet.wealth} Natural Wealth trade goods.`);
    }
    const owned = new Map<string, string[]>();
    if (this.#dirtyPlayers.size) {
      for (const planet of Object.values(planets)) if (planet.owner) owned.set(planet.owner, [...(owned.get(planet.owner) ?? []), planet.id]);
    }
    const players: Record<string, PlayerState> = {};
    for (const [id, p] of Object.entries(this.players)) {
      const before = this.#out.players[id];
      if (before && !this.#dirtyPlayers.has(id)) {
        players[id] = before;
        continue;
      }
      const mine = (owned.get(id) ?? []).sort((a, b) => compareNames(planets[a]?.name ?? a, planets[b]?.name ?? b));
      players[id] = { ...p, counters: { ...p.counters }, techs: [...p.techs], upgrades: [...p.upgrades], leaders: [...p.leaders], planets: mine };
    }
    this.#out = { planets, players };
    this.#dirtyPlanets.clear();
    this.#dirtyPlayers.clear();
    return { planets, players };
  }
}
