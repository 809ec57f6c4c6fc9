/**
 * The one runner of the parts' moves (core/moves.ts, issue 37): above the game's log and write path
 * (`GameCore`), below the seats (`SeatedCore`) and every part's commands.
 */
import { errorOf, isMade, isRefusal, refusalOf, refuse } from './moves';
import type { Keeper, Made, Move, MoveRunner, Refusal } from './moves';
import { GameCore } from './game';
import type { EventBody } from './types';

/** Base 36 letters from WebCrypto's random source, for `Mover.nonce`. */
function nonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => (b % 36).toString(36)).join('');
}

export class MovingCore extends GameCore implements MoveRunner {
  /**
   * Where this phone keeps what a move keeps off the shared game (an opening, a card placed face down): the
   * runtime gives it the device's private store (runtime/keeper.ts). Without one, such a move is refused.
   */
  keeper: Keeper | undefined;

  /**
   * Makes a part's `move` on the game as folded now, as this phone: writes its events in one change through
   * the one write path (where the fold referees them again), or writes nothing and returns why not. A move
   * whose events include a signed kind goes through `moveSigned`.
   */
  move<A extends unknown[]>(move: Move<A>, ...args: A): Refusal | undefined {
    const made = this.#eventsOf(move, args);
    if (isRefusal(made)) return made;
    // Keeping goes to storage and waits on it, which a synchronous move cannot: a caller's mistake, not the player's.
    if (isMade(made) && made.keep.length) throw new Error(`${move.name || 'This move'} keeps something on the phone: make it with moveSigned.`);
    const events = isMade(made) ? made.events : made;
    try {
      if (events.length) this.write([...events]);
      return undefined;
    } catch (e) {
      return refusalOf(e);
    }
  }

  /**
   * `move` for a move with signed events, or one that keeps something on the phone: what it keeps is stored
   * first (a phone that dies after writing a commitment can still open it), then its events are written once
   * signed (asynchronously, by WebCrypto).
   */
  async moveSigned<A extends unknown[]>(move: Move<A>, ...args: A): Promise<Refusal | undefined> {
    const made = this.#eventsOf(move, args);
    if (isRefusal(made)) return made;
    const { events, keep } = isMade(made) ? made : { events: made, keep: [] };
    try {
      if (keep.length) {
        if (!this.keeper) return refuse('not-allowed', 'This phone has no private store to keep a face-down choice in, so it cannot make it.');
        await this.keeper.keep(this.snapshot().meta.id, keep);
      }
      if (events.length) await this.writeSigned([...events]);
      return undefined;
    } catch (e) {
      return refusalOf(e);
    }
  }

  /**
   * The same move, its refusal thrown as a GameError: for the callers that stop at a refusal (the tests, the
   * phone's own agents), where a returned value could be forgotten.
   */
  makeMove<A extends unknown[]>(move: Move<A>, ...args: A): void {
    const refused = this.move(move, ...args);
    if (refused) throw errorOf(refused);
  }

  /** `moveSigned`, its refusal thrown as a GameError (see `makeMove`). */
  async makeMoveSigned<A extends unknown[]>(move: Move<A>, ...args: A): Promise<void> {
    const refused = await this.moveSigned(move, ...args);
    if (refused) throw errorOf(refused);
  }

  #eventsOf<A extends unknown[]>(move: Move<A>, args: A): readonly EventBody[] | Made | Refusal {
    try {
      return move(this.snapshot(), { device: this.device, nonce: nonce() }, ...args);
    } catch (e) {
      return refusalOf(e);
    }
  }
}
