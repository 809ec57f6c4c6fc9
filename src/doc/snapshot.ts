/**
 * Folds the shared log into the plain game snapshot that the UI and the rules read. Pure: no Yjs here,
 * so it is tested on plain arrays. Every replica folds the same array in the same order, so every phone
 * computes the same state once their documents have converged.
 *
 * The fold trusts nothing: an event naming a seat or planet that does not exist is skipped and reported,
 * and impossible totals (a negative counter, two phones spending the same trade good) are reported as
 * problems for the table to see, never silently "fixed".
 */
import type { Planet, RaceId } from '../data/types';
import type { RoundState } from '../rules/round';
import type { ArtifactColor, CounterName, EventBody, Facility, LeaderStatus } from './events';
import { Fold } from './fold';
import type { TradeState } from './tradeFold';
import type { RoundTracker } from './roundState';
import type { CouncilState } from './council/fold';

export { COUNTER_LABELS } from './fold';

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
  /** Trade contracts, proposals and agreements with the goods on them (tradeFold.ts). */
  trade: TradeState;
  /** The round tracker: speaker, strategy cards, turns, status checklist, objectives, victory (roundFold.ts). */
  tracker: RoundTracker;
  /** Agendas, votes (commitments until revealed), laws in force, Voice of the Council (council/fold.ts). */
  council: CouncilState;
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

/** Decodes and folds a whole game. Malformed log entries are skipped and reported. */
export function foldGame(raw: RawGame): GameSnapshot {
  return new IncrementalFold(raw, raw.log).snapshot(raw);
}

export type RawHead = Omit<RawGame, 'log'>;

/**
 * A fold that can take more events: when the log has only grown at its end (the common case, a tap
 * on this phone or a peer's event arriving in order), `extend` folds just the new events instead of
 * the whole game. Anything else (an undo, a concurrent event merged before the end, a seat changed)
 * needs a new fold; the caller knows which, from the Yjs change.
 */
export class IncrementalFold {
  readonly #fold: Fold;
  readonly #seats: SeatInfo[];
  readonly #seatKey: string;

  constructor(head: RawHead, log: readonly unknown[]) {
    this.#seats = [...head.seats].sort((a, b) => a.position - b.position);
    this.#seatKey = JSON.stringify(this.#seats);
    this.#fold = new Fold(this.#seats, head.meta.id);
    this.#fold.rounds.vpGoal = head.meta.vpGoal;
    this.#fold.extend(log, 0);
  }

  /** Events folded so far. */
  get length(): number {
    return this.#fold.index;
  }

  /** Whether a log of `length` events with these seats is this one grown at its end. */
  canExtend(head: RawHead, length: number): boolean {
    return length >= this.length && JSON.stringify([...head.seats].sort((a, b) => a.position - b.position)) === this.#seatKey;
  }

  /** Folds the events after the first `length` ones (`tail`: the log from position `length` on). */
  extend(tail: readonly unknown[]): void {
    this.#fold.extend(tail, this.length);
  }

  snapshot(head: RawHead): GameSnapshot {
    return this.#fold.result(head, this.#seats);
  }
}
