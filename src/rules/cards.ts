/**
 * Hand limits. Seed 001 "Action Cards" › "Hand limit" and "Twilight Council and Political Cards" ›
 * "Other Rules for Political Cards" › "Hand Limit"; the Yssaril exception is declared in raceAbilities.ts.
 */
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
