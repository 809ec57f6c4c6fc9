/**
 * A fold that can take more events: when the log has only grown at its end (the common case, a tap
 * on this phone or a peer's event arriving in order), `extend` folds just the new events instead of
 * the whole game. Anything else (an undo, which changes what came before it; a concurrent event merged
 * before the end; a seat changed) needs a new fold; the caller knows which, from the Yjs change and
 * from `extend`'s answer.
 */
import type { Codec } from './codec';
import { Fold } from './fold';
import { hasSetAside, hasUndo, setAsideTargets, undoTargets } from './table';
import type { FoldMemo } from './memo';
import type { FeatureModule } from './module';
import type { GameSnapshot, RawHead, SeatInfo } from './types';
import { EVENTS_VERSION, firstNewerKind } from './versions';

/** The parts of the game a fold runs, and the codec that reads their events. */
export interface Rules {
  readonly modules: readonly FeatureModule[];
  readonly codec: Codec;
  /** What this runtime remembers of costly checks between folds (memo.ts); none: every fold checks afresh. */
  readonly memo?: FoldMemo;
}

/** The parts of the game a setup at the table needs, to find the seats it ends with. */
const SETUP_PARTS: ReadonlySet<string> = new Set(['table', 'dice', 'setup']);

/** Where a setup at the table ended, and the undos of the log as they count (see `settledSetup`). */
interface SettledSetup {
  seats: SeatInfo[];
  /** The position of the event that ended the setup; undefined while it is under way (or with no setup at the table). */
  at: number | undefined;
  /** Undo position → what it takes back; an undo refused below takes back nothing. */
  undos: Map<number, number[]>;
  /** Undos written after the setup ended that would take back one of its steps: refused (issue 34 item 7). */
  refused: Set<number>;
}

/**
 * The seats as a setup at the table left them (races, places), or as created while it is under way. Every
 * part of the game folds from its seats' races (leaders, trade, votes), so the game's fold starts from the
 * setup's result: a first fold of the setup's own events, up to the event that ended it, finds it.
 *
 * An undo written after that event may not take back anything up to it: one tap would send every phone back
 * into the setup (issue 34 item 7). Undos are judged in the order of the log, each against the setup as the
 * undos accepted before it leave it: one written before the setup ended is accepted (and the setup folded
 * again without what it took back), one written after it that reaches back into it is refused.
 */
function settledSetup(head: RawHead, log: readonly unknown[], rules: Rules, setup: ConstructorParameters<typeof Fold>[3]): SettledSetup {
  const tableSeats = setup.tableSeats ?? [];
  const all = undoTargets(log);
  const refused = new Set<number>();
  if (!head.meta.options.atTable) return { seats: tableSeats, at: undefined, undos: all, refused };
  const accepted = new Map<number, number[]>();
  const settle = () => {
    const fold = new Fold(tableSeats, rules.modules.filter((m) => SETUP_PARTS.has(m.name)), rules.codec, setup, head.claims, accepted);
    let i = 0;
    while (i < log.length && !fold.settled?.()) fold.extend([log[i]], i++);
    const seats = fold.settled?.();
    return { seats: seats ?? tableSeats, at: seats ? i - 1 : undefined };
  };
  let now = settle();
  // In the order of the log (undoTargets fills its map entry by entry).
  for (const [undo, targets] of all) {
    const ended = now.at;
    if (ended !== undefined && ended < undo) {
      // What it takes back after the setup's end leaves the setup as it was.
      const late = targets.some((t) => t <= ended);
      if (late) refused.add(undo);
      accepted.set(undo, late ? [] : targets);
      continue;
    }
    accepted.set(undo, targets);
    if (targets.length) now = settle();
  }
  return { ...now, undos: accepted, refused };
}

export class IncrementalFold {
  readonly #fold: Fold;
  readonly #seatKey: string;
  /** Whether this fold started from the seats as created, before a setup at the table settled them. */
  readonly #fromTable: boolean;
  /** The last head whose seats were found to be this fold's. */
  #checkedHead: RawHead | undefined;
  /** Where the setup at the table ended (the position of its last event), once it has; no undo reaches back to it. */
  readonly settledAt: number | undefined;
  /** Entries of the log read so far: those folded, and those after an entry of a newer kind (never folded). */
  #read = 0;

  /**
   * Folds `log` (its first `upTo` entries; `foldOn` folds the rest), knowing every undo in the whole of it,
   * up to its first entry of a kind from a newer version: an undo or a setup's end after that entry is part
   * of a game this build cannot fold (versions.ts), so the setup and the undos are read from before it.
   */
  constructor(head: RawHead, whole: readonly unknown[], rules: Rules, upTo = whole.length) {
    const setAside = setAsideTargets(whole);
    const newer = firstNewerKind(whole, rules.codec.knows, 0, EVENTS_VERSION, setAside);
    const log = newer ? whole.slice(0, newer.index) : whole;
    const tableSeats: SeatInfo[] = [...head.seats].sort((a, b) => a.position - b.position);
    this.#seatKey = JSON.stringify(tableSeats);
    const setup = { gameId: head.meta.id, vpGoal: head.meta.vpGoal, options: head.meta.options, tableSeats, memo: rules.memo };
    const settled = settledSetup(head, log, rules, setup);
    const seats = settled.seats;
    this.settledAt = settled.at;
    this.#fold = new Fold(seats, rules.modules, rules.codec, setup, head.claims, settled.undos, settled.refused, setAside);
    this.#fold.extend(upTo < log.length ? log.slice(0, upTo) : log, 0);
    // The entry of a newer kind is found again by the fold when it reaches it (here or in `foldOn`).
    if (upTo >= log.length && newer) this.#fold.extend([whole[newer.index]], newer.index);
    this.#read = upTo;
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

  /** Entries of the log read so far: every one folded, up to an entry of a newer kind, then every one after it, unfolded. */
  get length(): number {
    return this.#fold.newer ? Math.max(this.#read, this.#fold.index) : this.#fold.index;
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
    const base = this.length;
    this.#read = base + tail.length;
    // An entry set aside may be anywhere before it (the one this fold stopped at, or one it folded as
    // garbage before this phone knew of it): the whole game folds again.
    if (hasSetAside(tail)) return undefined;
    // Stopped at a newer kind: nothing after it counts, an undo neither.
    if (this.#fold.newer) return [];
    if (hasUndo(tail)) return undefined;
    const refusals = this.#fold.extend(tail, base);
    // The tail ended a setup at the table: the whole game folds again, from the seats it settled.
    if (!refusals.length && this.#fromTable && this.#fold.settled?.()) return undefined;
    return refusals;
  }

  /**
   * Folds the entries of `log` (the one this fold was made from) up to `upTo`: a long log folded a slice at
   * a time, so that no slice holds the phone for long (a start painted from a kept view, GameCore).
   */
  foldOn(log: readonly unknown[], upTo: number): void {
    if (upTo <= this.length) return;
    const base = this.length;
    this.#read = upTo;
    this.#fold.extend(log.slice(base, upTo), base);
  }

  snapshot(head: RawHead): GameSnapshot {
    return this.#fold.result(head);
  }
}
