/**
 * The events core owns: who sits where, and undo. Both live in the log like every other change, because
 * the log is append-only (every phone refuses an update that deletes from it, issue 17):
 *
 * - `claim` / `release`: a phone takes or leaves a seat. The claim history in the log is what the fold
 *   checks authority against, event by event, so a phone that held a seat at some point of the game
 *   cannot later be said to have written for it. Taking a seat another phone holds (a dead phone) is
 *   allowed, and the log says so to the whole table.
 * - `undo`: takes back a change by the phone that writes it. It names its targets as that phone's own
 *   n-th entries of the log (counting every entry the phone wrote), which no other phone's concurrent
 *   event can shift; the fold skips them, so only the writer's own changes can ever be taken back.
 *   Never a signed entry: an undo is not signed, so a phone using another's name could otherwise take
 *   back her claim or her commitment (a seat is left with `release`, a proposal with `withdraw`).
 */
import { id, nat } from './codec';
import type { EventCodecs } from './codec';
import { defineModule } from './module';
import { fromBase64url, KEY_BYTES, signatureOf, toBase64url } from '../../crypto/signedBytes';
import type { EventBody, GameSnapshot, LogEntry } from './types';
import { playerName as nameOf } from './words';

declare module './types' {
  interface EventMap {
    /** `key`: the claiming phone's public key (base64url), which signs this claim and its later signed events. */
    /** `nonce`: a random number inside what is signed, so no two honest claims are ever the same bytes (issue 36 item 3). */
    claim: { k: 'claim'; seat: string; key?: string; nonce?: number };
    release: { k: 'release'; seat: string; nonce?: number };
    /** Takes back the writer's own entries number `first` to `first + count - 1` (0-based, in log order). */
    undo: { k: 'undo'; first: number; count: number };
  }
}

/** The most entries one undo takes back: one command's events. */
export const MAX_UNDONE = 50;
export const UNDO_CODE = 'z';

const tableEvents: EventCodecs<'claim' | 'release' | 'undo'> = {
  claim: {
    code: 'y',
    // The key as its 32 bytes: 11 bytes fewer than its text, in every replica of the game.
    encode: (e) => (e.nonce === undefined ? (e.key ? [e.seat, fromBase64url(e.key)] : [e.seat]) : [e.seat, e.key ? fromBase64url(e.key) : null, e.nonce]),
    decode: ([seat, key, nonce]) => {
      const n = nonce === undefined ? undefined : nat(nonce);
      if (!id(seat) || (nonce !== undefined && n === undefined)) return undefined;
      const withNonce = n === undefined ? {} : { nonce: n };
      if (key === undefined || key === null) return { k: 'claim', seat: seat as string, ...withNonce };
      return key instanceof Uint8Array && key.length === KEY_BYTES ? { k: 'claim', seat: seat as string, key: toBase64url(key), ...withNonce } : undefined;
    },
    signed: () => true,
  },
  release: {
    code: 'v',
    encode: (e) => (e.nonce === undefined ? [e.seat] : [e.seat, e.nonce]),
    decode: ([seat, nonce]) => {
      const n = nonce === undefined ? undefined : nat(nonce);
      if (!id(seat) || (nonce !== undefined && n === undefined)) return undefined;
      return n === undefined ? { k: 'release', seat: seat as string } : { k: 'release', seat: seat as string, nonce: n };
    },
    signed: () => true,
  },
  undo: {
    code: UNDO_CODE,
    encode: (e) => [e.first, e.count],
    decode: ([first, count]) => {
      const [f, c] = [nat(first), nat(count)];
      return f !== undefined && c !== undefined && c > 0 && c <= MAX_UNDONE ? { k: 'undo', first: f, count: c } : undefined;
    },
  },
};

export const writerOf = (raw: unknown): string | undefined => (Array.isArray(raw) && typeof raw[2] === 'string' ? raw[2] : undefined);

/**
 * Which entries of `log` each undo takes back: undo position → the positions it cancels. Reads the raw
 * tuples (code, time, writer, fields), so it costs one pass and no decoding. An undo never takes back
 * another undo, nor an entry that is not its writer's, nor one already taken back.
 */
export function undoTargets(log: readonly unknown[]): Map<number, number[]> {
  const written = new Map<string, number[]>();
  const out = new Map<number, number[]>();
  const taken = new Set<number>();
  log.forEach((raw, index) => {
    const dev = writerOf(raw);
    if (dev === undefined) return;
    const mine = written.get(dev) ?? [];
    written.set(dev, mine);
    if ((raw as unknown[])[0] === UNDO_CODE) {
      const undo = tableEvents.undo.decode((raw as unknown[]).slice(3));
      const targets = undo ? mine.slice(undo.first, undo.first + undo.count).filter((i) => !taken.has(i) && (log[i] as unknown[])[0] !== UNDO_CODE && !signatureOf(log[i] as unknown[])) : [];
      for (const i of targets) taken.add(i);
      out.set(index, targets);
    }
    mine.push(index);
  });
  return out;
}

/**
 * For each entry, the keys it may be signed with: a claim's own key, or any key its writer's claims
 * published (which one counts is the fold's decision, fold.ts).
 */
export function claimedKeys(log: readonly unknown[][]): (raw: readonly unknown[]) => readonly string[] {
  const byDevice = new Map<string, Set<string>>();
  for (const raw of log) {
    const dev = writerOf(raw);
    const claim = raw[0] === tableEvents.claim.code ? tableEvents.claim.decode(raw.slice(3, -1)) : undefined;
    if (dev && claim?.key) byDevice.set(dev, (byDevice.get(dev) ?? new Set()).add(claim.key));
  }
  return (raw) => [...(byDevice.get(writerOf(raw) ?? '') ?? [])];
}

/** True when an entry of a log tail is an undo: what it takes back changes the state before it. */
export const hasUndo = (tail: readonly unknown[]): boolean => tail.some((raw) => Array.isArray(raw) && raw[0] === UNDO_CODE);


function describeTableEntry(entry: Pick<LogEntry, 'event'> & Partial<Pick<LogEntry, 'index' | 'undone' | 'takeover'>>, s: GameSnapshot, describe?: (e: EventBody) => string): string | undefined {
  const e = entry.event;
  switch (e.k) {
    case 'claim':
      return entry.takeover ? `${nameOf(s, e.seat)}'s seat moved to a new phone` : `${nameOf(s, e.seat)} sat down at the table`;
    case 'release':
      return `${nameOf(s, e.seat)}'s phone left the seat`;
    case 'undo': {
      const what = (entry.undone ?? []).map((u) => describe?.(u)).filter(Boolean);
      return what.length ? `Undone: ${what.join('; ')}` : 'An undo that took back nothing';
    }
    default:
      return undefined;
  }
}

/** The table's own part: seats and undo. Core folds its events itself (`Fold`), so it has no fold here. */
export const table = defineModule({
  name: 'table',
  events: tableEvents,
  fold: () => ({}),
  describe: (entry, s) => describeTableEntry(entry, s),
  authority: {
    // Sitting down is open to any phone, in plain sight: a take-over is named to the whole table.
    claim: 'anyone',
    release: (e) => [e.seat],
    // The fold honours an undo only for its writer's own entries, so anyone may write one.
    undo: 'anyone',
  },
});

export { describeTableEntry };
