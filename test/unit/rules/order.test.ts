import { describe, it, expect } from 'vitest';
import { initiativeOf, initiativeOrder, rotationOrder, secondaryAbilityOrder } from '../../../src/rules/order';

describe('initiative (001 "Action Phase" › "Initiative"; "Rule Adjustments Based On The Number Of Players")', () => {
  it('the lowest strategy card number acts first', () => {
    expect(initiativeOrder([
      { seat: 'ann', cards: [5] },
      { seat: 'bob', cards: [2] },
      { seat: 'cy', cards: [8] },
    ])).toEqual(['bob', 'ann', 'cy']);
  });

  it('a player with several cards uses her lowest', () => {
    expect(initiativeOf([7, 3, 9])).toBe(3);
    expect(initiativeOrder([
      { seat: 'ann', cards: [1, 9] },
      { seat: 'bob', cards: [2, 3] },
      { seat: 'cy', cards: [8, 4] },
    ])).toEqual(['ann', 'bob', 'cy']);
  });

  it('a seat with no card has no initiative and is left out', () => {
    expect(initiativeOf([])).toBeNull();
    expect(initiativeOrder([{ seat: 'ann', cards: [] }, { seat: 'bob', cards: [4] }])).toEqual(['bob']);
  });
});

describe('rotation order (001 "General Definitions" › "Rotation Order")', () => {
  const table = ['a', 'b', 'c', 'd', 'e'];
  it.each([
    ['clockwise', 'c', ['c', 'd', 'e', 'a', 'b']],
    ['counterclockwise', 'c', ['c', 'b', 'a', 'e', 'd']],
    ['clockwise', 'a', ['a', 'b', 'c', 'd', 'e']],
    ['counterclockwise', 'a', ['a', 'e', 'd', 'c', 'b']],
  ] as const)('%s from speaker %s starts with the speaker', (direction, speaker, expected) => {
    expect(rotationOrder(table, speaker, direction)).toEqual(expected);
  });

  it('secondary abilities start with the active player\'s neighbour and skip her (001 "Strategic Action")', () => {
    expect(secondaryAbilityOrder(table, 'b', 'clockwise')).toEqual(['c', 'd', 'e', 'a']);
    expect(secondaryAbilityOrder(table, 'b', 'counterclockwise')).toEqual(['a', 'e', 'd', 'c']);
  });

  it('refuses a speaker who is not at the table', () => {
    expect(() => rotationOrder(table, 'z', 'clockwise')).toThrow(RangeError);
  });
});
