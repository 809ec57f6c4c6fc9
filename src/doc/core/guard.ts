/**
 * The input guard (issue 17): every phone referees every other, so an update from another phone, a
 * link frame or a backup file is checked against this game's document before Yjs applies it. Yjs
 * merges whatever it is given: an 11-byte update deleting the whole log, or `meta.schema = "x"`, is a
 * valid update, and it would be saved and passed on to every phone.
 *
 * What may change is one declared table, DOC_POLICY (docPolicy.ts), one row per root key of the document
 * (schema.ts): edit the row, not the checks. The check never applies the update: it reads its structs and
 * deletions within a budget (updateReader.ts) and finds each one's place, in the update itself or among the
 * items of the live document (`doc.store`, updatePlaces.ts), to know which root key it touches. Then it holds
 * what the update adds to the write bounds (bounds.ts): how much one phone, and the whole game, may write.
 */
import * as Y from 'yjs';
import { breachReason, WRITE_BOUNDS } from './bounds';
import type { Breach, WriteBounds } from './bounds';
import { DOC_POLICY, shown, text } from './docPolicy';
import type { RootPolicy } from './docPolicy';
import { Content, READ_LIMITS, readUpdate, UpdateRefused } from './updateReader';
import type { DecodedUpdate, ReadLimits, StructRef } from './updateReader';
import { Check, LATER, Refusal, refuse } from './updatePlaces';
import type { Place } from './updatePlaces';
import { REQUIRED_META_KEYS } from './schema';
import { gameTotals, poolsBreach, writerCount } from './writers';
import type { WriterCount } from './writers';

/** ok; refused (say why, for the table); or `later`: it builds on changes this phone has not received yet. */
export type Verdict = { ok: true } | { ok: false; reason: string } | { ok: 'later' };

function policyOf(place: Place): RootPolicy {
  return DOC_POLICY[place.root] ?? refuse(`it writes to "${place.root.slice(0, 40)}", which is no part of a game`);
}

/** Keys an update adds to a map, by root key: for `maxKeys` and the phones named. */
type NewKeys = Map<string, Set<string>>;

function checkNew(c: Check, s: StructRef, seen: Set<string>, added: NewKeys): void {
  if (s.content === Content.Skip) return;
  if (s.content === Content.GC) refuse('it writes removed changes in place of real ones');
  const place = c.placeOf(s);
  const policy = policyOf(place);
  if (s.content !== Content.Any && s.content !== Content.Deleted) refuse(`it writes a kind of value (${s.content}) that no part of a game uses, in "${place.root}"`);
  if (policy.shape === 'array' && place.sub !== null) refuse(`it writes a key into the list "${place.root}"`);
  if (policy.shape === 'map') {
    const key = place.sub ?? refuse(`it writes a list entry into "${place.root}"`);
    if (policy.keys ? !policy.keys.includes(key) : !text(80)(key)) refuse(`it writes an unknown key into "${place.root}"`);
    if (s.content === Content.Any && s.length !== 1) refuse(`it writes several values under one key of "${place.root}"`);
    const created = !!(c.doc.share.get('meta') as Y.AbstractType<unknown> | undefined)?._map.size;
    if (policy.legacy && created) refuse(`it writes to "${place.root}", which only games from older versions hold`);
    const map = c.doc.share.get(place.root) as Y.AbstractType<unknown> | undefined;
    if (policy.atCreation && created && !map?._map.has(key)) refuse(`it adds "${key}" to "${place.root}", which are all written when the game is created`);
    if (s.content === Content.Any && !map?._map.has(key)) {
      const keys = added.get(place.root) ?? new Set<string>();
      added.set(place.root, keys.add(key));
      if (policy.maxKeys !== undefined && (map?._map.size ?? 0) + keys.size > policy.maxKeys) refuse(`it writes more than ${policy.maxKeys} keys into "${place.root}"`);
    }
    if (policy.writeOnce) {
      if (s.origin || s.rightOrigin || map?._map.has(key) || seen.has(`${place.root}\u0000${key}`) || s.content === Content.Deleted) {
        refuse(`it rewrites "${key}" of "${place.root}", which is written once when the game is created`);
      }
      seen.add(`${place.root}\u0000${key}`);
    }
  }
  // Values not read (a stored snapshot's log entries, checkSnapshot) are left to the fold, which skips and
  // names an entry that is not an event.
  const values = s.values ?? [];
  if (!values.every((v) => policy.value(v))) refuse(`it writes a value that "${place.root}" does not hold`);
  const key = place.sub;
  if (policy.fits && key !== null) for (const v of values) if (!policy.fits(key, v)) refuse(`it sets "${key}" of "${place.root}" to ${shown(v)}, which no game holds`);
}

/**
 * Deletions: of entries this phone has, as their root key allows; of new ones, never in a written-once map.
 * Whether the update waits (it deletes changes neither this phone nor the update holds yet).
 */
function checkDeletes(c: Check, deletes: readonly { client: number; clock: number; length: number }[]): boolean {
  let gone: { place: Place; count: number } | undefined;
  let waits = false;
  for (const d of deletes) {
    let at = d.clock;
    const end = d.clock + d.length;
    while (at < end) {
      c.step();
      if (at < c.have(d.client)) {
        const struct = c.inDoc(d.client, at) as Y.Item | Y.GC;
        const next = struct.id.clock + struct.length;
        if (!struct.deleted) {
          const place = c.placeOfItem(struct);
          if (policyOf(place).deletes === 'never' && (!gone || gone.place.root === place.root)) gone = { place, count: (gone?.count ?? 0) + Math.min(next, end) - at };
        }
        at = next;
      } else {
        const s = c.inUpdate(d.client, at);
        if (!s) {
          // Not here yet: the rest is still checked, or a deletion of something missing listed first would
          // leave the deletions after it unchecked (a saved snapshot that deletes the log, issue 36 item 4).
          waits = true;
          at = c.nextInUpdate(d.client, at);
          continue;
        }
        const from = at;
        at = s.clock + s.length;
        if (s.content === Content.Skip || s.content === Content.GC) continue;
        const place = c.placeIfKnown(s);
        if (!place) {
          waits = true;
          continue;
        }
        const policy = policyOf(place);
        if (policy.writeOnce) refuse(`it rewrites "${place.sub ?? ''}" of "${place.root}", which is written once when the game is created`);
        // A list that never loses an entry (the log) loses none of the new ones either: no honest update
        // writes an entry and deletes it (saved changes merged with one that deletes the log, issue 36 item 4).
        if (policy.shape === 'array' && policy.deletes === 'never' && (!gone || gone.place.root === place.root)) gone = { place, count: (gone?.count ?? 0) + Math.min(at, end) - from };
      }
    }
  }
  if (!gone) return waits;
  const { place, count } = gone;
  return refuse(place.sub ? `it deletes "${place.sub}" of "${place.root}"` : `it deletes ${count} ${count === 1 ? 'entry' : 'entries'} of ${place.root === 'log' ? 'the game log' : `"${place.root}"`}`);
}

/** Only an update read whole is held to the bounds: they count every log entry's value. */
const unread = (): never => refuse('it could not be checked (its entries were not read)');

/** The game's id: the document's, or, for a game arriving whole (a join, a file), the one the update writes. */
function gameIdOf(c: Check): string | undefined {
  const id = (c.doc.share.get('meta') as Y.AbstractType<unknown> | undefined)?._map.get('id');
  if (id && !id.deleted && id.content instanceof Y.ContentAny && typeof id.content.arr[0] === 'string') return id.content.arr[0];
  for (const list of c.fresh.values()) {
    for (const s of list) {
      const place = c.places.get(s);
      if (place?.root === 'meta' && place.sub === 'id' && typeof s.values?.[0] === 'string') return s.values[0];
    }
  }
  return undefined;
}

/**
 * What the update adds, held to the write bounds: each writer's new entries and names counted onto what it
 * wrote before, in its clock order, and the whole game's log. A writer whose earlier changes this phone
 * lacks is not counted here: the update waits for them. Past the game's bound, its pools (writers.ts).
 */
function checkBounds(c: Check, bounds: WriteBounds, added: NewKeys): void {
  const over = (breach: Breach | undefined) => breach && refuse(`it ${breachReason(breach, bounds)}`);
  const devices = c.doc.share.get('devices') as Y.AbstractType<unknown> | undefined;
  if ((devices?._map.size ?? 0) + (added.get('devices')?.size ?? 0) > bounds.gameNames) over({ bound: 'gameNames' });
  let { chars: game, claims, names } = gameTotals(c.doc);
  const changed: WriterCount[] = [];
  for (const [client, list] of c.fresh) {
    const have = c.have(client);
    if ((list[0] as StructRef).clock > have) continue;
    const count = writerCount(c.doc, client);
    const [before, claimsBefore, namesBefore] = [count.tally.chars, count.claimCount, count.tally.names];
    for (const s of list) {
      const place = c.places.get(s);
      // The part of a change this phone already holds is counted with the document (Yjs skips it too).
      const skip = Math.max(0, have - s.clock);
      if (place?.root === 'devices') over(count.tally.name(s.length - skip, bounds));
      // Each value is an event (the policy checked its shape before).
      if (place?.root === 'log') for (const v of (s.values ?? unread()).slice(skip)) over(count.entry(v as unknown[], bounds));
    }
    if (count.tally.chars > before) changed.push(count);
    game += count.tally.chars - before;
    claims += count.claimCount - claimsBefore;
    if (count.claimCount > claimsBefore && claims > bounds.gameClaims) over({ bound: 'gameClaims' });
    names += count.tally.names - namesBefore;
    if (count.tally.names > namesBefore && names > bounds.gameNameWrites) over({ bound: 'gameNameWrites' });
  }
  if (game <= bounds.gameChars || !changed.length) return;
  const id = gameIdOf(c);
  over(id === undefined ? { bound: 'gameChars' } : poolsBreach(c.doc, id, changed, bounds));
}

/**
 * The checks of a read update against `c`'s document (throws a refusal, or LATER); whether the update waits
 * for changes this phone does not have. A writer whose changes wait is marked in `c.waitsFrom`.
 */
function runChecks(c: Check, decoded: DecodedUpdate, bounds: WriteBounds | null): boolean {
  for (const s of decoded.structs) {
    if (s.clock + s.length <= c.have(s.client)) continue; // already here: Yjs skips it
    const list = c.fresh.get(s.client) ?? [];
    if (list.length && (list[list.length - 1] as StructRef).clock + (list[list.length - 1] as StructRef).length !== s.clock) refuse('it lists one phone twice');
    list.push(s);
    c.fresh.set(s.client, list);
  }
  for (const [client, list] of c.fresh) {
    if ((list[0] as StructRef).clock > c.have(client)) c.waitsFrom.set(client, (list[0] as StructRef).clock);
    // A gap in a writer's changes (a merge of its updates with one left out): Yjs would hold what follows it
    // aside and apply it, unchecked, once the gap came (a phone could stock a game's worth that way).
    const gap = list.find((s) => s.content === Content.Skip);
    if (gap) c.waitsFrom.set(client, Math.min(gap.clock, c.waitsFrom.get(client) ?? Infinity));
  }
  let waits = c.waitsFrom.size > 0;
  const seen = new Set<string>();
  const added: NewKeys = new Map();
  for (const list of c.fresh.values()) {
    for (const s of list) {
      try {
        checkNew(c, s, seen, added);
      } catch (e) {
        if (e !== LATER) throw e;
        waits = true;
        // Yjs integrates a writer's changes in clock order: none after this one goes in before it does.
        c.waitsFrom.set(s.client, Math.min(s.clock, c.waitsFrom.get(s.client) ?? Infinity));
      }
    }
  }
  if (checkDeletes(c, decoded.deletes)) waits = true;
  if (bounds) checkBounds(c, bounds, added);
  return waits;
}

/** The verdict of `check` (whether the update waits), its refusals and any failure turned into words. */
function verdictOf(check: () => boolean): Verdict {
  try {
    return check() ? { ok: 'later' } : { ok: true };
  } catch (e) {
    if (e === LATER) return { ok: 'later' };
    if (e instanceof Refusal || e instanceof UpdateRefused) return { ok: false, reason: e.message };
    return { ok: false, reason: `it could not be checked (${e instanceof Error ? e.message : String(e)})` };
  }
}

/**
 * Checks an update (v1 from y-webrtc, v2 from the table link and backups) against `doc` as it is now.
 * Never throws; never applies anything. `bounds`: the write bounds it is held to; null for this phone's own
 * saved changes, which were held to them (or to none, before issue 36) when they came.
 */
export function checkUpdate(doc: Y.Doc, update: Uint8Array, v2: boolean, limits?: ReadLimits, bounds: WriteBounds | null = WRITE_BOUNDS): Verdict {
  return verdictOf(() => runChecks(new Check(doc, limits ?? READ_LIMITS), readUpdate(update, v2, limits), bounds));
}

/**
 * A snapshot is a whole game: one that holds any of a game (its meta, a seat, a log entry) holds the meta a
 * game cannot be read without, where Yjs applies it at once (its writer's changes before it are all here).
 */
function checkWholeMeta(c: Check): void {
  const meta = new Set<string>();
  let holdsGame = false;
  for (const [client, list] of c.fresh) {
    const waitsFrom = c.waitsFrom.get(client) ?? Infinity;
    for (const s of list) {
      const place = c.places.get(s);
      if (place?.root !== 'meta' && place?.root !== 'seats' && place?.root !== 'log') continue;
      holdsGame = true;
      if (place.root === 'meta' && place.sub !== null && s.content === Content.Any && s.clock < waitsFrom) meta.add(place.sub);
    }
  }
  if (!holdsGame) return;
  for (const key of REQUIRED_META_KEYS) if (!meta.has(key)) refuse(`it holds a game without its "${key}", or with it behind changes it lacks`);
}

/**
 * Checks a snapshot this phone saved (persistence.ts) before it is applied into the empty document a game
 * opens in: the rules of a whole game arriving at an empty phone (a log entry deleted, the meta rewritten
 * or of values no game holds: refused), and a whole meta. It runs at every start of a stored game (issue
 * 33), so the log's entries, most of its bytes, are stepped over, not decoded: their shape is the fold's
 * to check, as for every entry, and the write bounds are not applied again (as for the saved changes).
 */
export function checkSnapshot(update: Uint8Array, limits: ReadLimits): Verdict {
  return verdictOf(() => {
    const c = new Check(new Y.Doc(), limits);
    const waits = runChecks(c, readUpdate(update, true, limits, 'keyed'), null);
    checkWholeMeta(c);
    return waits;
  });
}
