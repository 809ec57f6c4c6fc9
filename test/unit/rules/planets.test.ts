import { describe, it, expect } from 'vitest';
import { canBuildFacility, planetInfluence, planetResources, spendable } from '../../../src/rules/planets';
import { planet } from './helpers';

describe('planet values (001 "Facilities")', () => {
  it.each([
    ['no facility', null, 2, 3],
    ['a refinery adds 1 resource', 'refinery', 3, 3],
    ['a colony adds 1 influence', 'colony', 2, 4],
  ] as const)('%s', (_name, facility, resources, influence) => {
    const p = planet('p', 2, 3, { facility });
    expect(planetResources(p)).toBe(resources);
    expect(planetInfluence(p)).toBe(influence);
  });
});

describe('spendable (001 "Spending Resources and Influence", "Trade Goods")', () => {
  const planets = [
    planet('a', 3, 1),
    planet('b', 1, 2, { facility: 'colony' }),
    planet('c', 4, 4, { exhausted: true }),
    planet('d', 0, 2, { facility: 'refinery' }),
  ];

  it('counts refreshed planets only, with their facilities', () => {
    const s = spendable(planets, 0);
    expect(s.resources).toBe(3 + 1 + 1);
    expect(s.influence).toBe(1 + 3 + 2);
  });

  it('keeps trade goods apart and adds them to either kind', () => {
    const s = spendable(planets, 4);
    expect(s.tradeGoods).toBe(4);
    expect(s.resourcesWithTradeGoods).toBe(5 + 4);
    expect(s.influenceWithTradeGoods).toBe(6 + 4);
  });

  it('has nothing to spend when every planet is exhausted', () => {
    const s = spendable([planet('x', 5, 5, { exhausted: true })], 2);
    expect([s.resources, s.influence, s.resourcesWithTradeGoods]).toEqual([0, 0, 2]);
  });
});

describe('building a facility (001 "Facilities", "Refresh Planets")', () => {
  const exhausted = { exhausted: true };
  it.each([
    ['an exhausted ordinary planet', planet('p', 1, 1, exhausted), true],
    ['a home system planet', planet('p', 4, 4, { ...exhausted, home: true }), false],
    ['a trade station', planet('p', 0, 0, { ...exhausted, tradeStation: true }), false],
    ['a planet that already has a facility', planet('p', 1, 1, { ...exhausted, facility: 'colony' }), false],
    ['a refreshed planet (no refresh to give up)', planet('p', 1, 1), false],
  ])('on %s: allowed = %s', (_name, p, allowed) => {
    expect(canBuildFacility(p, 'colony').ok).toBe(allowed);
    expect(canBuildFacility(p, 'refinery').ok).toBe(allowed);
  });

  it('gives the player a reason when refused', () => {
    const r = canBuildFacility(planet('p', 1, 1, { exhausted: true, home: true }), 'refinery');
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/home system/) });
  });
});
