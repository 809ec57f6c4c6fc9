/**
 * The round's moves (core/moves.ts). So far the one its part of the log shares with the action cards: playing a
 * card or a race ability, checked against the round's view of her turn; the round's own commands are still
 * commands (commands.ts, issue 37).
 */
import { playWith } from '../actionCards/moves';
import type { PlayView } from '../actionCards';
import type { GameSnapshot } from '../core/types';
import { checkAct } from './state';
import { roundView } from './views';

/** What a play's check reads of the round (actionCards/fold.ts): the seats, and whether she may take her turn's action now. */
function playView(s: GameSnapshot): PlayView {
  const v = roundView(s);
  return { seats: v.seats, everyone: v.everyone, mayAct: (seat) => checkAct(v, seat, 'tactical', null) };
}

/** An action card or a race ability played (actionCards/moves.ts `playWith`). */
export const play = playWith(playView);
