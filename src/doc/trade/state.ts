/** The trade ledger as the snapshot holds it (`s.trade`), folded by fold.ts, and what that fold reads. */
import type { RoundState } from '../../rules/round';
import type { EventBody, PlayerState } from '../core/types';

/** Which of a seat's two trade contracts: 0 or 1. */
export type ContractIndex = 0 | 1;

/** Why an agreement broke: step 8 of the status phase, a hostile act, or an effect (Trade card option b). */
export type BreakReason = 'status' | 'hostile';

/** One face-up trade agreement card: a contract of `owner`, lying in the playing area of its holder. */
export interface TradeCard {
  /** Whose contract it is (the race whose symbol it bears). */
  owner: string;
  contract: ContractIndex;
  /** The value printed on it, as currently known (corrections apply to open cards too). */
  value: number;
  /** Trade goods lying on it. */
  goods: number;
}

export interface Agreement {
  id: string;
  /** The proposer (or the self-trader). */
  a: string;
  /** Her partner, who accepted; `a` again for a self-trade. */
  b: string;
  /** The card A holds: B's contract (her own, for a self-trade). */
  onA: TradeCard;
  /** The card B holds: A's contract. Null for a self-trade, which is a single card. */
  onB: TradeCard | null;
  /** Round it opened in, and the log position of the acceptance. */
  round: number;
  index: number;
}

export interface Proposal {
  id: string;
  from: string;
  to: string;
  /** The contract `from` offers, and its value. */
  contract: ContractIndex;
  value: number;
  /** Log position of the proposal. */
  index: number;
  /** Why it cannot be accepted as things stand (it can still be withdrawn or declined). */
  blocked?: string;
  /**
   * The Trade card's holder approved it (during her Trade, in `round`): its recipient may accept it then. A proposal
   * with `from === to` is a self-trade waiting for that approval, which opens it.
   */
  approval?: { by: string; round: number };
}

/** What one trade event did, computed by the fold (the log sentence reads it). */
export interface TradeOutcome {
  placed?: number;
  collected?: number;
  settled?: { seat: string; collected: number }[];
  discarded?: number;
  /** Why the event changed nothing. */
  failed?: string;
}

export interface TradeState {
  /** Seat → the values printed on her two trade contracts. */
  contracts: Record<string, [number, number]>;
  agreements: Agreement[];
  /** Proposals waiting for an answer, oldest first. */
  proposals: Proposal[];
  /** Every proposal and self-trade ever made: id → its two seats (`from === to` for a self-trade). */
  history: Record<string, { from: string; to: string }>;
  /** Log position of a trade event → what it did. */
  outcomes: Record<number, TradeOutcome>;
}

/** What the trade fold needs from the game fold around it. */
export interface TradeFoldContext {
  /** Log position of the event being folded. */
  readonly index: number;
  readonly round: RoundState;
  /** The seat's player state (marked changed), or undefined and a problem reported. */
  player(seat: string): PlayerState | undefined;
  problem(message: string): void;
  /** Folds the trade goods an agreement gives through the sheet, which alone writes them (core/module.ts `derive`). */
  derive(bodies: readonly EventBody[]): void;
}
