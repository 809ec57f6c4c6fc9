/**
 * The game at a glance (issue 20): each round as the table ended it, and the series a chart draws from
 * them (src/doc/round/views.ts roundRecords, roundSeries, seriesSummary).
 */
import { describe, expect, it } from 'vitest';
import { roundRecords, roundSeries, seriesSummary } from '../../../src/doc/round';
import type { RoundRecord } from '../../../src/doc/round';
import { holdRefreshed, newGame } from './fixtures';
import * as roundMoves from '../../../src/doc/round/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

const nextRound = (game: ReturnType<typeof newGame>, round: number) => game.makeMove(roundMoves.setRound, { round, phase: 'strategy', step: null });

describe('the game round by round', () => {
  it('records each seat\'s VP, trade goods and planets when a round ends, then the round under way as it stands', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 2);
    game.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 3);
    holdRefreshed(game, 's1', 'abyz');
    nextRound(game, 2);
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 1);
    game.makeMove(sheetMoves.adjustCounter, 's3', 'vp', 4);
    const records = roundRecords(game.snapshot());
    expect(records.map((r) => [r.round, r.vp, r.tradeGoods])).toEqual([
      [1, { s1: 2, s2: 0, s3: 0 }, { s1: 0, s2: 3, s3: 0 }],
      [2, { s1: 3, s2: 0, s3: 4 }, { s1: 0, s2: 3, s3: 0 }],
    ]);
    // Sol's home system (Jord) and Abyz; the Hacan's three home planets; the Xxcha's two.
    expect(records[0]?.planets).toEqual({ s1: 2, s2: 3, s3: 2 });
  });

  it('counts VP as they count for victory: less 2 while she does not hold her whole home system', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's2', 'vp', 3);
    game.makeMove(planetMoves.takePlanet, 's1', 'arretze');
    nextRound(game, 2);
    expect(roundRecords(game.snapshot())[0]?.vp.s2).toBe(1);
  });

  it('has one record for a game still in its first round', () => {
    expect(roundRecords(newGame().snapshot()).map((r) => r.round)).toEqual([1]);
  });
});

describe('a chart\'s series', () => {
  const record = (round: number, vp: Record<string, number>): RoundRecord => ({ round, cards: {}, vp, tradeGoods: {}, planets: {} });
  const records = [record(1, { a: 1, b: 0 }), record(2, { a: 3, b: 2 }), record(4, { a: 3, b: 7 })];

  it('gives each seat one value a round, in the order of the seats asked for, on a scale from 0 to the goal', () => {
    expect(roundSeries(records, ['b', 'a'], 'vp', 12)).toEqual({
      rounds: [1, 2, 4],
      lines: [
        { seat: 'b', values: [0, 2, 7] },
        { seat: 'a', values: [1, 3, 3] },
      ],
      min: 0,
      max: 12,
    });
  });

  it('stretches the scale past the goal and below 0 when the values do (the home system penalty)', () => {
    const s = roundSeries([record(1, { a: -2 }), record(2, { a: 14 })], ['a'], 'vp', 12);
    expect([s.min, s.max]).toEqual([-2, 14]);
  });

  it('reads a seat missing from a record as 0', () => {
    expect(roundSeries([record(1, {})], ['a'], 'tradeGoods').lines).toEqual([{ seat: 'a', values: [0] }]);
  });

  it('says the chart in words for a screen reader', () => {
    const name = (seat: string) => ({ a: 'Ana', b: 'Ben' })[seat] ?? seat;
    expect(seriesSummary(roundSeries(records, ['a', 'b'], 'vp', 12), 'Victory points', name)).toBe('Victory points in rounds 1 to 4: Ana 1, 3, 3; Ben 0, 2, 7.');
    expect(seriesSummary(roundSeries([record(1, { a: 2 })], ['a'], 'vp'), 'Victory points', name)).toBe('Victory points in round 1: Ana 2.');
  });
});
