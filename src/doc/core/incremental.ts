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

export class IncrementalFold {
  readonly #fold: Fold;
  readonly #seatKey: string;

  constructor(head: RawHead, log: readonly unknown[], rules: Rules) {
    const seats: SeatInfo[] = [...head.seats].sort((a, b) => a.position - b.position);
    this.#seatKey = JSON.stringify(seats);
    this.#fold = new Fold(seats, rules.modules, rules.codec, { gameId: head.meta.id, vpGoal: head.meta.vpGoal, options: head.meta.options }, head.claims, undoTargets(log));
    this.#fold.extend(log, 0);
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
    return length >= this.length && JSON.stringify([...head.seats].sort((a, b) => a.position - b.position)) === this.#seatKey;
  }

  /**
   * Folds the events after the first `length` ones (`tail`: the log from position `length` on), and
   * says why any of them was refused for its writer. Undefined, having folded nothing, when the tail
   * holds an undo: the caller needs a new fold of the whole log.
   */
  extend(tail: readonly unknown[]): string[] | undefined {
    if (hasUndo(tail)) return undefined;
    return this.#fold.extend(tail, this.length);
  }

  snapshot(head: RawHead): GameSnapshot {
    return this.#fold.result(head);
  }
}
