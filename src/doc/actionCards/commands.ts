/**
 * Playing an action card, or a race ability as her turn's action (issue 25). The op is a `round` event
 * (events.ts), so the command is reached where the round's are, as `game.round.play`: the round mixes it into its
 * commands (round/commands.ts) and hands it the round's view of her turn, which this folder cannot import.
 */
import type { RuleCheck } from '../../rules/result';
import { fail } from '../core/errors';
import { requireSeat } from '../core/game';
import type { CommandContext, Constructor } from '../core/game';
import type { GameSnapshot } from '../core/types';
import type { PlayKind } from './events';
import { checkPlay } from './fold';
import type { PlayView } from './fold';

function must(check: RuleCheck): void {
  if (!check.ok) fail('not-allowed', check.reason);
}

/** Adds `play` to the commands of the `round` kind (round/commands.ts), which hold the game; `view`: the round's, from a snapshot. */
export function withActionCardCommands<B extends Constructor<{ readonly game: CommandContext }>>(Base: B, view: (s: GameSnapshot) => PlayView) {
  return class extends Base {
    /**
     * An action card or a race ability played (issue 25). `turn`: as her action, the fourth kind of turn (no
     * command counter; then End turn as after any action). Otherwise an action card played when its text says,
     * outside her turn. A card comes out of her hand's count; what it does beyond that is done where the app
     * tracks it (counters, goods, planets) or on the board.
     */
    play(seat: string, kind: PlayKind, name: string, turn: boolean): void {
      requireSeat(this.game.snapshot(), seat);
      const s = this.game.snapshot();
      const title = name.trim();
      if (!title || title.length > 80) fail('invalid-input', `Name the ${kind === 'card' ? 'action card' : 'race ability'} (1 to 80 characters).`);
      must(checkPlay(view(s), seat, kind, turn, s.players[seat]?.counters.actionCards ?? 0, title));
      this.game.append([{ k: 'round', op: 'play', round: s.round.round, seat, kind, name: title, turn }]);
    }
  };
}
