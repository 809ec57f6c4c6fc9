import { describe, expect, it } from 'vitest';
import { planetsOutsideHome, specialObjectivesMet } from '../../../src/rules/objectives';
import {
  actionOrder,
  bonusAfterPicking,
  canPass,
  canSkipTurn,
  cardsInPlay,
  checkBonusSplit,
  drawsUnpickedCard,
  nextActor,
  pickerAt,
  picksPerPlayer,
  secondaryCost,
} from '../../../src/rules/strategy';

describe('strategy cards by the number of players (001 "Rule Adjustments Based On The Number Of Players")', () => {
  it.each([
    [2, 8, 3],
    [3, 8, 2],
    [4, 9, 2],
    [5, 8, 1],
    [6, 8, 1],
    [7, 9, 1],
    [8, 9, 1],
  ])('%i players: %i cards in play (Prospect with 4, 7 and 8), %i picked by each', (players, cards, picks) => {
    expect(cardsInPlay(players).length).toBe(cards);
    expect(cardsInPlay(players).some((c) => c.initiative === 9)).toBe(cards === 9);
    expect(picksPerPlayer(players)).toBe(picks);
    expect(players * picks).toBeLessThanOrEqual(cards);
  });

  it('picks go round in rotation order, one card at a time, as many times as each player picks', () => {
    const sequence = (rotation: string[]) => Array.from({ length: 8 }, (_, pick) => pickerAt(rotation, pick));
    expect(sequence(['b', 'c', 'a'])).toEqual(['b', 'c', 'a', 'b', 'c', 'a', null, null]);
    expect(sequence(['a', 'b'])).toEqual(['a', 'b', 'a', 'b', 'a', 'b', null, null]);
    expect(sequence(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c', 'd', 'e', null, null, null]);
    expect(pickerAt([], 0)).toBeNull();
  });

  it('only 5 players draw an unpicked card to be played by no player', () => {
    expect([2, 3, 4, 5, 6, 7, 8].filter(drawsUnpickedCard)).toEqual([5]);
  });
});

describe('bonus counters (001 "Strategy Card Picking")', () => {
  const table = [
    { initiative: 1, bonus: 0, holder: 'a' },
    { initiative: 2, bonus: 2, holder: null },
    { initiative: 3, bonus: 0, holder: null },
  ];

  it('one more on every unpicked card, stacking from round to round', () => {
    expect(bonusAfterPicking(table, null)).toEqual([0, 3, 1]);
  });

  it('5 players: the drawn card does not get the new counter but keeps the old ones', () => {
    expect(bonusAfterPicking(table, 2)).toEqual([0, 2, 1]);
  });

  it('the picker converts every counter, each into a trade good or a command counter', () => {
    expect(checkBonusSplit(3, { tradeGoods: 1, pool: 1, fleet: 0, strat: 1 }).ok).toBe(true);
    expect(checkBonusSplit(0, { tradeGoods: 0, pool: 0, fleet: 0, strat: 0 }).ok).toBe(true);
    expect(checkBonusSplit(2, { tradeGoods: 1, pool: 0, fleet: 0, strat: 0 })).toEqual({ ok: false, reason: expect.stringMatching(/exactly 2/) });
    expect(checkBonusSplit(1, { tradeGoods: 2, pool: -1, fleet: 0, strat: 0 }).ok).toBe(false);
  });
});

describe('action phase turns (001 "Action Phase", "Passing")', () => {
  it('initiative order: the lowest card first, a player with several cards by her lowest', () => {
    expect(actionOrder([{ seat: 'a', cards: [5, 2] }, { seat: 'b', cards: [1, 8] }, { seat: 'c', cards: [3, 4] }], [])).toEqual(['b', 'a', 'c']);
  });

  it('5 players: the card played by no player takes its turn at its own initiative', () => {
    expect(actionOrder([{ seat: 'a', cards: [6] }, { seat: 'b', cards: [1] }], [4])).toEqual(['b', '#4', 'a']);
  });

  it('turns go round in initiative order, skipping those who passed, until everyone has', () => {
    const order = ['b', 'a', 'c'];
    expect(nextActor(order, null, new Set())).toBe('b');
    expect(nextActor(order, 'b', new Set())).toBe('a');
    expect(nextActor(order, 'c', new Set())).toBe('b');
    expect(nextActor(order, 'c', new Set(['b']))).toBe('a');
    expect(nextActor(order, 'a', new Set(['c', 'b']))).toBe('a');
    expect(nextActor(order, 'a', new Set(['a', 'b', 'c']))).toBeNull();
  });

  it('no passing before every card she holds has been played', () => {
    expect(canPass([3], [3]).ok).toBe(true);
    expect(canPass([3, 7], [3])).toEqual({ ok: false, reason: expect.stringMatching(/Technology/) });
    expect(canPass([], []).ok).toBe(true);
  });

  it('the Yssaril may skip a turn without passing, but not two in a row; no other race may skip (003 Appendix 2, Yssaril)', () => {
    expect(canSkipTurn('yssaril', false).ok).toBe(true);
    expect(canSkipTurn('yssaril', true)).toEqual({ ok: false, reason: expect.stringMatching(/may not skip two in a row/) });
    for (const race of ['sol', 'hacan', 'yin', undefined]) expect(canSkipTurn(race, false).ok).toBe(false);
  });

  it('secondary abilities cost a strategy allocation counter, except Leadership (influence); Prospect has none', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(secondaryCost)).toEqual(['free', 'counter', 'counter', 'counter', 'counter', 'counter', 'counter', 'counter', 'none']);
  });
});

describe('special objectives (001 "Special Objectives")', () => {
  const base = { artifacts: [], planetsOutsideHome: 0, voice: false, playerCount: 4 } as const;

  it('each artifact she controls, more than 8 and more than 12 planets outside her home system, the Voice', () => {
    expect(specialObjectivesMet({ ...base, artifacts: ['red', 'blue'] })).toEqual(['lazax-armory', 'ancient-shipwreck']);
    expect(specialObjectivesMet({ ...base, planetsOutsideHome: 8 })).toEqual([]);
    expect(specialObjectivesMet({ ...base, planetsOutsideHome: 9 })).toEqual(['sovereign']);
    expect(specialObjectivesMet({ ...base, planetsOutsideHome: 13 })).toEqual(['sovereign', 'imperial']);
    expect(specialObjectivesMet({ ...base, voice: true })).toEqual(['voice-of-the-council']);
  });

  it('2 players: Sovereign and Imperial are not in play', () => {
    expect(specialObjectivesMet({ ...base, playerCount: 2, planetsOutsideHome: 14, artifacts: ['green'] })).toEqual(['precursor-fossil']);
  });

  it('planets outside her home system count another race\'s home planets, not her own', () => {
    const planets = [
      { owner: 's1', homeOf: 'sol' },
      { owner: 's1', homeOf: 'hacan' },
      { owner: 's1', homeOf: null },
      { owner: 's2', homeOf: null },
      { owner: 's2', homeOf: 'hacan' },
      { owner: null, homeOf: null },
    ];
    const seats = [{ id: 's1', race: 'sol' }, { id: 's2', race: 'hacan' }, { id: 's3', race: 'xxcha' }];
    expect(planetsOutsideHome(planets, seats)).toEqual({ s1: 2, s2: 1, s3: 0 });
  });
});
