import { describe, expect, it } from 'vitest';
import { atStatusStep, expectRefused, merge, newGame, replicaOf } from './fixtures';
import * as roundMoves from '../../../src/doc/round/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';

describe('undo (her own last change, Y.UndoManager scoped to this phone)', () => {
  it('takes back the last command whole, however many events it wrote', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 2);
    atStatusStep(game, 4);
    game.makeMove(sheetMoves.unlockUpgrade, 's1', 'mark-ii-advanced-carriers', { planets: ['jord'], tradeGoods: 0 });
    expect(game.undoPreview?.map((e) => e.k)).toEqual(['pay', 'upgrade']);
    game.undo();
    const s = game.snapshot();
    expect(s.players.s1?.upgrades).toEqual([]);
    expect(s.planets.jord?.exhausted).toBe(false);
    expect(s.players.s1?.counters.vp).toBe(2);
  });

  it('makes each tap its own step, even taps in the same millisecond', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    game.undo();
    expect(game.snapshot().players.s1?.counters.tradeGoods).toBe(1);
    game.undo();
    expect(game.snapshot().players.s1?.counters.tradeGoods).toBe(0);
    expect(game.canUndo).toBe(false);
  });

  it('never undoes a change made on another phone, even one merged after hers', () => {
    const a = newGame();
    const b = replicaOf(a, 'dev2');
    a.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 3);
    b.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 5);
    merge(a, b);
    a.undo();
    const s = a.snapshot();
    expect([s.players.s1?.counters.tradeGoods, s.players.s2?.counters.tradeGoods]).toEqual([0, 5]);
    expect(a.canUndo).toBe(false);
    merge(a, b);
    expect(b.snapshot().players.s1?.counters.tradeGoods).toBe(0);
    expect(b.snapshot().players.s2?.counters.tradeGoods).toBe(5);
  });

  it('a strategy card pick is undone until another phone acts; then it is settled, not offered, and refused with why (issue 35 item 5)', () => {
    const ana = newGame();
    const ben = replicaOf(ana, 'dev2');
    ana.claimSeat('s1');
    ben.claimSeat('s2');
    merge(ana, ben);
    ana.makeMove(roundMoves.pick, 's1', 1);
    expect(ana.undoPreview?.map((e) => e.k)).toEqual(['round']);
    ana.undo();
    expect(ana.snapshot().tracker.cards.find((c) => c.initiative === 1)?.holder).toBeNull();
    ana.makeMove(roundMoves.pick, 's1', 1);
    merge(ana, ben);
    ben.makeMove(roundMoves.pick, 's2', 2);
    merge(ana, ben);
    expect([ana.canUndo, ana.undoPreview]).toEqual([false, undefined]);
    expect(expectRefused(ana, 'not-allowed', () => ana.undo()).message).toMatch(/Another player has played since/);
    // Ben's own pick is his to undo while nobody has acted after it.
    expect(ben.canUndo).toBe(true);
  });

  it('does not offer to undo the game setup, and says so', () => {
    const game = newGame();
    expect(game.canUndo).toBe(false);
    expectRefused(game, 'invalid-input', () => game.undo());
  });
});
