/**
 * How much one phone may write into a game (issue 36 item 1, "Bloat"). Whatever enters the document stays
 * there for good, on every phone, and every later join pays for it: one update of 5,000 notes of 1,000
 * characters grew a game from 1.5 KB to 5.1 MB. So every phone holds each update from another phone to
 * these bounds before Yjs applies it (guard.ts), and this phone's own commands are held to the same before
 * they write (game.ts), so a phone never writes what the others would refuse.
 *
 * The writer the guard can tell apart is a Yjs client: one opening of the app on one phone (the device tag
 * inside an event is only a name its writer gives itself). What it wrote before is in every replica that
 * holds its new changes (Yjs delivers a client's changes in order), so each bound on a writer reaches the
 * same verdict on every phone, whatever the order and the bundling in which the changes arrive. Its minutes
 * are those of its own clock, the times its events carry: never the receiving phone's, which would make the
 * phones' verdicts differ. The bounds on the whole game are the last resort against a phone that opens ever
 * new writers; they are far above any real game (README "Trust").
 *
 * Pure: the counting is here, reading the document is writers.ts.
 */

export interface WriteBounds {
  /** One log entry, in characters as JSON (a byte field counted as its base64url text). */
  readonly entryChars: number;
  /** One text field of a log entry. */
  readonly textChars: number;
  /** One writer, within one minute of its own clock: entries, and characters. */
  readonly minuteEntries: number;
  readonly minuteChars: number;
  /** One writer, in the whole game: characters of log, and phone names written. */
  readonly writerChars: number;
  readonly writerNames: number;
  /**
   * The whole game: characters of log, and phones named. Past `gameChars`, only a phone whose writer is
   * signed for (a `writer` entry) by a key that claimed a seat may write more, `keyChars` in all of its
   * writers; a writer signed for by no seated key may still sit down (claims and `writer` entries), within
   * `enrolChars` in all (writers.ts).
   */
  readonly gameChars: number;
  readonly gameNames: number;
  /**
   * Seat claims in the whole game, at any size: each claim signed with a new key gives that key a part of its
   * own past `gameChars`, and keys are free to make, so claims are what bounds the game past it.
   */
  readonly gameClaims: number;
  /** Phone names written in the whole game, new or replacing one: each replaced name stays in the document. */
  readonly gameNameWrites: number;
  readonly keyChars: number;
  readonly enrolChars: number;
  /** Past `gameChars`, the signatures (claims, `writer` entries, vouches) one update may bring for the pools to check. */
  readonly poolSignatures: number;
}

const KiB = 1024;

/**
 * What the simulated 16-round, 8-player game (bench/simulate.ts) and the 8-player setup at the table
 * (bench/suites/setup.mjs) write, against which these were chosen (README "Trust" has the figures): its
 * busiest writer, 337 entries and 18.7 K characters in the night, at most 5 entries and 270 characters in a
 * minute; the host's creation, 84 entries at once; a phone's share of the setup's locked decks, about 31 K
 * characters, its largest entry 6.3 K; the whole game 139 KB, the setup 259 KB more.
 */
export const WRITE_BOUNDS: WriteBounds = {
  entryChars: 8 * KiB,
  // A note's 500 characters, a payment's description (500) and a locked deck's cards (342 each) fit.
  textChars: 700,
  minuteEntries: 400,
  minuteChars: 128 * KiB,
  writerChars: 512 * KiB,
  writerNames: 16,
  gameChars: 2048 * KiB,
  gameNames: 64,
  // The 8 of a game's start, and 40 take-overs and claims again.
  gameClaims: 48,
  // A phone names itself once or twice in a night.
  gameNameWrites: 256,
  // A seat's phone's whole night fits, from scratch: its setup's decks and 16 rounds, about 50 K, and a vouch
  // of 131 characters after each of its at most 337 writes (writers.ts), about 44 K.
  keyChars: 96 * KiB,
  // About 50 claims: the 8 of a game's start and its take-overs are about 1.5 K.
  enrolChars: 8 * KiB,
  // A join of a full game checks its claims (48 at most) and each opening's `writer` entry and latest vouch.
  poolSignatures: 256,
};

/** Which bound a change would break, with the number it would reach (its size, for one entry or text). */
export type Breach = { bound: keyof WriteBounds; size?: number };

function fieldChars(f: unknown): number {
  if (typeof f === 'string') return f.length + 2;
  if (f instanceof Uint8Array) return Math.ceil((f.length * 4) / 3) + 2;
  return String(f).length;
}

/** A log entry's size, in characters as JSON (a byte field as its base64url text). */
export function entryChars(entry: readonly unknown[]): number {
  let n = entry.length + 1;
  for (const f of entry) n += fieldChars(f);
  return n;
}

/** What one entry breaks on its own: its size, or a text field's. */
export function entryBreach(entry: readonly unknown[], bounds: WriteBounds): Breach | undefined {
  const size = entryChars(entry);
  if (size > bounds.entryChars) return { bound: 'entryChars', size };
  for (const f of entry) if (typeof f === 'string' && f.length > bounds.textChars) return { bound: 'textChars', size: f.length };
  return undefined;
}

/**
 * What one writer has written, counted in the order it wrote it (its Yjs clock order). A minute is one of
 * the latest time its entries named so far: an entry dated back counts in that minute (a clock set back
 * gains nothing), and one dated ahead starts a new minute, so a clock that runs ahead gains minutes, but
 * never more than the writer's bound for the whole game.
 */
export class WriterTally {
  entries = 0;
  chars = 0;
  names = 0;
  #latest = -1;
  #minute = -1;
  #minuteEntries = 0;
  #minuteChars = 0;

  copy(): WriterTally {
    const c = new WriterTally();
    [c.entries, c.chars, c.names] = [this.entries, this.chars, this.names];
    [c.#latest, c.#minute, c.#minuteEntries, c.#minuteChars] = [this.#latest, this.#minute, this.#minuteEntries, this.#minuteChars];
    return c;
  }

  /** Counts one log entry; with `bounds`, says which bound it breaks (it is counted all the same). */
  entry(entry: readonly unknown[], bounds?: WriteBounds): Breach | undefined {
    const t = entry[1];
    if (typeof t === 'number' && Number.isFinite(t) && t > this.#latest) this.#latest = t;
    const minute = Math.floor(Math.max(0, this.#latest) / 60);
    if (minute !== this.#minute) [this.#minute, this.#minuteEntries, this.#minuteChars] = [minute, 0, 0];
    const size = entryChars(entry);
    this.entries++;
    this.chars += size;
    this.#minuteEntries++;
    this.#minuteChars += size;
    if (!bounds) return undefined;
    const own = entryBreach(entry, bounds);
    if (own) return own;
    if (this.#minuteEntries > bounds.minuteEntries) return { bound: 'minuteEntries' };
    if (this.#minuteChars > bounds.minuteChars) return { bound: 'minuteChars' };
    if (this.chars > bounds.writerChars) return { bound: 'writerChars' };
    return undefined;
  }

  /** Counts phone names written (a value of `devices`, or what is left of one replaced). */
  name(count: number, bounds?: WriteBounds): Breach | undefined {
    this.names += count;
    return bounds && this.names > bounds.writerNames ? { bound: 'writerNames' } : undefined;
  }
}

const size = (chars: number) => (chars % KiB === 0 && chars >= KiB ? (chars % (KiB * KiB) === 0 ? `${chars / KiB / KiB} MiB` : `${chars / KiB} KiB`) : `${chars.toLocaleString('en')} characters`);

/** Why an update is refused, after "it ": what the table reads under the connection button. */
export function breachReason(b: Breach, bounds: WriteBounds = WRITE_BOUNDS): string {
  switch (b.bound) {
    case 'entryChars':
      return `writes a log entry of ${(b.size ?? 0).toLocaleString('en')} characters, more than the ${size(bounds.entryChars)} one may hold`;
    case 'textChars':
      return `writes a text of ${(b.size ?? 0).toLocaleString('en')} characters into the log, more than the ${bounds.textChars} one may hold`;
    case 'minuteEntries':
      return `holds more than ${bounds.minuteEntries} log entries from one phone within a minute of its clock, the most one phone may write`;
    case 'minuteChars':
      return `holds more than ${size(bounds.minuteChars)} of log from one phone within a minute of its clock, the most one phone may write`;
    case 'writerChars':
      return `holds more than ${size(bounds.writerChars)} of log from one phone, the most one phone may write in a game`;
    case 'writerNames':
      return `names one phone more than ${bounds.writerNames} times, the most one phone may`;
    case 'gameChars':
      return `would grow the game's log past ${size(bounds.gameChars)}, the most a game may hold`;
    case 'keyChars':
      return `holds more than ${size(bounds.keyChars)} of log from one seat's phone past the ${size(bounds.gameChars)} a game may hold, the most it may write there`;
    case 'enrolChars':
      return `holds more than ${size(bounds.enrolChars)} of seat claims and signed openings from phones without a seat, the most a game may hold`;
    case 'gameNames':
      return `would name more than ${bounds.gameNames} phones in the game, the most a game may hold`;
    case 'gameClaims':
      return `would hold more than ${bounds.gameClaims} seat claims in the game, the most a game may hold`;
    case 'gameNameWrites':
      return `would name phones more than ${bounds.gameNameWrites} times in the game, the most a game may hold`;
    case 'poolSignatures':
      return `holds more than ${bounds.poolSignatures} signatures to check at once past the ${size(bounds.gameChars)} a game may hold, the most a phone checks`;
  }
}

/** The same, for the player whose own command would break it: why nothing was written. */
export function breachMessage(b: Breach, bounds: WriteBounds = WRITE_BOUNDS): string {
  switch (b.bound) {
    case 'entryChars':
    case 'textChars':
    case 'poolSignatures':
      return `This change was not made: it ${breachReason(b, bounds)}.`;
    case 'minuteEntries':
      return `This change was not made: this phone has written ${bounds.minuteEntries} changes within a minute, the most one phone may. Try again in a minute.`;
    case 'minuteChars':
      return `This change was not made: this phone has written ${size(bounds.minuteChars)} within a minute, the most one phone may. Try again in a minute.`;
    case 'writerChars':
      return `This change was not made: this phone has written ${size(bounds.writerChars)} since the game was opened, the most one phone may. Open the game again to go on.`;
    case 'writerNames':
      return `This phone's name was not changed: it was changed ${bounds.writerNames} times since the game was opened, the most one phone may.`;
    case 'gameChars':
      return `This change was not made: the game's log holds ${size(bounds.gameChars)}, the most a game may hold, and only a seat's phone may write past it.`;
    case 'keyChars':
      return `This change was not made: the game's log holds more than ${size(bounds.gameChars)}, and this phone has written ${size(bounds.keyChars)} past it, the most a seat's phone may.`;
    case 'enrolChars':
      return `This change was not made: the game's log holds more than ${size(bounds.gameChars)}, and the table has had ${size(bounds.enrolChars)} of seat claims past it, the most it may.`;
    case 'gameNames':
      return `This phone's name was not set: the game names ${bounds.gameNames} phones, the most a game may hold.`;
    case 'gameClaims':
      return `This seat was not taken: the game holds ${bounds.gameClaims} seat claims, the most a game may hold.`;
    case 'gameNameWrites':
      return `This phone's name was not set: phones were named ${bounds.gameNameWrites} times in this game, the most a game may hold.`;
  }
}
