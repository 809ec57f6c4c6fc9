import 'fake-indexeddb/auto';
import { get, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { privateStore } from '../../../src/secret/device';
import { keepView, keptView } from '../../../src/sync/viewCache';
import { readViewEarly } from '../../../src/sync/viewEarly';
import { newGame } from '../doc/fixtures';
import * as sheetMoves from '../../../src/doc/sheet/moves';

/** Issue 33: the game as a start last folded it is kept for exactly that document and that build. */
describe('the view of a game kept for the next start', () => {
  it('is given back for the same document, without its log', async () => {
    const game = newGame(undefined, 'view-same');
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 2);
    await keepView(game.snapshot(), Y.encodeStateVector(game.doc));
    readViewEarly('view-same');
    const view = await keptView('view-same', Y.encodeStateVector(game.doc));
    expect(view?.players.s1?.counters.vp).toBe(2);
    expect(view?.log).toBeUndefined();
  });

  it('is not given back once the document has changed since (a change from this phone or another)', async () => {
    const game = newGame(undefined, 'view-stale');
    await keepView(game.snapshot(), Y.encodeStateVector(game.doc));
    game.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 1);
    expect(await keptView('view-stale', Y.encodeStateVector(game.doc))).toBeUndefined();
  });

  it('is not given back to another build of the app, nor when it does not read', async () => {
    const game = newGame(undefined, 'view-build');
    await keepView(game.snapshot(), Y.encodeStateVector(game.doc));
    const kept = await get<{ build: string; view: string }>('view:view-build', privateStore());
    await set('view:view-build', { ...kept, build: 'an older build' }, privateStore());
    expect(await keptView('view-build', Y.encodeStateVector(game.doc))).toBeUndefined();
    await set('view:view-build', { ...kept, view: '{"not json' }, privateStore());
    expect(await keptView('view-build', Y.encodeStateVector(game.doc))).toBeUndefined();
  });

  it('is not given back when it lacks what the first screen reads (a seat with no sheet, another game\'s id)', async () => {
    const game = newGame(undefined, 'view-shape');
    await keepView(game.snapshot(), Y.encodeStateVector(game.doc));
    const kept = await get<{ view: string }>('view:view-shape', privateStore());
    const view = JSON.parse(kept!.view) as { players: Record<string, unknown>; meta: { id: string } };
    delete view.players.s2;
    await set('view:view-shape', { ...kept, view: JSON.stringify(view) }, privateStore());
    expect(await keptView('view-shape', Y.encodeStateVector(game.doc))).toBeUndefined();
    await set('view:view-shape', { ...kept, view: JSON.stringify({ ...JSON.parse(kept!.view), meta: { id: 'other' } }) }, privateStore());
    expect(await keptView('view-shape', Y.encodeStateVector(game.doc))).toBeUndefined();
    await set('view:view-shape', kept, privateStore());
    expect(await keptView('view-shape', Y.encodeStateVector(game.doc))).toBeDefined();
  });
});
