/**
 * Taking part in a shared draw from this phone (`game.dice`): commit to a fresh random value, then open it
 * once every seat has committed. The opening stays in this page's memory until then; a phone reloaded in
 * between commits again under a new purpose (the table starts the draw over).
 */
import { toHexString } from 'lib0/buffer';
import { commitment, newSalt } from '../../crypto/commit';
import type { Opening } from '../../crypto/commit';
import { fail } from '../core/errors';
import type { CommandContext, Constructor } from '../core/game';
import { drawId } from './fold';

/** A random 128-bit value and its salt: what a seat commits to. */
export const freshOpening = (): Opening => ({ choice: toHexString(crypto.getRandomValues(new Uint8Array(16))), salt: newSalt() });

export class DiceCommands {
  readonly #openings = new Map<string, Opening>();

  constructor(private readonly game: CommandContext) {}

  /**
   * Commits `seat` to a random value for `purpose` (signed); the value stays on this phone. A caller that
   * saves `opening` first (runtime/setupAgent.ts) can open it after a reload.
   */
  commit(purpose: string, seat: string, opening: Opening = freshOpening()): Promise<void> {
    const s = this.game.snapshot();
    if (!s.seats.some((x) => x.id === seat)) fail('unknown-seat', `There is no seat "${seat}" in this game.`);
    if (s.dice[purpose]?.commits[seat]) fail('invalid-input', 'This seat has already committed to this draw.');
    const hash = commitment(s.meta.id, drawId(purpose), seat, opening);
    this.#openings.set(`${purpose}\u0000${seat}`, opening);
    return this.game.appendSigned([{ k: 'seed', seat, purpose, hash }]);
  }

  /** Opens `seat`'s value once every seat has committed (`opening`: the one saved, else the one this page made). */
  open(purpose: string, seat: string, opening?: Opening): void {
    const draw = this.game.snapshot().dice[purpose];
    opening ??= this.#openings.get(`${purpose}\u0000${seat}`) ?? fail('not-allowed', 'This phone holds no value for that draw (it was made on another phone, or before a reload).');
    if (!draw || draw.seats.some((x) => !draw.commits[x])) fail('not-allowed', 'Wait until every seat has committed.');
    if (draw.opened[seat]) return;
    this.game.append([{ k: 'seed', seat, purpose, value: opening.choice, salt: opening.salt }]);
  }
}

/** Adds `game.dice` to the game. */
export function withDiceCommands<B extends Constructor<CommandContext>>(Base: B) {
  return class extends Base {
    readonly dice: DiceCommands = new DiceCommands(this);
  };
}
