/** What the Trade panel reads: each contract's use, her agreements, what she can collect. Pure functions of the snapshot. */
import { raceEffects } from '../../rules/raceAbilities';
import { approvalNeededFrom, tradeNegotiator } from '../../rules/trade';
import type { GameSnapshot } from '../core/types';
import { raceOf } from '../core/words';
import type { ContractIndex } from './events';
import type { Agreement, Proposal, TradeCard } from './state';

export const CONTRACTS: readonly ContractIndex[] = [0, 1];

/** What one of her contracts is doing now. */
export type ContractUse =
  | { kind: 'free' }
  | { kind: 'held'; by: string; agreement: Agreement }
  | { kind: 'self'; agreement: Agreement }
  | { kind: 'offered'; to: string; proposal: Proposal };

export function contractUse(s: GameSnapshot, seat: string, c: ContractIndex): ContractUse {
  for (const x of s.trade.agreements) {
    if (x.a === seat && x.b === seat && x.onA.contract === c) return { kind: 'self', agreement: x };
    if (x.onB?.owner === seat && x.onB.contract === c) return { kind: 'held', by: x.b, agreement: x };
    if (x.a !== x.b && x.onA.owner === seat && x.onA.contract === c) return { kind: 'held', by: x.a, agreement: x };
  }
  const offer = s.trade.proposals.find((p) => p.from === seat && p.contract === c);
  return offer ? { kind: 'offered', to: offer.to, proposal: offer } : { kind: 'free' };
}

/** Her contracts lying face down, not offered to anyone. */
export function freeContracts(s: GameSnapshot, seat: string): ContractIndex[] {
  return CONTRACTS.filter((c) => contractUse(s, seat, c).kind === 'free');
}

/** The agreements she is part of (a self-trade included). */
export function agreementsOf(s: GameSnapshot, seat: string): Agreement[] {
  return s.trade.agreements.filter((x) => x.a === seat || x.b === seat);
}

/** The card she holds in an agreement she is part of (her trade agreement). */
export function cardHeldBy(x: Agreement, seat: string): TradeCard | null {
  return x.a === seat ? x.onA : x.b === seat ? x.onB : null;
}

/** Her partner in an agreement (herself, for a self-trade). */
export function partnerOf(x: Agreement, seat: string): string {
  return x.a === seat ? x.b : x.a;
}

/** What a collect gives her: the goods on the cards she holds, and the Hacan's extra one per card with goods. */
export function goodsToCollect(s: GameSnapshot, seat: string): number {
  const bonus = raceEffects(raceOf(s, seat)?.id).goodsPerAgreementCollected;
  return agreementsOf(s, seat).reduce((n, x) => {
    const goods = cardHeldBy(x, seat)?.goods ?? 0;
    return n + (goods > 0 ? goods + bonus : 0);
  }, 0);
}

/** Who plays the Trade card now, as her strategic action: she approves every new agreement (rules/trade.ts). */
export function tradeHolder(s: GameSnapshot): string | null {
  return tradeNegotiator(s.tracker);
}

/** Whose approval an agreement between `a` and `b` needs now (the Trade holder's), or null (rules/trade.ts). */
export function approvalNeeded(s: GameSnapshot, a: string, b: string): string | null {
  return approvalNeededFrom({ holder: tradeHolder(s), a, b, raceOf: (seat) => raceOf(s, seat)?.id });
}

/** The Trade holder whose approval a waiting proposal still lacks (given in this round's Trade counts), or null. */
export function awaitingApproval(s: GameSnapshot, p: Pick<Proposal, 'from' | 'to' | 'approval'>): string | null {
  const need = approvalNeeded(s, p.from, p.to);
  return need && !(p.approval?.by === need && p.approval.round === s.round.round) ? need : null;
}

/**
 * The proposal `from` made to `to` that is still waiting (to herself: a self-trade waiting for approval), or
 * undefined: two seats wait on one proposal at most (moves.ts `propose`), so this is how the proposer finds its id.
 */
export function proposalBetween(s: GameSnapshot, from: string, to: string): Proposal | undefined {
  return s.trade.proposals.find((p) => p.from === from && p.to === to);
}

/** The proposals (self-trades included) waiting for `seat`'s approval: she plays Trade now. */
export function awaitingHerApproval(s: GameSnapshot, seat: string): Proposal[] {
  return s.trade.proposals.filter((p) => awaitingApproval(s, p) === seat);
}

