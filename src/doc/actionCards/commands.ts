/**
 * `game.round.play`: the round mixes it into its commands (round/commands.ts) with its move (round/moves.ts
 * `play`); it makes that move and throws its refusal, for the callers not moved to `game.move` yet (issue 37).
 */
import type { Constructor } from '../core/context';
import type { Move, MoveRunner } from '../core/moves';
import type { PlayKind } from './events';

/** Adds `play` to the commands of the `round` kind, which hold the game; `play`: the round's move (moves.ts `playWith`). */
export function withActionCardCommands<B extends Constructor<{ readonly game: MoveRunner }>>(Base: B, play: Move<[seat: string, kind: PlayKind, name: string, turn: boolean]>) {
  return class extends Base {
    play(seat: string, kind: PlayKind, name: string, turn: boolean): void {
      this.game.makeMove(play, seat, kind, name, turn);
    }
  };
}
