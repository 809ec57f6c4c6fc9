import { describe, it, expect } from 'vitest';
import type { ObjectiveStage } from '../../../src/data/types';
import {
  canClaim,
  checkVictory,
  clampVp,
  claimLimits,
  preliminaryStillClaimable,
  progressionFeedback,
  stage2Unlocked,
  statusCommandCounters,
  tradeGoodsFromResources,
} from '../../../src/rules/status';

describe('progression feedback (001 "Progression Feedback to Victory Point Leader")', () => {
  it('the leader gains trade goods equal to her lead over the second', () => {
    expect(progressionFeedback({ ann: 4, bob: 7, cy: 5 })).toEqual({ seat: 'bob', tradeGoods: 2 });
    expect(progressionFeedback({ ann: 9, bob: 1 })).toEqual({ seat: 'ann', tradeGoods: 8 });
  });

  it.each([
    ['a tie for the most', { ann: 6, bob: 6, cy: 2 }],
    ['a single player', { ann: 3 }],
    ['no players', {}],
  ])('nobody gains with %s', (_name, vps) => {
    expect(progressionFeedback(vps)).toBeNull();
  });
});

describe('claiming limit (001 "Claim Objectives" › "Claiming Limit")', () => {
  const attempt = (stage: ObjectiveStage, claimedThisStep: ObjectiveStage[] = [], extra = {}) =>
    canClaim({ stage, claimedThisStep, alreadyClaimed: false, revealedStage1Count: 10, vpGoal: 10, preliminaryClaimable: true, ...extra });

  it('counts Stage I and Stage II together as one public objective, and secrets apart', () => {
    expect(claimLimits([])).toEqual({ public: 1, secret: 1 });
    expect(claimLimits(['stage2', 'special', 'preliminary'])).toEqual({ public: 0, secret: 1 });
    expect(claimLimits(['secret'])).toEqual({ public: 1, secret: 0 });
  });

  it.each([
    ['stage1', [], true],
    ['stage1', ['stage1'], false],
    ['stage2', ['stage1'], false],
    ['stage1', ['secret', 'preliminary', 'special'], true],
    ['secret', ['stage1'], true],
    ['secret', ['secret'], false],
    ['preliminary', ['stage1', 'secret'], true],
    ['special', ['stage1', 'secret', 'special', 'special'], true],
  ] as [ObjectiveStage, ObjectiveStage[], boolean][])('%s after %j: allowed = %s', (stage, before, ok) => {
    expect(attempt(stage, before).ok).toBe(ok);
  });

  it('an objective already claimed cannot be claimed again', () => {
    const r = attempt('stage1', [], { alreadyClaimed: true });
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/already/) });
  });

  it('the preliminary objective closes once claimed in an earlier round (001 "Types of objectives")', () => {
    expect(preliminaryStillClaimable([], 3)).toBe(true);
    expect(preliminaryStillClaimable([3], 3)).toBe(true); // others may still claim it this round
    expect(preliminaryStillClaimable([2], 3)).toBe(false);
    expect(attempt('preliminary', [], { preliminaryClaimable: false }).ok).toBe(false);
  });
});

describe('Stage II gate (001 "Types of objectives" › "Stage II Public Objectives")', () => {
  it.each([
    [3, 10, false],
    [9, 10, false],
    [10, 10, true],
    [11, 10, true],
  ])('%i Stage I revealed with a goal of %i VP: open = %s', (revealed, goal, open) => {
    expect(stage2Unlocked(revealed, goal)).toBe(open);
    const r = canClaim({ stage: 'stage2', claimedThisStep: [], alreadyClaimed: false, revealedStage1Count: revealed, vpGoal: goal, preliminaryClaimable: true });
    expect(r.ok).toBe(open);
  });
});

describe('winning the game (001 "Winning the game")', () => {
  const s = (seat: string, vp: number, planetsOutsideHome: number) => ({ seat, vp, planetsOutsideHome });

  it('goes on while nobody has reached the goal', () => {
    expect(checkVictory({ seats: [s('a', 9, 5), s('b', 8, 9)], vpGoal: 10 })).toEqual({ over: false });
  });

  it('the most VP wins, even above another player who also reached the goal', () => {
    expect(checkVictory({ seats: [s('a', 10, 9), s('b', 11, 1), s('c', 4, 3)], vpGoal: 10 })).toEqual({
      over: true,
      winners: ['b'],
      decidedBy: 'victory-points',
    });
  });

  it('a VP tie goes to the most planets outside the home system', () => {
    expect(checkVictory({ seats: [s('a', 10, 4), s('b', 10, 6), s('c', 9, 12)], vpGoal: 10 })).toEqual({
      over: true,
      winners: ['b'],
      decidedBy: 'planets',
    });
  });

  it('a tie on both is a shared victory', () => {
    expect(checkVictory({ seats: [s('a', 12, 6), s('b', 12, 6), s('c', 12, 2)], vpGoal: 10 })).toEqual({
      over: true,
      winners: ['a', 'b'],
      decidedBy: 'shared',
    });
  });
});

describe('losing victory points (001 "Note: Losing Victory Points")', () => {
  it.each([
    [5, 1, 5],
    [1, 2, 2],
    [-3, 0, 0],
    [-1, 1, 1],
  ])('vp %i with %i special objectives held → %i', (vp, held, expected) => {
    expect(clampVp(vp, held)).toBe(expected);
  });
});

describe('other status phase steps', () => {
  it.each([
    [0, 0],
    [1, 0],
    [5, 2],
    [6, 3],
  ])('spending %i resources produces %i trade goods (001 "Produce Trade Goods (2:1)")', (res, goods) => {
    expect(tradeGoodsFromResources(res)).toBe(goods);
  });

  it.each([
    [2, 1],
    [3, 2],
    [8, 2],
  ])('with %i players each gains %i command counters (001 "Receive … 2 Command Counters", "2 players")', (players, ccs) => {
    expect(statusCommandCounters(players)).toBe(ccs);
  });
});
