/**
 * A stored game in parts that a start applies one task each (issue 33). Yjs applies an update in one
 * synchronous transaction: the 16-round game's snapshot was one task of 50–90 ms at 4× CPU right after the
 * first frame, which a tap on that frame waited behind. The parts are the same state cut along the log:
 * part k holds, of every writer, what it wrote before the log's k-th cut, so each part's changes find what
 * they build on in the parts before it, and the last part holds the rest (other writers, the deletions).
 * Applied in order, they give the document the snapshot gives (unit tests); a part that waits on a later
 * one is held by Yjs until it comes, as an update from a peer would be.
 */
import * as Y from 'yjs';

/** Parts of about this many log entries: each one's apply about 8 ms at 4× CPU in the 16-round game. */
export const ENTRIES_PER_PART = 500;

type Struct = Y.Item | Y.GC;
/** The log (a Y.Array): its first item, from which the others follow. */
type LogItems = { readonly _start: Y.Item | null };

/**
 * The document's state in parts of about `perPart` log entries, or undefined when there is nothing to cut: a log
 * shorter than a part and a half, or changes held back by Yjs, waiting on others. The snapshot is then applied
 * whole.
 */
export function snapshotParts(doc: Y.Doc, log: LogItems, perPart = ENTRIES_PER_PART): Uint8Array[] | undefined {
  const store = doc.store;
  if (store.pendingStructs || store.pendingDs) return undefined;
  const cuts = logCuts(log, perPart);
  if (!cuts.length) return undefined;
  const parts: Uint8Array[] = [];
  let from = new Map<number, number>();
  for (const cut of cuts) {
    const slices = new Map<number, Struct[]>();
    for (const [client, clock] of cut) {
      const structs = store.clients.get(client) as Struct[] | undefined;
      if (!structs?.length) continue;
      const start = from.get(client) ?? 0;
      // At a struct's end (Yjs merges a writer's consecutive entries into one struct, never cut here), and never
      // before the part before it ended.
      const end = Math.max(start, structEnd(structs, clock));
      cut.set(client, end);
      if (end > start) slices.set(client, structs.slice(structIndex(structs, start), structIndex(structs, end)));
    }
    parts.push(encodeStructs(slices));
    from = cut;
  }
  // The rest of every writer, with the deletions: Yjs's own encoding of what follows the last cut.
  parts.push(Y.encodeStateAsUpdateV2(doc, Y.encodeStateVector(from)));
  return parts;
}

/** Each writer's clock after the log's first `perPart × k` entries, for each k below the log's length. */
function logCuts(log: LogItems, perPart: number): Map<number, number>[] {
  const cuts: Map<number, number>[] = [];
  const seen = new Map<number, number>();
  let [count, cutAt] = [0, 0];
  // The log's items in order, deleted ones too (they are in the store all the same).
  for (let item = log._start; item; item = item.right) {
    const { client, clock } = item.id;
    seen.set(client, Math.max(seen.get(client) ?? 0, clock + item.length));
    count += item.length;
    if (count - cutAt >= perPart) {
      cuts.push(new Map(seen));
      cutAt = count;
    }
  }
  // Fewer than half a part's entries after the last cut: they go with the part before, into the last part.
  if (count - cutAt < perPart / 2) cuts.pop();
  return cuts;
}

/** The clock at the end of the struct holding `clock − 1`: a cut never splits a struct. */
function structEnd(structs: Struct[], clock: number): number {
  if (clock <= 0) return 0;
  const last = structs[structs.length - 1] as Struct;
  if (clock >= last.id.clock + last.length) return last.id.clock + last.length;
  const s = structs[Y.findIndexSS(structs, clock - 1)] as Struct;
  return s.id.clock + s.length;
}

/** The index of the struct starting at `clock` (a struct's end or the store's), or the array's length past it. */
function structIndex(structs: Struct[], clock: number): number {
  const last = structs[structs.length - 1] as Struct;
  if (clock >= last.id.clock + last.length) return structs.length;
  if (clock <= (structs[0] as Struct).id.clock) return 0;
  return Y.findIndexSS(structs, clock);
}

/**
 * An update of exactly these structs, and of the deletions among them, in Yjs's own encoding: Yjs writes a
 * document's update from its store alone (`encodeStateAsUpdateV2`), so a store of the slices writes theirs.
 */
function encodeStructs(slices: Map<number, Struct[]>): Uint8Array {
  // Only `store` is read of a document when encoding its update (yjs 13.6 writeStateAsUpdate).
  const partial = { store: { clients: slices, pendingStructs: null, pendingDs: null } } as unknown as Y.Doc;
  return Y.encodeStateAsUpdateV2(partial);
}
