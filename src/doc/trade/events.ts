/**
 * Trade events in the game log (001 "Trade Contracts and Trade Agreements"): one event kind, `trade`,
 * whose `op` says what happened. Events carry what the player did, never amounts: how many trade goods
 * a collect or a break moves is computed by the fold from the converged log, so two phones collecting
 * at the same time cannot take the same goods twice, and every phone computes the same piles.
 *
 * Encoded after the common head as `[opCode, ...fields]`; decoding trusts nothing.
 */
import { id } from '../core/codec';
import type { EventCodecs } from '../core/codec';
import type { BreakReason, ContractIndex, TradeState } from './state';

export type { BreakReason, ContractIndex } from './state';

export type TradeOp =
  /** `from` offers `to` her contract `contract`; `to` accepts or declines on her own phone. */
  | { op: 'propose'; id: string; from: string; to: string; contract: ContractIndex }
  /** The proposal's recipient accepts, giving her contract `contract`: the agreement opens. */
  | { op: 'accept'; id: string; contract: ContractIndex }
  | { op: 'decline'; id: string }
  /** The proposer takes her proposal back before it is answered. */
  | { op: 'withdraw'; id: string }
  /**
   * `from` opened an agreement with `to` on her own, giving her contract `contract` and taking `to`'s contract `theirs`,
   * without `to`'s answer. Written by an earlier build for the Hacan; no command writes it now and every phone's fold
   * refuses it: the Hacan's ability lifts the Trade holder's approval, not the partner's consent (rules/trade.ts).
   */
  | { op: 'open'; id: string; from: string; to: string; contract: ContractIndex; theirs: ContractIndex }
  /**
   * The Trade card's holder `by` approves proposal `id` during her Trade (003:1514 "You must approve all new trade
   * agreements"): its recipient may then accept it; a self-trade waiting for her approval opens at once.
   */
  | { op: 'approve'; id: string; by: string }
  /** The Trade card's holder `by` refuses proposal `id` during her Trade: it is closed, nothing opens. */
  | { op: 'veto'; id: string; by: string }
  /**
   * A self-trade (001 "Self-Trading"): one of her contracts, flipped, as an agreement with herself. During another
   * player's Trade it needs her approval, and is proposed to herself instead (`propose` with `from === to`).
   */
  | { op: 'self'; id: string; seat: string; contract: ContractIndex }
  /** "Place trade goods on active trade agreements": each card receives its value. `by` played the effect. */
  | { op: 'place'; by: string }
  /** She collects what lies on the cards she holds into her trade goods. */
  | { op: 'collect'; seat: string }
  /** Agreement `id` is broken by `by`; after a hostile act, `aggressor` performed it. */
  | { op: 'break'; id: string; by: string; why: BreakReason; aggressor?: string }
  /** Trade strategy card option b: every agreement breaks at once (each side collects half). */
  | { op: 'breakAll'; by: string }
  /** The values printed on her two contracts, corrected (the race table may be wrong). */
  | { op: 'contracts'; seat: string; values: [number, number] };

export type TradeOpName = TradeOp['op'];

const OP_CODES: Record<TradeOpName, string> = {
  propose: 'p',
  accept: 'a',
  decline: 'd',
  withdraw: 'w',
  open: 'o',
  approve: 'r',
  veto: 'x',
  self: 's',
  place: 'P',
  collect: 'c',
  break: 'b',
  breakAll: 'B',
  contracts: 'v',
};
const OPS = new Map(Object.entries(OP_CODES).map(([op, code]) => [code, op as TradeOpName]));
const WHY: Record<BreakReason, string> = { status: 's', hostile: 'h' };

/** The fields after the event head. */
export function encodeTradeOp(e: TradeOp): unknown[] {
  const code = OP_CODES[e.op];
  switch (e.op) {
    case 'propose':
      return [code, e.id, e.from, e.to, e.contract];
    case 'accept':
      return [code, e.id, e.contract];
    case 'open':
      return [code, e.id, e.from, e.to, e.contract, e.theirs];
    case 'decline':
    case 'withdraw':
      return [code, e.id];
    case 'approve':
    case 'veto':
      return [code, e.id, e.by];
    case 'self':
      return [code, e.id, e.seat, e.contract];
    case 'place':
      return [code, e.by];
    case 'collect':
      return [code, e.seat];
    case 'break':
      return e.aggressor ? [code, e.id, e.by, WHY[e.why], e.aggressor] : [code, e.id, e.by, WHY[e.why]];
    case 'breakAll':
      return [code, e.by];
    case 'contracts':
      return [code, e.seat, e.values[0], e.values[1]];
  }
}

const contract = (v: unknown): ContractIndex | undefined => (v === 0 || v === 1 ? v : undefined);
const value = (v: unknown): number | undefined => (Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= 9 ? (v as number) : undefined);

/** Decodes the fields after the event head; undefined when they are not a well-formed trade event. */
export function decodeTradeOp(f: readonly unknown[]): TradeOp | undefined {
  const op = OPS.get(f[0] as string);
  switch (op) {
    case 'propose': {
      const [pid, from, to, c] = [id(f[1]), id(f[2]), id(f[3]), contract(f[4])];
      return pid && from && to && c !== undefined ? { op, id: pid, from, to, contract: c } : undefined;
    }
    case 'open': {
      const [pid, from, to, c, theirs] = [id(f[1]), id(f[2]), id(f[3]), contract(f[4]), contract(f[5])];
      return pid && from && to && c !== undefined && theirs !== undefined ? { op, id: pid, from, to, contract: c, theirs } : undefined;
    }
    case 'accept': {
      const [pid, c] = [id(f[1]), contract(f[2])];
      return pid && c !== undefined ? { op, id: pid, contract: c } : undefined;
    }
    case 'decline':
    case 'withdraw': {
      const pid = id(f[1]);
      return pid ? { op, id: pid } : undefined;
    }
    case 'approve':
    case 'veto': {
      const [pid, by] = [id(f[1]), id(f[2])];
      return pid && by ? { op, id: pid, by } : undefined;
    }
    case 'self': {
      const [pid, seat, c] = [id(f[1]), id(f[2]), contract(f[3])];
      return pid && seat && c !== undefined ? { op, id: pid, seat, contract: c } : undefined;
    }
    case 'place':
    case 'breakAll': {
      const by = id(f[1]);
      return by ? { op, by } : undefined;
    }
    case 'collect': {
      const seat = id(f[1]);
      return seat ? { op, seat } : undefined;
    }
    case 'break': {
      const why: BreakReason | undefined = f[3] === 's' ? 'status' : f[3] === 'h' ? 'hostile' : undefined;
      const [aid, by, aggressor] = [id(f[1]), id(f[2]), f[4]];
      if (!aid || !by || !why) return undefined;
      if (why === 'status') return aggressor === undefined ? { op, id: aid, by, why } : undefined;
      const a = id(aggressor);
      return a ? { op, id: aid, by, why, aggressor: a } : undefined;
    }
    case 'contracts': {
      const [seat, v0, v1] = [id(f[1]), value(f[2]), value(f[3])];
      return seat && v0 !== undefined && v1 !== undefined ? { op, seat, values: [v0, v1] } : undefined;
    }
    case undefined:
      return undefined;
  }
}

declare module '../core/types' {
  interface EventMap {
    /** Trade contracts and agreements: one kind, the operation in `op`. */
    trade: { k: 'trade' } & TradeOp;
  }
  interface FeatureStates {
    /** Trade contracts, proposals and agreements with the goods on them (trade/fold.ts). */
    trade: TradeState;
  }
}

export const tradeEvents: EventCodecs<'trade'> = {
  trade: {
    code: 'T',
    encode: (e) => encodeTradeOp(e),
    decode(f) {
      const op = decodeTradeOp(f);
      return op && { k: 'trade', ...op };
    },
    // An agreement binds both players: each side's consent is signed, and so is one opened without it.
    // The Trade holder's approval is consent too: signed like an acceptance.
    signed: (e) => e.op === 'propose' || e.op === 'accept' || e.op === 'open' || e.op === 'approve',
  },
};
