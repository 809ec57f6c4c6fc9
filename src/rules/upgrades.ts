/**
 * Racial upgrade prices. Seed 001 "Status Phase" › "4) Unlock Racial Upgrades".
 */

export interface RacialUpgradeCostInput {
  /** The number printed on the upgrade (in brackets in seed 003's race appendix). */
  baseCost: number;
  /** Her victory points now. */
  vp: number;
  /** Base costs of the racial upgrades she has already unlocked. */
  unlockedBaseCosts: readonly number[];
}

/**
 * Resources needed to unlock one racial upgrade.
 *
 * 001 "Unlock Racial Upgrades": "Base cost (printed on the card) − Victory Points (owned by the
 * player) + Base costs of the other Racial Upgrades the player has already unlocked." The rulebook
 * gives no floor; a negative price cannot be paid out, so it is 0.
 */
export function racialUpgradeCost(input: RacialUpgradeCostInput): number {
  const unlocked = input.unlockedBaseCosts.reduce((a, b) => a + b, 0);
  return Math.max(0, input.baseCost - input.vp + unlocked);
}

/**
 * Prices of several upgrades unlocked in one status phase, in the given order.
 *
 * 001 "Unlock Racial Upgrades": "Multiple Racial Upgrades can be unlocked at the same time, but they
 * must be unlocked one after the other", so each one counts the base costs of those unlocked just
 * before it. The total is lowest when they are unlocked from the smallest base cost up (swapping two
 * neighbours out of that order raises the first price and leaves the second unchanged).
 */
export function racialUpgradeSequenceCost(input: {
  baseCosts: readonly number[];
  vp: number;
  unlockedBaseCosts: readonly number[];
}): { costs: number[]; total: number } {
  const unlocked = [...input.unlockedBaseCosts];
  const costs: number[] = [];
  for (const baseCost of input.baseCosts) {
    costs.push(racialUpgradeCost({ baseCost, vp: input.vp, unlockedBaseCosts: unlocked }));
    unlocked.push(baseCost);
  }
  return { costs, total: costs.reduce((a, b) => a + b, 0) };
}
