import { describe, it, expect } from 'vitest';
import { prerequisitesMet, techCost } from '../../../src/rules/tech';
import { planet } from './helpers';

describe('technology price (001 "Purchases and Discounts", "Technology Specialties", "Technology Cost Reduction")', () => {
  const planets = [
    planet('a', 1, 1, { specialties: ['blue'] }),
    planet('b', 1, 1, { specialties: ['blue', 'blue'] }),
    planet('c', 1, 1, { specialties: ['blue'], exhausted: true }),
    planet('d', 1, 1, { specialties: ['red'] }),
  ];

  it('takes 1 off per specialty of that color on refreshed planets only', () => {
    expect(techCost({ basePrice: 8, color: 'blue', planets, artifacts: [] })).toEqual({ cost: 5, specialtyDiscount: 3, artifactDiscount: 0 });
  });

  it('takes 1 off for the artifact of that color, and only for that color', () => {
    expect(techCost({ basePrice: 8, color: 'red', planets, artifacts: ['red'] }).cost).toBe(8 - 1 - 1);
    expect(techCost({ basePrice: 8, color: 'green', planets, artifacts: ['red', 'yellow'] }).cost).toBe(8);
  });

  it('counts the one artifact of a color once even if listed twice', () => {
    expect(techCost({ basePrice: 8, color: 'green', planets: [], artifacts: ['green', 'green'] }).cost).toBe(7);
  });

  it.each([
    [2, 0],
    [3, 0],
    [4, 0],
    [5, 1],
  ])('never goes below 0 (base %i, blue, 3 specialties + artifact → %i)', (basePrice, cost) => {
    expect(techCost({ basePrice, color: 'blue', planets, artifacts: ['blue'] }).cost).toBe(cost);
  });
});

describe('prerequisites (001 "Acquisition of Technologies" › "Prerequisites")', () => {
  const or = { prerequisites: ['x', 'y'], prereqLogic: 'or' as const };
  const and = { prerequisites: ['x', 'y'], prereqLogic: 'and' as const };

  it('a technology without prerequisites is always open', () => {
    expect(prerequisitesMet({ prerequisites: [], prereqLogic: 'and' }, new Set())).toEqual({ ok: true });
  });

  it.each([
    ['x'],
    ['y'],
  ])('any one prerequisite suffices by default (owning %s)', (owned) => {
    expect(prerequisitesMet(or, new Set([owned]))).toEqual({ ok: true });
  });

  it('with none owned, every alternative is listed as missing', () => {
    expect(prerequisitesMet(or, new Set(['z']))).toEqual({ ok: false, missing: ['x', 'y'], logic: 'or' });
  });

  it("with the red '+' both are needed, and only the lacking one is missing", () => {
    expect(prerequisitesMet(and, new Set(['x']))).toEqual({ ok: false, missing: ['y'], logic: 'and' });
    expect(prerequisitesMet(and, new Set(['x', 'y']))).toEqual({ ok: true });
  });
});
