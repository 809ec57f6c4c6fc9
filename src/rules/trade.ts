/**
 * Trade agreements: placing and collecting trade goods, breaking an agreement, opening one.
 * Seed 001 "Trade Contracts and Trade Agreements" and "Rule Adjustments Based On The Number Of Players".
 *
 * An agreement between A and B is two cards: A holds one of B's Trade Contracts, B holds one of A's
 * ("Difference between Trade Contract and Trade Agreement"). Each side has its own value and its own
 * pile of trade goods, and each player only ever collects the pile on the card she holds.
 */
import { raceEffects } from './raceAbilities';
import { ALLOWED, refused, type RuleCheck } from './result';
import type { RoundState } from './round';
import { TRADE } from './strategyCards';

/** "Each race has two Trade Contracts" (001 "Trade Contracts"). */
export const TRADE_CONTRACTS_PER_RACE = 2;

export type AgreementSide = 'A' | 'B';

export interface TradeAgreement {
  a: string;
  b: string;
  /** Value printed on the card A holds, which is B's contract. */
  valueOnA: number;
  /** Value printed on the card B holds, which is A's contract. */
  valueOnB: number;
  goodsOnA: number;
  goodsOnB: number;
}

/**
 * An effect "places Trade Goods on active Trade Agreements": each player places "a number of Trade
 * Goods equal to the numerical values of these Trade Agreements" on the card she holds (001 "Receiving
 * Trade Goods from Trade Agreements"). Goods already there stay.
 */
export function placeTradeGoods(agreement: TradeAgreement): TradeAgreement {
  return { ...agreement, goodsOnA: agreement.goodsOnA + agreement.valueOnA, goodsOnB: agreement.goodsOnB + agreement.valueOnB };
}

/**
 * One player collects "the Trade Goods present on their Trade Agreements" (001 "Receiving Trade Goods
 * from Trade Agreements"): the pile on the card she holds, not her partner's.
 */
export function collectTradeGoods(agreement: TradeAgreement, side: AgreementSide): { collected: number; agreement: TradeAgreement } {
  return side === 'A'
    ? { collected: agreement.goodsOnA, agreement: { ...agreement, goodsOnA: 0 } }
    : { collected: agreement.goodsOnB, agreement: { ...agreement, goodsOnB: 0 } };
}

export interface BrokenAgreementInput {
  goodsOnA: number;
  goodsOnB: number;
  /** Set when the agreement broke because one side performed a hostile act against the other. */
  hostile?: { aggressor: AgreementSide };
  /** Trade goods a side's race adds when she receives goods from the agreement (the Hacan: 1). */
  bonusA?: number;
  bonusB?: number;
}

export interface Settlement {
  collectA: number;
  collectB: number;
  /** Goods returned to the supply. */
  discarded: number;
}

/**
 * What each player collects when an agreement breaks (001 "Breaking Trade Agreements"): "the two
 * players automatically collect a certain amount of the Trade Goods present on their Trade Agreement
 * (the other Trade Goods are discarded)":
 * - after a hostile act, "the player that performed the Hostile Act collects none of the Trade Goods on
 *   her Trade Agreements, while her trade partner collects all the Trade Goods on her Trade Agreement"
 *   (the victim takes her own pile; the aggressor's pile is discarded, not handed over);
 * - otherwise "both players collect half (round down) of the Trade Goods on their Trade Agreement".
 * Then the contracts go back to their owners face down. A self-traded contract is a single card: pass
 * its pile as `goodsOnA` and 0 as `goodsOnB`.
 */
export function settleBrokenAgreement(input: BrokenAgreementInput): Settlement {
  const { goodsOnA, goodsOnB, hostile } = input;
  let collectA: number;
  let collectB: number;
  if (hostile) {
    collectA = hostile.aggressor === 'A' ? 0 : goodsOnA;
    collectB = hostile.aggressor === 'B' ? 0 : goodsOnB;
  } else {
    collectA = Math.floor(goodsOnA / 2);
    collectB = Math.floor(goodsOnB / 2);
  }
  const discarded = goodsOnA + goodsOnB - collectA - collectB;
  // A bonus comes from the supply, on top of what the card held: it changes nothing discarded.
  const plus = (collected: number, bonus = 0) => (collected > 0 ? collected + bonus : 0);
  return { collectA: plus(collectA, input.bonusA), collectB: plus(collectB, input.bonusB), discarded };
}

/**
 * How many of her own contracts a player may self-trade, by player count (001 "Rule Adjustments Based
 * On The Number Of Players": 4 players "may self-trade ONE", 3 and 2 players "may self-trade BOTH").
 * Otherwise self-trading is "normally forbidden" (001 "Self-Trading"); an effect that allows it is
 * outside this count.
 */
export function selfTradeAllowed(playerCount: number): number {
  if (playerCount === 4) return 1;
  if (playerCount === 2 || playerCount === 3) return TRADE_CONTRACTS_PER_RACE;
  return 0;
}

/**
 * Whether seats `a` and `b` may open a trade agreement (`a === b` is a self-trade). 001 "Opening Trade
 * Agreements": they "exchange one of their Trade Contracts", so each needs a contract not already in
 * use, and "two players may not have more than one Trade Agreements with each other at the same time".
 * A self-trade uses one contract (001 "Self-Trading") and is limited by {@link selfTradeAllowed}.
 */
export function canOpenAgreement(input: {
  a: string;
  b: string;
  /** Agreements open now; a self-trade has a === b. */
  open: readonly { a: string; b: string }[];
  playerCount: number;
}): RuleCheck {
  const { a, b, open, playerCount } = input;
  const inUse = (seat: string): number => open.filter((x) => x.a === seat || x.b === seat).length;
  if (a === b) {
    const allowed = selfTradeAllowed(playerCount);
    if (allowed === 0) return refused(`Self-trading is not allowed with ${playerCount} players.`);
    const selfTrades = open.filter((x) => x.a === a && x.b === a).length;
    if (selfTrades >= allowed) return refused(`With ${playerCount} players you may self-trade only ${allowed === 1 ? 'one contract' : 'both contracts'}.`);
    if (inUse(a) >= TRADE_CONTRACTS_PER_RACE) return refused('Both of your trade contracts are already in use.');
    return ALLOWED;
  }
  if (open.some((x) => (x.a === a && x.b === b) || (x.a === b && x.b === a))) {
    return refused('These two players already have a trade agreement with each other.');
  }
  if (inUse(a) >= TRADE_CONTRACTS_PER_RACE || inUse(b) >= TRADE_CONTRACTS_PER_RACE) {
    return refused('One of the two players already has both trade contracts in use.');
  }
  return ALLOWED;
}

/**
 * Why an agreement opened by `name` without `partner`'s answer does not open: both players agree ("After agreeing to
 * trade, the two players must give the other one of their own Trade Cards", 003:710; 001 "Opening Trade Agreements":
 * "When two players want to open a Trade Agreement with each other"). The Hacan's "You do not require approval to
 * make a Trade Agreement" (003:1058) is the Trade card holder's approval (003:712), not the partner's consent
 * ({@link approvalNeededFrom}). Every phone's fold refuses such an opening, written by an earlier build or a forged one.
 */
export function openingWithoutConsent(partner: string): string {
  return `${partner}'s consent is needed: a race ability lifts only the Trade card holder's approval (003 Appendix 2, Hacan); propose it, and ${partner} accepts on her own phone.`;
}

/**
 * The Trade card's primary opens negotiations that its holder governs: "Finally, open trade negotiations among all
 * players. You must approve all new trade agreements" (003:1514; SA's card 5: "then players may open agreements you
 * approve"), and "Before a trade agreement can be completed, the agreement must first be approved by the active
 * player" (003:712). Whose approval a new agreement between `a` and `b` (a self-trade: `a === b`, 001 "Self-Trading":
 * "treat it as a Trade Agreement opened with yourself") needs now: the holder's, or null when
 * - no Trade primary is under way (`holder` null; with 5 players a card played by no player: "Primary Ability has no
 *   effect", 001 "5 players"), or the holder is one of the two (her agreeing is her approval);
 * - one of the two is the Hacan: "You do not require approval to make a Trade Agreement" (003:1058), approval being,
 *   in the rulebook's words, the active player's (003:712); the partner's consent is still asked ("After agreeing to
 *   trade, the two players must give the other one of their own Trade Cards", 003:710; 001 "Opening Trade
 *   Agreements": "When two players want to open a Trade Agreement with each other").
 */
export function approvalNeededFrom(input: { holder: string | null; a: string; b: string; raceOf: (seat: string) => string | null | undefined }): string | null {
  const { holder, a, b, raceOf } = input;
  if (!holder || holder === a || holder === b) return null;
  if (raceEffects(raceOf(a)).tradesWithoutApproval || raceEffects(raceOf(b)).tradesWithoutApproval) return null;
  return holder;
}

/** Why an agreement is not opened yet while `holder` (her name) plays Trade. */
export function approvalRefusal(holder: string): string {
  return `${holder} plays Trade: every new trade agreement needs ${holder}'s approval first (she approves it on her Trade tab).`;
}

/**
 * Who plays the Trade card now, as her strategic action (its negotiations last until she ends her turn), from the
 * round tracker's `active`, `acting` and `playing`; null otherwise.
 */
export function tradeNegotiator(t: { active: string | null; acting: string | null; playing: number | null }): string | null {
  return t.acting === 'strategic' && t.playing === TRADE ? t.active : null;
}

/** 001 "Status Phase sequence": "8) Scuttle units and break Trade Agreements". */
export const BREAK_AGREEMENTS_STEP = 8;

/**
 * Breaking an agreement unilaterally. 001 "Breaking Trade Agreements": "Any player involved in a Trade
 * Agreement may unilaterally break it during the Scuttle Units And Break Trade Agreements step of the
 * Status Phase" (step 8; the SA v31 change moved it there from "any time during the Status Phase").
 * Breaking after a hostile act, or by an effect (Trade card option b), is not bound to this step.
 */
/**
 * Whether a player may break, by her own choice, an agreement with a partner of `partnerRace`: nobody may
 * voluntarily break one with the Hacan (raceAbilities.ts); a hostile act or an effect still breaks it.
 */
export function canBreakVoluntarily(partnerRace: string | null | undefined, partnerName: string): RuleCheck {
  if (!raceEffects(partnerRace).agreementsUnbreakableByPartner) return ALLOWED;
  return refused(`No player may voluntarily break a trade agreement with ${partnerName} (a race ability); only a hostile act or an effect breaks it.`);
}

export function canBreakInStatusPhase(r: RoundState): RuleCheck {
  if (r.phase === 'status' && r.step === BREAK_AGREEMENTS_STEP) return ALLOWED;
  const now = r.phase === 'status' ? `step ${r.step ?? '?'} of the status phase` : `the ${r.phase} phase`;
  return refused(
    `A trade agreement may be broken by one side only in step ${BREAK_AGREEMENTS_STEP} of the status phase ` +
      `(Scuttle units and break Trade Agreements); it is now ${now} of round ${r.round}.`,
  );
}

/**
 * Option b of the Trade strategy card (5), "break all Trade Agreements", is forbidden with 2 players
 * (001 "Rule Adjustments Based On The Number Of Players", 2 players, Trade).
 */
export function canUseTradeOptionB(playerCount: number): RuleCheck {
  return playerCount === 2 ? refused('With 2 players, option b of the Trade strategy card (break all trade agreements) may not be used.') : ALLOWED;
}
