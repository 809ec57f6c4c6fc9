import { describe, expect, it } from 'vitest';
import { agendasToReveal, diceVotes, lawStaysInForce, tally, validateBallot, VOC_KEY } from '../../../src/rules/council';
import type { Ballot, BallotAgenda } from '../../../src/rules/council';

const law: BallotAgenda = { key: '1:s1', name: 'Minister of Commerce', kind: 'for_against', options: null };
const elect: BallotAgenda = { key: '1:s2', name: 'Holy Planet of Ixth', kind: 'elect', options: null };
const voc: BallotAgenda = { key: VOC_KEY, name: 'Voice of the Council', kind: 'elect', options: ['s1', 's2', 's3'] };
const agendas = [voc, law, elect];
const ballot = (...allocations: [string, string, number][]): Ballot => ({ allocations: allocations.map(([agenda, outcome, votes]) => ({ agenda, outcome, votes })) });

describe('ballots (001 "Twilight Council › Voting")', () => {
  it('lets a player split her votes between agendas and leave some unused', () => {
    expect(validateBallot(ballot(['1:s1', 'for', 3], ['1:s2', 'mecatol-rex', 2]), agendas, 7)).toEqual({ ok: true });
    expect(validateBallot(ballot(), agendas, 7)).toEqual({ ok: true });
  });

  it.each([
    ['more votes than she has', ballot(['1:s1', 'for', 5], ['1:s2', 'x', 3]), /uses 8 votes; you have 7/],
    ['two outcomes of the same agenda', ballot(['1:s1', 'for', 1], ['1:s1', 'against', 1]), /Only one outcome/],
    ['zero votes on an outcome', ballot(['1:s1', 'for', 0]), /above 0/],
    ['a fractional vote', ballot(['1:s1', 'for', 1.5]), /whole number/],
    ['an outcome a for/against agenda does not have', ballot(['1:s1', 'maybe', 1]), /for or against/],
    ['electing someone who is not at the table for the Voice of the Council', ballot([VOC_KEY, 's9', 1]), /cannot be elected/],
    ['an agenda not being voted on', ballot(['9:s9', 'for', 1]), /not being voted on/],
    ['an empty elect outcome', ballot(['1:s2', ' ', 1]), /Choose whom or what/],
  ])('refuses %s', (_why, b, message) => {
    const check = validateBallot(b, agendas, 7);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.reason).toMatch(message);
  });

  it('counts trade goods committed in a 2-player game as extra votes, only up to what she has', () => {
    const b = { ...ballot(['1:s1', 'for', 9]), tradeGoods: 2 };
    expect(validateBallot(b, agendas, 7 + 2, 3).ok).toBe(true);
    expect(validateBallot(b, agendas, 7 + 2, 1)).toMatchObject({ ok: false, reason: expect.stringMatching(/only 1 trade goods/) });
  });
});

describe('tally (001 "Voting" 4, "Ties")', () => {
  it('resolves the outcome with the most votes on each agenda, the Voice of the Council last', () => {
    const results = tally(agendas, [ballot(['1:s1', 'for', 4], [VOC_KEY, 's2', 3]), ballot(['1:s1', 'against', 3], [VOC_KEY, 's3', 1]), ballot(['1:s2', 'lodor', 2])]);
    expect(results.map((r) => r.agenda)).toEqual(['1:s1', '1:s2', VOC_KEY]);
    expect(results[0]).toMatchObject({ status: 'won', winner: 'for', totals: { for: 4, against: 3 } });
    expect(results[1]).toMatchObject({ status: 'won', winner: 'lodor' });
    expect(results[2]).toMatchObject({ status: 'won', winner: 's2' });
  });

  it('discards an agenda that received no vote without effect', () => {
    expect(tally([law], [ballot()])[0]).toEqual({ agenda: '1:s1', status: 'no-votes', totals: {} });
  });

  it('leaves a tie for the Speaker, then resolves it her way', () => {
    const ballots = [ballot(['1:s1', 'for', 3]), ballot(['1:s1', 'against', 3])];
    expect(tally([law], ballots)[0]).toMatchObject({ status: 'tie', tied: ['against', 'for'] });
    expect(tally([law], ballots, { '1:s1': 'against' })[0]).toMatchObject({ status: 'won', winner: 'against', byTieBreak: true });
    expect(tally([law], ballots, { '1:s1': 'abstain' })[0]).toMatchObject({ status: 'tie' });
  });

  it('keeps a law in force when voted for, or when elected, but not when Against wins (001 "Law")', () => {
    expect(lawStaysInForce('for_against', 'for')).toBe(true);
    expect(lawStaysInForce('for_against', 'against')).toBe(false);
    expect(lawStaysInForce('elect', 's2')).toBe(true);
  });
});

describe('player-count adjustments', () => {
  it('gives the lowest of three dice as votes in a 2-player Assembly', () => {
    expect(diceVotes([7, 2, 9])).toBe(2);
    expect(() => diceVotes([7, 2])).toThrow();
    expect(() => diceVotes([0, 2, 3])).toThrow();
  });

  it.each([[2, 2, 3], [3, 3, 2], [4, 4, 1], [5, 5, 0], [8, 8, 0]])('with %i players and %i agendas placed, reveals %i more from the deck', (players, placed, extra) => {
    expect(agendasToReveal(players, placed)).toBe(extra);
  });
});
