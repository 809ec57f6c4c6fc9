/**
 * The round's side of two game options (issue 25, item 6), kept apart from the tracker's main checks so
 * that they read as one piece: Path of Fate (race-specific objectives) and the Simultaneous Tactical
 * Action System. The same checks run in the commands before writing and in the fold on every phone.
 * Seed 001 "Path of Fate (Race Specific Objectives)", "Simultaneous Tactical Action System".
 */
import type { GameOptions } from '../core/types';
import { OBJECTIVES_BY_ID, isClaimStep } from './state';
import { canScoreFate, checkFateObjective, checkSimultaneous, secretBesideFate } from '../../rules/variants';
import type { ActivatedSystems, FateObjective } from '../../rules/variants';
import type { RuleCheck } from '../../rules/result';
import type { RoundView } from './tracker';

export const NO_OPTIONS: GameOptions = Object.freeze({ pathOfFate: false, simultaneousTactical: false, ascendancy: false });

/** She scores one of her race-specific objectives now: the option, the step, once a game, not beside a secret one. */
export function checkFate(v: RoundView, options: GameOptions, seat: string, o: FateObjective): RuleCheck {
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
export function checkSecretBesideFate(v: RoundView, seat: string, objective: string): RuleCheck {
  if (OBJECTIVES_BY_ID.get(objective)?.stage !== 'secret' || !isClaimStep(v.round)) return { ok: true };
  return secretBesideFate(v.tracker.fate.some((f) => f.seat === seat && f.round === v.round.round));
}

/** A Simultaneous Tactical Action: the option, and enough counters in her command pool for the systems named. */
export function checkSimultaneousAct(options: GameOptions, systems: ActivatedSystems, pool: number): RuleCheck {
  return checkSimultaneous(options.simultaneousTactical, systems, pool);
}
