/**
 * The objectives' commands, reached where the round's are, as `game.round.claim` (their ops are `round` events):
 * the round mixes them into its commands (round/commands.ts). Each makes the objectives' move of the same name
 * (moves.ts) and throws its refusal, for the callers not moved to `game.move` yet (issue 37).
 */
import type { Constructor } from '../core/context';
import type { MoveRunner } from '../core/moves';
import type { FateObjective } from '../../rules/variants';
import { claim, reveal, scoreFate } from './moves';
import type { ObjectivePayment } from './moves';

/** Adds the objectives' commands to the commands of the `round` kind (round/commands.ts), which hold the game. */
export function withObjectiveCommands<B extends Constructor<{ readonly game: MoveRunner }>>(Base: B) {
  return class extends Base {
    scoreFate(seat: string, objective: FateObjective): void {
      this.game.makeMove(scoreFate, seat, objective);
    }

    reveal(objective: string, shown = true): void {
      this.game.makeMove(reveal, objective, shown);
    }

    claim(seat: string, objective: string, payment: ObjectivePayment = {}): void {
      this.game.makeMove(claim, seat, objective, payment);
    }
  };
}
