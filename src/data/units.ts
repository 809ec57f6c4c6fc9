/**
 * Units, leader types and the leader fate roll of Shattered Ascension.
 * units_sa_v31.json: seed 001 (SA rulebook v31, 2018-12-16), section "Units List". Combat is "value" or "valuexdice";
 * "race" where the race sheet decides; "" where the unit has none. Cost "1/2": two units for 1 resource.
 */
import type { LeaderType, UnitCategory, UnitType } from './types';
import { slugify } from './ids';

function unit(
  name: string,
  category: UnitCategory,
  cost: string,
  productionCapacityCost: number | null,
  combat: string,
  move: string,
  capacity: string,
  abilities: string[],
  traits: string[],
): UnitType {
  return { id: slugify(name), name, category, cost, productionCapacityCost, combat, move, capacity, abilities, traits };
}

export const UNITS: readonly UnitType[] = [
  unit('Flagship', 'ship', '10', 3, 'race', 'race', '', ['Race-dependent'], ['Only producible in Home System', 'Limit 1']),
  unit('War Sun', 'ship', '12', 3, '3x3', '1', '6', ['Bombardment (1)', 'Sustain Damage (2)'], ['Requires War Sun technology', 'Limit 3']),
  unit('Dreadnought', 'ship', '5', 2, '5x2', '1', '', ['Bombardment (1)', 'Sustain Damage (1)'], []),
  unit('Carrier', 'ship', '3', 1, '9', '1', '6', [], []),
  unit('Cruiser', 'ship', '2', 1, '7', '2', '', ['Deploy Space Mines (2)'], []),
  unit('Destroyer', 'ship', '1', 1, '9', '2', '', ['Anti-Fighter Barrage (2)'], []),
  unit('Fighter', 'ship', '1/2', 1, '9', '', '', [], ['Space cargo', 'Requires support']),
  unit('Armor', 'ground unit', '2', 2, '6x2', '', '', ['Sustain Damage (1)'], ['Planet-based', 'Cargo', 'Bombardment prone']),
  unit('Shock Troop', 'ground unit', '2', 1, '5', '', '', ['Capture Installations', 'Commando'], ['Planet-based', 'Cargo', 'Frontline fighters', 'Ground-force-like']),
  unit('Ground Force', 'ground unit', '1/2', 1, '8', '', '', ['Shock Troop Upgrade'], ['Planet-based', 'Cargo']),
  unit('PDS', 'installation', '2', 1, '6', '', '', ['Space Cannon (1)', 'Invasion Defence (1)', 'Planetary Shield (1)'], ['Planet-based', 'Max 2 per planet', 'Cargo', 'Limit 10']),
  unit('Space Dock', 'installation', '4', null, '', '', '3 Fighters', ['Produce Units (planet resources + 2)'], ['Built, not produced', 'Max 1 per planet', 'Exhaustible', 'Limit 5']),
];

export const UNITS_BY_ID: ReadonlyMap<string, UnitType> = new Map(UNITS.map((u) => [u.id, u]));

export const LEADER_TYPES: readonly LeaderType[] = ['Admiral', 'Diplomat', 'General', 'Agent', 'Scientist'];

/** Fate of a leader whose unit is destroyed: one die. */
export const LEADER_FATE_ROLL: readonly { min: number; max: number; result: string }[] = [
  { min: 1, max: 1, result: 'Killed' },
  { min: 2, max: 7, result: 'Captured (if enemy controls location, else Escape)' },
  { min: 8, max: 10, result: 'Escape' },
];
