import { describe, expect, it } from 'vitest';
import { canTakeNaturalWealth, canUseRefreshAbility, refreshGain } from '../../../src/rules/refresh';
import type { RoundState } from '../../../src/rules/round';

const step = (n: number, round = 2): RoundState => ({ round, phase: 'status', step: n });
const sumerian = { name: 'Sumerian', ability: 'Gain 2 Trade Goods', exhausted: true, mine: true };

describe('refresh ability gains (001 "Refresh Abilities")', () => {
  it.each([
    ['Gain 2 Trade Goods', 2, ''],
    ['Gain 1 Trade Good', 1, ''],
    ['Gain 2 Fighters', 0, 'place 2 Fighters as the planet card says'],
    ["Icon: green square '2' (effect unknown)", 0, 'apply the effect printed on the planet card'],
  ])('"%s" gives %i trade goods and leaves "%s" for the board', (ability, goods, board) => {
    expect(refreshGain(ability)).toEqual({ tradeGoods: goods, board });
  });
});

describe('using a refresh ability (001 "5) Refresh Planets", "Refresh Abilities")', () => {
  it('is allowed at step 5 on an exhausted planet she controls', () => {
    expect(canUseRefreshAbility(sumerian, step(5)).ok).toBe(true);
  });

  it.each([
    ['at another step, naming the step', { ...sumerian }, step(4), /step 5 of the status phase \(Refresh Planets\); it is now step 4/],
    ['in the action phase', { ...sumerian }, { round: 2, phase: 'action', step: null } as RoundState, /it is now the action phase/],
    ['on a refreshed planet (there is no refresh to give up)', { ...sumerian, exhausted: false }, step(5), /must be exhausted/],
    ["on another player's planet", { ...sumerian, mine: false }, step(5), /Only the player who controls Sumerian/],
    ['on a planet without one', { ...sumerian, ability: null }, step(5), /has no refresh ability/],
    ['twice in a round', { ...sumerian, usedRound: 2 }, step(5), /already used this round/],
  ])('is refused %s', (_what, p, round, message) => {
    const check = canUseRefreshAbility(p, round);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(message);
  });

  it('is allowed again the next round', () => {
    expect(canUseRefreshAbility({ ...sumerian, usedRound: 1 }, step(5, 2)).ok).toBe(true);
  });
});

describe('taking Natural Wealth (001, Natural Wealth domain counter)', () => {
  const rich = { name: 'Abyz', wealth: 2, mine: true };
  it('is allowed after a tactical action (action phase) and at step 5 of the status phase', () => {
    expect(canTakeNaturalWealth(rich, { round: 2, phase: 'action', step: null }).ok).toBe(true);
    expect(canTakeNaturalWealth(rich, step(5)).ok).toBe(true);
  });

  it.each([
    ['by a player who does not control the planet', { ...rich, mine: false }, step(5), /Only the player who controls Abyz/],
    ['when none is left', { ...rich, wealth: 0 }, step(5), /no Natural Wealth left/],
    ['at another status step, naming step 5', rich, step(6), /step 5 of the status phase \(Refresh Planets\); it is now step 6/],
    ['a second time at step 5 of the same round', { ...rich, takenRound: 2 }, step(5), /already taken .* one per planet/],
  ])('is refused %s', (_what, p, round, message) => {
    const check = canTakeNaturalWealth(p, round);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(message);
  });
});
