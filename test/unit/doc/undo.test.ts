import { describe, expect, it } from 'vitest';
import { atStatusStep, expectRefused, merge, newGame, replicaOf } from './fixtures';

describe('undo (her own last change, Y.UndoManager scoped to this phone)', () => {
  it('takes back the last command whole, however many events it wrote', () => {
    const game = newGame();
    game.adjustCounter('s1', 'vp', 2);
    atStatusStep(game, 4);
    game.unlockUpgrade('s1', 'mark-ii-advanced-carriers', { planets: ['jord'], tradeGoods: 0 });
    expect(game.undoPreview?.map((e) => e.k)).toEqual(['pay', 'upgrade']);
    game.undo();
    const s = game.snapshot();
    expect(s.players.s1?.upgrades).toEqual([]);
    expect(s.planets.jord?.exhausted).toBe(false);
    expect(s.players.s1?.counters.vp).toBe(2);
  });

  it('makes each tap its own step, even taps in the same millisecond', () => {
    const game = newGame();
    game.adjustCounter('s1', 'tradeGoods', 1);
    game.adjustCounter('s1', 'tradeGoods', 1);
    game.undo();
    expect(game.snapshot().players.s1?.counters.tradeGoods).toBe(1);
    game.undo();
    expect(game.snapshot().players.s1?.counters.tradeGoods).toBe(0);
    expect(game.canUndo).toBe(false);
  });

  it('never undoes a change made on another phone, even one merged after hers', () => {
    const a = newGame();
    const b = replicaOf(a, 'dev2');
    a.adjustCounter('s1', 'tradeGoods', 3);
    b.adjustCounter('s2', 'tradeGoods', 5);
    merge(a, b);
    a.undo();
    const s = a.snapshot();
    expect([s.players.s1?.counters.tradeGoods, s.players.s2?.counters.tradeGoods]).toEqual([0, 5]);
    expect(a.canUndo).toBe(false);
    merge(a, b);
    expect(b.snapshot().players.s1?.counters.tradeGoods).toBe(0);
    expect(b.snapshot().players.s2?.counters.tradeGoods).toBe(5);
  });

  it('does not offer to undo the game setup, and says so', () => {
    const game = newGame();
    expect(game.canUndo).toBe(false);
    expectRefused(game, 'invalid-input', () => game.undo());
  });
});
