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
 * - `setAside`: the table goes on without an entry of a kind from a newer version (issue 36 item 7), which
 *   stops the fold of every phone that cannot read it (versions.ts). Offline, an older phone cannot update,
 *   and a hostile phone can write such an entry on purpose: without this the table would be read only until
 *   every phone is updated to a version that may not exist. It names the entry as an undo does (its writer's
 *   n-th entry), and every phone skips that entry, the newer ones (which can read it) too, so all fold the
 *   same game. It counts only for an entry whose code declares a version above `v`, the version of the phone
 *   that set it aside: no entry of a kind that phone knows can ever be set aside.
 */
import { id, nat } from './codec';
import type { EventCodecs } from './codec';
import { defineModule } from './module';
import { fromBase64url, KEY_BYTES, SIGNATURE_BYTES, signatureOf, toBase64url } from '../../crypto/signedBytes';
import type { EventBody, GameSnapshot, LogEntry } from './types';
import { playerName as nameOf } from './words';
import { codeVersion } from './versions';

declare module './types' {
  interface EventMap {
    /** `key`: the claiming phone's public key (base64url), which signs this claim and its later signed events. */
    /** `nonce`: a random number inside what is signed, so no two honest claims are ever the same bytes (issue 36 item 3). */
    claim: { k: 'claim'; seat: string; key?: string; nonce?: number };
    release: { k: 'release'; seat: string; nonce?: number };
    /** Takes back the writer's own entries number `first` to `first + count - 1` (0-based, in log order). */
    undo: { k: 'undo'; first: number; count: number };
    /**
     * The table goes on without `writer`'s entry number `n` (0-based, in log order), of a kind from a version
     * above `v`. (Not `dev`: every event's head has that field, its own writer.)
     */
    setAside: { k: 'setAside'; writer: string; n: number; v: number };
    /**
     * The Yjs client (`client`, one opening of the app) that writes it belongs to the phone of `key`, which
     * signs it, and vouches for its writes with `session` (`vouch`): written only once a game's log is past
     * what any phone may write (bounds.ts, writers.ts), so that a seat's phone may go on writing within its
     * own allowance while unsigned writers may not.
     */
    writer: { k: 'writer'; client: number; key: string; session: string };
    /**
     * What `client` wrote up to this entry, `upTo` characters of log, was its phone's: signed (`sig`) by the
     * session key its `writer` entry names, after the entries of each write past the game's bound. Anyone may
     * write under a Yjs client's id; only its phone can vouch, so what others wrote there counts as theirs.
     */
    vouch: { k: 'vouch'; client: number; upTo: number; sig?: Uint8Array };
  }
}

/** The most entries one undo takes back: one command's events. */
export const MAX_UNDONE = 50;
export const UNDO_CODE = 'z';
/**
 * No events version of its own (versions.ts): a phone without this kind stops at the entry it sets aside, which
 * always comes before it, so it never folds up to one; one that names no such entry is a no-op for every phone.
 */
export const SET_ASIDE_CODE = 'Sa';
/** Added in events version 3 (versions.ts). */
export const WRITER_CODE = 'Wr3';
export const VOUCH_CODE = 'Wv3';
export const CLAIM_CODE = 'y';

const tableEvents: EventCodecs<'claim' | 'release' | 'undo' | 'setAside' | 'writer' | 'vouch'> = {
  claim: {
    code: CLAIM_CODE,
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
  setAside: {
    code: SET_ASIDE_CODE,
    encode: (e) => [e.writer, e.n, e.v],
    decode: ([dev, n, v]) => {
      const [d, i, version] = [id(dev), nat(n), nat(v)];
      // Version 2 is the first that stops at a newer kind: nothing below it has anything to set aside.
      return d && i !== undefined && version !== undefined && version >= 2 ? { k: 'setAside', writer: d, n: i, v: version } : undefined;
    },
  },
  writer: {
    code: WRITER_CODE,
    encode: (e) => [e.client, fromBase64url(e.key), fromBase64url(e.session)],
    decode: ([client, key, session]) => {
      const c = nat(client);
      const keys = [key, session].every((k) => k instanceof Uint8Array && k.length === KEY_BYTES);
      return c !== undefined && keys ? { k: 'writer', client: c, key: toBase64url(key as Uint8Array), session: toBase64url(session as Uint8Array) } : undefined;
    },
    signed: () => true,
  },
  vouch: {
    code: VOUCH_CODE,
    // Not `signed`: its signature is by a session key the fold never learns, so it is a field the guard reads.
    encode: (e) => (e.sig ? [e.client, e.upTo, e.sig] : [e.client, e.upTo]),
    decode: ([client, upTo, sig]) => {
      const [c, n] = [nat(client), nat(upTo)];
      return c !== undefined && n !== undefined && sig instanceof Uint8Array && sig.length === SIGNATURE_BYTES ? { k: 'vouch', client: c, upTo: n, sig } : undefined;
    },
  },
};

/** A `writer` entry's fields, read from its raw tuple (signature last), or undefined when it is not one. */
export function writerBinding(raw: readonly unknown[]): { client: number; key: string; session: string } | undefined {
  if (raw[0] !== WRITER_CODE) return undefined;
  const e = tableEvents.writer.decode(raw.slice(3, -1));
  return e && { client: e.client, key: e.key, session: e.session };
}

/** A `vouch` entry's fields, read from its raw tuple, or undefined when it is not one. */
export function vouchOf(raw: readonly unknown[]): { client: number; upTo: number } | undefined {
  if (raw[0] !== VOUCH_CODE) return undefined;
  const e = tableEvents.vouch.decode(raw.slice(3));
  return e && { client: e.client, upTo: e.upTo };
}

/** The key a claim entry publishes, read from its raw tuple (signature last), or undefined. */
export function claimKey(raw: readonly unknown[]): string | undefined {
  return raw[0] === CLAIM_CODE ? tableEvents.claim.decode(raw.slice(3, -1))?.key : undefined;
}

export const writerOf = (raw: unknown): string | undefined => (Array.isArray(raw) && typeof raw[2] === 'string' ? raw[2] : undefined);

/**
 * Which entries of `log` each undo takes back: undo position → the positions it cancels. Reads the raw
 * tuples (code, time, writer, fields), so it costs one pass and no decoding. An undo never takes back
 * another undo, a `setAside` (what the table went on without stays set aside), an entry that is not its
 * writer's, nor one already taken back.
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
      const targets = undo ? mine.slice(undo.first, undo.first + undo.count).filter((i) => !taken.has(i) && (log[i] as unknown[])[0] !== UNDO_CODE && !isSetAside(log[i]) && !signatureOf(log[i] as unknown[])) : [];
      for (const i of targets) taken.add(i);
      out.set(index, targets);
    }
    mine.push(index);
  });
  return out;
}

/** An entry the table set aside: the position of the `setAside` that did, and the version the entry declares. */
export interface SetAside {
  by: number;
  version: number;
}

/**
 * Which entries of `log` the table set aside (`setAside`): entry position → the first `setAside` naming it. One pass over the raw tuples, like `undoTargets`; an entry counts only when its code
 * declares a version above the one the setting-aside phone ran (so no entry of a kind it knows), and only
 * when it comes before the `setAside` (a phone sets aside what it has met).
 */
export function setAsideTargets(log: readonly unknown[]): Map<number, SetAside> {
  const out = new Map<number, SetAside>();
  if (!log.some(isSetAside)) return out;
  const written = new Map<string, number[]>();
  log.forEach((raw, index) => {
    const dev = writerOf(raw);
    if (dev === undefined) return;
    const e = isSetAside(raw) ? tableEvents.setAside.decode((raw as unknown[]).slice(3)) : undefined;
    const target = e && written.get(e.writer)?.[e.n];
    const code = target === undefined ? undefined : (log[target] as unknown[])[0];
    const version = typeof code === 'string' ? codeVersion(code) : 0;
    if (e && target !== undefined && !out.has(target) && version > e.v) out.set(target, { by: index, version });
    const mine = written.get(dev) ?? [];
    written.set(dev, mine);
    mine.push(index);
  });
  return out;
}

const isSetAside = (raw: unknown): boolean => Array.isArray(raw) && raw[0] === SET_ASIDE_CODE;

/** True when an entry of a log tail sets another aside: what it skips may come before it (a new fold). */
export const hasSetAside = (tail: readonly unknown[]): boolean => tail.some(isSetAside);

/** `dev`'s number for the entry at `index` (how many entries it wrote before it): what an undo or a `setAside` names. */
export function entryNumber(log: readonly unknown[], index: number, dev: string): number {
  let n = 0;
  for (let i = 0; i < index; i++) if (writerOf(log[i]) === dev) n++;
  return n;
}

/**
 * For each entry, the keys it may be signed with: a claim's or a `writer` entry's own key, or any key its writer's claims
 * published (which one counts is the fold's decision, fold.ts).
 */
export function claimedKeys(log: readonly unknown[][]): (raw: readonly unknown[]) => readonly string[] {
  const byDevice = new Map<string, Set<string>>();
  for (const raw of log) {
    const dev = writerOf(raw);
    const key = claimKey(raw);
    if (dev && key) byDevice.set(dev, (byDevice.get(dev) ?? new Set()).add(key));
  }
  // A `writer` entry is signed with the key it names.
  return (raw) => [...(byDevice.get(writerOf(raw) ?? '') ?? []), ...(writerBinding(raw)?.key ?? [])];
}

/** True when an entry of a log tail is an undo: what it takes back changes the state before it. */
export const hasUndo = (tail: readonly unknown[]): boolean => tail.some((raw) => Array.isArray(raw) && raw[0] === UNDO_CODE);


function describeTableEntry(entry: Pick<LogEntry, 'event'> & Partial<Pick<LogEntry, 'index' | 'undone' | 'takeover' | 'setAside'>>, s: GameSnapshot, describe?: (e: EventBody) => string): string | undefined {
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
    case 'writer':
      return 'A phone signed for one opening of the app';
    case 'vouch':
      return 'A phone vouched for what it wrote';
    case 'setAside':
      return entry.setAside ? `The table went on without a change from a newer Twilight Table (events version ${entry.setAside})` : 'A set-aside that named no change from a newer Twilight Table';
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
    // Any phone the entry stops may go on without it: the entry is named to the table, and its writer's phone
    // is told (README "Trust", "Two versions at one table").
    setAside: 'anyone',
    // It says only which phone a writer is; the guard, not the fold, reads it (writers.ts).
    writer: 'anyone',
    vouch: 'anyone',
  },
});

export { describeTableEntry };
