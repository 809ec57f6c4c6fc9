/**
 * Who goes when: initiative in the action phase, rotation order everywhere else.
 * Seed 001 "Action Phase" › "Initiative", "General Definitions" › "Rotation Order", "Strategic Action",
 * "Rule Adjustments Based On The Number Of Players".
 */

export type RotationDirection = 'clockwise' | 'counterclockwise';

export interface CardHolding {
  seat: string;
  /** Initiative numbers of the strategy cards she holds this round. */
  cards: readonly number[];
}

/**
 * A player's initiative: the number printed on her strategy card, the lowest one when she holds
 * several (001 "Initiative"; 2–4 players pick two or three cards: "The *initiative* of a player with
 * multiple Strategy Cards is the lowest number among all of her Strategy Cards"). Null with no card.
 */
export function initiativeOf(cards: readonly number[]): number | null {
  return cards.length === 0 ? null : Math.min(...cards);
}

/**
 * Seats in action-phase order, lowest initiative first (001 "Action Phase": "the player with the
 * lowest initiative being the first to take an Action"). Seats holding no card have no initiative and
 * are left out. Strategy cards are unique, so two seats cannot tie; if bad data made them tie, the
 * input order is kept.
 */
export function initiativeOrder(holdings: readonly CardHolding[]): string[] {
  return holdings
    .map((h) => ({ seat: h.seat, initiative: initiativeOf(h.cards) }))
    .filter((h): h is { seat: string; initiative: number } => h.initiative !== null)
    .sort((a, b) => a.initiative - b.initiative)
    .map((h) => h.seat);
}

/**
 * All seats, going round the table from `start` in the rotation cycler's direction. `seatsInTableOrder`
 * lists the seats clockwise. Throws a RangeError when `start` is not seated (a programming error, not
 * a rule).
 */
export function aroundTheTable(seatsInTableOrder: readonly string[], start: string, direction: RotationDirection): string[] {
  const at = seatsInTableOrder.indexOf(start);
  if (at < 0) throw new RangeError(`Seat ${start} is not at the table.`);
  const n = seatsInTableOrder.length;
  const step = direction === 'clockwise' ? 1 : -1;
  return seatsInTableOrder.map((_, k) => seatsInTableOrder[(((at + step * k) % n) + n) % n] as string);
}

/**
 * Rotation order: 001 "Rotation Order": "A procedure occurring in Rotation Order will start with the
 * Speaker and continue around the table with the other players in the orientation of the Rotation
 * Cycler." The speaker is first.
 */
export function rotationOrder(seatsInTableOrder: readonly string[], speaker: string, direction: RotationDirection): string[] {
  return aroundTheTable(seatsInTableOrder, speaker, direction);
}

/**
 * Who may use a strategy card's secondary ability, in order: 001 "Strategic Action": "other players,
 * following the order defined by the Rotation Cycler (starting with either the left or right
 * neighbour of the active player […])"; the active player may not use it.
 */
export function secondaryAbilityOrder(seatsInTableOrder: readonly string[], active: string, direction: RotationDirection): string[] {
  return aroundTheTable(seatsInTableOrder, active, direction).slice(1);
}
