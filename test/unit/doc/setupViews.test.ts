import { describe, expect, it } from 'vitest';
import { objectivesByStage, publicRace, tradeGoodsSoFar } from '../../../src/doc/setup';
import { startHomeBidding, homeBid } from '../../../src/rules/setup';

/** Setup at the table shows its numbers at the step that makes them (issue 35 item 8). */
describe('setup at the table: what each step has settled', () => {
  it('trade goods: nothing while home systems are bid on; the differences to the highest bid once every seat holds one; the final count after step 10', () => {
    let home = startHomeBidding(['a', 'b', 'c'], 'a');
    expect(tradeGoodsSoFar({ goods: null, home })).toBeUndefined();
    home = homeBid(home, 'a', 1, 2);
    home = homeBid(home, 'b', 2, 0);
    expect(tradeGoodsSoFar({ goods: null, home })).toBeUndefined();
    home = homeBid(home, 'c', 3, 1);
    expect(tradeGoodsSoFar({ goods: null, home })).toEqual({ goods: { a: 0, b: 2, c: 1 }, from: 'home bids' });
    expect(tradeGoodsSoFar({ goods: { a: 1, b: 3, c: 2 }, home })).toEqual({ goods: { a: 1, b: 3, c: 2 }, from: 'final' });
    // Star by star (no home bids): nothing until the auction's end.
    expect(tradeGoodsSoFar({ goods: null, home: null })).toBeUndefined();
  });

  it('objectives face up, grouped Stage I, Preliminary, Stage II, whatever order they were drawn in', () => {
    const groups = objectivesByStage(['stage2-01', 'stage1-03', 'arbiter', 'stage1-01']);
    expect(groups.map((g) => [g.label, g.ids])).toEqual([
      ['Stage I', ['stage1-03', 'stage1-01']],
      ['Preliminary', ['arbiter']],
      ['Stage II', ['stage2-01']],
    ]);
    expect(objectivesByStage(['stage1-01']).map((g) => g.label)).toEqual(['Stage I']);
  });

  it('a race chosen or dealt in public is named; a secretly kept one is hidden; otherwise still to be chosen', () => {
    const s = { picks: { a: 'sol', b: null }, dealt: { c: 'hacan' }, hidden: ['b'] };
    expect(['a', 'b', 'c', 'd'].map((seat) => publicRace(s, seat))).toEqual(['sol', 'hidden', 'hacan', undefined]);
  });
});
