/**
 * The round's side of the Simultaneous Tactical Action System (a game option, issue 25 item 6), kept apart
 * from the tracker's main checks so that it reads as one piece; Path of Fate, the other option the round's
 * events carry, is the objectives' (objectives/state.ts). The same check runs in the commands before writing
 * and in the fold on every phone. Seed 001 "Simultaneous Tactical Action System".
 */
import type { GameOptions } from '../core/types';
import { checkSimultaneous } from '../../rules/variants';
import type { ActivatedSystems } from '../../rules/variants';
import type { RuleCheck } from '../../rules/result';

export const NO_OPTIONS: GameOptions = Object.freeze({ pathOfFate: false, simultaneousTactical: false, ascendancy: false });

/** A Simultaneous Tactical Action: the option, and enough counters in her command pool for the systems named. */
export function checkSimultaneousAct(options: GameOptions, systems: ActivatedSystems, pool: number): RuleCheck {
  return checkSimultaneous(options.simultaneousTactical, systems, pool);
}
