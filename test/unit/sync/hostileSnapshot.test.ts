/**
 * A stored snapshot that passes its checksum but is hostile (issue 36 item 4): written by anything with
 * access to the phone's IndexedDB, or by a bug. Each one is written here as such a writer would: the game's
 * own snapshot read back, changed with Yjs and sealed with `sealEntry`, so that its checksum matches.
 */
import 'fake-indexeddb/auto';
import { createStore, entries, get, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { gameRoot } from '../../../src/doc';
import type { LocalCopy } from '../../../src/sync/localCopies';
import { listLocalCopies } from '../../../src/sync/localCopies';
import { sealEntry } from '../../../src/sync/persistence';
import type { StoredEntry } from '../../../src/sync/persistence';
import { restoreLocalCopy } from '../../../src/runtime/session';
import { played, reopen } from './savedGames';

let n = 0;
const freshId = () => `hostile${n++}`;
const storeOf = (id: string) => createStore(`tt-game-${id}`, 'updates');
const generationOf = (key: string) => Number(/^s(\d+)-/.exec(key)?.[1] ?? -1);

/** The game's snapshot keys, newest first (a compaction keeps two: see persistence.ts compact()). */
async function snapshotKeys(id: string): Promise<string[]> {
  const keys = (await entries(storeOf(id))).map(([k]) => String(k)).filter((k) => generationOf(k) >= 0);
  return keys.sort((a, b) => generationOf(b) - generationOf(a));
}

/** The document a stored snapshot holds. */
async function snapshotDoc(id: string, key: string): Promise<Y.Doc> {
  const doc = new Y.Doc();
  Y.applyUpdateV2(doc, ((await get<StoredEntry>(key, storeOf(id))) as StoredEntry).u);
  return doc;
}

/** Writes `doc` over the stored snapshot `key`, sealed: its checksum matches. */
async function plant(id: string, key: string, doc: Y.Doc): Promise<void> {
  await set(key, await sealEntry(Y.encodeStateAsUpdateV2(doc)), storeOf(id));
}

/** The snapshot `key` with its whole log deleted, as Yjs writes it. */
async function withoutLog(id: string, key: string): Promise<Y.Doc> {
  const doc = await snapshotDoc(id, key);
  const { log } = gameRoot(doc);
  log.delete(0, log.length);
  return doc;
}

/**
 * A game written afresh from the snapshot `key` (new items: nothing in it is rewritten, so the write-once
 * rule has nothing to refuse), with `meta` changed: a value set, or a key left out (undefined); into `doc`.
 */
async function forged(id: string, key: string, meta: Record<string, unknown>, doc = new Y.Doc()): Promise<Y.Doc> {
  const from = gameRoot(await snapshotDoc(id, key));
  const to = gameRoot(doc);
  doc.transact(() => {
    for (const [k, v] of Object.entries({ ...from.meta.toJSON(), ...meta })) if (v !== undefined) to.meta.set(k, v);
    from.seats.forEach((v, k) => to.seats.set(k, v));
    from.devices.forEach((v, k) => to.devices.set(k, v));
    to.log.push(from.log.toArray());
  });
  return doc;
}

const FALLBACK = 'the game opened from the copy before it and the changes saved since';

describe('a stored snapshot that passes its checksum but is hostile (issue 36 item 4)', () => {
  it('a stored snapshot that deletes the log is refused and the copy before it opens, every change intact', async () => {
    const id = freshId();
    const original = await played(id, 25);
    const [newest] = (await snapshotKeys(id)) as [string];
    await plant(id, newest, await withoutLog(id, newest));

    const { report, game } = await reopen(id);
    expect(report.skipped).toEqual([expect.stringMatching(new RegExp(`^a saved copy of the whole game \\(entry ${newest}\\) was refused: it deletes \\d+ entries of the game log; ${FALLBACK}$`))]);
    expect(game.snapshot().log).toHaveLength(original.snapshot().log.length);
    expect(game.snapshot().players.s1?.counters.tradeGoods).toBe(25);
    expect(game.writable).toBe(true);
  });

  it.each([
    ['a word for its schema', { schema: 'x' }, /"schema"/],
    ['a negative schema', { schema: -1 }, /"schema"/],
    ['a fractional schema', { schema: 1.5 }, /"schema"/],
    ['no schema at all', { schema: undefined }, /"schema"/],
    ['an empty name', { name: '' }, /"name"/],
    ['no id', { id: undefined }, /"id"/],
  ])('a stored snapshot whose meta holds %s is refused and the copy before it opens, writable', async (_what, meta, key) => {
    const id = freshId();
    await played(id, 25);
    const [newest] = (await snapshotKeys(id)) as [string];
    await plant(id, newest, await forged(id, newest, meta));

    const { report, game } = await reopen(id);
    expect(report.skipped).toHaveLength(1);
    expect(report.skipped[0]).toMatch(new RegExp(`^a saved copy of the whole game \\(entry ${newest}\\) was refused: .+; ${FALLBACK}$`));
    expect(report.skipped[0]).toMatch(key);
    expect(game.snapshot().players.s1?.counters.tradeGoods).toBe(25);
    expect(game.writable).toBe(true);
  });

  it('a stored snapshot that deletes the log behind a deletion of something it does not hold is refused all the same', async () => {
    const id = freshId();
    await played(id, 25);
    const [newest] = (await snapshotKeys(id)) as [string];
    // A deletion of an item of a phone this game never had, listed first (Yjs lists the highest client first):
    // its check waits for that phone, and the deletions after it were left unchecked.
    const stranger = new Y.Doc();
    stranger.clientID = 0xfffffff0;
    stranger.getArray('log').push([['x', 0, 'dev9']]);
    stranger.getArray('log').delete(0, 1);
    const dangling = Y.encodeStateAsUpdateV2(stranger, Y.encodeStateVector(stranger));
    const hostile = Y.mergeUpdatesV2([Y.encodeStateAsUpdateV2(await withoutLog(id, newest)), dangling]);
    await set(newest, await sealEntry(hostile), storeOf(id));

    const { report, game } = await reopen(id);
    expect(report.skipped).toEqual([expect.stringMatching(new RegExp(`^a saved copy of the whole game \\(entry ${newest}\\) was refused: it deletes \\d+ entries of the game log; ${FALLBACK}$`))]);
    expect(game.snapshot().players.s1?.counters.tradeGoods).toBe(25);
  });

  it('with every stored snapshot refused, the game does not open broken: it says so, and the earlier copy on the home screen brings it back', async () => {
    const id = freshId();
    const original = await played(id, 25);
    const keys = await snapshotKeys(id);
    expect(keys).toHaveLength(2);
    for (const key of keys) await plant(id, key, await withoutLog(id, key));

    const opened = await reopen(id);
    expect(opened.report.skipped).toHaveLength(2);
    for (const message of opened.report.skipped) expect(message).toMatch(/^a saved copy of the whole game \(entry s\d+-\w+\) was refused: it deletes \d+ entries of the game log; no earlier copy is left/);
    // No game shown rather than a game without its log (the game screen shows the report: GameScreen.tsx).
    expect(opened.game.snapshotOrUndefined()).toBeUndefined();

    let copies: LocalCopy[] = [];
    for (let i = 0; i < 200 && !copies.length; i++) {
      copies = (await listLocalCopies()).filter((c) => c.gameId === id);
      if (!copies.length) await new Promise((r) => setTimeout(r, 5));
    }
    await restoreLocalCopy(copies[0] as LocalCopy);
    const { game } = await reopen(id);
    // The copy, and the changes saved since it (kept for the snapshot that was refused): the whole game.
    expect(game.snapshot().log).toHaveLength(original.snapshot().log.length);
    expect(game.snapshot().players.s1?.counters.tradeGoods).toBe(25);
  });

  it('a stored snapshot whose meta waits on a change it does not hold is refused and the copy before it opens', async () => {
    const id = freshId();
    await played(id, 25);
    const [newest] = (await snapshotKeys(id)) as [string];
    // The forged game without its writer's first change (a name): Yjs would hold back all the rest, the meta with it.
    const doc = new Y.Doc();
    doc.getMap('devices').set('dev9', 'A phone');
    const lacking = Y.encodeStateVector(doc);
    await forged(id, newest, {}, doc);
    await set(newest, await sealEntry(Y.encodeStateAsUpdateV2(doc, lacking)), storeOf(id));

    const { report, game: opened } = await reopen(id);
    expect(report.skipped).toEqual([expect.stringMatching(new RegExp(`^a saved copy of the whole game \\(entry ${newest}\\) was refused: .*"schema".*; ${FALLBACK}$`))]);
    expect(opened.snapshot().players.s1?.counters.tradeGoods).toBe(25);
  });

  it('a stored snapshot whose meta Yjs holds back behind another phone\'s missing change is not opened silently: it is named', async () => {
    const id = freshId();
    await played(id, 25);
    const [newest] = (await snapshotKeys(id)) as [string];
    // Another phone whose first change (a name) the snapshot lacks, and whose second starts the log.
    const other = new Y.Doc();
    other.getMap('devices').set('dev7', 'A phone');
    const lacking = Y.encodeStateVector(other);
    other.getArray('log').push([['x', 0, 'dev7']]);
    // The game written after that entry: Yjs holds it back until the other phone's first change comes.
    const game = new Y.Doc();
    Y.applyUpdateV2(game, Y.encodeStateAsUpdateV2(other));
    const from = gameRoot(await snapshotDoc(id, newest));
    const to = gameRoot(game);
    game.transact(() => {
      to.log.push(from.log.toArray());
      from.meta.forEach((v, k) => to.meta.set(k, v));
      from.seats.forEach((v, k) => to.seats.set(k, v));
    });
    const hostile = Y.mergeUpdatesV2([Y.encodeStateAsUpdateV2(other, lacking), Y.encodeStateAsUpdateV2(game, Y.encodeStateVector(other))]);
    await set(newest, await sealEntry(hostile), storeOf(id));

    const { report } = await reopen(id);
    expect(report.skipped).toEqual([expect.stringMatching(new RegExp(`^a saved copy of the whole game \\(entry ${newest}\\) holds no game this phone can open`))]);
  });
});
