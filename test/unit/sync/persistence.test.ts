import 'fake-indexeddb/auto';
import { createStore, set, keys } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Game, gameRoot } from '../../../src/doc';
import { GamePersistence, deleteGameData, openGameEarly, sealEntry, takeEarlyOpen } from '../../../src/sync/persistence';
import { readGameEarly } from '../../../src/sync/gameStore';
import { newGame } from '../doc/fixtures';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

let n = 0;
const freshId = () => `pers${n++}`;

/** Saves `game` under `id` the way the app does: a persisted doc that receives the game's state. */
async function saved(id: string, game = newGame(), compactAfter?: number) {
  const doc = new Y.Doc();
  const { persistence } = await GamePersistence.open(id, doc, compactAfter);
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(game.doc));
  await persistence.whenSaved();
  return { persistence, game: new Game(doc, 'dev1') };
}

async function reopen(id: string) {
  const doc = new Y.Doc();
  const { persistence, report } = await GamePersistence.open(id, doc);
  return { persistence, report, game: new Game(doc, 'dev1') };
}

/** A game whose first seat scored `vp`, saved and closed: the phone's state before the app opens it again. */
async function closedWithVp(id: string, vp: number) {
  const { game, persistence } = await saved(id);
  game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', vp);
  await persistence.whenSaved();
  await persistence.destroy();
}

describe('local persistence', () => {
  it('brings back every confirmed change after the app is closed and reopened', async () => {
    const id = freshId();
    const { persistence, game } = await saved(id);
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 3);
    game.makeMove(planetMoves.addPlanet, 's1', 'abyz');
    game.makeMove(planetMoves.setExhausted, 'abyz', true);
    await persistence.whenSaved();
    await persistence.destroy();

    const again = await reopen(id);
    expect(again.report.skipped).toEqual([]);
    const s = again.game.snapshot();
    expect(s.players.s1?.counters.tradeGoods).toBe(3);
    expect(s.planets.abyz).toMatchObject({ owner: 's1', exhausted: true });
  });

  it('also saves changes that arrive from a peer', async () => {
    const id = freshId();
    const { persistence, game } = await saved(id);
    const peer = new Game(new Y.Doc(), 'dev2');
    Y.applyUpdate(peer.doc, Y.encodeStateAsUpdate(game.doc));
    peer.makeMove(sheetMoves.adjustCounter, 's2', 'vp', 2);
    Y.applyUpdate(game.doc, Y.encodeStateAsUpdate(peer.doc, Y.encodeStateVector(game.doc)), 'peer');
    await persistence.whenSaved();
    const again = await reopen(id);
    expect(again.game.snapshot().players.s2?.counters.vp).toBe(2);
  });

  it('compacts the update log into one snapshot once it grows, losing nothing', async () => {
    const id = freshId();
    const { persistence, game } = await saved(id, newGame(), 20);
    for (let i = 0; i < 45; i++) {
      game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
      await persistence.whenSaved();
    }
    expect(persistence.pendingEntries).toBeLessThan(20);
    const stored = (await keys(createStore(`tt-game-${id}`, 'updates'))).map(String);
    // The newest snapshot, the one before it and the changes between them (the fallback), the rest.
    expect(stored.filter((k) => /^s\d+-/.test(k))).toHaveLength(2);
    expect(stored.length).toBeLessThan(2 + 20 + 20);
    const again = await reopen(id);
    expect(again.game.snapshot().players.s1?.counters.tradeGoods).toBe(45);
  });

  it('skips and reports a corrupted entry, and loads the rest of the game', async () => {
    const id = freshId();
    const { persistence, game } = await saved(id);
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 4);
    await persistence.whenSaved();
    const store = createStore(`tt-game-${id}`, 'updates');
    await set('u-garbage-1', new Uint8Array([0, 1, 2, 250, 251, 252, 7]), store);
    await set('u-garbage-2', 'not bytes at all', store);
    const again = await reopen(id);
    expect(again.report.skipped).toHaveLength(2);
    expect(again.report.skipped.join()).toMatch(/a saved change \(entry u-garbage-1\) is corrupted/);
    expect(again.report.skipped.join()).toMatch(/u-garbage-2 is not an update/);
    expect(again.game.snapshot().players.s1?.counters.vp).toBe(4);
  });

  it('reports a damaged compacted snapshot (the only entry) and applies nothing of it', async () => {
    const id = freshId();
    const whole = Y.encodeStateAsUpdateV2(newGame().doc);
    await set('snapshot', whole.slice(0, Math.floor(whole.length / 2)), createStore(`tt-game-${id}`, 'updates'));
    const doc = new Y.Doc();
    const { report } = await GamePersistence.open(id, doc);
    expect(report.applied).toBe(0);
    expect(report.skipped).toEqual([expect.stringMatching(/^a saved copy of the whole game \(entry snapshot\) is corrupted .*no earlier copy is left/)]);
    expect(doc.store.clients.size).toBe(0);
  });

  it('opens a game from the read started early (app start), and reads afresh at the next open', async () => {
    const id = freshId();
    await closedWithVp(id, 2);
    readGameEarly(id);
    const again = await reopen(id);
    expect(again.game.snapshot().players.s1?.counters.vp).toBe(2);
    again.game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 3);
    await again.persistence.whenSaved();
    await again.persistence.destroy();
    expect((await reopen(id)).game.snapshot().players.s1?.counters.vp).toBe(5);
  });

  it('hands a game opened early (app start) to the first that takes it, once', async () => {
    const id = freshId();
    await closedWithVp(id, 6);
    openGameEarly(id);
    const early = takeEarlyOpen(id);
    expect(takeEarlyOpen(id)).toBeUndefined();
    const { persistence, report } = await early!;
    expect(report.skipped).toEqual([]);
    expect(new Game(persistence.doc, 'dev1').snapshot().players.s1?.counters.vp).toBe(6);
    await persistence.destroy();
  });

  it('does not open a game early once it has been opened (no second load)', async () => {
    const id = freshId();
    const { persistence } = await saved(id);
    openGameEarly(id);
    expect(takeEarlyOpen(id)).toBeUndefined();
    await persistence.destroy();
  });

  it('keeps several games side by side without mixing them', async () => {
    const [idA, idB] = [freshId(), freshId()];
    const a = await saved(idA);
    const b = await saved(idB);
    a.game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 1);
    b.game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 7);
    await Promise.all([a.persistence.whenSaved(), b.persistence.whenSaved()]);
    expect((await reopen(idA)).game.snapshot().players.s1?.counters.vp).toBe(1);
    expect((await reopen(idB)).game.snapshot().players.s1?.counters.vp).toBe(7);
  });

  it('forgets a deleted game', async () => {
    const id = freshId();
    const { persistence } = await saved(id);
    await persistence.destroy();
    await deleteGameData(id);
    const again = await reopen(id);
    expect(again.game.snapshotOrUndefined()).toBeUndefined();
  });
});

describe('a stored entry that passes its checksum but is hostile (issue 36 item 4)', () => {
  /** Writes `change` (made on a copy of the saved game) into the game's store as a sealed change entry, as anything with access to the phone's storage could. */
  async function plant(id: string, game: Game, change: (copy: Game) => void): Promise<void> {
    const copy = new Game(new Y.Doc(), 'dev9');
    Y.applyUpdate(copy.doc, Y.encodeStateAsUpdate(game.doc));
    const before = Y.encodeStateVector(copy.doc);
    change(copy);
    await set('u-planted-0', await sealEntry(Y.encodeStateAsUpdateV2(copy.doc, before)), createStore(`tt-game-${id}`, 'updates'));
  }

  it('an entry that deletes the whole log is refused and named; the game opens whole, with the changes saved around it', async () => {
    const id = freshId();
    const { persistence, game } = await saved(id);
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 2);
    await persistence.whenSaved();
    const events = game.snapshot().log.length;
    await plant(id, game, (copy) => {
      const log = gameRoot(copy.doc).log;
      log.delete(0, log.length);
    });
    await persistence.destroy();

    const again = await reopen(id);
    expect(again.game.snapshot().log).toHaveLength(events);
    expect(again.game.snapshot().players.s1?.counters.tradeGoods).toBe(2);
    expect(again.report.skipped).toEqual([expect.stringMatching(/a saved change \(entry u-planted-0\) was refused: it deletes \d+ entries of the game log; the game opened without it/)]);
  });

  it('an entry that deletes the log behind a deletion of something the phone lacks is refused all the same (not applied as one that waits)', async () => {
    const id = freshId();
    const { persistence, game } = await saved(id);
    const events = game.snapshot().log.length;
    const copy = new Game(new Y.Doc(), 'dev9');
    Y.applyUpdate(copy.doc, Y.encodeStateAsUpdate(game.doc));
    const before = Y.encodeStateVector(copy.doc);
    gameRoot(copy.doc).log.delete(0, gameRoot(copy.doc).log.length);
    // A deletion of a phone's entry this game never had, which Yjs lists first (the highest client first).
    const stranger = new Y.Doc();
    stranger.clientID = 0xfffffff0;
    stranger.getArray('log').push([['x', 0, 'dev9']]);
    stranger.getArray('log').delete(0, 1);
    const hostile = Y.mergeUpdatesV2([Y.encodeStateAsUpdateV2(copy.doc, before), Y.encodeStateAsUpdateV2(stranger, Y.encodeStateVector(stranger))]);
    await set('u-planted-0', await sealEntry(hostile), createStore(`tt-game-${id}`, 'updates'));
    await persistence.destroy();

    const again = await reopen(id);
    expect(again.game.snapshot().log).toHaveLength(events);
    expect(again.report.skipped).toEqual([expect.stringMatching(/a saved change \(entry u-planted-0\) was refused: it deletes \d+ entries of the game log/)]);
  });

  it('an entry that sets the schema to a nonsense value is refused and named; the game opens and stays writable', async () => {
    const id = freshId();
    const { persistence, game } = await saved(id);
    await plant(id, game, (copy) => gameRoot(copy.doc).meta.set('schema', 9999));
    await persistence.destroy();

    const again = await reopen(id);
    expect(again.game.writable).toBe(true);
    expect(gameRoot(again.game.doc).meta.get('schema')).not.toBe(9999);
    expect(again.report.skipped).toEqual([expect.stringMatching(/was refused: it rewrites "schema" of "meta", which is written once/)]);
  });
});
