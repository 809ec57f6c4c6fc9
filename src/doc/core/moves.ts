/**
 * A player's move, declared by the part it belongs to (issue 37): a pure function from the game as folded
 * and who moves to the events that record it, or a refusal naming why not. No Yjs, no storage, no phone's
 * state: the same checks the part's fold runs, written once, readable and testable without a game.
 * `game.move` (`MovingCore`, core/runner.ts) is the one runner: it calls the move on the current fold, signs what the codec says is
 * signed, writes through the one write path (where the fold referees the events again) and hands back the
 * refusal, if any, as a value the screen shows.
 *
 * A move may refuse by returning `refuse(…)` or by calling a check that `fail`s (core/errors.ts): the runner
 * turns a thrown `GameError` into the same refusal, so the checks the parts share need not change.
 */
import type { Opening } from '../../crypto/commit';
import { GameError } from './errors';
import type { GameErrorCode } from './errors';
import type { EventBody, GameSnapshot } from './types';

/** Who makes the move: this phone (its device tag, as its events carry it). */
export interface Mover {
  readonly device: string;
  /**
   * Eight fresh random letters (base 36) for the ids a move makes (a trade proposal, a vote): the runner
   * draws them for each move, so the move itself stays a function of what it is given, and a test names them.
   */
  readonly nonce: string;
}

/**
 * What a move keeps on this phone and never writes in the shared game: the opening of a face-down choice (a
 * ballot, an agenda), a card leaving the hand for an agenda placed face down. The runner hands it to the
 * phone's `Keeper` before it writes the move's events, so a phone that dies after writing still has it.
 */
export type Kept =
  | { readonly kind: 'opening'; readonly vote: string; readonly seat: string; readonly opening: Opening }
  | { readonly kind: 'placed'; readonly seat: string; readonly key: string; readonly card: string };

/** The phone's private store, as the runner sees it (runtime/session.ts gives it one over secret/privateStore.ts). */
export interface Keeper {
  keep(gameId: string, kept: readonly Kept[]): Promise<void>;
}

/** A move's events with what it keeps on the phone first. */
export interface Made {
  readonly events: readonly EventBody[];
  readonly keep: readonly Kept[];
}

/** Why a move was not made, for the player at the table (`message`) and for tests and remedies (`code`). */
export interface Refusal {
  readonly refused: GameErrorCode;
  readonly message: string;
}

/** A move: the events it writes, in one change (none: nothing to write), with what it keeps on the phone, or why it is refused. */
export type Move<A extends unknown[]> = (game: GameSnapshot, by: Mover, ...args: A) => readonly EventBody[] | Made | Refusal;

export const refuse = (refused: GameErrorCode, message: string): Refusal => ({ refused, message });

export const isRefusal = (v: unknown): v is Refusal =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as Refusal).refused === 'string' && typeof (v as Refusal).message === 'string';

export const isMade = (v: readonly EventBody[] | Made): v is Made => !Array.isArray(v);

/** The refusal a thrown GameError stands for; anything else thrown is a bug and is thrown on. */
export function refusalOf(e: unknown): Refusal {
  if (e instanceof GameError) return refuse(e.code, e.message);
  throw e;
}

/** A refusal as the error today's throwing commands raise (`MovingCore.makeMove`). */
export const errorOf = (r: Refusal): GameError => new GameError(r.refused, r.message);

/** What the parts' commands may ask of the game to make a move (core/runner.ts `MovingCore`). */
export interface MoveRunner {
  move<A extends unknown[]>(move: Move<A>, ...args: A): Refusal | undefined;
  moveSigned<A extends unknown[]>(move: Move<A>, ...args: A): Promise<Refusal | undefined>;
  makeMove<A extends unknown[]>(move: Move<A>, ...args: A): void;
  makeMoveSigned<A extends unknown[]>(move: Move<A>, ...args: A): Promise<void>;
}
