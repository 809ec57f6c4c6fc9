/**
 * The objectives' part of the round tracker, their names, and the checks that say which may be revealed,
 * claimed or scored now. The commands run these checks before they write an op, and the fold runs them again
 * at the op's place in the converged log (fold.ts), so every phone agrees on what counted.
 *
 * The objectives are folded into the round tracker (the snapshot's `tracker`: round/tracker.ts extends
 * `ObjectivesState`), and their checks read the round there too: the status step, the seats still in, and
 * whether she has just played Bureaucracy. They reach it through the snapshot's type, as trade/ and council/
 * do, not through an import: the round imports this folder, which must not import it back.
 *
 * Seed 001 "Types of objectives", "Claim Objectives", "Claiming Limit", "Path of Fate (Race Specific Objectives)".
 */
import { OBJECTIVES } from '../../data';
import type { Objective, ObjectiveStage } from '../../data/types';
import { ALLOWED, refused } from '../../rules/result';
import type { RuleCheck } from '../../rules/result';
import type { RoundState } from '../../rules/round';
import { canClaim, preliminaryStillClaimable } from '../../rules/status';
import { BUREAUCRACY } from '../../rules/strategyCards';
import { canScoreFate, checkFateObjective, secretBesideFate } from '../../rules/variants';
import type { FateObjective } from '../../rules/variants';
import type { GameOptions, GameSnapshot, SeatInfo } from '../core/types';
import { phaseNow, seatName } from '../core/words';

export interface ObjectiveClaim {
  objective: string;
  seat: string;
  round: number;
  index: number;
  /** Claimed in the Claim Objectives step (false: right after playing Bureaucracy). */
  step: boolean;
}

/** Path of Fate: a race-specific objective scored, named by its claim (001 "Path of Fate"). */
export interface FateClaim {
  seat: string;
  name: string;
  vp: number;
  round: number;
  index: number;
}

/** The objectives in the round tracker (`s.tracker`). */
export interface ObjectivesState {
  /** Public and preliminary objectives face up, in the order revealed. */
  revealed: string[];
  /** Stage I objectives kept face up by a race sheet with Prospect's option a: only that seat may claim each. */
  kept: { objective: string; seat: string }[];
  claims: ObjectiveClaim[];
  /** Race-specific objectives scored (Path of Fate): at most one per seat per game. */
  fate: FateClaim[];
  /** Seat → special objectives she holds now. */
  specials: Record<string, string[]>;
}

/**
 * What the checks read: the round tracker, the round state, the seats still in the game (the player count)
 * and every seat (what the table calls her), the VP goal. The round's own view (round/tracker.ts `RoundView`)
 * is one.
 */
export interface ObjectivesView {
  readonly tracker: GameSnapshot['tracker'];
  readonly round: RoundState;
  readonly seats: readonly SeatInfo[];
  readonly everyone: readonly SeatInfo[];
  readonly vpGoal: number;
}

export const OBJECTIVES_BY_ID: ReadonlyMap<string, Objective> = new Map(OBJECTIVES.map((o) => [o.id, o]));
export const CLAIM_STEP = 1;
export const isClaimStep = (r: RoundState) => r.phase === 'status' && r.step === CLAIM_STEP;
export const objectiveName = (id: string): string => OBJECTIVES_BY_ID.get(id)?.name ?? id;

export function checkReveal(v: ObjectivesView, objective: string, shown: boolean): RuleCheck {
  const o = OBJECTIVES_BY_ID.get(objective);
  if (!o) return refused(`There is no objective "${objective}".`);
  if (o.stage === 'secret') return refused('Secret objectives stay in their owner\'s hand until claimed.');
  if (o.stage === 'special') return refused('Every special objective is face up from the start.');
  if (o.stage === 'preliminary' && shown && v.seats.length === 2) return refused('With 2 players no preliminary objective is revealed (001 "Rule Adjustments Based On The Number Of Players" › "2 players").');
  const kept = v.tracker.kept.find((k) => k.objective === objective);
  if (kept) return refused(`${o.name} lies by ${seatName(v, kept.seat)}'s race sheet (Prospect): it is not a public objective.`);
  const up = v.tracker.revealed.includes(objective);
  if (shown && up) return refused(`${o.name} is already face up.`);
  if (!shown && !up) return refused(`${o.name} is not face up.`);
  if (!shown && v.tracker.claims.some((c) => c.objective === objective)) return refused(`${o.name} has been claimed: it stays.`);
  return ALLOWED;
}

/** Objectives she may claim now, and why not (001 "Claim Objectives", "Claiming Limit", "Types of objectives"). */
export function checkClaim(v: ObjectivesView, seat: string, objective: string): RuleCheck {
  const { tracker: t, round } = v;
  const o = OBJECTIVES_BY_ID.get(objective);
  if (!o) return refused(`There is no objective "${objective}".`);
  if (o.stage === 'special') return refused('Special objectives are claimed automatically, while you qualify for them.');
  const kept = t.kept.find((k) => k.objective === objective);
  if (kept && kept.seat !== seat) return refused(`${o.name} lies by ${seatName(v, kept.seat)}'s race sheet (Prospect): only ${seatName(v, kept.seat)} may claim it.`);
  if (o.stage !== 'secret' && !kept && !t.revealed.includes(objective)) return refused(`${o.name} has not been revealed.`);
  if (o.stage === 'secret' && t.claims.some((c) => c.objective === objective && c.seat !== seat)) {
    return refused(`${o.name} has already been claimed by ${seatName(v, t.claims.find((c) => c.objective === objective)?.seat)}: there is one card of each secret objective.`);
  }
  const inStep = isClaimStep(round);
  if (!inStep && !bureaucracyClaim(v, seat, o.stage)) {
    return refused(`Objectives are claimed at status step ${CLAIM_STEP} (or one public objective right after playing Bureaucracy); it is now the ${phaseNow(round)}.`);
  }
  const mine = t.claims.filter((c) => c.seat === seat);
  const stageOf = (id: string): ObjectiveStage => OBJECTIVES_BY_ID.get(id)?.stage ?? 'stage1';
  return canClaim({
    stage: o.stage,
    alreadyClaimed: mine.some((c) => c.objective === objective),
    claimedThisStep: inStep ? mine.filter((c) => c.round === round.round && c.step).map((c) => stageOf(c.objective)) : [],
    revealedStage1Count: t.revealed.filter((id) => stageOf(id) === 'stage1').length,
    vpGoal: v.vpGoal,
    preliminaryClaimable: preliminaryStillClaimable(t.claims.filter((c) => c.objective === objective).map((c) => c.round), round.round),
  });
}

/** Bureaucracy's primary: "may immediately claim one public objective" (strategy_cards_sa.json). */
function bureaucracyClaim(v: ObjectivesView, seat: string, stage: ObjectiveStage): boolean {
  const { tracker: t, round } = v;
  if (round.phase !== 'action' || (stage !== 'stage1' && stage !== 'stage2')) return false;
  const card = t.cards.find((c) => c.initiative === BUREAUCRACY);
  return !!card && card.holder === seat && card.played && !t.claims.some((c) => c.seat === seat && c.round === round.round && !c.step);
}

/** She scores one of her race-specific objectives now: the option, the step, once a game, not beside a secret one. */
export function checkFate(v: ObjectivesView, options: GameOptions, seat: string, o: FateObjective): RuleCheck {
  const fields = checkFateObjective(o);
  if (!fields.ok) return fields;
  const { tracker: t, round } = v;
  return canScoreFate({
    option: options.pathOfFate,
    claimStep: isClaimStep(round),
    scoredBefore: t.fate.some((f) => f.seat === seat),
    secretThisStep: t.claims.some((c) => c.seat === seat && c.round === round.round && c.step && OBJECTIVES_BY_ID.get(c.objective)?.stage === 'secret'),
  });
}

/** A secret objective claimed in the step where she scored a race-specific one is refused (001 "Path of Fate"). */
export function checkSecretBesideFate(v: ObjectivesView, seat: string, objective: string): RuleCheck {
  if (OBJECTIVES_BY_ID.get(objective)?.stage !== 'secret' || !isClaimStep(v.round)) return { ok: true };
  return secretBesideFate(v.tracker.fate.some((f) => f.seat === seat && f.round === v.round.round));
}
