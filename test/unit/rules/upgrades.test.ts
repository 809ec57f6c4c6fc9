import { describe, it, expect } from 'vitest';
import { racialUpgradeCost, racialUpgradeSequenceCost } from '../../../src/rules/upgrades';

describe('racial upgrade cost (001 "Unlock Racial Upgrades")', () => {
  it.each([
    // base, vp, unlocked, expected
    [4, 0, [], 4],
    [4, 3, [], 1],
    [4, 3, [3], 4],
    [5, 2, [3, 4], 10],
    [3, 6, [], 0], // more VP than base: never below 0
    [3, 6, [2], 0],
  ])('base %i − %i VP + unlocked %j = %i', (baseCost, vp, unlockedBaseCosts, expected) => {
    expect(racialUpgradeCost({ baseCost, vp, unlockedBaseCosts })).toBe(expected);
  });

  it('unlocking several one after the other counts those just unlocked', () => {
    expect(racialUpgradeSequenceCost({ baseCosts: [3, 5], vp: 2, unlockedBaseCosts: [4] })).toEqual({
      costs: [3 - 2 + 4, 5 - 2 + 4 + 3],
      total: 5 + 10,
    });
  });

  it('the smallest base cost first is never dearer than any other order', () => {
    const permutations = (xs: number[]): number[][] =>
      xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
    for (const vp of [0, 3, 9]) {
      const baseCosts = [5, 2, 4, 3];
      const ascending = racialUpgradeSequenceCost({ baseCosts: [...baseCosts].sort((a, b) => a - b), vp, unlockedBaseCosts: [] }).total;
      const cheapest = Math.min(...permutations(baseCosts).map((order) => racialUpgradeSequenceCost({ baseCosts: order, vp, unlockedBaseCosts: [] }).total));
      expect(ascending).toBe(cheapest);
    }
  });
});
