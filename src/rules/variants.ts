/**
 * Two game options of seed 001 "Game Options" that change what the app counts (issue 25, item 6):
 *
 * - **Path of Fate** (001 "Path of Fate (Race Specific Objectives)"): "Each player is dealt her three
 *   Race-Specific Objective cards. Only one of these can be scored during each game (during the Objectives
 *   step of the Status Phase), but cannot be scored simultaneously with a Secret Objective." The cards'
 *   texts and VP are in none of our sources, so each player types hers (name and VP) on her own phone.
 * - **Simultaneous Tactical Action System** (001 of that name): "Activate as many systems as desired.
 *   However, activating a system that does not contain friendly ships or Space Docks costs 2 Command
 *   Counters instead of 1."
 *
 * Pure: plain numbers and strings in, a check or a number out.
 */
import { ALLOWED, refused } from './result';
import type { RuleCheck } from './result';

/** A race-specific objective as she types it: its name and VP. */
export interface FateObjective {
  name: string;
  vp: number;
}

/** "Each player is dealt her three Race-Specific Objective cards" (001 "Path of Fate"). */
export const FATE_CARDS = 3;
export const FATE_NAME_MAX = 60;
/**
 * 001 gives no VP for these cards; the public and secret objectives of the SA decks are worth 1 to 3 VP,
 * so a race-specific one is bounded the same way (a typo of 30 VP would otherwise end the game).
 */
export const FATE_VP_MIN = 1;
export const FATE_VP_MAX = 3;

/** A race-specific objective's name (1–60 characters once trimmed) and VP (1–3, whole). */
export function checkFateObjective(o: FateObjective): RuleCheck {
  const name = o.name.trim();
  if (name.length < 1 || name.length > FATE_NAME_MAX) return refused(`Name the race-specific objective (1 to ${FATE_NAME_MAX} characters).`);
  if (!Number.isInteger(o.vp) || o.vp < FATE_VP_MIN || o.vp > FATE_VP_MAX) return refused(`A race-specific objective is worth ${FATE_VP_MIN} to ${FATE_VP_MAX} VP.`);
  return ALLOWED;
}

/** What the claim check needs to know about the game and her claims so far. */
export interface FateAttempt {
  /** The game was created with the Path of Fate option. */
  option: boolean;
  /** It is the Claim Objectives step (status step 1). */
  claimStep: boolean;
  /** She has scored a race-specific objective earlier in this game. */
  scoredBefore: boolean;
  /** She has claimed a secret objective in this Claim Objectives step. */
  secretThisStep: boolean;
}

/** May she score one of her race-specific objectives now? (001 "Path of Fate"). */
export function canScoreFate(a: FateAttempt): RuleCheck {
  if (!a.option) return refused('This game is played without Path of Fate (race-specific objectives): it was not chosen at New game.');
  if (!a.claimStep) return refused('A race-specific objective is scored in the Claim Objectives step of the status phase (001 "Path of Fate").');
  if (a.scoredBefore) return refused('Only one race-specific objective can be scored during each game (001 "Path of Fate").');
  if (a.secretThisStep) return refused('A race-specific objective cannot be scored in the same step as a secret objective (001 "Path of Fate").');
  return ALLOWED;
}

/** A secret objective claimed in the step where she already scored a race-specific one (001 "Path of Fate"). */
export function secretBesideFate(fateThisStep: boolean): RuleCheck {
  return fateThisStep ? refused('You scored a race-specific objective in this step: a secret objective cannot be claimed with it (001 "Path of Fate").') : ALLOWED;
}

/** The systems a Simultaneous Tactical Action activates, by kind. */
export interface ActivatedSystems {
  /** Systems with her ships or a space dock of hers: 1 command counter each. */
  friendly: number;
  /** Systems with neither: 2 command counters each. */
  other: number;
}

/** The most systems of one kind an action may name: more than a galaxy of 8 players holds is a typo. */
export const SYSTEMS_MAX = 60;

/** Command counters a Simultaneous Tactical Action costs (001 "Simultaneous Tactical Action System" 1). */
export function simultaneousCost(s: ActivatedSystems): number {
  return s.friendly + 2 * s.other;
}

/** May she take this Simultaneous Tactical Action, with `pool` counters in her command pool? */
export function checkSimultaneous(option: boolean, s: ActivatedSystems, pool: number): RuleCheck {
  if (!option) return refused('This game is played without Simultaneous Tactical Actions: the option was not chosen at New game.');
  const ok = (n: number) => Number.isInteger(n) && n >= 0 && n <= SYSTEMS_MAX;
  if (!ok(s.friendly) || !ok(s.other)) return refused(`Name how many systems of each kind are activated (0 to ${SYSTEMS_MAX}).`);
  if (s.friendly + s.other < 1) return refused('Activate at least one system.');
  const cost = simultaneousCost(s);
  if (cost > pool) return refused(`Activating these systems costs ${cost} command counter${cost === 1 ? '' : 's'} (2 for each system without friendly ships or a space dock); the command pool holds ${pool}.`);
  return ALLOWED;
}
