/**
 * Strategy cards through one round: which cards are in play, how many each player picks and in which
 * order, bonus counters, the 5-player unpicked card, and the action phase's turns.
 * Seed 001 "Strategy Phase" › "2) Strategy Card Picking", "Action Phase" (with "Initiative",
 * "Strategic Action", "Passing") and "Rule Adjustments Based On The Number Of Players".
 */
import { STRATEGY_CARDS } from '../data/strategyCards';
import type { StrategyCard } from '../data/types';
import { initiativeOf } from './order';
import type { CardHolding } from './order';
import { raceEffects } from './raceAbilities';
import { ALLOWED, refused, type RuleCheck } from './result';
import { PRIMARIES, TECHNOLOGY, technologyForCounters } from './strategyCards';
import type { PrimaryOption } from './strategyCards';

/**
 * The strategy cards on the table: 1–8, plus 9 (Prospect) with 4, 7 or 8 players (001 "Rule
 * Adjustments…" › "8 players", "7 players", "4 players": "The 9th Strategy Card, Prospect, is used").
 */
export function cardsInPlay(playerCount: number): StrategyCard[] {
  return STRATEGY_CARDS.filter((c) => c.playerCounts.includes(playerCount));
}

/**
 * Cards each player picks: three with 2 players, two with 3 or 4, one otherwise (001 "Rule
 * Adjustments…": "Players pick TWO Strategy Cards instead of one […] (they still pick one card at a
 * time)"; 2 players: "THREE").
 */
export function picksPerPlayer(playerCount: number): number {
  if (playerCount === 2) return 3;
  if (playerCount === 3 || playerCount === 4) return 2;
  return 1;
}

/**
 * Who makes pick number `pick` (from 0), or null once every pick is made: the rotation order (speaker
 * first) once per card each player takes, one card at a time (001 "Strategy Card Picking": "In
 * rotation order, each player must pick one of the available Strategy Cards"). Arithmetic, not a
 * list: the fold asks after every event, and building the sequence each time was a third of it.
 */
export function pickerAt(rotation: readonly string[], pick: number): string | null {
  const n = rotation.length;
  if (n === 0 || !Number.isInteger(pick) || pick < 0 || pick >= n * picksPerPlayer(n)) return null;
  return rotation[pick % n] ?? null;
}

/**
 * 5 players: "At the end of the Strategy Phase, randomly select an unpicked Strategy Card and remove
 * the newly placed Bonus Counter from the card. In the Action Phase, as soon as its initiative value
 * is reached, execute the card as if played by no player" (001 "Rule Adjustments…" › "5 players").
 */
export function drawsUnpickedCard(playerCount: number): boolean {
  return playerCount === 5;
}

export interface CardOnTable {
  initiative: number;
  bonus: number;
  holder: string | null;
}

/**
 * Bonus counters after picking: one more on each unpicked card (001 "Strategy Card Picking": "place a
 * Bonus Counter on each of the unpicked Strategy Cards. These Bonus Counters stack from one Round to
 * the next"), except the 5-player card drawn at random (`drawn`), whose new counter is removed.
 */
export function bonusAfterPicking(cards: readonly CardOnTable[], drawn: number | null): number[] {
  return cards.map((c) => (c.holder === null && c.initiative !== drawn ? c.bonus + 1 : c.bonus));
}

/** How a picker converts the bonus counters on her card: each one a trade good or a command counter. */
export interface BonusSplit {
  tradeGoods: number;
  pool: number;
  fleet: number;
  strat: number;
}

/**
 * "when a player picks a Strategy Card, she converts each Bonus Counter on it into either a Command
 * Counter or a Trade Goods that she adds to her race sheet" (001 "Strategy Card Picking").
 */
export function checkBonusSplit(bonus: number, split: BonusSplit): RuleCheck {
  const parts = [split.tradeGoods, split.pool, split.fleet, split.strat];
  if (parts.some((n) => !Number.isSafeInteger(n) || n < 0)) return refused('Convert bonus counters in whole numbers, none negative.');
  const total = parts.reduce((a, b) => a + b, 0);
  if (total !== bonus) {
    return refused(`This card carries ${bonus} bonus counter${bonus === 1 ? '' : 's'}: convert exactly ${bonus} into trade goods or command counters (you chose ${total}).`);
  }
  return ALLOWED;
}

/** The actor id of a card played by no player (5 players): "#" and its initiative. */
export const nobodyActor = (initiative: number): string => `#${initiative}`;
export const isNobodyActor = (actor: string): boolean => actor.startsWith('#');

/**
 * Action phase turns, lowest initiative first (001 "Action Phase"; a player with several cards uses
 * her lowest): seats holding cards, and the 5-player card played by no player at its own initiative.
 */
export function actionOrder(holdings: readonly CardHolding[], playedByNobody: readonly number[]): string[] {
  const actors = holdings
    .map((h) => ({ actor: h.seat, initiative: initiativeOf(h.cards) }))
    .filter((a): a is { actor: string; initiative: number } => a.initiative !== null);
  for (const n of playedByNobody) actors.push({ actor: nobodyActor(n), initiative: n });
  return actors.sort((a, b) => a.initiative - b.initiative).map((a) => a.actor);
}

/**
 * Whose turn follows `current`: the next actor in initiative order, going round again, skipping those
 * who are out (001 "Passing": "When it would be the turn of a player that passed, simply skip her").
 * Null once everyone is out: "If all players have passed, the Action Phase ends".
 */
export function nextActor(order: readonly string[], current: string | null, out: ReadonlySet<string>): string | null {
  const from = current === null ? -1 : order.indexOf(current);
  for (let k = 1; k <= order.length; k++) {
    const actor = order[(from + k + order.length) % order.length] as string;
    if (!out.has(actor)) return actor;
  }
  return null;
}

/**
 * "A player may not pass before having used her Strategy Card through a Strategic Action" (001
 * "Passing"); with several cards, every one of them.
 */
export function canPass(held: readonly number[], played: readonly number[]): RuleCheck {
  const left = held.filter((n) => !played.includes(n));
  if (left.length === 0) return ALLOWED;
  const names = left.map((n) => STRATEGY_CARDS.find((c) => c.initiative === n)?.name ?? String(n));
  return refused(`You may not pass before playing your strategy card${left.length > 1 ? 's' : ''} (${names.join(', ')}) as a strategic action.`);
}

/**
 * Whether she may skip her turn without passing: only a race whose ability says so, and "You may not skip two
 * in a row" (the Yssaril, 003 Appendix 2; raceAbilities.ts). `skippedLast`: her previous turn this action
 * phase was a skip.
 */
export function canSkipTurn(race: string | null | undefined, skippedLast: boolean): RuleCheck {
  if (!raceEffects(race).skipsTurns) return refused('Only a race ability lets a player skip a turn without passing: take an action or pass.');
  if (skippedLast) return refused('You skipped your last turn: you may not skip two in a row. Take an action or pass.');
  return ALLOWED;
}

/**
 * Whether using a card's secondary ability costs a strategy allocation counter. The cards print the
 * cost ("1 CC: …", strategy_cards_sa.json); Leadership's secondary is bought with influence instead,
 * and Prospect has no secondary ability.
 */
export function secondaryCost(initiative: number): 'counter' | 'free' | 'none' {
  const card = STRATEGY_CARDS.find((c) => c.initiative === initiative);
  if (!card || card.secondary === '') return 'none';
  return /^[^:]*:\s*1 CC\b/.test(card.secondary) ? 'counter' : 'free';
}

/**
 * What answering a card's secondary costs her: the printed cost, unless her race uses that secondary
 * without a counter (Hacan's Trade, Winnu's Technology: raceAbilities.ts).
 */
export function secondaryCostFor(initiative: number, race: string | null | undefined): 'counter' | 'free' | 'none' {
  const printed = secondaryCost(initiative);
  return printed === 'counter' && raceEffects(race).freeSecondaries.includes(initiative) ? 'free' : printed;
}

/**
 * The options of a card's primary ability for a player of `race`: as printed, but Technology's for a race
 * that takes command counters instead of a technology from a strategy card (Nekro, 003:1180).
 */
export function primaryOptionsFor(card: number, race: string | null | undefined): readonly PrimaryOption[] {
  const instead = raceEffects(race).countersInsteadOfCardTech;
  return card === TECHNOLOGY && instead ? technologyForCounters(instead) : PRIMARIES[card] ?? [];
}

export function primaryOptionFor(card: number, option: string, race: string | null | undefined): PrimaryOption | undefined {
  return primaryOptionsFor(card, race).find((o) => o.id === option);
}
