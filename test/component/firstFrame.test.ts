// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { entries, set } from 'idb-keyval';
import { createRoot } from 'solid-js';
import { unwrap } from 'solid-js/store';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { GameSnapshot } from '../../src/doc';
import type { GameSession } from '../../src/runtime/session';
import { firstFrame, keptFirstView } from '../../src/runtime/firstFrame';
import { entriesTag, gameStore, readGameEarly } from '../../src/sync/gameStore';
import { sealEntry } from '../../src/sync/storedEntry';
import { keepView } from '../../src/sync/viewCache';
import { readViewEarly, viewKey } from '../../src/sync/viewEarly';
import { privateStore } from '../../src/secret/device';
import { createGameStore } from '../../src/ui/store';
import { newGame, replicaOf } from '../unit/doc/fixtures';
import type { Game } from '../../src/doc';
import * as roundMoves from '../../src/doc/round/moves';
import * as sheetMoves from '../../src/doc/sheet/moves';

/** A stored game as GamePersistence leaves it: one checksummed entry of the whole document. */
async function storedGame(id: string): Promise<Game> {
  const game = newGame(undefined, id);
  await set(`s1-test`, await sealEntry(Y.encodeStateAsUpdate(game.doc)), gameStore(id));
  await keepView(game.snapshot(), Y.encodeStateVector(game.doc), entriesTag(await entries(gameStore(id))));
  return game;
}

/** A start of the app on `id`: the early reads App.tsx makes. */
function start(id: string): void {
  readGameEarly(id);
  readViewEarly(id);
}

/** The session the stand-in waits for, around a real game. */
function sessionOf(game: Game, over: Partial<GameSession> = {}): GameSession {
  return {
    game,
    persistence: { state: 'saved', onState: () => () => undefined } as unknown as GameSession['persistence'],
    report: { applied: 1, skipped: [] },
    peers: undefined,
    link: {} as GameSession['link'],
    onSetupError: () => () => undefined,
    close: async () => undefined,
    ...over,
  };
}

function opening(): { promise: Promise<GameSession>; open: (s: GameSession) => Promise<void> } {
  let open: (s: GameSession) => void = () => undefined;
  const promise = new Promise<GameSession>((done) => (open = done));
  return { promise, open: async (s) => (open(s), await promise, await Promise.resolve()) };
}

/** A view claiming what the document does not hold (as a bug or anything with the phone's storage could). */
const forged = (s: GameSnapshot): GameSnapshot => ({ ...s, log: [], players: { ...s.players, s1: { ...s.players.s1!, counters: { ...s.players.s1!.counters, vp: 9 } } } });

/** Issue 33: a stored game's first frame is painted from the kept view before the session's code has loaded. */
describe("a stored game's first frame", () => {
  it('is painted from the kept view only for exactly the entries the store holds, by this build', async () => {
    const game = await storedGame('ff-same');
    start('ff-same');
    expect((await keptFirstView('ff-same'))?.players.s1?.counters).toEqual(game.snapshot().players.s1?.counters);

    await storedGame('ff-changed');
    await set('u-later', await sealEntry(new Uint8Array([0, 0])), gameStore('ff-changed'));
    start('ff-changed');
    expect(await keptFirstView('ff-changed')).toBeUndefined();

    await storedGame('ff-build');
    const store = privateStore();
    const kept = (await entries(store)).find(([k]) => k === viewKey('ff-build'))?.[1] as object;
    await set(viewKey('ff-build'), { ...kept, build: 'an older build' }, store);
    start('ff-build');
    expect(await keptFirstView('ff-build')).toBeUndefined();
  });

  it('is not painted when the app did not start on the game (no early read to check the view against)', async () => {
    await storedGame('ff-later');
    expect(await keptFirstView('ff-later')).toBeUndefined();
  });

  it('shows the kept view, then the real game once the session opens: a forged view does not survive', async () => {
    const game = newGame(undefined, 'ff-store');
    const { promise, open } = opening();
    const frame = firstFrame(forged(game.snapshot()), 'phone-a', promise);
    await createRoot(async (dispose) => {
      const state = createGameStore(frame.session.game);
      expect(state.players.s1?.counters.vp).toBe(9);
      await open(sessionOf(game));
      expect(state.players.s1?.counters.vp).toBe(0);
      // The store now follows the real game's changes.
      game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 2);
      expect(state.players.s1?.counters.vp).toBe(2);
      dispose();
    });
  });

  it("keeps the kept view in the screen's store without a copy, and the real fold still finds a forged view and replaces it", async () => {
    const source = newGame(undefined, 'ff-own');
    // As keptFirstView hands it over: parsed for this frame alone, here with a VP the log does not hold.
    const view = JSON.parse(JSON.stringify(forged(source.snapshot()))) as GameSnapshot;
    // A start: the same document on the same phone, not folded yet, painted from the same parse (session.ts,
    // GameCore.paintFrom).
    const real = replicaOf(source, source.device);
    const { promise, open } = opening();
    const frame = firstFrame(view, 'phone-a', promise);
    const owned = frame.takeView();
    expect(frame.takeView()).toBeUndefined();
    await createRoot(async (dispose) => {
      const state = createGameStore(frame.session.game, owned);
      expect(unwrap(state).planets).toBe(view.planets);
      // A snapshot given over that is not the one the game shows is copied, as any other.
      expect(unwrap(createGameStore(frame.session.game, structuredClone(view))).planets).not.toBe(view.planets);
      expect(state.players.s1?.counters.vp).toBe(9);
      const painting = real.paintFrom(view, 50, () => Promise.resolve());
      await open(sessionOf(real));
      await painting;
      expect(real.viewDiffered).toBe(true);
      expect(state.players.s1?.counters.vp).toBe(0);
      real.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 2);
      expect(state.players.s1?.counters.vp).toBe(2);
      // The store wrote only to what it was given: the fold's own snapshot is the fold of the log.
      expect(unwrap(state).players).not.toBe(real.snapshot().players);
      expect(real.snapshot().players.s1?.counters.vp).toBe(2);
      dispose();
    });
  });

  it('runs a command tapped before the session opens on the real game, decided on its fold, not the view', async () => {
    const game = newGame(undefined, 'ff-command');
    const { promise, open } = opening();
    const frame = firstFrame(forged(game.snapshot()), 'phone-a', promise);
    const tapped = frame.session.game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 1) as unknown;
    expect(tapped).toBeInstanceOf(Promise);
    expect(game.snapshot().players.s1?.counters.vp).toBe(0);
    await open(sessionOf(game));
    await tapped;
    expect(game.snapshot().players.s1?.counters.vp).toBe(1);
    // A move too, and a refusal reaches the one that tapped.
    const refused = newGame(undefined, 'ff-refused');
    const next = opening();
    const other = firstFrame(refused.snapshot(), 'phone-a', next.promise);
    const pick = other.session.game.makeMove(roundMoves.pick, 'nobody', 99) as unknown as Promise<unknown>;
    await next.open(sessionOf(refused));
    await expect(pick).rejects.toThrow();
  });

  it("runs a move a first-frame screen names through the game it holds (game.moves, whose code is not loaded yet) on the real game, as the planet card's tap does", async () => {
    const game = newGame(undefined, 'ff-moves');
    const planet = game.snapshot().players.s1!.planets[0]!;
    const was = game.snapshot().planets[planet]!.exhausted;
    const { promise, open } = opening();
    const standIn = firstFrame(game.snapshot(), 'dev1', promise).session.game;
    const tapped = standIn.move(standIn.moves.planets.setExhausted, planet, !was) as unknown as Promise<unknown>;
    await open(sessionOf(game));
    expect(await tapped).toBeUndefined();
    expect(game.snapshot().planets[planet]!.exhausted).toBe(!was);
    // Its refusal comes back as the real runner's value, for the screen to show.
    const refused = standIn.move(standIn.moves.planets.setExhausted, 'no-such-planet', true);
    expect(refused).toMatchObject({ refused: expect.any(String) });
  });

  it('hands the screen to the real session only when that session shows what the first frame assumed', () => {
    const game = newGame(undefined, 'ff-adopt');
    const frame = firstFrame(game.snapshot(), 'phone-a', opening().promise);
    expect(frame.adopts(sessionOf(game))).toBe(true);
    expect(frame.adopts(sessionOf(game, { report: { applied: 1, skipped: ['a saved change (entry u1) is damaged'] } }))).toBe(false);
    const readOnly = new Proxy(game, { get: (g, k) => (k === 'writable' ? false : Reflect.get(g, k, g) as unknown) });
    expect(frame.adopts(sessionOf(readOnly))).toBe(false);
  });

  it('moves to the real game only the listeners still there when it opens', async () => {
    const game = newGame(undefined, 'ff-listeners');
    const { promise, open } = opening();
    const frame = firstFrame(game.snapshot(), 'phone-a', promise);
    const calls: string[] = [];
    const kept = () => calls.push('kept');
    const gone = () => calls.push('gone');
    frame.session.game.doc.on('afterTransaction', kept);
    frame.session.game.doc.on('afterTransaction', gone);
    frame.session.game.doc.off('afterTransaction', gone);
    const stop = frame.session.game.onRefold(() => calls.push('refold'));
    stop();
    await open(sessionOf(game));
    calls.length = 0;
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 1);
    expect(calls).toEqual(['kept']);
  });
});

describe('the tag of the stored entries a view was kept for', () => {
  it('names the same entries the same way in any order, and any other set of entries otherwise', () => {
    const a: [IDBValidKey, unknown][] = [['s1-x', { sum: 'aa' }], ['u-1', { sum: 'bb' }]];
    expect(entriesTag(a)).toBe(entriesTag([...a].reverse()));
    expect(entriesTag(a)).not.toBe(entriesTag([['s1-x', { sum: 'aa' }], ['u-1', { sum: 'bc' }]]));
    expect(entriesTag(a)).not.toBe(entriesTag([...a, ['u-2', { sum: 'cc' }]]));
    // A snapshot from before checksums, kept as the fallback: tagged by its length.
    expect(entriesTag([['snapshot', new Uint8Array(3)]])).not.toBe(entriesTag([['snapshot', new Uint8Array(4)]]));
    expect(entriesTag([['x', 'not an entry']])).toBeUndefined();
  });
});
