/**
 * What each strategy card's primary ability does to what the app tracks, as data: the options the card
 * prints and what each gives (trade goods, command counters, cards). Seed data `strategy_cards_sa.json` (the SA 2020 card set, which 001 v31 references).
 * The secondaries' costs are in strategy.ts (`secondaryCostFor`); Leadership's price table is here.
 */
import { ALLOWED, refused, type RuleCheck } from './result';

export const LEADERSHIP = 1;
export const TRADE = 5;
export const WARFARE = 6;
export const TECHNOLOGY = 7;

export interface CardGain {
  tradeGoods: number;
  /** Command counters she places in the areas she picks. */
  counters: number;
  actionCards: number;
  politicalCards: number;
}

export interface PrimaryOption {
  id: 'a' | 'b' | 'c';
  gain: CardGain;
  /** Trade option a: she may then use the secondary without its cost (Realize Profits). */
  freeSecondary?: boolean;
  /** Trade option b: every trade agreement breaks. */
  breaksAgreements?: boolean;
}

const NONE: CardGain = { tradeGoods: 0, counters: 0, actionCards: 0, politicalCards: 0 };
const option = (id: PrimaryOption['id'], g: Partial<CardGain> = {}, flags: Pick<PrimaryOption, 'freeSecondary' | 'breaksAgreements'> = {}): PrimaryOption => ({ id, gain: { ...NONE, ...g }, ...flags });

/**
 * The primary abilities, by initiative: the options the card prints and what each gives; the card's own
 * text (data/strategyCards.ts) says the rest, which the players do on the board.
 */
export const PRIMARIES: Readonly<Record<number, readonly PrimaryOption[]>> = {
  1: [option('a', { counters: 3 })],
  2: [option('a'), option('b')],
  3: [option('a', { politicalCards: 2, actionCards: 2 }), option('b', { politicalCards: 2, actionCards: 2 })],
  4: [option('a')],
  5: [option('a', { tradeGoods: 3 }, { freeSecondary: true }), option('b', {}, { breaksAgreements: true })],
  6: [option('a')],
  7: [option('a'), option('b')],
  8: [option('a', { counters: 1 })],
  9: [option('a'), option('b', { tradeGoods: 2, actionCards: 1, politicalCards: 1 }), option('c')],
};

/**
 * What a secondary ability gives beside its cost, where it is a number the app tracks: Assembly's Hidden
 * Agendas draws 1 action and 1 political card, Bureaucracy's Imperial Network gives 1 trade good (its
 * reallocation and leader move are done by hand). The others act on the board, or through the pay helper
 * (Leadership's counters, Diplomacy's annexation, Technology's research, Trade's collect).
 */
export const SECONDARY_GAINS: Readonly<Record<number, CardGain>> = {
  3: { ...NONE, actionCards: 1, politicalCards: 1 },
  8: { ...NONE, tradeGoods: 1 },
};

/** Diplomacy's Annexation Treaty costs 2 influence; Technology's Advanced Research 5 resources before discounts. */
export const DIPLOMACY = 2;
export const ANNEXATION_INFLUENCE = 2;
export const ADVANCED_RESEARCH_PRICE = 5;

export function primaryOption(card: number, option: string): PrimaryOption | undefined {
  return PRIMARIES[card]?.find((o) => o.id === option);
}

/** How many counters she placed matches what the option gives. */
export function checkPlacement(option: PrimaryOption, placed: number): RuleCheck {
  if (placed === option.gain.counters) return ALLOWED;
  return refused(`Place ${option.gain.counters} command counter${option.gain.counters === 1 ? '' : 's'} (you placed ${placed}).`);
}

/**
 * Leadership's secondary, Executive Commands: "1 CC = 1, 2 CC = 3, 3 CC = 6, 4 CC = 10 influence" (the
 * influence for all of them, paid at once). Undefined for any other number.
 */
export function executiveCommandsCost(counters: number): number | undefined {
  return [1, 3, 6, 10][counters - 1];
}
