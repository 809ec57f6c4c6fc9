/**
 * Status phase: claiming objectives, the end of the game, and the leader's progression feedback.
 * Seed 001 "Status Phase" › "1) Claim Objectives" (with "Types of objectives" and "Winning the game"),
 * "2) Progression Feedback to Victory Point Leader", "3) Produce Trade Goods (2:1)", "6) Receive 1
 * Action Card, 1 Political Card and 2 Command Counters".
 */
import type { ObjectiveStage } from '../data/types';
import { raceEffects } from './raceAbilities';
import { ALLOWED, refused, type RuleCheck } from './result';

/**
 * The victory point leader's bonus: 001 "Progression Feedback": "The player with the most Victory
 * Points gains as many Trade Goods as her lead in Victory Points […] over the player with the
 * second-most Victory Points." With a tie for the most there is no lead, so nobody gains (null), and
 * with fewer than two players there is no second.
 */
export function progressionFeedback(vps: Readonly<Record<string, number>>): { seat: string; tradeGoods: number } | null {
  const ranked = Object.entries(vps).sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || !second) return null;
  const lead = first[1] - second[1];
  return lead > 0 ? { seat: first[0], tradeGoods: lead } : null;
}

/** How many more objectives of each limited kind she may claim in this Claim Objectives step. */
export interface ClaimLimits {
  /** Stage I or Stage II together: at most 1. */
  public: number;
  secret: number;
}

/**
 * What is left of the claiming limit, given what she already claimed in this step. 001 "Claiming
 * Limit": she may claim "At most 1 revealed Public Objective, either from Stage I or Stage II", "At
 * most 1 Secret Objective from her hand", "The Preliminary Objective (if it is still claimable)", and
 * must claim "All Special Objectives she qualifies for" (no limit on those).
 */
export function claimLimits(claimedThisStep: readonly ObjectiveStage[]): ClaimLimits {
  const publics = claimedThisStep.filter((s) => s === 'stage1' || s === 'stage2').length;
  const secrets = claimedThisStep.filter((s) => s === 'secret').length;
  return { public: Math.max(0, 1 - publics), secret: Math.max(0, 1 - secrets) };
}

/**
 * Stage II public objectives open up: 001 "Types of objectives": "a player may only claim a Stage II
 * Public Objective if the number of revealed Stage I Public Objectives is equal to or higher than the
 * number of Victory Point required to win the game."
 */
export function stage2Unlocked(revealedStage1Count: number, vpGoal: number): boolean {
  return revealedStage1Count >= vpGoal;
}

/**
 * Whether the preliminary objective can still be claimed in `currentRound`: 001 "Types of
 * objectives": "At the end of a Round in which a Preliminary Objective has been claimed by at least one
 * player, it becomes unclaimable by all other players". Several players may claim it in the same round.
 */
export function preliminaryStillClaimable(claimRounds: readonly number[], currentRound: number): boolean {
  return claimRounds.every((r) => r >= currentRound);
}

export interface ClaimAttempt {
  stage: ObjectiveStage;
  /**
   * She has claimed this objective before. For a special objective: she holds it now (a lost special
   * objective may be claimed again).
   */
  alreadyClaimed: boolean;
  /** Stages of the objectives she has already claimed during this Claim Objectives step. */
  claimedThisStep: readonly ObjectiveStage[];
  revealedStage1Count: number;
  vpGoal: number;
  /** See {@link preliminaryStillClaimable}. */
  preliminaryClaimable: boolean;
}

/**
 * Whether she may claim an objective now (001 "Claim Objectives", "Claiming Limit", "Types of
 * objectives"). Meeting the objective's own requirement is for the table to judge and is not checked.
 */
export function canClaim(attempt: ClaimAttempt): RuleCheck {
  const { stage } = attempt;
  if (attempt.alreadyClaimed) {
    return refused(stage === 'special' ? 'You already hold this special objective.' : 'You have already claimed this objective.');
  }
  const left = claimLimits(attempt.claimedThisStep);
  switch (stage) {
    case 'stage1':
    case 'stage2':
      if (left.public === 0) return refused('You may claim only one public objective (Stage I or II) per status phase.');
      if (stage === 'stage2' && !stage2Unlocked(attempt.revealedStage1Count, attempt.vpGoal)) {
        return refused(
          `Stage II objectives open once ${attempt.vpGoal} Stage I objectives are revealed (${attempt.revealedStage1Count} so far).`,
        );
      }
      return ALLOWED;
    case 'secret':
      return left.secret === 0 ? refused('You may claim only one secret objective per status phase.') : ALLOWED;
    case 'preliminary':
      return attempt.preliminaryClaimable
        ? ALLOWED
        : refused('The preliminary objective was claimed in an earlier round and can no longer be claimed.');
    case 'special':
      return ALLOWED;
  }
}

export interface VictoryStanding {
  seat: string;
  vp: number;
  planetsOutsideHome: number;
}

export type VictoryCheck =
  | { over: false }
  | { over: true; winners: string[]; decidedBy: 'victory-points' | 'planets' | 'shared' };

/**
 * Whether the game ends, and who wins. 001 "Winning the game": if at least one player has the required
 * Victory Points, "Whoever has the most Victory Points at that time is declared winner. If two or more
 * players have the same number of Victory Points, ties are broken in favour of the one controlling the
 * most planets outside of her Home System. If there is still a tie, tied players share the victory."
 */
export function checkVictory(input: { seats: readonly VictoryStanding[]; vpGoal: number }): VictoryCheck {
  const { seats, vpGoal } = input;
  if (!seats.some((s) => s.vp >= vpGoal)) return { over: false };
  const topVp = Math.max(...seats.map((s) => s.vp));
  const leaders = seats.filter((s) => s.vp === topVp);
  if (leaders.length === 1) return { over: true, winners: leaders.map((s) => s.seat), decidedBy: 'victory-points' };
  const topPlanets = Math.max(...leaders.map((s) => s.planetsOutsideHome));
  const winners = leaders.filter((s) => s.planetsOutsideHome === topPlanets).map((s) => s.seat);
  return { over: true, winners, decidedBy: winners.length === 1 ? 'planets' : 'shared' };
}

/**
 * Victory points after a loss: 001 "Note: Losing Victory Points": "a player may not have less Victory
 * Points than the number of Special Objectives she currently claims. Players may not have less Victory
 * points than 0."
 */
export function clampVp(vp: number, specialObjectivesHeld: number): number {
  return Math.max(vp, specialObjectivesHeld, 0);
}

/** Trade goods for resources spent at the "Produce Trade Goods (2:1)" step: one per two resources. */
export function tradeGoodsFromResources(resources: number): number {
  return Math.floor(Math.max(0, resources) / 2);
}

/**
 * Command counters received at step 6 of the status phase: two, "one fewer" in a 2-player game (001
 * "Rule Adjustments Based On The Number Of Players" › "2 players").
 */
export function statusCommandCounters(playerCount: number): number {
  return playerCount === 2 ? 1 : 2;
}

/** What she receives at status step 6 (001 "6) Receive 1 Action Card, 1 Political Card and 2 Command Counters"), her race's extras included. */
export interface StatusIncome {
  actionCards: number;
  politicalCards: number;
  counters: number;
}

export function statusIncome(playerCount: number, race: string | null | undefined): StatusIncome {
  const effects = raceEffects(race);
  return { actionCards: 1 + effects.extraStatusActionCards, politicalCards: 1, counters: statusCommandCounters(playerCount) + effects.extraStatusCounters };
}

export const HOME_SYSTEM_PENALTY = 2;

/**
 * 001 "Home Systems": "A player that does not control all the planets of her Home System suffers a -2
 * Victory Points penalty. This penalty disappears as soon as she takes these planets back."
 */
export function homeSystemPenalty(homePlanets: readonly string[], controls: (planet: string) => boolean): number {
  return homePlanets.length > 0 && !homePlanets.every(controls) ? HOME_SYSTEM_PENALTY : 0;
}
