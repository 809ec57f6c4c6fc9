/**
 * The round and its phases. Seed 001 "Game Round" (Strategy, Action and Status phases), "Status Phase"
 * (its numbered sequence) and "Command Counters" (when counters may move between areas).
 */
import { ALLOWED, refused, type RuleCheck } from './result';

export type Phase = 'strategy' | 'action' | 'status';
export const PHASES: readonly Phase[] = ['strategy', 'action', 'status'];

export interface RoundState {
  round: number;
  phase: Phase;
  /** Status phase step, numbered as 001 numbers it (1–9); null outside the status phase. */
  step: number | null;
}

/** 001 "Status Phase sequence", in order; step n is `STATUS_STEPS[n - 1]`. */
export const STATUS_STEPS: readonly string[] = [
  'Claim Objectives',
  'Progression Feedback',
  'Produce Trade Goods (2:1)',
  'Unlock Racial Upgrades',
  'Refresh Planets',
  'Receive 1 Action Card, 1 Political Card and 2 Command Counters',
  'Reallocate Command Counters and Fleet Supply Upkeep',
  'Scuttle units and break Trade Agreements',
  'Unactivate Systems, repair units, return agendas and Strategy Cards, refresh Space Docks',
];

/** 001 "7) Reallocate Command Counters and Fleet Supply Upkeep". */
export const REALLOCATE_STEP = 7;

export const PHASE_NAMES: Record<Phase, string> = { strategy: 'Strategy phase', action: 'Action phase', status: 'Status phase' };

/** "Round 3 · Status phase, step 7: Reallocate Command Counters and Fleet Supply Upkeep". */
export function describeRound(r: RoundState): string {
  const step = r.phase === 'status' && r.step !== null ? `, step ${r.step}: ${STATUS_STEPS[r.step - 1] ?? '?'}` : '';
  return `Round ${r.round} · ${PHASE_NAMES[r.phase]}${step}`;
}

/** A round state a command may record: round ≥ 1, a status step 1–9 only in the status phase. */
export function checkRoundState(r: RoundState): RuleCheck {
  if (!Number.isSafeInteger(r.round) || r.round < 1 || r.round > 99) return refused('The round is a whole number from 1 to 99.');
  if (!PHASES.includes(r.phase)) return refused('Pick the strategy, action or status phase.');
  if (r.phase !== 'status') return r.step === null ? ALLOWED : refused('Only the status phase has numbered steps.');
  if (r.step === null || !Number.isSafeInteger(r.step) || r.step < 1 || r.step > STATUS_STEPS.length) {
    return refused(`Pick a status phase step from 1 to ${STATUS_STEPS.length}.`);
  }
  return ALLOWED;
}

/**
 * Moving command counters from one area of the race sheet to another. 001 "Command Counters": "Command
 * Counters may not be moved from one area to another, except during the Reallocate Command Counters and
 * Fleet Supply Upkeep step of the Status Phase" (step 7).
 */
export function canMoveCommandCounters(r: RoundState): RuleCheck {
  if (r.phase === 'status' && r.step === REALLOCATE_STEP) return ALLOWED;
  const now = r.phase === 'status' ? `step ${r.step ?? '?'} of the status phase` : `the ${r.phase} phase`;
  return refused(
    `Command counters may move between areas only in step ${REALLOCATE_STEP} of the status phase ` +
      `(Reallocate Command Counters); it is now ${now} of round ${r.round}.`,
  );
}

export const UNLOCK_UPGRADES_STEP = 4;
export const REFRESH_STEP = 5;

/**
 * Something the rules allow only at one step of the status phase: racial upgrades are unlocked at step 4
 * (001 "4) Unlock Racial Upgrades"), facilities built instead of refreshing a planet at step 5 (001
 * "5) Refresh Planets").
 */
export function atStatusStep(r: RoundState, step: number, what: string): RuleCheck {
  if (r.phase === 'status' && r.step === step) return ALLOWED;
  const now = r.phase === 'status' ? `step ${r.step ?? '?'} of the status phase` : `the ${r.phase} phase`;
  return refused(`${what} only at step ${step} of the status phase (${STATUS_STEPS[step - 1]}); it is now ${now} of round ${r.round}.`);
}
