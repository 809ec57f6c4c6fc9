/**
 * The race abilities that change a number the app tracks, declared once (seed 003 "Appendix 2: Races",
 * which folds in SA's changes; line numbers are of 003-as-text.md) and read by the rule that computes
 * that number. Abilities that act on the board (units, movement, combat) stay text on the race sheet
 * (`src/data/races.ts`); only what moves a counter, a card count, a cost or a vote is here.
 */
import type { RaceId, VoteRule } from '../data/types';
import { ALLOWED, refused, type RuleCheck } from './result';
import { TECHNOLOGY, TRADE } from './strategyCards';

export interface RaceEffects {
  /** Extra command counters at status step 6 (Sol, 003:1220 "During the Status Phase, you receive one extra CC."). */
  extraStatusCounters: number;
  /** Extra action cards drawn at status step 6 (Yssaril, 003:1286 "You draw one additional Action Card during every Status Phase."). */
  extraStatusActionCards: number;
  /** Command counters at the start, beside the usual 3 / 3 / 2 (Mentak 003:1126, L1Z1X 003:1094). */
  startFleetSupply: number;
  startStrategyAllocation: number;
  /** Strategy cards (by initiative) whose secondary needs no strategy allocation counter (Hacan 003:1060, Winnu 003:1236). */
  freeSecondaries: readonly number[];
  /** Trade goods on top of each agreement she receives goods from (Hacan, 003:1062 "one additional Trade Good for each trade agreement"). */
  goodsPerAgreementCollected: number;
  /** No partner may break an agreement with her by choice (Hacan, 003:1064 "No player may voluntarily break a Trade Contract with you."). */
  agreementsUnbreakableByPartner: boolean;
  /**
   * Her agreements need no approval from the Trade card's holder (Hacan, 003:1058 "You to not require approval to make
   * a Trade Agreement.": in the rulebook's words approval is the active player's, 003:712 "the agreement must first be
   * approved by the active player"); her partner still agrees (003:710), rules/trade.ts `approvalNeededFrom`.
   */
  tradesWithoutApproval: boolean;
  /**
   * Once a round, as her action, one of her refreshed planets has its resources and influence swapped until the
   * round ends (Yin, 003:1272 "As an Action, once per game round you may place your control marker on an
   * unexhausted Planet Card you control. Until the end of the Round, its Influence and Resource values are reversed.").
   */
  reversesPlanetValues: boolean;
  /** She may skip a turn of the action phase without passing, never two in a row (Yssaril, 003:1284). */
  skipsTurns: boolean;
  /**
   * Her abilities the app applies with a control of their own: the text's beginning as the race table prints it
   * (`src/data/races.ts`), and that control. Entered by name as a turn's action (the Round tab's list) one would
   * record the action without what it does: the Yin's action with no planet reversed, the Yssaril's skip as an action.
   */
  ownControls: readonly { text: string; control: string }[];
  /** Trade goods each time she acquires a planet she did not hold (Saar, 003:1202 "Gain 1 Trade Good every time you acquire a new planet."). */
  goodsPerPlanetAcquired: number;
  /**
   * Command counters in place of each technology a strategy card would give her (Nekro, 003:1180 "You may not
   * receive Technology Cards from Political, Assembly, Action, or Strategy Cards. Any time you would receive a
   * Technology Card in this way, instead gain 3 Command Counters.").
   */
  countersInsteadOfCardTech: number;
  /**
   * What a trade good pays once a racial upgrade is hers (Mentak's Mirror Computing, 003 Mentak: "When you spend
   * Trade Goods, each Trade Good counts as 2 resources or 2 influence (instead of 1)").
   */
  tradeGoodWorth: { upgrade: string; worth: number } | null;
  /** Technology's secondary lets her execute its primary too (Jol-Nar, 003:1080 "you may additionally execute the Primary Ability"). */
  technologyPrimaryWithSecondary: boolean;
  /** Never limited to a hand of 7 action cards (Yssaril, 003:1286). */
  unlimitedActionCards: boolean;
  /** How her planets count as votes (Nekro 003:1176, Winnu 003:1232, Xxcha 003:1256). */
  votes: VoteRule;
  /**
   * When she may record a technology without its prerequisites: Nekro copies one after a battle
   * (003:1178 "ignoring prereqs"); L1Z1X with the Inheritance Systems upgrade, researching through the
   * Technology card for 2 more resources (003:1104, corrected at 003:1391 "Should be Technology Strategy Card").
   */
  ignorePrerequisites: { when: 'always' } | { when: 'upgrade'; upgrade: string; extraCost: number } | null;
}

const NONE: RaceEffects = {
  extraStatusCounters: 0,
  extraStatusActionCards: 0,
  startFleetSupply: 0,
  startStrategyAllocation: 0,
  freeSecondaries: [],
  goodsPerAgreementCollected: 0,
  agreementsUnbreakableByPartner: false,
  tradesWithoutApproval: false,
  reversesPlanetValues: false,
  skipsTurns: false,
  ownControls: [],
  goodsPerPlanetAcquired: 0,
  countersInsteadOfCardTech: 0,
  technologyPrimaryWithSecondary: false,
  tradeGoodWorth: null,
  unlimitedActionCards: false,
  votes: {},
  ignorePrerequisites: null,
};


const DECLARED: Readonly<Record<string, Partial<RaceEffects>>> = {
  sol: { extraStatusCounters: 1 },
  yssaril: {
    extraStatusActionCards: 1,
    unlimitedActionCards: true,
    skipsTurns: true,
    ownControls: [{ text: 'You may skip action turns during the Action Phase without passing', control: 'Skip this turn (Round tab), which moves the turn on without an action' }],
  },
  mentak: { startFleetSupply: 1, tradeGoodWorth: { upgrade: 'mirror-computing', worth: 2 } },
  l1z1x: { startStrategyAllocation: -1, ignorePrerequisites: { when: 'upgrade', upgrade: 'inheritance-systems', extraCost: 2 } },
  hacan: { freeSecondaries: [TRADE], goodsPerAgreementCollected: 1, agreementsUnbreakableByPartner: true, tradesWithoutApproval: true },
  winnu: { freeSecondaries: [TECHNOLOGY], votes: { homeCountsExhausted: true } },
  nekro: { votes: { cannotVote: true }, ignorePrerequisites: { when: 'always' }, countersInsteadOfCardTech: 3 },
  saar: { goodsPerPlanetAcquired: 1 },
  'jol-nar': { technologyPrimaryWithSecondary: true },
  xxcha: { votes: { mayCountResources: true } },
  yin: {
    reversesPlanetValues: true,
    ownControls: [{ text: 'As an Action, once per game round you may place your control marker on an unexhausted Planet Card you control', control: "Reverse resources and influence on the planet's card (Planets tab), which reverses it" }],
  },
};

// Merged once: the fold asks for every event.
const EFFECTS = new Map(Object.entries(DECLARED).map(([race, declared]) => [race, { ...NONE, ...declared }]));

/** What her race changes in the numbers the app tracks; no change for an unknown race. */
export function raceEffects(race: RaceId | string | null | undefined): RaceEffects {
  return (race ? EFFECTS.get(race) : undefined) ?? NONE;
}

/** The races whose abilities change a tracked number (for the tests that check the table against the appendix). */
export const RACES_WITH_EFFECTS: readonly string[] = Object.keys(DECLARED);

/** What one trade good pays in resources or influence for her, with the racial upgrades she has unlocked. */
export function tradeGoodWorth(race: RaceId | string | null | undefined, upgrades: readonly string[]): number {
  const rule = raceEffects(race).tradeGoodWorth;
  return rule && upgrades.includes(rule.upgrade) ? rule.worth : 1;
}

/** Lower case, one space between words: how an ability's name is compared with its text. */
const words = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Whether an ability named `name` may be entered by name as her turn's action: not one the app applies with a
 * control of its own (`ownControls`), matched by its beginning (the Round tab names an ability by its first
 * words, 60 characters at most; 20 are enough to tell the abilities of a race apart).
 */
export function checkAbilityByName(race: RaceId | string | null | undefined, name: string): RuleCheck {
  const n = words(name);
  const own = raceEffects(race).ownControls.find(({ text }) => {
    const t = words(text);
    return n.length >= 20 && (t.startsWith(n) || n.startsWith(t));
  });
  return own ? refused(`That race ability is taken with ${own.control}: entered here it would record the action without what it does.`) : ALLOWED;
}
