/**
 * What each writer (Yjs client) has written into a document, for the write bounds (bounds.ts): counted from
 * the document's own items, in each writer's clock order, and kept per document so that the check of a
 * peer's change or of a tap counts only what is new since the last one (the whole 16-round game is counted
 * once, at the first check). Counting never refuses: what a document holds was accepted when it came.
 */
import * as Y from 'yjs';
import { WriterTally } from './bounds';
import type { Breach, WriteBounds } from './bounds';

interface Counted {
  /** The writer's clock up to which its items are counted. */
  clock: number;
  tally: WriterTally;
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
  if (!c) byClient.set(client, (c = { clock: 0, tally: new WriterTally() }));
  const structs = doc.store.clients.get(client);
  const have = Y.getState(doc.store, client);
  if (!structs || c.clock >= have) return c;
  const [log, devices] = [doc.share.get('log'), doc.share.get('devices')];
  for (let i = Y.findIndexSS(structs, c.clock); i < structs.length; i++) {
    const s = structs[i] as Y.Item | Y.GC;
    const skip = c.clock - s.id.clock;
    if (s instanceof Y.Item && s.parent === log && s.content instanceof Y.ContentAny) {
      for (const v of s.content.arr.slice(skip)) if (Array.isArray(v)) c.tally.entry(v);
    } else if (s instanceof Y.Item && s.parent === devices) c.tally.name(s.length - skip);
    c.clock = s.id.clock + s.length;
  }
  return c;
}

/** What `client` has written into `doc` so far, as a copy to count more onto. */
export function writerTally(doc: Y.Doc, client: number): WriterTally {
  return counted(doc, client).tally.copy();
}

/** The characters of log every writer of `doc` has written. */
export function gameChars(doc: Y.Doc): number {
  let n = 0;
  for (const client of doc.store.clients.keys()) n += counted(doc, client).tally.chars;
  return n;
}

/**
 * What this phone's own change would break: `entries` appended to the log, and, with `named`, this phone
 * (its device tag) named, by the writer `doc.clientID`. The command refuses it before writing (game.ts): the
 * other phones would refuse it, and everything this writer wrote after it would wait on every one of them.
 */
export function ownBreach(doc: Y.Doc, entries: readonly (readonly unknown[])[], named: string | undefined, bounds: WriteBounds): Breach | undefined {
  const tally = writerTally(doc, doc.clientID);
  const before = tally.chars;
  for (const entry of entries) {
    const breach = tally.entry(entry, bounds);
    if (breach) return breach;
  }
  if (entries.length && gameChars(doc) + tally.chars - before > bounds.gameChars) return { bound: 'gameChars' };
  if (named === undefined) return undefined;
  // Counted as the guard counts them: every key the map has held, its deleted ones too.
  const devices = doc.getMap('devices')._map;
  return tally.name(1, bounds) ?? (!devices.has(named) && devices.size >= bounds.gameNames ? { bound: 'gameNames' } : undefined);
}
