import { fromHexString } from 'lib0/buffer';
import { SeededRandom } from '../../crypto/sharedRandom';
import type { GameSnapshot } from '../core/types';
import type { DiceState } from './state';

/** The seats that have opened their value in each draw so far (the setup's start-over rule reads it). */
export const openedIn =
  (draws: DiceState) =>
  (purpose: string): string[] =>
    Object.keys(draws[purpose]?.opened ?? {});

/** The draws of `purpose`, the same on every phone, once every seat has opened its value; null before. */
export function sharedRandom(s: GameSnapshot, purpose: string): SeededRandom | null {
  const seed = s.dice[purpose]?.seed;
  return seed ? new SeededRandom(fromHexString(seed)) : null;
}
