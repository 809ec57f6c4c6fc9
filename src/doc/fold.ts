/**
 * The fold's working state: applies decoded events one by one, and hands out snapshots in fresh
 * objects (reusing those of the previous snapshot for what did not change). See snapshot.ts.
 */
import { compareNames, PLANETS_BY_ID, RACES_BY_ID } from '../data';
import type { TechColor } from '../data/types';
import { checkHandLimit, HAND_LIMIT, ignoresActionCardLimit } from '../rules/cards';
import type { RoundState } from '../rules/round';
import { COUNTERS, decodeEvent } from './events';
import type { ArtifactColor, CounterName, CustomPlanetDef, EventBody, GameEvent } from './events';
import type { GameSnapshot, LogEntry, PlanetCard, PlayerState, Problem, RawGame, SeatInfo } from './snapshot';
import { TradeFold } from './tradeFold';
import { RoundFold } from './roundFold';
import { CouncilFold, councilSpeaker } from './council/fold';
import type { CouncilContext } from './council/fold';

const zeroCounters = (): Record<CounterName, number> =>
  Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<CounterName, number>;

function newPlayer(seat: SeatInfo): PlayerState {
  const race = RACES_BY_ID.get(seat.race);
  return {
    seat: seat.id,
    counters: zeroCounters(),
    techs: [],
    upgrades: [],
    leaders: (race?.leaders ?? []).map(() => 'free' as const),
    planets: [],
  };
}

function customCard(def: CustomPlanetDef): PlanetCard {
  const specialties = def.specialties.filter((s): s is TechColor => ['red', 'green', 'blue', 'yellow'].includes(s));
  return {
    id: def.id,
    name: def.name,
    resources: def.resources,
    influence: def.influence,
    specialties,
    refreshAbility: null,
    tradeStation: false,
    homeOf: null,
    system: null,
    expansion: 'custom',
    custom: true,
    owner: null,
    exhausted: false,
    facility: null,
    wealth: 0,
  };
}

/** Mutable working state of one fold. */
export class Fold {
  readonly planets: Record<string, PlanetCard> = {};
  readonly players: Record<string, PlayerState> = {};
  readonly custom = new Map<string, CustomPlanetDef>();
  readonly problems: Problem[] = [];
  readonly log: LogEntry[] = [];
  round: RoundState = { round: 1, phase: 'strategy', step: null };
  readonly artifacts: Record<ArtifactColor, string | null> = { red: null, green: null, blue: null, yellow: null };
  index = 0;
  /** Trade contracts and agreements (tradeFold.ts). */
  readonly trade: TradeFold;
  /** The round tracker (roundFold.ts): strategy cards, turns, the status checklist, objectives, victory. */
  readonly rounds: RoundFold;
  /** The Twilight Council (council/fold.ts). */
  readonly council = new CouncilFold();
  readonly #councilContext: CouncilContext;
  /** Players and planets changed since the last result (all of them before the first). */
  readonly #dirtyPlayers = new Set<string>();
  readonly #dirtyPlanets = new Set<string>();
  #out: { planets: Record<string, PlanetCard>; players: Record<string, PlayerState> } = { planets: {}, players: {} };

  constructor(seats: SeatInfo[], gameId = '') {
    for (const seat of seats) this.players[seat.id] = newPlayer(seat);
    this.trade = new TradeFold(seats);
    this.rounds = new RoundFold(seats);
    this.#councilContext = {
      gameId,
      seats,
      planetsOf: (seat) => Object.values(this.planets).filter((p) => p.owner === seat),
      tradeGoods: (seat) => this.players[seat]?.counters.tradeGoods ?? 0,
      speaker: () => councilSpeaker(seats, this.rounds.speaker),
      problem: (m) => this.problem(m),
    };
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
    const card: PlanetCard = printed
      ? { ...printed, custom: false, owner: null, exhausted: false, facility: null, wealth: 0 }
      : customCard(def as CustomPlanetDef);
    this.planets[id] = card;
    return card;
  }

  apply(e: EventBody): void {
    switch (e.k) {
      case 'counter': {
        const p = this.player(e.seat);
        if (p) p.counters[e.counter] += e.delta;
        return;
      }
      case 'give': {
        const [from, to] = [this.player(e.from), this.player(e.to)];
        if (!from || !to) return;
        from.counters.tradeGoods -= e.amount;
        to.counters.tradeGoods += e.amount;
        return;
      }
      case 'owner': {
        if (e.seat !== null && !this.player(e.seat)) return;
        const planet = this.planet(e.planet);
        if (planet?.owner) this.#dirtyPlayers.add(planet.owner);
        if (planet) planet.owner = e.seat;
        return;
      }
      case 'exhaust': {
        const planet = this.planet(e.planet);
        if (planet) planet.exhausted = e.exhausted;
        return;
      }
      case 'refreshAll': {
        const keep = new Set(e.keep ?? []);
        for (const planet of Object.values(this.planets)) {
          if (planet.owner !== e.seat || keep.has(planet.id) || !planet.exhausted) continue;
          planet.exhausted = false;
          this.#dirtyPlanets.add(planet.id);
        }
        return;
      }
      case 'facility': {
        const planet = this.planet(e.planet);
        if (planet) planet.facility = e.facility;
        return;
      }
      case 'wealth': {
        const planet = this.planet(e.planet);
        if (planet) planet.wealth += e.delta;
        return;
      }
      case 'customPlanet':
        if (PLANETS_BY_ID.has(e.planet.id) || this.custom.has(e.planet.id)) {
          this.problem(`A custom planet reuses the id "${e.planet.id}"; the first definition is kept.`);
          return;
        }
        this.custom.set(e.planet.id, e.planet);
        return;
      case 'pay': {
        const p = this.player(e.seat);
        if (!p) return;
        for (const id of e.planets) {
          const planet = this.planet(id);
          if (planet) planet.exhausted = true;
        }
        p.counters.tradeGoods -= e.tradeGoods;
        return;
      }
      case 'tech': {
        const p = this.player(e.seat);
        if (p) p.techs = toggle(p.techs, e.tech, e.owned);
        return;
      }
      case 'upgrade': {
        const p = this.player(e.seat);
        if (p) p.upgrades = toggle(p.upgrades, e.upgrade, e.unlocked);
        return;
      }
      case 'leader': {
        const p = this.player(e.seat);
        if (!p) return;
        if (e.leader >= p.leaders.length) return this.problem(`${e.seat} has no leader number ${e.leader + 1}.`);
        p.leaders[e.leader] = e.status;
        return;
      }
      case 'note':
        return;
      case 'cc': {
        const p = this.player(e.seat);
        if (!p) return;
        p.counters.commandPool += e.pool;
        p.counters.fleetSupply += e.fleet;
        p.counters.strategyAllocation += e.strat;
        return;
      }
      case 'phase':
        this.round = { round: e.round, phase: e.phase, step: e.step };
        return;
      case 'artifact':
        if (e.seat === null || this.player(e.seat)) this.artifacts[e.color] = e.seat;
        return;
      case 'trade':
        return this.trade.apply(e, this);
      case 'round':
        return; // folded by this.rounds right after, with the event's time (extend)
      case 'council':
        return this.council.apply(e.seat, e.e, this.#councilContext);
    }
  }

  /** Folds `stored`, the log's events from position `base` on (`base` = the events folded so far). */
  extend(stored: readonly unknown[], base: number): void {
    for (let i = 0; i < stored.length; i++) {
      const index = base + i;
      this.index = index;
      const event: GameEvent | undefined = decodeEvent(stored[i]);
      if (!event) {
        this.problem('A log entry is not a valid event of this version; it was ignored.');
        continue;
      }
      const { t, dev, ...body } = event;
      this.apply(body as EventBody);
      this.log.push({ index, t, dev, event: body as EventBody });
      this.rounds.after(this.log[this.log.length - 1] as LogEntry, this);
    }
    this.index = base + stored.length;
  }

  /**
   * The snapshot of the state folded so far, in fresh objects: folding more events later never
   * changes a snapshot already handed out. Checks the invariants of the final state (what a malicious
   * or racing peer could break) and derives each player's list of planets.
   */
  result(raw: Omit<RawGame, 'log'>, seats: SeatInfo[]): GameSnapshot {
    const problems = [...this.problems];
    const problem = (message: string) => problems.push({ index: -1, message });
    const nameOf = new Map(seats.map((s) => [s.id, s.name]));
    const raceOf = new Map(seats.map((s) => [s.id, RACES_BY_ID.get(s.race)]));
    // Objects that did not change are the previous result's, so a consumer can skip them by identity.
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
    for (const p of Object.values(players)) {
      for (const c of COUNTERS) {
        if (p.counters[c] < 0) problem(`${nameOf.get(p.seat) ?? p.seat} has ${p.counters[c]} ${COUNTER_LABELS[c]}: two phones probably spent the same ones. Correct it with +.`);
      }
      const unlimited = ignoresActionCardLimit(raceOf.get(p.seat)?.abilities ?? []);
      for (const [kind, count, free] of [['action', p.counters.actionCards, unlimited], ['political', p.counters.politicalCards, false]] as const) {
        if (!checkHandLimit(kind, count, free).ok) problem(`${nameOf.get(p.seat) ?? p.seat} has ${count} ${kind} cards, over the hand limit of ${HAND_LIMIT}: discard down to ${HAND_LIMIT}.`);
      }
    }
    return {
      meta: raw.meta,
      seats,
      claims: raw.claims,
      devices: raw.devices,
      planets,
      players,
      round: { ...this.round },
      artifacts: { ...this.artifacts },
      trade: this.trade.result(),
      tracker: this.rounds.result(),
      council: this.council.state(),
      log: this.log.slice(),
      problems,
    };
  }
}

export const COUNTER_LABELS: Record<CounterName, string> = {
  vp: 'victory points',
  tradeGoods: 'trade goods',
  commandPool: 'command pool counters',
  fleetSupply: 'fleet supply counters',
  strategyAllocation: 'strategy allocation counters',
  actionCards: 'action cards',
  politicalCards: 'political cards',
};

function toggle(list: string[], item: string, on: boolean): string[] {
  const without = list.filter((x) => x !== item);
  return on ? [...without, item] : without;
}

