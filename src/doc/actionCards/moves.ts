/**
 * Playing an action card, or a race ability as her turn's action (issue 25), as a move (core/moves.ts). Its op is
 * a `round` event (events.ts), and whether she may act now is the round's to say, which this folder cannot
 * import: the round makes the move with its view of her turn (`playWith(view)`, round/moves.ts `play`).
 */
import type { RuleCheck } from '../../rules/result';
import { requireSeat } from '../core/context';
import { fail } from '../core/errors';
import type { Move } from '../core/moves';
import type { GameSnapshot } from '../core/types';
import type { PlayKind } from './events';
import { checkPlay } from './fold';
import type { PlayView } from './fold';

function must(check: RuleCheck): void {
  if (!check.ok) fail('not-allowed', check.reason);
}

/**
 * An action card or a race ability played. `turn`: as her action, the fourth kind of turn (no command counter;
 * then End turn as after any action). Otherwise an action card played when its text says, outside her turn. A
 * card comes out of her hand's count; what it does beyond that is done where the app tracks it (counters, goods,
 * planets) or on the board.
 */
export const playWith =
  (view: (s: GameSnapshot) => PlayView): Move<[seat: string, kind: PlayKind, name: string, turn: boolean]> =>
  (s, _by, seat, kind, name, turn) => {
    requireSeat(s, seat);
    const title = name.trim();
    if (!title || title.length > 80) fail('invalid-input', `Name the ${kind === 'card' ? 'action card' : 'race ability'} (1 to 80 characters).`);
    must(checkPlay(view(s), seat, kind, turn, s.players[seat]?.counters.actionCards ?? 0, title));
    return [{ k: 'round', op: 'play', round: s.round.round, seat, kind, name: title, turn }];
  };
