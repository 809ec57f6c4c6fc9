/**
 * What each writer (Yjs client) has written into a document, for the write bounds (bounds.ts): counted from
 * the document's own items, in each writer's clock order, and kept per document so that the check of a
 * peer's change or of a tap counts only what is new since the last one (the whole 16-round game is counted
 * once, at the first check). Counting never refuses: what a document holds was accepted when it came.
 *
 * Past the game's `gameChars` the writers are told apart by phone (issue 36 item 1: a tampered phone opening
 * writer after writer could otherwise fill the game and lock every phone out). A writer is a phone's once it
 * writes a `writer` entry naming its own client, signed by that phone's key and naming a session key (table.ts);
 * a key is a seat's once a claim signed with it is in the log. Anyone may write under any Yjs client's id, so
 * what a writer wrote after that counts as its phone's only up to its latest `vouch`, which the session key
 * signs with its place among the writer's characters (`upTo`): an impostor writing under a seat's writer
 * (Yjs then moves the honest page to a new id) spends the free pool, not the seat's. Then what the game holds
 * falls into pools, each with its own bound:
 * - *free*: what writers of no seated key wrote (every writer, below `gameChars`), and what no vouch covers,
 *   at most `gameChars`;
 * - *a key's*: what its writers wrote after signing for themselves, up to their latest vouch, at most
 *   `keyChars` for each key;
 * - *enrolment*: the signed claims of writers of no seated key (how a new phone sits down), at most
 *   `enrolChars`.
 * An update is refused when it grows a pool past its bound: a phone that fills the free pool stops itself and
 * no seat's phone; keys are free to make, so only a claim, which the whole table sees, gives one a pool.
 * Signatures are checked only then (`poolsBreach`): no game that stays below `gameChars` pays for it.
 */
import * as Y from 'yjs';
import { entryChars, WriterTally } from './bounds';
import type { Breach, WriteBounds } from './bounds';
import { signatureOf, signedBytes, verify } from '../../crypto/signature';
import { CLAIM_CODE, claimKey, vouchOf, writerBinding } from './table';

/** A signed entry that names a key (a claim, a `writer` entry, a vouch), and how much its writer had written before it. */
interface Signed {
  key: string;
  raw: readonly unknown[];
  /** The writer's characters of log before it; its own. */
  at: number;
  size: number;
}

/** Claims kept per writer for the pools: an honest opening claims a seat or two. */
const MAX_CLAIMS = 8;
/**
 * The largest claim that seats a key (an honest one is about 190 characters): a claim's decoder ignores
 * fields after its own, and one claim padded to 8 KiB would otherwise fill the enrolment pool alone.
 */
const MAX_CLAIM_CHARS = 400;
/**
 * Vouches kept per writer, the latest: a forged one can only follow the honest ones (a writer's entries are
 * in clock order), so the latest that verifies is a few back at most.
 */
const MAX_VOUCHES = 4;

/** One writer's count: the bounds on it alone (`tally`), and what the pools need. */
export class WriterCount {
  readonly tally: WriterTally;
  /** Its claims that name a key (the first MAX_CLAIMS), and the first `writer` entry naming this writer. */
  claims: Signed[] = [];
  binding: (Signed & { session: string }) | undefined;
  /** Its latest vouches for itself, in its own order, each at the place it names; keyed by the session key. */
  vouches: Signed[] = [];
  /** Its seat claims, every one. */
  claimCount = 0;

  constructor(readonly client: number, tally = new WriterTally()) {
    this.tally = tally;
  }

  copy(): WriterCount {
    const c = new WriterCount(this.client, this.tally.copy());
    [c.claims, c.binding, c.vouches, c.claimCount] = [[...this.claims], this.binding, [...this.vouches], this.claimCount];
    return c;
  }

  /** Counts one log entry; with `bounds`, the bound on one writer it breaks. */
  entry(v: readonly unknown[], bounds?: WriteBounds): Breach | undefined {
    // Most entries are none of these: only a claim, a `writer` entry or a vouch is looked at more closely.
    const key = claimKey(v);
    const at = this.tally.chars;
    if (v[0] === CLAIM_CODE) this.claimCount++;
    if (key !== undefined) {
      const size = entryChars(v);
      if (this.claims.length < MAX_CLAIMS && size <= MAX_CLAIM_CHARS) this.claims.push({ key, raw: v, at, size });
    } else if (!this.binding) {
      const binding = writerBinding(v);
      if (binding?.client === this.client) this.binding = { key: binding.key, session: binding.session, raw: v, at, size: entryChars(v) };
    } else {
      const vouch = vouchOf(v);
      // One that names another place is a copy: it vouches for nothing here.
      if (vouch?.client === this.client && vouch.upTo === at) this.vouches = [...this.vouches.slice(1 - MAX_VOUCHES), { key: this.binding.session, raw: v, at, size: entryChars(v) }];
    }
    return this.tally.entry(v, bounds);
  }
}

interface Counted {
  /** The writer's clock up to which its items are counted. */
  clock: number;
  count: WriterCount;
}

/**
 * Per document, dropped with it. A cache of what the document holds, not state of the game: losing it
 * only costs a count from the start.
 */
const counts = new WeakMap<Y.Doc, Map<number, Counted>>();

function counted(doc: Y.Doc, client: number): Counted {
  let byClient = counts.get(doc);
  if (!byClient) counts.set(doc, (byClient = new Map()));
  let c = byClient.get(client);
  if (!c) byClient.set(client, (c = { clock: 0, count: new WriterCount(client) }));
  const structs = doc.store.clients.get(client);
  const have = Y.getState(doc.store, client);
  if (!structs || c.clock >= have) return c;
  const [log, devices] = [doc.share.get('log'), doc.share.get('devices')];
  for (let i = Y.findIndexSS(structs, c.clock); i < structs.length; i++) {
    const s = structs[i] as Y.Item | Y.GC;
    const skip = c.clock - s.id.clock;
    if (s instanceof Y.Item && s.parent === log && s.content instanceof Y.ContentAny) {
      for (const v of s.content.arr.slice(skip)) if (Array.isArray(v)) c.count.entry(v);
    } else if (s instanceof Y.Item && s.parent === devices) c.count.tally.name(s.length - skip);
    c.clock = s.id.clock + s.length;
  }
  return c;
}

/** What `client` has written into `doc` so far, as a copy to count more onto. */
export function writerCount(doc: Y.Doc, client: number): WriterCount {
  return counted(doc, client).count.copy();
}

/** The same, its bounds on one writer only. */
export function writerTally(doc: Y.Doc, client: number): WriterTally {
  return counted(doc, client).count.tally.copy();
}

/** What every writer of `doc` has written: characters of log, seat claims, phone names. */
export function gameTotals(doc: Y.Doc): { chars: number; claims: number; names: number } {
  const t = { chars: 0, claims: 0, names: 0 };
  for (const client of doc.store.clients.keys()) {
    const { tally, claimCount } = counted(doc, client).count;
    t.chars += tally.chars;
    t.claims += claimCount;
    t.names += tally.names;
  }
  return t;
}

/** The characters of log every writer of `doc` has written. */
export function gameChars(doc: Y.Doc): number {
  return gameTotals(doc).chars;
}

/**
 * The verdicts of `pools` on the entries it met, by the entry (the document's own array, which its counts
 * hold): each check of an update or a tap past the bound would otherwise encode every claim and `writer`
 * entry of the game again, twice, to look its verdict up.
 */
const checked = new WeakMap<readonly unknown[], { gameId: string; key: string; ok: boolean }>();

const OVER_BUDGET = Symbol('over budget');

interface Pools {
  free: number;
  enrol: number;
  byKey: Map<string, number>;
}

/**
 * The pools of a game whose writers' counts are `writers`: which keys are seated (a verified claim by a writer
 * of no key, or of that key), then where each writer's characters go.
 */
function pools(gameId: string, writers: Iterable<WriterCount>, budget?: { left: number }): Pools {
  const signed = (s: Signed) => {
    const known = checked.get(s.raw);
    if (known?.key === s.key && known.gameId === gameId) return known.ok;
    // Each is a signature check of a few milliseconds: an update brings only so many.
    if (budget && budget.left-- <= 0) throw OVER_BUDGET;
    const signature = signatureOf(s.raw);
    const ok = !!signature && verify(signature, signedBytes(gameId, s.raw.slice(0, -1)), s.key);
    checked.set(s.raw, { gameId, key: s.key, ok });
    return ok;
  };
  const all = [...writers];
  const bindingOf = new Map(all.map((w) => [w, w.binding && signed(w.binding) ? w.binding : undefined]));
  const seated = new Set<string>();
  const seating = new Map<WriterCount, Signed[]>();
  for (const w of all) {
    const b = bindingOf.get(w);
    const own = w.claims.filter((c) => (!b || c.at < b.at || c.key === b.key) && signed(c));
    seating.set(w, own);
    for (const c of own) seated.add(c.key);
  }
  const p: Pools = { free: 0, enrol: 0, byKey: new Map() };
  for (const w of all) {
    const b = bindingOf.get(w);
    const keyed = b && seated.has(b.key) ? b : undefined;
    // Before its `writer` entry (or all of it, without a seated key): free, but for the claims that seated a key.
    const upTo = keyed?.at ?? w.tally.chars;
    const enrol = (seating.get(w) ?? []).filter((c) => c.at < upTo).reduce((n, c) => n + c.size, 0);
    p.enrol += enrol;
    p.free += upTo - enrol;
    if (!keyed) continue;
    // Its phone's up to the latest vouch that verifies (the `writer` entry itself, without one); free after it.
    const vouch = w.vouches.findLast(signed);
    const vouched = vouch ? vouch.at + vouch.size : keyed.at + keyed.size;
    p.byKey.set(keyed.key, (p.byKey.get(keyed.key) ?? 0) + vouched - keyed.at);
    p.free += w.tally.chars - vouched;
  }
  return p;
}

/**
 * Past `bounds.gameChars`: which pool `changed` (the counts of the writers an update or a command adds to,
 * each a copy from `writerCount` with its new entries counted) grows past its bound, comparing `doc`'s pools
 * without and with them. Only a pool the change grows counts: a seat's phone writes on within its key's pool
 * whatever fills the free one.
 */
export function poolsBreach(doc: Y.Doc, gameId: string, changed: readonly WriterCount[], bounds: WriteBounds): Breach | undefined {
  const byClient = new Map([...doc.store.clients.keys()].map((client) => [client, counted(doc, client).count]));
  const before = pools(gameId, byClient.values());
  for (const w of changed) byClient.set(w.client, w);
  // What the document holds was checked above (and is remembered): only what the change brings counts.
  let after: Pools;
  try {
    after = pools(gameId, byClient.values(), { left: bounds.poolSignatures });
  } catch (e) {
    if (e === OVER_BUDGET) return { bound: 'poolSignatures' };
    throw e;
  }
  if (after.enrol > before.enrol && after.enrol > bounds.enrolChars) return { bound: 'enrolChars' };
  for (const [key, n] of after.byKey) if (n > (before.byKey.get(key) ?? 0) && n > bounds.keyChars) return { bound: 'keyChars' };
  if (after.free > before.free && after.free > bounds.gameChars) return { bound: 'gameChars' };
  return undefined;
}

/**
 * What this phone's own change would break: `entries` appended to the log, and, with `named`, this phone
 * (its device tag) named, by the writer `doc.clientID`. The command refuses it before writing (game.ts): the
 * other phones would refuse it, and everything this writer wrote after it would wait on every one of them.
 */
export function ownBreach(doc: Y.Doc, entries: readonly (readonly unknown[])[], named: string | undefined, bounds: WriteBounds): Breach | undefined {
  const count = writerCount(doc, doc.clientID);
  const [before, claims] = [count.tally.chars, count.claimCount];
  for (const entry of entries) {
    const breach = count.entry(entry, bounds);
    if (breach) return breach;
  }
  const game = gameTotals(doc);
  if (count.claimCount > claims && game.claims + count.claimCount - claims > bounds.gameClaims) return { bound: 'gameClaims' };
  if (entries.length && game.chars + count.tally.chars - before > bounds.gameChars) {
    const id = doc.getMap('meta').get('id');
    const breach = typeof id === 'string' ? poolsBreach(doc, id, [count], bounds) : { bound: 'gameChars' as const };
    if (breach) return breach;
  }
  if (named === undefined) return undefined;
  // Counted as the guard counts them: every key the map has held, its deleted ones too.
  const devices = doc.getMap('devices')._map;
  if (game.names >= bounds.gameNameWrites) return { bound: 'gameNameWrites' };
  return count.tally.name(1, bounds) ?? (!devices.has(named) && devices.size >= bounds.gameNames ? { bound: 'gameNames' } : undefined);
}

/** The `writer` entry `doc.clientID` signed for itself with, if any: then it need not again, and vouches with its session key. */
export function ownBinding(doc: Y.Doc): { session: string } | undefined {
  return counted(doc, doc.clientID).count.binding;
}
