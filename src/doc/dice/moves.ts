/**
 * Taking part in a shared draw from this phone (core/moves.ts): commit to a random value, then open it once
 * every seat has committed. The value is made and kept by the caller (runtime/setupAgent.ts saves it in the
 * phone's setup secrets before it commits, so it can open after a reload); `freshOpening` makes one.
 */
import { toHexString } from 'lib0/buffer';
import { commitment, newSalt } from '../../crypto/commit';
import type { Opening } from '../../crypto/commit';
import { fail } from '../core/errors';
import type { Move } from '../core/moves';
import { drawId } from './fold';

/** A random 128-bit value and its salt: what a seat commits to. */
export const freshOpening = (): Opening => ({ choice: toHexString(crypto.getRandomValues(new Uint8Array(16))), salt: newSalt() });

/** Commits `seat` to `opening`'s value for `purpose` (signed: make it with `moveSigned`); only its hash enters the game. */
export const commit: Move<[purpose: string, seat: string, opening: Opening]> = (s, _by, purpose, seat, opening) => {
  if (!s.seats.some((x) => x.id === seat)) fail('unknown-seat', `There is no seat "${seat}" in this game.`);
  if (s.dice[purpose]?.commits[seat]) fail('invalid-input', 'This seat has already committed to this draw.');
  return [{ k: 'seed', seat, purpose, hash: commitment(s.meta.id, drawId(purpose), seat, opening) }];
};

/** Opens `seat`'s value once every seat has committed (nothing to write if it is already open). */
export const open: Move<[purpose: string, seat: string, opening: Opening]> = (s, _by, purpose, seat, opening) => {
  const draw = s.dice[purpose];
  if (!draw || draw.seats.some((x) => !draw.commits[x])) fail('not-allowed', 'Wait until every seat has committed.');
  if (draw.opened[seat]) return [];
  return [{ k: 'seed', seat, purpose, value: opening.choice, salt: opening.salt }];
};
