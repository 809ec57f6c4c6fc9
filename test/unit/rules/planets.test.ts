import { describe, it, expect } from 'vitest';
import { planPayment } from '../../../src/rules/pay';
import { canBuildFacility, canReversePlanet, planetInfluence, planetResources, spendable } from '../../../src/rules/planets';
import { votesAvailable } from '../../../src/rules/votes';
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

describe('a planet with its values reversed (003 Appendix 2, Yin: "Until the end of the Round, its Influence and Resource values are reversed")', () => {
  it('a reversed planet gives its influence value as resources and its resource value as influence, its facility included', () => {
    expect([planetResources(planet('p', 2, 4, { reversed: true })), planetInfluence(planet('p', 2, 4, { reversed: true }))]).toEqual([4, 2]);
    const refinery = planet('p', 2, 4, { reversed: true, facility: 'refinery' });
    expect([planetResources(refinery), planetInfluence(refinery)]).toEqual([4, 3]);
  });

  it('a reversed planet counts reversed in what she can spend, in the pay helper and in her votes', () => {
    const darien = planet('darien', 2, 4, { reversed: true });
    expect(spendable([darien], 0)).toMatchObject({ resources: 4, influence: 2 });
    expect(planPayment({ cost: 4, kind: 'resources', planets: [darien], tradeGoods: 0 })).toMatchObject({ ok: true, planetIds: ['darien'], waste: 0 });
    expect(votesAvailable({ planets: [darien], race: 'yin', voteRule: {}, holdsVoice: false, playerCount: 3, bonus: 0 }).fromPlanets).toBe(2);
  });

  it('the Yin reverse an unexhausted planet they control, once a round; no other race may (003 Appendix 2, Yin)', () => {
    const input = { race: 'yin', planet: 'Darien', mine: true, exhausted: false, usedThisRound: null };
    expect(canReversePlanet(input).ok).toBe(true);
    expect(canReversePlanet({ ...input, race: 'sol' })).toEqual({ ok: false, reason: expect.stringMatching(/Only a race ability/) });
    expect(canReversePlanet({ ...input, mine: false })).toEqual({ ok: false, reason: 'Darien is not one of her planets.' });
    expect(canReversePlanet({ ...input, exhausted: true })).toEqual({ ok: false, reason: expect.stringMatching(/Darien is exhausted/) });
    expect(canReversePlanet({ ...input, usedThisRound: 'Abyz' })).toEqual({ ok: false, reason: expect.stringMatching(/Once per game round: Abyz's values are already reversed/) });
  });
});
