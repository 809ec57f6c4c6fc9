/** Issue 19: 001 "Setup" steps 6–10 as pure rules, and the shared randomness they draw from. */
import { describe, expect, it } from 'vitest';
import { SeededRandom, combineSeed } from '../../../src/crypto/sharedRandom';
import {
  checkHomeBid,
  checkSpeakerMove,
  firstPlayer,
  homeBid,
  homeBidGoods,
  normalisedTradeGoods,
  racePool,
  seatingByLocation,
  shuffled,
  speakerBidGoods,
  speakerMove,
  startHomeBidding,
  startSpeakerBidding,
} from '../../../src/rules/setup';
import type { HomeBidding } from '../../../src/rules/setup';

const openings = [
  { seat: 's1', value: 'a1' },
  { seat: 's2', value: 'b2' },
  { seat: 's3', value: 'c3' },
];

describe('the shared seed (issue 19: "a seed that all phones contribute to by commit–reveal")', () => {
  it('is the same on every phone for the same openings, and changes with any one phone\'s value or another game', () => {
    const seed = combineSeed('game1', openings);
    expect(combineSeed('game1', openings.map((o) => ({ ...o })))).toEqual(seed);
    expect(combineSeed('game1', [openings[0]!, openings[1]!, { seat: 's3', value: 'c4' }])).not.toEqual(seed);
    expect(combineSeed('game2', openings)).not.toEqual(seed);
    expect(seed).toHaveLength(32);
  });

  it('draws the same numbers and the same shuffle on every phone, each outcome about equally often', () => {
    const seed = combineSeed('game1', openings);
    const a = new SeededRandom(seed);
    const b = new SeededRandom(seed);
    const draws = Array.from({ length: 20 }, () => a.below(10));
    expect(Array.from({ length: 20 }, () => b.below(10))).toEqual(draws);
    expect(shuffled(['x', 'y', 'z', 'w'], new SeededRandom(seed))).toEqual(shuffled(['x', 'y', 'z', 'w'], new SeededRandom(seed)));
    const counts = new Array<number>(6).fill(0);
    const rng = new SeededRandom(combineSeed('fair', openings));
    for (let i = 0; i < 6000; i++) counts[rng.below(6)]! += 1;
    for (const c of counts) expect(c).toBeGreaterThan(850);
    expect(() => rng.below(0)).toThrow();
  });
});

describe('step 6: race picking (001 "Race Picking")', () => {
  it('the highest die is the first player; ties among the highest roll again, and every round of rolls is kept', () => {
    const seats = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      const { rolls, first } = firstPlayer(seats, new SeededRandom(combineSeed(name, openings)));
      const last = rolls.at(-1) as Record<string, number>;
      expect(Math.max(...Object.values(last))).toBe(last[first]);
      expect(Object.values(last).filter((v) => v === last[first])).toHaveLength(1);
      for (const [i, round] of rolls.entries()) {
        for (const v of Object.values(round)) expect(v).toBeGreaterThanOrEqual(1);
        if (i > 0) expect(Object.keys(round).every((s) => (rolls[i - 1] as Record<string, number>)[s] === Math.max(...Object.values(rolls[i - 1] as Record<string, number>)))).toBe(true);
      }
    }
  });

  it('the pool holds the races nobody took', () => {
    expect(racePool(['sol', 'hacan', 'xxcha', 'letnev'], ['hacan', 'letnev'])).toEqual(['sol', 'xxcha']);
  });
});

describe('step 7: home system location bids (001 "Pre-Set Map")', () => {
  const seats = ['s1', 's2', 's3', 's4'];
  const bids = (b: HomeBidding) => Object.fromEntries(Object.entries(b.holds).map(([seat, h]) => [seat, h.bid]));

  it('the first player bids first, then the others clockwise from her; a bid out of turn is refused', () => {
    let b = startHomeBidding(seats, 's3');
    expect([b.order, b.turn, b.locations]).toEqual([['s3', 's4', 's1', 's2'], 's3', 4]);
    expect(checkHomeBid(b, 's4', 1, 0)).toMatchObject({ ok: false, reason: 'It is not your turn to bid on a home system location.' });
    b = homeBid(b, 's3', 2, 0);
    expect(b.turn).toBe('s4');
    b = homeBid(b, 's4', 1, 0);
    expect(b.turn).toBe('s1');
    b = homeBid(b, 's1', 4, 0);
    expect(b.turn).toBe('s2');
  });

  it('an overbid displaces the holder, who bids again when her turn comes round clockwise', () => {
    let b = homeBid(startHomeBidding(seats, 's1'), 's1', 1, 0);
    b = homeBid(b, 's2', 1, 1);
    expect(b.holds).toEqual({ s2: { location: 1, bid: 1 } });
    // Not at once: s3 and s4 bid first, then the turn loops back to her.
    expect(b.turn).toBe('s3');
    b = homeBid(b, 's3', 2, 0);
    expect(b.turn).toBe('s4');
    b = homeBid(b, 's4', 3, 0);
    expect(b.turn).toBe('s1');
    // She may overbid in turn: s2, displaced, is next.
    b = homeBid(b, 's1', 1, 3);
    expect([b.turn, b.holds.s1, b.holds.s2]).toEqual(['s2', { location: 1, bid: 3 }, undefined]);
  });

  it("a bid not above the holder's is refused, as is a location off the map or a bid that is not a whole number of trade goods", () => {
    const b = homeBid(startHomeBidding(seats, 's1'), 's1', 1, 2);
    const held = 'Location 1 is held with 2 trade goods: overbid it, or bid on another location.';
    expect(checkHomeBid(b, 's2', 1, 2)).toMatchObject({ ok: false, reason: held });
    expect(checkHomeBid(b, 's2', 1, 1)).toMatchObject({ ok: false, reason: held });
    expect(() => homeBid(b, 's2', 1, 2)).toThrow(held);
    expect(checkHomeBid(b, 's2', 1, 3).ok).toBe(true);
    // A free location takes any bid from 0.
    expect(checkHomeBid(b, 's2', 2, 0).ok).toBe(true);
    for (const [location, bid] of [[0, 0], [5, 0], [2, -1], [2, 1.5], [2, 100]] as const) expect(checkHomeBid(b, 's2', location, bid).ok).toBe(false);
  });

  it('a bid of 1 reads in the singular: 1 trade good', () => {
    const home = homeBid(startHomeBidding(seats, 's1'), 's1', 1, 1);
    expect(checkHomeBid(home, 's2', 1, 1)).toMatchObject({ ok: false, reason: 'Location 1 is held with 1 trade good: overbid it, or bid on another location.' });
    const speaker = speakerMove(startSpeakerBidding(seats, 's2'), 's1', { bid: 1 });
    expect(checkSpeakerMove(speaker, 's4', { bid: 1 })).toMatchObject({ ok: false, reason: 'Overbid 1 trade good, or withdraw.' });
  });

  it('ends when everyone holds a location: no turn, and any further bid is refused', () => {
    let b = startHomeBidding(seats, 's2');
    for (const [i, seat] of b.order.entries()) b = homeBid(b, seat, i + 1, i);
    expect(b.turn).toBeNull();
    expect(Object.keys(b.holds).sort()).toEqual(seats);
    expect(checkHomeBid(b, 's2', 1, 9)).toMatchObject({ ok: false, reason: 'Every player already holds a home system location.' });
  });

  it('everyone receives the difference between the highest bid and her own', () => {
    expect(homeBidGoods({ s1: 3, s2: 0, s3: 1 })).toEqual({ s1: 0, s2: 3, s3: 2 });
    expect(homeBidGoods({})).toEqual({});
    expect(() => homeBidGoods({ s1: -1 })).toThrow();
    // From a bidding played out with an overbid: only the bids that hold count.
    let b = homeBid(startHomeBidding(['s1', 's2', 's3'], 's1'), 's1', 1, 1);
    b = homeBid(b, 's2', 1, 4);
    b = homeBid(b, 's3', 2, 0);
    b = homeBid(b, 's1', 3, 2);
    expect(homeBidGoods(bids(b))).toEqual({ s1: 2, s2: 0, s3: 4 });
  });

  it('seatingByLocation orders the seats by the locations they hold, from location 1', () => {
    let b = startHomeBidding(seats, 's2');
    for (const [seat, location] of [['s2', 3], ['s3', 1], ['s4', 4], ['s1', 2]] as const) b = homeBid(b, seat, location, 0);
    expect(seatingByLocation(b)).toEqual(['s3', 's1', 's2', 's4']);
  });
});

describe('step 9: speaker token bidding (001 "Speaker Token Bidding")', () => {
  const seats = ['s1', 's2', 's3', 's4'];

  it('starts with the player on the right of the first player and goes counter-clockwise', () => {
    expect(startSpeakerBidding(seats, 's2').order).toEqual(['s1', 's4', 's3', 's2']);
  });

  it('the first bidder must bid (0 allowed), later ones overbid or withdraw; the last one standing wins and the others receive the winning bid', () => {
    let b = startSpeakerBidding(seats, 's2');
    expect(checkSpeakerMove(b, 's1', 'withdraw').ok).toBe(false);
    expect(checkSpeakerMove(b, 's4', { bid: 1 })).toMatchObject({ ok: false, reason: 'It is not your turn to bid.' });
    b = speakerMove(b, 's1', { bid: 0 });
    expect(checkSpeakerMove(b, 's4', { bid: 0 })).toMatchObject({ ok: false, reason: 'Overbid 0 trade goods, or withdraw.' });
    b = speakerMove(b, 's4', { bid: 2 });
    b = speakerMove(b, 's3', 'withdraw');
    b = speakerMove(b, 's2', 'withdraw');
    expect(b.turn).toBe('s1');
    b = speakerMove(b, 's1', { bid: 3 });
    expect(b.turn).toBe('s4');
    b = speakerMove(b, 's4', 'withdraw');
    expect(b.turn).toBeNull();
    expect(speakerBidGoods(b)).toEqual({ speaker: 's1', goods: { s1: 0, s4: 3, s3: 3, s2: 3 } });
    expect(checkSpeakerMove(b, 's1', { bid: 4 }).ok).toBe(false);
  });
});

describe('step 10: starting trade goods normalisation (001 "Starting Trade Goods Normalization")', () => {
  it('everyone gains or loses the same so that the lowest has exactly 1', () => {
    expect(normalisedTradeGoods({ s1: 3, s2: 0, s3: 5 })).toEqual({ s1: 4, s2: 1, s3: 6 });
    expect(normalisedTradeGoods({ s1: 4, s2: 6 })).toEqual({ s1: 1, s2: 3 });
    expect(normalisedTradeGoods({ s1: 0, s2: 0 })).toEqual({ s1: 1, s2: 1 });
  });
});
