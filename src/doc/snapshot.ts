/**
 * Folds the shared log into the plain game snapshot that the UI and the rules read. Pure: no Yjs here,
 * so it is tested on plain arrays. Every replica folds the same array in the same order, so every phone
 * computes the same state once their documents have converged.
 *
 * The fold trusts nothing: an event naming a seat or planet that does not exist is skipped and reported,
 * and impossible totals (a negative counter, two phones spending the same trade good) are reported as
 * problems for the table to see, never silently "fixed".
 */
import { PLANETS_BY_ID, RACES_BY_ID } from '../data';
import type { Planet, RaceId, TechColor } from '../data/types';
import { checkHandLimit, HAND_LIMIT, ignoresActionCardLimit } from '../rules/cards';
import type { RoundState } from '../rules/round';
import { COUNTERS, decodeEvent } from './events';
import type { ArtifactColor, CounterName, CustomPlanetDef, EventBody, Facility, GameEvent, LeaderStatus } from './events';

export interface GameOptions {
  pathOfFate: boolean;
  simultaneousTactical: boolean;
  ascendancy: boolean;
}

export interface GameMeta {
  schema: number;
  id: string;
  name: string;
  vpGoal: number;
  options: GameOptions;
  /** Epoch milliseconds; event times are seconds after it. */
  createdAt: number;
}

export interface SeatInfo {
  id: string;
  name: string;
  color: string;
  race: RaceId;
  /** Place around the table, 0-based, clockwise. */
  position: number;
  tradeContracts: [number, number];
}

export interface PlanetCard extends Planet {
  custom: boolean;
  owner: string | null;
  exhausted: boolean;
  facility: Facility | null;
  /** Trade goods lying on the planet as Natural Wealth (001 "Natural Wealth"). */
  wealth: number;
}

export interface PlayerState {
  seat: string;
  counters: Record<CounterName, number>;
  techs: string[];
  upgrades: string[];
  leaders: LeaderStatus[];
  /** Ids of the planets she controls, by name. */
  planets: string[];
}

export interface LogEntry {
  /** Position in the shared log: stable across replicas once converged. */
  index: number;
  t: number;
  dev: string;
  event: EventBody;
}

export interface Problem {
  /** Log position of the event that caused it, or -1 for a problem of the final state. */
  index: number;
  message: string;
}

export interface GameSnapshot {
  meta: GameMeta;
  seats: SeatInfo[];
  /** Seat id → device tag of the phone that holds it. */
  claims: Record<string, string>;
  devices: Record<string, string>;
  planets: Record<string, PlanetCard>;
  players: Record<string, PlayerState>;
  /** Round, phase and status step; round 1's strategy phase until someone records otherwise. */
  round: RoundState;
  /** Artifact colour → the seat controlling it (001 "Artifacts"); null while nobody does. */
  artifacts: Record<ArtifactColor, string | null>;
  log: LogEntry[];
  problems: Problem[];
}

export interface RawGame {
  meta: GameMeta;
  seats: SeatInfo[];
  claims: Record<string, string>;
  devices: Record<string, string>;
  log: readonly unknown[];
}

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
class Fold {
  readonly planets: Record<string, PlanetCard> = {};
  readonly players: Record<string, PlayerState> = {};
  readonly custom = new Map<string, CustomPlanetDef>();
  readonly problems: Problem[] = [];
  round: RoundState = { round: 1, phase: 'strategy', step: null };
  readonly artifacts: Record<ArtifactColor, string | null> = { red: null, green: null, blue: null, yellow: null };
  index = 0;

  constructor(seats: SeatInfo[]) {
    for (const seat of seats) this.players[seat.id] = newPlayer(seat);
  }

  problem(message: string): void {
    this.problems.push({ index: this.index, message });
  }

  player(seat: string): PlayerState | undefined {
    const p = this.players[seat];
    if (!p) this.problem(`An event names seat "${seat}", which is not in this game; it was ignored.`);
    return p;
  }

  planet(id: string): PlanetCard | undefined {
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
        for (const planet of Object.values(this.planets)) if (planet.owner === e.seat && !keep.has(planet.id)) planet.exhausted = false;
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
    }
  }

  /** Checks the invariants of the final state; what a malicious or racing peer could break. */
  finish(seats: SeatInfo[]): void {
    this.index = -1;
    const nameOf = new Map(seats.map((s) => [s.id, s.name]));
    const raceOf = new Map(seats.map((s) => [s.id, RACES_BY_ID.get(s.race)]));
    for (const planet of Object.values(this.planets)) {
      if (planet.owner) this.players[planet.owner]?.planets.push(planet.id);
      if (planet.wealth < 0) this.problem(`${planet.name} shows ${planet.wealth} Natural Wealth trade goods.`);
    }
    for (const p of Object.values(this.players)) {
      p.planets.sort((a, b) => (this.planets[a]?.name ?? a).localeCompare(this.planets[b]?.name ?? b));
      for (const c of COUNTERS) {
        if (p.counters[c] < 0) this.problem(`${nameOf.get(p.seat) ?? p.seat} has ${p.counters[c]} ${COUNTER_LABELS[c]}: two phones probably spent the same ones. Correct it with +.`);
      }
      const unlimited = ignoresActionCardLimit(raceOf.get(p.seat)?.abilities ?? []);
      for (const [kind, count, free] of [['action', p.counters.actionCards, unlimited], ['political', p.counters.politicalCards, false]] as const) {
        if (!checkHandLimit(kind, count, free).ok) this.problem(`${nameOf.get(p.seat) ?? p.seat} has ${count} ${kind} cards, over the hand limit of ${HAND_LIMIT}: discard down to ${HAND_LIMIT}.`);
      }
    }
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

/** Decodes and folds a whole game. Malformed log entries are skipped and reported. */
export function foldGame(raw: RawGame): GameSnapshot {
  const seats = [...raw.seats].sort((a, b) => a.position - b.position);
  const fold = new Fold(seats);
  const log: LogEntry[] = [];
  raw.log.forEach((stored, index) => {
    fold.index = index;
    const event: GameEvent | undefined = decodeEvent(stored);
    if (!event) return fold.problem('A log entry is not a valid event of this version; it was ignored.');
    const { t, dev, ...body } = event;
    fold.apply(body as EventBody);
    log.push({ index, t, dev, event: body as EventBody });
  });
  fold.finish(seats);
  return {
    meta: raw.meta,
    seats,
    claims: raw.claims,
    devices: raw.devices,
    planets: fold.planets,
    players: fold.players,
    round: fold.round,
    artifacts: fold.artifacts,
    log,
    problems: fold.problems,
  };
}
