/**
 * The one runner of the parts' moves (core/moves.ts, issue 37): above the game's log and write path
 * (`GameCore`), below the seats (`SeatedCore`) and every part's commands.
 */
import { errorOf, isRefusal, refusalOf } from './moves';
import type { Move, MoveRunner, Refusal } from './moves';
import type { Constructor } from './context';
import { GameCore } from './game';
import type { EventBody } from './types';

export class MovingCore extends GameCore implements MoveRunner {
  /**
   * Makes a part's `move` on the game as folded now, as this phone: writes its events in one change through
   * the one write path (where the fold referees them again), or writes nothing and returns why not. A move
   * whose events include a signed kind goes through `moveSigned`.
   */
  move<A extends unknown[]>(move: Move<A>, ...args: A): Refusal | undefined {
    const events = this.#eventsOf(move, args);
    if (isRefusal(events)) return events;
    try {
      if (events.length) this.write([...events]);
      return undefined;
    } catch (e) {
      return refusalOf(e);
    }
  }

  /** `move` for a move with signed events: they are written once signed (asynchronously, by WebCrypto). */
  async moveSigned<A extends unknown[]>(move: Move<A>, ...args: A): Promise<Refusal | undefined> {
    const events = this.#eventsOf(move, args);
    if (isRefusal(events)) return events;
    try {
      if (events.length) await this.writeSigned([...events]);
      return undefined;
    } catch (e) {
      return refusalOf(e);
    }
  }

  /** For the commands that still throw (`game.adjustCounter(…)`): the same move, its refusal thrown as a GameError. */
  makeMove<A extends unknown[]>(move: Move<A>, ...args: A): void {
    const refused = this.move(move, ...args);
    if (refused) throw errorOf(refused);
  }

  #eventsOf<A extends unknown[]>(move: Move<A>, args: A): readonly EventBody[] | Refusal {
    try {
      return move(this.snapshot(), { device: this.device }, ...args);
    } catch (e) {
      return refusalOf(e);
    }
  }
}

/** The throwing command of each move in `M`: `game.adjustCounter(…)` for `adjustCounter`. */
export type MoveCommands<M> = { [K in keyof M]: M[K] extends Move<infer A> ? (...args: A) => void : never };

/**
 * Mixes into `Base` a command per move of `moves`, named as the move, that makes it and throws its refusal
 * as a GameError: what every command did before the moves, kept for the callers not moved yet (issue 37).
 * Made from the list rather than written out, so a part's moves are written once.
 */
export function withMoveCommands<B extends Constructor<MoveRunner>, M extends Record<string, Move<never>>>(Base: B, moves: M): B & Constructor<MoveCommands<M>> {
  const Commands = class extends Base {};
  for (const [name, move] of Object.entries(moves)) {
    Object.defineProperty(Commands.prototype, name, {
      value(this: MoveRunner, ...args: unknown[]) {
        this.makeMove(move as Move<unknown[]>, ...args);
      },
      writable: true,
      configurable: true,
    });
  }
  return Commands as B & Constructor<MoveCommands<M>>;
}
