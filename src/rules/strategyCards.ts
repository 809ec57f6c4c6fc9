/**
 * What each strategy card's primary ability does to what the app tracks, as data: the options the card
 * prints, what each gives (trade goods, command counters, cards), and what stays on the board as one line
 * for the table. Seed data `strategy_cards_sa.json` (the SA 2020 card set, which 001 v31 references).
 * The secondaries' costs are in strategy.ts (`secondaryCostFor`); Leadership's price table is here.
 */
import { ALLOWED, refused, type RuleCheck } from './result';

export const LEADERSHIP = 1;
export const ASSEMBLY = 3;
export const TRADE = 5;
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
  /** What the player picks, in the card's words. */
  label: string;
  gain: CardGain;
  /** Trade option a: she may then use the secondary without its cost (Realize Profits). */
  freeSecondary?: boolean;
  /** Trade option b: every trade agreement breaks. */
  breaksAgreements?: boolean;
  /** What she does on the board herself; the app only reminds her. */
  board: string;
}

const NONE: CardGain = { tradeGoods: 0, counters: 0, actionCards: 0, politicalCards: 0 };
const gain = (g: Partial<CardGain>): CardGain => ({ ...NONE, ...g });

/** The primary abilities, by initiative. */
export const PRIMARIES: Readonly<Record<number, readonly PrimaryOption[]>> = {
  1: [{ id: 'a', label: 'Progressive Campaign: gain 3 command counters', gain: gain({ counters: 3 }), board: 'You may then buy more with influence (Executive Commands).' }],
  2: [
    { id: 'a', label: "Demilitarized Zones: take 1 counter from each opponent's reinforcements", gain: NONE, board: 'Place them in systems that contain your planets.' },
    { id: 'b', label: 'Use the secondary ability at no cost (Annexation Treaty)', gain: NONE, board: 'Claim an empty planet next to your planets or units (2 influence are not paid).' },
  ],
  3: [
    { id: 'a', label: 'Twilight Council a: draw 2 political and 2 action cards, take the Speaker token', gain: gain({ politicalCards: 2, actionCards: 2 }), board: 'Choose 3 face-up agendas (not your own) to vote on.' },
    { id: 'b', label: 'Twilight Council b: draw 2 political and 2 action cards, give the Speaker token away', gain: gain({ politicalCards: 2, actionCards: 2 }), board: 'Choose any revealed agenda and up to 3 more to vote on or discard.' },
  ],
  4: [{ id: 'a', label: 'Industrial Focus', gain: NONE, board: 'All your Space Docks in one system produce without activating it, +2 resources for this build.' }],
  5: [
    { id: 'a', label: 'Interstellar Commerce a: gain 3 trade goods, then collect your agreements for free', gain: gain({ tradeGoods: 3 }), freeSecondary: true, board: 'Trade goods go on every active agreement after the card resolves.' },
    { id: 'b', label: 'Interstellar Commerce b: break every trade agreement', gain: NONE, breaksAgreements: true, board: 'Players may then open agreements you approve.' },
  ],
  6: [{ id: 'a', label: 'High Alert', gain: NONE, board: 'Place the High Alert token; after the secondaries you may take one tactical action paid from reinforcements.' }],
  7: [
    { id: 'a', label: 'Technological Focus a: gain 1 technology (prerequisites needed)', gain: NONE, board: 'Record it on the Tech tab at the price 0.' },
    { id: 'b', label: 'Technological Focus b: the secondary up to 3 times without a counter', gain: NONE, board: 'Record each on the Tech tab at the price 5.' },
  ],
  8: [{ id: 'a', label: 'Senatorial Control: gain 1 command counter', gain: gain({ counters: 1 }), board: 'Draw 3 Stage I objectives, place 1 face up; you may claim one public objective and turn the Rotation Cycler for 1 influence.' }],
  9: [
    { id: 'a', label: 'Recoordination a: draw 2 Stage I objectives, keep 1 by your race sheet', gain: NONE, board: 'Only you may claim it; the other goes on top or bottom.' },
    { id: 'b', label: 'Recoordination b: gain 2 trade goods, 1 action card and 1 political card', gain: gain({ tradeGoods: 2, actionCards: 1, politicalCards: 1 }), board: '' },
    { id: 'c', label: 'Recoordination c: relocate your leaders, then recycle up to 3 cards', gain: NONE, board: 'Relocate your leaders to friendly planets or fleets.' },
  ],
};

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
