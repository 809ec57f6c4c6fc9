import { describe, it, expect } from 'vitest';
import type { VoteRule } from '../../../src/data/types';
import { votesAvailable } from '../../../src/rules/votes';
import { planet } from './helpers';

const base = { voteRule: {} as VoteRule, holdsVoice: false, playerCount: 6, bonus: 0 };

describe('votes available (001 "Voting")', () => {
  it('sums the influence of unexhausted planets, colonies included', () => {
    const planets = [planet('a', 1, 3), planet('b', 0, 2, { facility: 'colony' }), planet('c', 5, 4, { exhausted: true })];
    expect(votesAvailable({ ...base, planets }).total).toBe(3 + 3);
  });

  it('adds bonus votes from other effects', () => {
    expect(votesAvailable({ ...base, planets: [planet('a', 0, 2)], bonus: 3 }).total).toBe(5);
  });

  it.each([
    ['no planets', [], 0],
    ['only exhausted planets', [planet('a', 2, 4, { exhausted: true })], 0],
    ['a penalty below zero', [planet('a', 0, 1)], -4],
  ])('gives 1 vote to a player who would have 0 (%s)', (_name, planets, bonus) => {
    const v = votesAvailable({ ...base, planets, bonus });
    expect(v.total).toBe(1);
    expect(v.minimumApplied).toBe(true);
  });
});

describe('Voice of the Council votes (001 "Voice of the Council", "2 players" › "Objectives")', () => {
  it.each([
    [6, 5],
    [3, 5],
    [2, 3],
  ])('with %i players the Voice gets +%i votes', (playerCount, extra) => {
    const planets = [planet('a', 0, 2)];
    const without = votesAvailable({ ...base, planets, playerCount }).total;
    const withVoice = votesAvailable({ ...base, planets, playerCount, holdsVoice: true });
    expect(withVoice.total - without).toBe(extra);
    expect(withVoice.fromVoice).toBe(extra);
  });
});

describe('race vote rules (003 "Appendix 2: Races")', () => {
  const planets = [planet('home', 4, 2, { home: true, homeOf: 'winnu', exhausted: true }), planet('x', 3, 1), planet('y', 0, 2, { exhausted: true })];

  it('Nekro Virus may not vote: 0, not the minimum 1, even as Voice', () => {
    expect(votesAvailable({ ...base, planets, voteRule: { cannotVote: true }, holdsVoice: true, bonus: 2 }).total).toBe(0);
  });

  it('Winnu counts her exhausted home planet, but no other exhausted planet', () => {
    expect(votesAvailable({ ...base, planets }).total).toBe(1);
    expect(votesAvailable({ ...base, planets, race: 'winnu', voteRule: { homeCountsExhausted: true } }).total).toBe(2 + 1);
  });

  it("Winnu does not count an exhausted home planet she captured from another race: only her own home system's", () => {
    const captured = [planet('jord', 4, 2, { home: true, homeOf: 'sol', exhausted: true }), planet('x', 3, 1)];
    expect(votesAvailable({ ...base, planets: captured, race: 'winnu', voteRule: { homeCountsExhausted: true } }).total).toBe(1);
  });

  it('Xxcha counts the larger of resources and influence on each planet, refinery included', () => {
    const xs = [planet('a', 3, 1), planet('b', 1, 2), planet('c', 1, 1, { facility: 'refinery' })];
    expect(votesAvailable({ ...base, planets: xs }).total).toBe(1 + 2 + 1);
    expect(votesAvailable({ ...base, planets: xs, voteRule: { mayCountResources: true } }).total).toBe(3 + 2 + 2);
  });
});
