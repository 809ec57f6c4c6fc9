/**
 * The types every part of the game reads: the game's meta, seats, planet cards, players' sheets, the log
 * as folded, and the snapshot. Imports no feature: a feature adds its events to `EventMap` and its state
 * to `FeatureStates` by declaration merging (`declare module '../core/types'`), the way tldraw lets a
 * package add shape types, so core stays closed while the union of events and the snapshot stay typed.
 */
import type { NewerKind } from './versions';
import type { Planet, RaceId } from '../../data/types';
import type { RoundState } from '../../rules/round';

export interface GameOptions {
  pathOfFate: boolean;
  simultaneousTactical: boolean;
  ascendancy: boolean;
  /**
   * Setup at the table (issue 19): the seats start without races, and the SA setup steps are played on the
   * phones (doc/setup) before round 1; `map` says how step 7 is played. Absent: quick setup, races typed in.
   */
  atTable?: { map: SetupMap };
}

/** 001 step 7: bids on the home system locations of a pre-set map, or the galaxy built star by star. */
export type SetupMap = 'preset' | 'star';

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

export const COUNTERS = [
  'vp',
  'tradeGoods',
  'commandPool',
  'fleetSupply',
  'strategyAllocation',
  'actionCards',
  'politicalCards',
] as const;
export type CounterName = (typeof COUNTERS)[number];

export const COUNTER_LABELS: Record<CounterName, string> = {
  vp: 'victory points',
  tradeGoods: 'trade goods',
  commandPool: 'command pool counters',
  fleetSupply: 'fleet supply counters',
  strategyAllocation: 'strategy allocation counters',
  actionCards: 'action cards',
  politicalCards: 'political cards',
};

export type Facility = 'colony' | 'refinery';
/** 'free', 'killed', or the seat id of the captor. */
export type LeaderStatus = 'free' | 'killed' | { capturedBy: string };
export type ArtifactColor = 'red' | 'green' | 'blue' | 'yellow';

export interface CustomPlanetDef {
  id: string;
  name: string;
  resources: number;
  influence: number;
  specialties: string[];
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

/**
 * Event kind → event body. Empty here; each feature's `events.ts` adds its kinds. Every body has `k`
 * equal to its key.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface EventMap {}
export type EventKind = keyof EventMap;
export type EventBody = EventMap[EventKind];
export type EventOf<K extends EventKind> = EventMap[K];
export type GameEvent = EventBody & { t: number; dev: string };
export type EncodedEvent = readonly unknown[];

export interface LogEntry {
  /** Position in the shared log: stable across replicas once converged. */
  index: number;
  t: number;
  dev: string;
  event: EventBody;
  /** An undo's: the events it took back (they are skipped by the fold and have no entry of their own). */
  undone?: EventBody[];
  /** A claim's: the seat was held by another phone, which lost it. */
  takeover?: boolean;
  /** A `setAside`'s, when it counted: the events version the change it set aside declared. */
  setAside?: number;
}

export interface Problem {
  /** Log position of the event that caused it, or -1 for a problem of the final state. */
  index: number;
  message: string;
}

/** What core folds itself: the table's pieces every feature reads. */
export interface CoreSnapshot {
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
  /**
   * The first entry of the log of a kind from a newer version of the app, when there is one: the game is
   * folded up to it only, and this phone writes nothing until it is updated (versions.ts).
   */
  newer?: NewerKind;
}

/** Snapshot key → a feature's folded state. Empty here; each feature's `events.ts` adds its own. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface FeatureStates {}

export type GameSnapshot = CoreSnapshot & FeatureStates;

export interface RawGame {
  meta: GameMeta;
  seats: SeatInfo[];
  claims: Record<string, string>;
  devices: Record<string, string>;
  log: readonly unknown[];
}

export type RawHead = Omit<RawGame, 'log'>;
