/**
 * A fold that can take more events: when the log has only grown at its end (the common case, a tap
 * on this phone or a peer's event arriving in order), `extend` folds just the new events instead of
 * the whole game. Anything else (an undo, which changes what came before it; a concurrent event merged
 * before the end; a seat changed) needs a new fold; the caller knows which, from the Yjs change and
 * from `extend`'s answer.
 */
import type { Codec } from './codec';
import { Fold } from './fold';
import { hasUndo, undoTargets } from './table';
import type { FeatureModule } from './module';
import type { GameSnapshot, RawHead, SeatInfo } from './types';

/** The parts of the game a fold runs, and the codec that reads their events. */
export interface Rules {
  readonly modules: readonly FeatureModule[];
  readonly codec: Codec;
}

/** The parts of the game a setup at the table needs, to find the seats it ends with. */
const SETUP_PARTS: ReadonlySet<string> = new Set(['table', 'dice', 'setup']);

/**
 * The seats as a setup at the table left them (races, places), or as created while it is under way. Every
 * part of the game folds from its seats' races (leaders, trade, votes), so the game's fold starts from the
 * setup's result: a first fold of the setup's own events, up to the event that ended it, finds it.
 */
function settledSeats(head: RawHead, log: readonly unknown[], rules: Rules, setup: ConstructorParameters<typeof Fold>[3]): SeatInfo[] {
  const fold = new Fold(setup.tableSeats ?? [], rules.modules.filter((m) => SETUP_PARTS.has(m.name)), rules.codec, setup, head.claims, undoTargets(log));
  for (let i = 0; i < log.length && !fold.settled?.(); i++) fold.extend([log[i]], i);
  return fold.settled?.() ?? setup.tableSeats ?? [];
}

export class IncrementalFold {
  readonly #fold: Fold;
  readonly #seatKey: string;
  /** Whether this fold started from the seats as created, before a setup at the table settled them. */
  readonly #fromTable: boolean;
  /** The last head whose seats were found to be this fold's. */
  #checkedHead: RawHead | undefined;

  /** Folds `log` (its first `upTo` entries; `foldOn` folds the rest), knowing every undo in the whole of it. */
  constructor(head: RawHead, log: readonly unknown[], rules: Rules, upTo = log.length) {
    const tableSeats: SeatInfo[] = [...head.seats].sort((a, b) => a.position - b.position);
    this.#seatKey = JSON.stringify(tableSeats);
    const setup = { gameId: head.meta.id, vpGoal: head.meta.vpGoal, options: head.meta.options, tableSeats };
    const seats = head.meta.options.atTable ? settledSeats(head, log, rules, setup) : tableSeats;
    this.#fold = new Fold(seats, rules.modules, rules.codec, setup, head.claims, undoTargets(log));
    this.#fold.extend(upTo < log.length ? log.slice(0, upTo) : log, 0);
    this.#fromTable = !!head.meta.options.atTable && seats === tableSeats;
  }

  /** How many entries of the log folded so far `writer` wrote: the number its next entry will have. */
  entriesBy(writer: string): number {
    return this.#fold.entriesBy(writer);
  }

  /** The key `device` signs with, once the table has seen it. */
  keyOf(device: string): string | undefined {
    return this.#fold.keyOf(device);
  }

  /** Events folded so far. */
  get length(): number {
    return this.#fold.index;
  }

  /** Whether a log of `length` events with these seats is this one grown at its end. */
  canExtend(head: RawHead, length: number): boolean {
    // A fold that started from the seats as created (the setup at the table under way) goes on until its
    // setup settles the races and places: every part of the game must then fold again from those.
    if (this.#fromTable && this.#fold.settled?.()) return false;
    if (length < this.length) return false;
    // The head is read again only when a transaction changed it (GameCore): the same object, the same seats.
    if (head === this.#checkedHead) return true;
    const same = JSON.stringify([...head.seats].sort((a, b) => a.position - b.position)) === this.#seatKey;
    if (same) this.#checkedHead = head;
    return same;
  }

  /**
   * Folds the events after the first `length` ones (`tail`: the log from position `length` on), and
   * says why any of them was refused for its writer. Undefined when the caller needs a new fold of the
   * whole log: the tail holds an undo (nothing is folded), or it ended a setup at the table.
   */
  extend(tail: readonly unknown[]): string[] | undefined {
    if (hasUndo(tail)) return undefined;
    const refusals = this.#fold.extend(tail, this.length);
    // The tail ended a setup at the table: the whole game folds again, from the seats it settled.
    if (!refusals.length && this.#fromTable && this.#fold.settled?.()) return undefined;
    return refusals;
  }

  /**
   * Folds the entries of `log` (the one this fold was made from) up to `upTo`: a long log folded a slice at
   * a time, so that no slice holds the phone for long (a start painted from a kept view, GameCore).
   */
  foldOn(log: readonly unknown[], upTo: number): void {
    if (upTo > this.length) this.#fold.extend(log.slice(this.length, upTo), this.length);
  }

  snapshot(head: RawHead): GameSnapshot {
    return this.#fold.result(head);
  }
}
