/**
 * Hand limits. Seed 001 "Action Cards" › "Hand limit" and "Twilight Council and Political Cards" ›
 * "Other Rules for Political Cards" › "Hand Limit"; the Yssaril exception is declared in raceAbilities.ts.
 */
import { ACTION_CARDS } from '../data/actionCards';
import { ALLOWED, refused, type RuleCheck } from './result';

/** 001: "A player may not have more than 7 Action Cards in her hand" (and 7 Political Cards). */
export const HAND_LIMIT = 7;

export type HandKind = 'action' | 'political';

/**
 * Whether a hand of `count` cards respects the limit. 001: "If she would exceed this limit by drawing
 * […] Cards, she first draws all her […] Cards, and then discard[s] […] until she has 7." The count the
 * table records is the hand after that discard, so a recorded count above 7 is refused.
 */
export function checkHandLimit(kind: HandKind, count: number, unlimited = false): RuleCheck {
  if (unlimited || count <= HAND_LIMIT) return ALLOWED;
  const cards = kind === 'action' ? 'action cards' : 'political cards';
  return refused(
    `Hand limit: at most ${HAND_LIMIT} ${cards}. When a draw takes you past ${HAND_LIMIT}, draw them all, ` +
      `then discard down to ${HAND_LIMIT} and record the ${HAND_LIMIT} you keep.`,
  );
}

/** 001 "Action Cards" › "Timing": the "Play:" line of each card (its name, as the deck lists it). */
const TIMING_BY_NAME = new Map(ACTION_CARDS.map((c) => [c.name.toLowerCase(), c.timing]));

/**
 * 001 "Action Cards" › "As an Action": a card whose timing is "As an action" is played instead of taking an
 * action, so it is a turn's action and nothing else; every other card is played at the moment its text says,
 * never as the action. `name` is the card's name as the deck lists it; an unknown name may not be an action.
 */
/** Whether a card's "Play:" line makes it a turn's action (001 "Action Cards" › "As an Action"). */
export const playedAsAction = (timing: string): boolean => timing.toLowerCase() === 'as an action';

export function checkCardTiming(name: string, asAction: boolean): RuleCheck {
  const timing = TIMING_BY_NAME.get(name.trim().toLowerCase());
  const isAction = timing !== undefined && playedAsAction(timing);
  if (asAction && !isAction) {
    return refused(timing ? `${name} is played "${timing}", not as an action: play it at that moment (Play an action card…).` : `${name} is not an action card of the deck played "As an action".`);
  }
  if (!asAction && isAction) return refused(`${name} is played "As an action": play it on your turn as your action (001 "Action Cards").`);
  return ALLOWED;
}
