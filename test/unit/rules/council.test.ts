import { describe, expect, it } from 'vitest';
import { agendasToReveal, ballotLimit, diceVotes, extraVotes, lawStaysInForce, tally, validateBallot, VOC_KEY } from '../../../src/rules/council';
import type { Ballot, BallotAgenda, ExtraVotes } from '../../../src/rules/council';

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
    expect(validateBallot(b, agendas, 7 + 2, { tradeGoodsOwned: 3 }).ok).toBe(true);
    expect(validateBallot(b, agendas, 7 + 2, { tradeGoodsOwned: 1 })).toMatchObject({ ok: false, reason: expect.stringMatching(/only 1 trade good to spend/) });
  });
});

describe('votes from named effects (001 "Voting" 1: "bonus votes granted by other effects"; "Annex 1" Lazax Survivors; "2 players › Assembly")', () => {
  const lazax: ExtraVotes = { from: 'lazax', votes: 3 };
  const rhetoric: ExtraVotes = { from: 'action', name: 'Fantastic Rhetoric', votes: 2 };
  /** Her limit with 4 votes from planets and the ballot's effects, as every phone computes it. */
  const check = (b: Ballot, table = {}) => validateBallot(b, agendas, ballotLimit(4, { effects: extraVotes(b) }), table);

  it('adds the votes of each effect to what the ballot may hold, and the tally counts them', () => {
    const b: Ballot = { ...ballot(['1:s1', 'for', 9]), extra: [lazax, rhetoric] };
    expect(check(b)).toEqual({ ok: true });
    expect(tally([law], [b, ballot(['1:s1', 'against', 8])])[0]).toMatchObject({ status: 'won', winner: 'for', totals: { for: 9, against: 8 } });
  });

  it('keeps the cap on everything else: one vote beyond planets plus effects is refused', () => {
    expect(check({ ...ballot(['1:s1', 'for', 8], ['1:s2', 'lodor', 2]), extra: [lazax, rhetoric] })).toMatchObject({ ok: false, reason: 'This ballot uses 10 votes; you have 9.' });
  });

  it('applies the 1-vote minimum to planets and effects together: 0 influence and Lazax Survivors is 3 votes, not 4', () => {
    expect(ballotLimit(0)).toBe(1);
    expect(ballotLimit(0, { effects: 3 })).toBe(3);
    expect(ballotLimit(4, { effects: 3, dice: 2, tradeGoods: 1 })).toBe(10);
  });

  it('applies the 1-vote minimum after every source, the 2-player dice and trade goods too: 0 influence and a lowest die of 3 is 3 votes, not 4 (001 "Voting" 1, "2 players › Assembly" 1)', () => {
    expect(ballotLimit(0, { dice: 3 })).toBe(3);
    expect(ballotLimit(0, { tradeGoods: 2 })).toBe(2);
    expect(ballotLimit(0, { effects: 3, dice: 1 })).toBe(4);
    expect(ballotLimit(0, { dice: 0, tradeGoods: 0 })).toBe(1);
  });

  it('gives Assembly b\'s +3 only to the player who played Assembly in a 2-player game', () => {
    const b: Ballot = { ...ballot(['1:s1', 'for', 7]), extra: [{ from: 'assembly', votes: 3 }] };
    expect(check(b, { playerCount: 2, active: true })).toEqual({ ok: true });
    expect(check(b, { playerCount: 2, active: false })).toMatchObject({ ok: false, reason: expect.stringMatching(/only in a 2-player game, to the player who played Assembly/) });
    expect(check(b, { playerCount: 3, active: true })).toMatchObject({ ok: false });
  });

  it('accepts two copies of the same action card', () => {
    expect(check({ ...ballot(['1:s1', 'for', 8]), extra: [rhetoric, rhetoric] })).toEqual({ ok: true });
  });

  it.each([
    ['0 votes from an effect', [{ ...rhetoric, votes: 0 }], /from 1 to 20/],
    ['21 votes from an effect', [{ ...rhetoric, votes: 21 }], /from 1 to 20/],
    ['a fractional number of votes', [{ ...rhetoric, votes: 1.5 }], /whole number from 1 to 20/],
    ['a number that is not one', [{ ...rhetoric, votes: Number('x') }], /whole number/],
    ['more than 4 effects', [lazax, rhetoric, rhetoric, rhetoric, rhetoric], /at most 4 effects/],
    ['an action card with no name', [{ from: 'action', name: ' ', votes: 1 }], /Name the action card/],
    ['a race ability with a 41-character name', [{ from: 'race', name: 'x'.repeat(41), votes: 1 }], /Name the race ability .*at most 40/],
    ['Lazax Survivors for 5 votes', [{ from: 'lazax', votes: 5 }], /Lazax Survivors adds 3 votes/],
    ['Lazax Survivors twice', [lazax, lazax], /Lazax Survivors adds its votes once/],
    ['an effect the rules do not know', [{ from: 'bribe', votes: 2 }], /Extra votes come from Lazax Survivors, Assembly b, an action card or a race ability/],
  ])('refuses %s', (_why, extra, message) => {
    const c = check({ allocations: [], extra: extra as ExtraVotes[] });
    expect(c.ok).toBe(false);
    expect(c.ok ? '' : c.reason).toMatch(message);
  });

  it('counts no vote for an effect out of bounds, so a refused one never raises the limit', () => {
    expect(extraVotes({ extra: [{ ...rhetoric, votes: 1e9 }, { ...rhetoric, votes: Number.NaN }, lazax] })).toBe(3);
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
