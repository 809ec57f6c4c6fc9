import 'fake-indexeddb/auto';
import { createStore, delMany, entries, keys, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { gameRoot } from '../../../src/doc';
import { snapshotParts } from '../../../src/sync/snapshotParts';
import { GamePersistence } from '../../../src/sync/persistence';
import type { StoredEntry } from '../../../src/sync/persistence';
import { partsChecksum } from '../../../src/sync/storedEntry';
import { keepCheckedSnapshot } from '../../../src/secret/checkedSnapshots';
import { reopen } from './savedGames';
import { simulateGame } from '../../../bench/simulate';
import * as sheetMoves from '../../../src/doc/sheet/moves';

/** Applies `parts` in order to a new document; the document, and whether a part left changes waiting. */
function applyInOrder(parts: Uint8Array[]): { doc: Y.Doc; waited: number } {
  const doc = new Y.Doc();
  let waited = 0;
  for (const part of parts) {
    Y.applyUpdateV2(doc, part);
    if (doc.store.pendingStructs) waited++;
  }
  return { doc, waited };
}

/**
 * Issue 33: a start applies the stored game in parts, one task each. Applied in order, the parts are the
 * document the whole snapshot is, whatever the game held: several writers interleaved, deletions, concurrent
 * changes that landed before the log's end.
 */
describe('a stored game in parts', () => {
  const sim = simulateGame({ players: 6, rounds: 4, seed: 11 });
  const game = sim.games[0]!;

  it('applied in order, the parts make the document the whole snapshot makes, and none waits on a later one', () => {
    const log = gameRoot(game.doc).log;
    const parts = snapshotParts(game.doc, log, 100)!;
    expect(log.length).toBeGreaterThan(400);
    expect(parts.length).toBe(Math.floor((log.length - 50) / 100) + 1);
    const { doc, waited } = applyInOrder(parts);
    expect(waited).toBe(0);
    expect(Y.encodeStateAsUpdateV2(doc)).toEqual(Y.encodeStateAsUpdateV2(game.doc));
    expect(gameRoot(doc).log.toJSON()).toEqual(log.toJSON());
  });

  it('each part holds about its share of the game: no part is most of it', () => {
    const parts = snapshotParts(game.doc, gameRoot(game.doc).log, 100)!;
    const whole = Y.encodeStateAsUpdateV2(game.doc).byteLength;
    for (const part of parts) expect(part.byteLength).toBeLessThan(whole / 2);
  });

  it('a game with deletions and concurrent changes from two phones is the same document from its parts', () => {
    const [a, b] = [sim.games[1]!, sim.games[2]!];
    const doc = new Y.Doc();
    Y.applyUpdateV2(doc, Y.encodeStateAsUpdateV2(a.doc));
    // Two phones change at once, each unaware of the other: their entries interleave before the log's end.
    for (let i = 0; i < 30; i++) {
      const [sa, sb] = [Y.encodeStateVector(a.doc), Y.encodeStateVector(b.doc)];
      a.makeMove(sheetMoves.adjustCounter, sim.seats[1]!, 'vp', 1);
      b.makeMove(sheetMoves.adjustCounter, sim.seats[2]!, 'vp', 1);
      Y.applyUpdateV2(a.doc, Y.encodeStateAsUpdateV2(b.doc, sa));
      Y.applyUpdateV2(b.doc, Y.encodeStateAsUpdateV2(a.doc, sb));
    }
    // A deletion in the game's maps: a phone renames itself.
    gameRoot(a.doc).devices.set('someone', 'one name');
    gameRoot(a.doc).devices.set('someone', 'another name');
    const parts = snapshotParts(a.doc, gameRoot(a.doc).log, 60)!;
    expect(parts.length).toBeGreaterThan(3);
    const { doc: back } = applyInOrder(parts);
    expect(back.store.pendingStructs).toBeNull();
    expect(Y.encodeStateAsUpdateV2(back)).toEqual(Y.encodeStateAsUpdateV2(a.doc));
    expect(back.getMap('devices').get('someone')).toBe('another name');
  });

  it('entries a writer wrote at once (one struct across several cuts) go whole into one part, never twice', () => {
    const doc = new Y.Doc();
    const log = doc.getArray<number>('log');
    log.push(Array.from({ length: 250 }, (_, i) => i));
    const other = new Y.Doc();
    Y.applyUpdateV2(other, Y.encodeStateAsUpdateV2(doc));
    for (let i = 0; i < 250; i++) other.getArray<number>('log').push([i]);
    Y.applyUpdateV2(doc, Y.encodeStateAsUpdateV2(other));
    const parts = snapshotParts(doc, log, 100)!;
    const { doc: back, waited } = applyInOrder(parts);
    expect(waited).toBe(0);
    expect(Y.encodeStateAsUpdateV2(back)).toEqual(Y.encodeStateAsUpdateV2(doc));
    // The first writer's 250 entries are in the first part alone: no part repeats them.
    const sizes = parts.map((p) => p.byteLength).reduce((a, b) => a + b, 0);
    expect(sizes).toBeLessThan(Y.encodeStateAsUpdateV2(doc).byteLength * 1.5);
    expect(parts.slice(1).flatMap((p) => Y.decodeUpdateV2(p).structs).filter((s) => s.id.client === doc.clientID)).toEqual([]);
  });

  it('a log shorter than a part and a half is not cut, and changes waiting on others are never cut', () => {
    const short = simulateGame({ players: 3, rounds: 1, seed: 2 }).games[0]!;
    expect(snapshotParts(short.doc, gameRoot(short.doc).log, 10_000)).toBeUndefined();
    // A change whose writer's earlier change never came: Yjs holds it back, and the snapshot goes whole.
    const doc = new Y.Doc();
    Y.applyUpdateV2(doc, Y.encodeStateAsUpdateV2(game.doc));
    const other = new Y.Doc();
    Y.applyUpdateV2(other, Y.encodeStateAsUpdateV2(game.doc));
    other.getMap('x').set('a', 1);
    const sv2 = Y.encodeStateVector(other);
    other.getMap('x').set('b', 2);
    Y.applyUpdateV2(doc, Y.encodeStateAsUpdateV2(other, sv2));
    expect(doc.store.pendingStructs).not.toBeNull();
    expect(snapshotParts(doc, gameRoot(doc).log, 100)).toBeUndefined();
  });
});

/**
 * The parts in the phone's store: written beside the whole snapshot at each compaction, applied in their place
 * only where this phone sealed them as its own and their checksums hold; otherwise the snapshot opens whole.
 */
describe('a saved game in parts', () => {
  const big = simulateGame({ players: 8, rounds: 6, seed: 3 }).games[0]!;
  const storeOf = (id: string) => createStore(`tt-game-${id}`, 'updates');

  /**
   * `big` saved under `id` and compacted; its snapshot's key and record. The change entry the snapshot covers
   * (kept until the next compaction, the fallback) is deleted, as that compaction would: it would bring the
   * whole game back on its own.
   */
  async function saved(id: string): Promise<[string, StoredEntry]> {
    const doc = new Y.Doc();
    const { persistence } = await GamePersistence.open(id, doc);
    Y.applyUpdateV2(doc, Y.encodeStateAsUpdateV2(big.doc));
    await persistence.whenSaved();
    await persistence.compact();
    await persistence.destroy();
    await delMany((await keys(storeOf(id))).filter((k) => String(k).startsWith('u')), storeOf(id));
    return (await entries<string, StoredEntry>(storeOf(id))).find(([k]) => k.startsWith('s'))!;
  }

  it('a compaction writes the snapshot in parts too, and the game reopens the same from them', async () => {
    const [, record] = await saved('parts-same');
    expect(gameRoot(big.doc).log.length).toBeGreaterThan(1_000);
    expect(record.parts!.length).toBeGreaterThan(1);
    const { doc, report } = await reopen('parts-same');
    expect(report.skipped).toEqual([]);
    expect(Y.encodeStateAsUpdateV2(doc)).toEqual(Y.encodeStateAsUpdateV2(big.doc));
  });

  it('parts this phone sealed as its own are what a start applies, in place of the whole snapshot', async () => {
    const [key, record] = await saved('parts-sealed');
    // Cut short, and sealed as this phone's: the start believes them (the seal's key never leaves the phone).
    const parts = record.parts!.slice(0, 1);
    const partsSum = await partsChecksum(parts);
    await set(key, { ...record, parts, partsSum }, storeOf('parts-sealed'));
    await keepCheckedSnapshot('parts-sealed', `${record.sum}/${partsSum}`);
    const { doc } = await reopen('parts-sealed');
    expect(gameRoot(doc).log.length).toBeLessThan(gameRoot(big.doc).log.length);
  });

  it('parts changed by anything else (their checksums made to match) are left aside: the game opens whole', async () => {
    const [key, record] = await saved('parts-changed');
    const parts = record.parts!.slice(0, 1);
    await set(key, { ...record, parts, partsSum: await partsChecksum(parts) }, storeOf('parts-changed'));
    const { doc, report } = await reopen('parts-changed');
    expect(report.skipped).toEqual([]);
    expect(Y.encodeStateAsUpdateV2(doc)).toEqual(Y.encodeStateAsUpdateV2(big.doc));
  });

  it('a damaged part (its checksum fails) is left aside: the game opens whole', async () => {
    const [key, record] = await saved('parts-damaged');
    const parts = record.parts!.map((p) => p.slice());
    const damaged = parts[1]!;
    damaged[10] = damaged[10]! ^ 0xff;
    await set(key, { ...record, parts }, storeOf('parts-damaged'));
    const { doc, report } = await reopen('parts-damaged');
    expect(report.skipped).toEqual([]);
    expect(Y.encodeStateAsUpdateV2(doc)).toEqual(Y.encodeStateAsUpdateV2(big.doc));
  });
});
