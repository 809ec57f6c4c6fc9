/**
 * Fleet supply upkeep. Seed 001 "Status Phase" › "7) Reallocate Command Counters and Fleet Supply
 * Upkeep", and "Command Counters" › "Fleet Supply".
 */

/** Command counters in the fleet supply that cost nothing to keep. */
export const FREE_FLEET_SUPPLY = 8;

/**
 * Resources owed at the status phase for a fleet supply.
 *
 * 001 "Fleet Supply Upkeep": "Players must pay 1 resource for each Command Counter in their Fleet
 * Supply beyond 8. […] For example, a player with 10 Command Counter in her Fleet Supply must pay 2
 * resources." (An author's comment in 001 says the step was dropped, but the v31 text keeps it.)
 */
export function fleetSupplyUpkeep(fleetSupply: number): number {
  return Math.max(0, fleetSupply - FREE_FLEET_SUPPLY);
}

/**
 * Fleet supply left after the upkeep, when she pays `resourcesPaid`: "Command Counters that are not
 * paid for are lost" (001 "Fleet Supply Upkeep"). Paying more than owed changes nothing.
 */
export function fleetSupplyAfterUpkeep(fleetSupply: number, resourcesPaid: number): { fleetSupply: number; lost: number } {
  const owed = fleetSupplyUpkeep(fleetSupply);
  const lost = Math.max(0, owed - Math.max(0, resourcesPaid));
  return { fleetSupply: fleetSupply - lost, lost };
}
