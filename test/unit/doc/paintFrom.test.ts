import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { foldGame, gameRoot, Game, readRaw } from '../../../src/doc';
import type { GameSnapshot } from '../../../src/doc';
import { captureUpdate, simulateGame } from '../../../bench/simulate';
import * as sheetMoves from '../../../src/doc/sheet/moves';

/** A new phone-side Game over a copy of `source`'s document (a start: nothing folded yet). */
function started(source: Game): Game {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(source.doc));
  return new Game(doc, source.device, undefined, source.signer);
}

const fromScratch = (game: Game) => foldGame(readRaw(gameRoot(game.doc))!);
const withoutLog = (s: GameSnapshot) => ({ ...s, log: [] });
/** Runs the slices one after the other without waiting for the browser. */
const noPause = () => Promise.resolve();

/**
 * Issue 33: a start paints from the game as the last start folded it, and the real fold, a slice at a
 * time, replaces it: a stale or forged view never survives the fold, and nothing is decided on it.
 */
describe('a start painted from a kept view', () => {
  const sim = simulateGame({ players: 4, rounds: 2, seed: 5 });
  const source = sim.games[0]!;
  const kept = source.snapshot();

  it('shows the view at once, then the real fold, and says nothing when they agree', async () => {
    const game = started(source);
    let refolds = 0;
    game.onRefold(() => refolds++);
    const done = game.paintFrom(kept, 50, noPause);
    expect(game.paintingFromView).toBe(true);
    // What the screen shows: the view. What a command decides on (`snapshot`) is never the view.
    expect(game.snapshotOrUndefined()!.players).toEqual(kept.players);
    expect(game.snapshotOrUndefined()!.log).toEqual([]);
    await done;
    expect(game.paintingFromView).toBe(false);
    expect(refolds).toBe(1);
    expect(game.viewDiffered).toBe(false);
    expect(game.snapshot()).toEqual(fromScratch(game));
  });

  it('the fold, the real snapshot and the screen\'s refresh come in separate tasks: no task does all three', async () => {
    const game = started(source);
    const tasks: string[] = [];
    game.onRefold(() => tasks.push('refresh'));
    // Each pause ends a task: the marks between them say what ran in which.
    const pause = async () => {
      tasks.push('|');
      await Promise.resolve();
    };
    await game.paintFrom(kept, 1_000_000, pause, Infinity);
    expect(game.paintingFromView).toBe(false);
    expect(game.snapshot()).toEqual(fromScratch(game));
    // The first task reads the log and makes the fold's first pass over it, the next folds every event
    // (budget without end), the next finishes the snapshot, the last refreshes.
    expect(tasks).toEqual(['|', '|', '|', '|', 'refresh']);
  });

  it('a forged view (a planet given to another player, VP added) is replaced by the fold and reported', async () => {
    const game = started(source);
    const me = sim.seats[0]!;
    const planet = kept.players[me]!.planets[0]!;
    const forged: GameSnapshot = structuredClone(kept);
    forged.planets[planet]!.owner = sim.seats[1]!;
    forged.players[me]!.counters.vp += 5;
    await game.paintFrom(forged, 50, noPause);
    expect(game.viewDiffered).toBe(true);
    expect(game.snapshot().planets[planet]!.owner).toBe(me);
    expect(game.snapshot()).toEqual(fromScratch(game));
  });

  it('a tap while the view shows, before the fold has read the log, is decided by the real fold, folded first', async () => {
    const game = started(source);
    const me = sim.seats[0]!;
    const forged: GameSnapshot = structuredClone(kept);
    forged.players[me]!.counters.tradeGoods += 10;
    void game.paintFrom(forged, 10, () => new Promise(() => undefined)); // slices that never come on their own
    expect(game.snapshotOrUndefined()!.players[me]!.counters.tradeGoods).toBe(kept.players[me]!.counters.tradeGoods + 10);
    const real = kept.players[me]!.counters.tradeGoods;
    // Spending more trade goods than she has is refused by the fold, whatever the view said.
    expect(() => game.makeMove(sheetMoves.giveTradeGoods, me, sim.seats[1]!, real + 5)).toThrow();
    expect(game.paintingFromView).toBe(false);
    game.makeMove(sheetMoves.adjustCounter, me, 'vp', 1);
    expect(game.snapshot()).toEqual(fromScratch(game));
    expect(game.snapshot().players[me]!.counters.tradeGoods).toBe(real);
  });

  it('a change from another phone while the view shows, before the fold has read the log, drops the view: the game shown is the fold of the whole log', async () => {
    const game = started(source);
    const other = sim.games[1]!;
    void game.paintFrom(kept, 10, () => new Promise(() => undefined));
    const seat = sim.seats[1]!;
    Y.applyUpdate(game.doc, captureUpdate(other.doc, () => other.makeMove(sheetMoves.adjustCounter, seat, 'vp', 1)).v1);
    expect(game.paintingFromView).toBe(false);
    expect(game.snapshot()).toEqual(fromScratch(game));
    expect(withoutLog(game.snapshot()).players[seat]!.counters.vp).toBe(kept.players[seat]!.counters.vp + 1);
  });
});
