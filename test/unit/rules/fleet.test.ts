import { describe, it, expect } from 'vitest';
import { fleetSupplyAfterUpkeep, fleetSupplyUpkeep } from '../../../src/rules/fleet';

describe('fleet supply upkeep (001 "Reallocate Command Counters and Fleet Supply Upkeep")', () => {
  it.each([
    [3, 0],
    [8, 0],
    [9, 1],
    [10, 2], // the rulebook's example
    [13, 5],
  ])('a fleet supply of %i costs %i resources', (supply, owed) => {
    expect(fleetSupplyUpkeep(supply)).toBe(owed);
  });

  it.each([
    [10, 2, 10, 0],
    [10, 1, 9, 1],
    [10, 0, 8, 2],
    [10, 5, 10, 0],
    [6, 0, 6, 0],
  ])('supply %i paying %i keeps %i and loses %i unpaid counters', (supply, paid, kept, lost) => {
    expect(fleetSupplyAfterUpkeep(supply, paid)).toEqual({ fleetSupply: kept, lost });
  });
});
