import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Game } from '../../../src/doc';
import { exportGame, readBackup, backupFileName } from '../../../src/sync/backup';
import { importSavedGame } from '../../../src/runtime/session';
import { GamePersistence } from '../../../src/sync/persistence';
import { listGames } from '../../../src/sync/library';
import { newGame, replicaOf } from '../doc/fixtures';
import * as sheetMoves from '../../../src/doc/sheet/moves';

describe('export and import (the backup that survives a lost phone)', () => {
  it('round-trips a game through a file', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's2', 'vp', 3);
    const file = exportGame(game.doc, new Date('2026-11-20T20:00:00Z'));
    expect(backupFileName(file)).toBe('friday-night-2026-11-20.twilight.json');
    const { meta, update } = readBackup(JSON.stringify(file));
    const doc = new Y.Doc();
    Y.applyUpdateV2(doc, update);
    expect(meta.name).toBe('Friday night');
    expect(new Game(doc, 'x').snapshot().players.s2?.counters.vp).toBe(3);
  });

  it.each([
    ['text that is not JSON', 'hello', /not JSON/],
    ['JSON of another app', '{"foo":1}', /not a Twilight Table game export/],
    ['a damaged game', JSON.stringify({ format: 'twilight-table-game', version: 1, id: 'g', name: 'g', exportedAt: '', state: 'AAAA////' }), /damaged/],
    ['a file from a newer version', JSON.stringify({ format: 'twilight-table-game', version: 2, id: 'g', name: 'g', exportedAt: '', state: '' }), /newer version/],
  ])('refuses %s with a clear message', (_why, text, message) => {
    expect(() => readBackup(text)).toThrow(message);
  });

  it('merges an imported file into the same game already on the phone instead of replacing it', async () => {
    const onPhone = newGame();
    const { persistence } = await GamePersistence.open('game1', onPhone.doc);
    onPhone.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 2);
    const elsewhere = replicaOf(onPhone, 'dev2');
    elsewhere.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 5);
    onPhone.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    await persistence.whenSaved();
    await persistence.destroy();

    const id = await importSavedGame(JSON.stringify(exportGame(elsewhere.doc)));
    expect(id).toBe('game1');
    const doc = new Y.Doc();
    await GamePersistence.open('game1', doc);
    expect(new Game(doc, 'x').snapshot().players.s1?.counters.tradeGoods).toBe(8);
    expect((await listGames()).map((g) => g.id)).toContain('game1');
  });

  it("refuses to merge a file whose copy of the game deletes the phone's log or rewrites its meta, and leaves the saved game as it was", async () => {
    const onPhone = newGame();
    onPhone.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 2);
    const { persistence } = await GamePersistence.open('game2', new Y.Doc());
    Y.applyUpdate(persistence.doc, Y.encodeStateAsUpdate(onPhone.doc));
    // The file's copy: same game, its log emptied and its secret rewritten.
    const tampered = new Y.Doc();
    Y.applyUpdate(tampered, Y.encodeStateAsUpdate(onPhone.doc));
    tampered.getArray('log').delete(0, tampered.getArray('log').length);
    tampered.getMap('meta').set('secret', 'stolen');
    const file = { ...exportGame(onPhone.doc), state: Buffer.from(Y.encodeStateAsUpdateV2(tampered)).toString('base64') };
    await persistence.whenSaved();
    await persistence.destroy();

    await expect(importSavedGame(JSON.stringify(file))).rejects.toThrow(/This game file is damaged or not a game: it rewrites "secret" of "meta"|cannot be merged/);
    const doc = new Y.Doc();
    await GamePersistence.open('game2', doc);
    expect(new Game(doc, 'x').snapshot().players.s1?.counters.tradeGoods).toBe(2);
  });
});
