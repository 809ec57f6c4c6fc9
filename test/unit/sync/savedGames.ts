/** Games saved and reopened through the app's own persistence, for the storage tests. */
import * as Y from 'yjs';
import { createGame, Game } from '../../../src/doc';
import { GamePersistence } from '../../../src/sync/persistence';
import { clockAt, threeSeats } from '../doc/fixtures';
import * as sheetMoves from '../../../src/doc/sheet/moves';

/**
 * A game saved under `id` (its own id too, as the app stores one), compacting every `compactAfter`
 * entries, after `changes` taps of +1 trade good on Ana's seat; the persistence is closed after.
 */
export async function played(id: string, changes: number, compactAfter = 10): Promise<Game> {
  const doc = new Y.Doc();
  const { persistence } = await GamePersistence.open(id, doc, compactAfter);
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(createGame(threeSeats, { id, secret: 'secret', device: 'dev1', clock: clockAt(1_700_000_000_000) }).doc));
  await persistence.whenSaved();
  const game = new Game(doc, 'dev1');
  for (let i = 0; i < changes; i++) {
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    await persistence.whenSaved();
  }
  await persistence.destroy();
  return game;
}

/** The game as the phone opens it again: what it loaded, and what it reported. */
export async function reopen(id: string) {
  const doc = new Y.Doc();
  const { persistence, report } = await GamePersistence.open(id, doc);
  await persistence.destroy();
  return { report, game: new Game(doc, 'dev1'), doc };
}
