import { describe, expect, it } from 'vitest';
import { canScoreFate, checkFateObjective, checkSimultaneous, secretBesideFate, simultaneousCost } from '../../../src/rules/variants';

const reason = (c: { ok: boolean; reason?: string }) => (c.ok ? '' : c.reason);
const may = { option: true, claimStep: true, scoredBefore: false, secretThisStep: false };

describe('Path of Fate (001 "Path of Fate (Race Specific Objectives)")', () => {
  it('an objective typed by its player is named in 1 to 60 characters and worth 1 to 3 VP (001 gives no VP: the decks\' range)', () => {
    expect(checkFateObjective({ name: 'Forge the Empire', vp: 2 })).toEqual({ ok: true });
    expect(checkFateObjective({ name: 'x'.repeat(60), vp: 1 })).toEqual({ ok: true });
    expect(reason(checkFateObjective({ name: '   ', vp: 1 }))).toMatch(/1 to 60 characters/);
    expect(reason(checkFateObjective({ name: 'x'.repeat(61), vp: 1 }))).toMatch(/1 to 60 characters/);
    for (const vp of [0, 4, 1.5, Number.NaN]) expect(reason(checkFateObjective({ name: 'A', vp }))).toMatch(/1 to 3 VP/);
  });

  it('"Only one of these can be scored during each game (during the Objectives step of the Status Phase)"', () => {
    expect(canScoreFate(may)).toEqual({ ok: true });
    expect(reason(canScoreFate({ ...may, claimStep: false }))).toMatch(/Claim Objectives step/);
    expect(reason(canScoreFate({ ...may, scoredBefore: true }))).toMatch(/Only one race-specific objective .* each game/);
  });

  it('"…but cannot be scored simultaneously with a Secret Objective": not in the same claim step, whichever comes first', () => {
    expect(reason(canScoreFate({ ...may, secretThisStep: true }))).toMatch(/same step as a secret objective/);
    expect(reason(secretBesideFate(true))).toMatch(/secret objective cannot be claimed with it/);
    expect(secretBesideFate(false)).toEqual({ ok: true });
  });

  it('a cost of 1 reads in the singular: 1 command counter', () => {
    expect(reason(checkSimultaneous(true, { friendly: 1, other: 0 }, 0))).toMatch(/costs 1 command counter \(2 for .* holds 0/);
  });

  it('is refused in a game created without the option', () => {
    expect(reason(canScoreFate({ ...may, option: false }))).toMatch(/without Path of Fate/);
  });
});

describe('Simultaneous Tactical Actions (001 "Simultaneous Tactical Action System")', () => {
  it('"activating a system that does not contain friendly ships or Space Docks costs 2 Command Counters instead of 1"', () => {
    expect(simultaneousCost({ friendly: 1, other: 0 })).toBe(1);
    expect(simultaneousCost({ friendly: 2, other: 1 })).toBe(4);
    expect(simultaneousCost({ friendly: 0, other: 3 })).toBe(6);
  });

  it('"Activate as many systems as desired": at least one, paid from the command pool, refused with the reason otherwise', () => {
    expect(checkSimultaneous(true, { friendly: 2, other: 1 }, 4)).toEqual({ ok: true });
    expect(reason(checkSimultaneous(true, { friendly: 2, other: 1 }, 3))).toMatch(/costs 4 command counters .* holds 3/);
    expect(reason(checkSimultaneous(true, { friendly: 0, other: 0 }, 3))).toMatch(/at least one system/);
    expect(reason(checkSimultaneous(true, { friendly: -1, other: 2 }, 9))).toMatch(/0 to 60/);
    expect(reason(checkSimultaneous(true, { friendly: 61, other: 0 }, 200))).toMatch(/0 to 60/);
  });

  it('is refused in a game created without the option', () => {
    expect(reason(checkSimultaneous(false, { friendly: 1, other: 0 }, 3))).toMatch(/without Simultaneous Tactical Actions/);
  });
});
