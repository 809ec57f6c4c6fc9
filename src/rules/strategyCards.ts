/**
 * What each strategy card's primary ability does to what the app tracks, as data: the options the card
 * prints and what each gives (trade goods, command counters, cards). Seed data `strategy_cards_sa.json` (the SA 2020 card set, which 001 v31 references).
 * The secondaries' costs are in strategy.ts (`secondaryCostFor`); Leadership's price table is here.
 */
import { ALLOWED, refused, type RuleCheck } from './result';

export const LEADERSHIP = 1;
export const ASSEMBLY = 3;
export const TRADE = 5;
export const WARFARE = 6;
export const TECHNOLOGY = 7;
export const BUREAUCRACY = 8;
export const PROSPECT = 9;
/** Technology's Advanced Research: 5 resources before discounts. */
export const ADVANCED_RESEARCH_PRICE = 5;

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
  /** What else the option asks her to choose, recorded with it (see `OptionAsks`). */
  asks?: OptionAsks;
}

/**
 * The choices an option records beside its gains: Assembly's Speaker token (a: she takes it; b: she gives it
 * to another player), Technology's research (a: 1 technology free; b: up to 3 at Advanced Research's price,
 * paid at once), Bureaucracy's Stage I objective placed face up (and the rotation cycler flipped for 1
 * influence if she likes), Prospect a's Stage I objective kept by her race sheet (only she may claim it).
 */
export type OptionAsks =
  | { speaker: 'self' | 'other' }
  | { research: { most: number; price: number } }
  /** Nekro: the counters of each technology forgone (`gain.counters` each), up to `most`, at `price` resources each. */
  | { forgo: { most: number; price: number } }
  | { reveal: 'stage1'; flipFor: number }
  | { keep: 'stage1' };

const NONE: CardGain = { tradeGoods: 0, counters: 0, actionCards: 0, politicalCards: 0 };
const option = (id: PrimaryOption['id'], g: Partial<CardGain> = {}, flags: Pick<PrimaryOption, 'freeSecondary' | 'breaksAgreements' | 'asks'> = {}): PrimaryOption => ({ id, gain: { ...NONE, ...g }, ...flags });

/**
 * The primary abilities, by initiative: the options the card prints and what each gives; the card's own
 * text (data/strategyCards.ts) says the rest, which the players do on the board.
 */
export const PRIMARIES: Readonly<Record<number, readonly PrimaryOption[]>> = {
  1: [option('a', { counters: 3 })],
  2: [option('a'), option('b')],
  3: [option('a', { politicalCards: 2, actionCards: 2 }, { asks: { speaker: 'self' } }), option('b', { politicalCards: 2, actionCards: 2 }, { asks: { speaker: 'other' } })],
  4: [option('a')],
  5: [option('a', { tradeGoods: 3 }, { freeSecondary: true }), option('b', {}, { breaksAgreements: true })],
  6: [option('a')],
  7: [option('a', {}, { asks: { research: { most: 1, price: 0 } } }), option('b', {}, { asks: { research: { most: 3, price: ADVANCED_RESEARCH_PRICE } } })],
  8: [option('a', { counters: 1 }, { asks: { reveal: 'stage1', flipFor: 1 } })],
  9: [option('a', {}, { asks: { keep: 'stage1' } }), option('b', { tradeGoods: 2, actionCards: 1, politicalCards: 1 }), option('c')],
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

/** Diplomacy's Annexation Treaty costs 2 influence. */
export const DIPLOMACY = 2;
export const ANNEXATION_INFLUENCE = 2;

export function primaryOption(card: number, option: string): PrimaryOption | undefined {
  return PRIMARIES[card]?.find((o) => o.id === option);
}

/**
 * Technology's options for a race that gains command counters instead of each technology a strategy card
 * would give her (the Nekro Virus, rules/raceAbilities.ts): a, the free technology's counters; b, the
 * counters of 1 to 3 technologies at Advanced Research's price each (no discount: no technology is bought).
 */
export function technologyForCounters(counters: number): readonly PrimaryOption[] {
  return [option('a', { counters }), option('b', { counters }, { asks: { forgo: { most: 3, price: ADVANCED_RESEARCH_PRICE } } })];
}

/** How many counters she placed matches what the option gives (for each technology forgone, Nekro's b). */
export function checkPlacement(option: PrimaryOption, placed: number): RuleCheck {
  const forgo = option.asks && 'forgo' in option.asks ? option.asks.forgo : undefined;
  if (forgo) {
    const n = placed / option.gain.counters;
    if (Number.isInteger(n) && n >= 1 && n <= forgo.most) return ALLOWED;
    return refused(`Place ${option.gain.counters} command counters for each technology forgone, 1 to ${forgo.most} of them (you placed ${placed}).`);
  }
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
