/**
 * What playing an action card (or a race ability as her action) does, and when it may be done. The round's
 * fold owns the `round` kind (events.ts says why the play is of it) and calls `foldPlay` at the op's place in
 * the log, handing over what a play needs of the round (`PlayTable`): whether she may take her turn's action
 * now, its notices, and the turn's action under way. The command runs the same check before writing
 * (commands.ts), so every phone agrees on what counted. This is where a card's own effects will go.
 *
 * Seed 001 "Action Cards", "Action Phase"; 003 Appendix 2 (race abilities).
 */
import { checkCardTiming } from '../../rules/cards';
import { checkAbilityByName } from '../../rules/raceAbilities';
import { ALLOWED, refused } from '../../rules/result';
import type { RuleCheck } from '../../rules/result';
import type { EventBody, PlayerState, SeatInfo } from '../core/types';
import { seatName } from '../core/words';
import type { PlayKind, PlayOp } from './events';

/** What a play's check reads: the seats still in the game (her race), every seat (her name), and the round's word on her turn. */
export interface PlayView {
  readonly seats: readonly SeatInfo[];
  readonly everyone: readonly SeatInfo[];
  /** Whether she may take her turn's action now (the round's check of a tactical action: her turn, no action under way). */
  mayAct(seat: string): RuleCheck;
}

/**
 * An action card or a race ability played (issue 25): as her action, on her turn with no action under way
 * (001 "Action Phase": no command counter); an action card also outside her turn, when its text says. A
 * card needs one in her hand.
 */
export function checkPlay(v: PlayView, seat: string, kind: PlayKind, turn: boolean, cardsInHand: number, name: string): RuleCheck {
  if (kind === 'card') {
    const timing = checkCardTiming(name, turn);
    if (!timing.ok) return timing;
  }
  if (turn) {
    const check = v.mayAct(seat);
    if (!check.ok) return check;
  } else if (kind === 'ability') {
    return refused('A race ability is entered here when it is played as an action; its other uses are done on the board.');
  }
  if (kind === 'ability') {
    const own = checkAbilityByName(v.seats.find((s) => s.id === seat)?.race, name);
    if (!own.ok) return own;
  }
  if (kind === 'card' && cardsInHand < 1) return refused(`${seatName(v, seat)} has no action card to play.`);
  return ALLOWED;
}

/** What a play reads and changes, as the round's fold hands it over at the op. */
export interface PlayTable extends PlayView {
  /** The round under way: a play meant for another does not count. */
  readonly round: number;
  /** Her sheet, marked changed. */
  player(seat: string): PlayerState | undefined;
  /** Folds the card leaving her hand through the sheet, which alone writes its count (core/module.ts `derive`). */
  derive(bodies: readonly EventBody[]): void;
  /** The play does not count: the table is told why. */
  refuse(seat: string, what: string, check: RuleCheck): void;
  /** The play is her turn's action: the round records it as the action under way. */
  tookAction(seat: string, kind: PlayKind): void;
}

export function foldPlay(e: PlayOp, table: PlayTable): void {
  const p = table.player(e.seat);
  const what = `${seatName(table, e.seat)} playing ${e.name}`;
  const check = checkPlay(table, e.seat, e.kind, e.turn, p?.counters.actionCards ?? 0, e.name);
  if (e.round !== table.round || !check.ok) return table.refuse(e.seat, what, check.ok ? refused(`it was meant for round ${e.round}.`) : check);
  if (e.kind === 'card' && p) table.derive([{ k: 'counter', seat: e.seat, counter: 'actionCards', delta: -1 }]);
  if (e.turn) table.tookAction(e.seat, e.kind);
}
