/**
 * Trade commands (001 "Trade Contracts and Trade Agreements"), reached as `game.trade`: each validates
 * against the folded ledger (fold.ts) and the rules (rules/trade.ts), then appends one `trade`
 * event; on bad input it throws a GameError with the reason and writes nothing.
 *
 * Consent happens on each player's own phone: a proposal is written by the proposer's phone, the
 * acceptance (or refusal) by the phone that holds the other seat, so both are commands that check this
 * phone's claim on the seat. Breaking an agreement is a side's own decision too. During the Trade card's
 * primary its holder approves new agreements on her phone (`approve`, `veto`); the Hacan's need no approval.
 */
import { approvalRefusal, canBreakInStatusPhase, canBreakVoluntarily, canOpenAgreement, canUseTradeOptionB } from '../../rules/trade';
import { fail } from '../core/errors';
import { playersIn, stillIn } from '../core/players';
import type { CommandContext, Constructor } from '../core/game';
import type { GameSnapshot } from '../core/types';
import type { ContractIndex, TradeOp } from './events';
import type { Agreement, Proposal } from './state';
import { approvalNeeded, awaitingApproval, contractUse, goodsToCollect, tradeHolder } from './views';

function newId(device: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return `${device}-${Array.from(bytes, (b) => (b % 36).toString(36)).join('')}`;
}

export class TradeCommands {
  constructor(private readonly game: CommandContext) {}

  private get s(): GameSnapshot {
    return this.game.snapshot();
  }

  private name(seat: string): string {
    return this.s.seats.find((x) => x.id === seat)?.name ?? fail('unknown-seat', `There is no seat "${seat}" in this game.`);
  }

  /** Only the phone that holds a seat decides for it. */
  private mine(seat: string, doing: string): void {
    const name = this.name(seat);
    if (this.s.claims[seat] !== this.game.device) fail('not-allowed', `Only the phone that holds ${name}'s seat can ${doing}.`);
  }

  private contract(c: unknown): ContractIndex {
    if (c !== 0 && c !== 1) fail('invalid-input', 'Choose trade contract 1 or 2.');
    return c;
  }

  /** Her contract `c` must lie face down and not be offered elsewhere. */
  private free(seat: string, c: ContractIndex): void {
    const use = contractUse(this.s, seat, c);
    const mine = `${this.name(seat)}'s trade contract ${c + 1}`;
    if (use.kind === 'held') fail('not-allowed', `${mine} is already held by ${this.name(use.by)} in a trade agreement.`);
    if (use.kind === 'self') fail('not-allowed', `${mine} is already self-traded.`);
    if (use.kind === 'offered') fail('not-allowed', `${mine} is already offered to ${this.name(use.to)}: withdraw that proposal first, or choose the other contract.`);
  }

  private canOpen(a: string, b: string): void {
    // 001 "Elimination" 2 (and "Surrender" 7): no agreement opens with a player out of the game.
    const gone = [a, b].find((seat) => !stillIn(this.s, seat));
    if (gone) fail('not-allowed', `${this.name(gone)} is out of the game: no trade agreement with ${this.name(gone)} may be opened.`);
    const check = canOpenAgreement({ a, b, open: this.s.trade.agreements, playerCount: playersIn(this.s) });
    if (!check.ok) fail('not-allowed', check.reason);
  }

  private pending(id: string): Proposal {
    const p = this.s.trade.proposals.find((x) => x.id === id);
    if (!p) fail('invalid-input', 'This trade proposal is no longer waiting for an answer (it was accepted, declined or withdrawn).');
    return p;
  }

  private agreement(id: string): Agreement {
    return this.s.trade.agreements.find((x) => x.id === id) ?? fail('invalid-input', 'This trade agreement is no longer open.');
  }

  private append(op: TradeOp): void {
    this.game.append([{ k: 'trade', ...op }]);
  }

  /**
   * `from` offers `to` her contract `contract` (001 "Opening Trade Agreements"); `to` answers on her own
   * phone. With `to === from` this is a self-trade, which needs no answer; during another player's Trade it waits
   * for her approval, which opens it (003:1514). Returns the proposal's id.
   */
  propose(from: string, to: string, contract: ContractIndex): Promise<string> {
    if (from === to && !approvalNeeded(this.s, from, from)) return Promise.resolve(this.selfTrade(from, contract));
    if (from === to) {
      this.mine(from, 'self-trade these contracts');
      this.canOpen(from, from);
      this.free(from, this.contract(contract));
      const id = newId(this.game.device);
      return this.game.appendSigned([{ k: 'trade', op: 'propose', id, from, to, contract }]).then(() => id);
    }
    this.mine(from, 'propose a trade agreement for that seat');
    this.name(to);
    this.free(from, this.contract(contract));
    this.canOpen(from, to);
    const waiting = this.s.trade.proposals.find((p) => (p.from === from && p.to === to) || (p.from === to && p.to === from));
    if (waiting?.from === to) fail('not-allowed', `${this.name(to)} has already proposed an agreement to ${this.name(from)}: accept or decline hers.`);
    if (waiting) fail('not-allowed', `${this.name(from)} has already proposed an agreement to ${this.name(to)}: withdraw it first to offer another contract.`);
    const id = newId(this.game.device);
    return this.game.appendSigned([{ k: 'trade', op: 'propose', id, from, to, contract }]).then(() => id);
  }

  /** The recipient accepts, giving her contract `contract`: each now holds the other's contract. */
  accept(id: string, contract: ContractIndex): Promise<void> {
    const p = this.pending(id);
    this.mine(p.to, `accept ${this.name(p.from)}'s proposal`);
    // A phone that changed player may hold both seats: consent still takes two phones.
    if (this.s.log.find((e) => e.index === p.index)?.dev === this.game.device) {
      fail('not-allowed', `This phone made the proposal: ${this.name(p.to)} accepts it on ${this.name(p.to)}'s own phone.`);
    }
    const need = awaitingApproval(this.s, p);
    if (need) fail('not-allowed', approvalRefusal(this.name(need)));
    this.free(p.to, this.contract(contract));
    if (p.blocked) fail('not-allowed', p.blocked);
    this.canOpen(p.from, p.to);
    return this.game.appendSigned([{ k: 'trade', op: 'accept', id, contract }]);
  }

  /**
   * The Trade card's holder approves a waiting proposal during her Trade (003:1514 "You must approve all new trade
   * agreements"): its recipient may then accept it; a self-trade opens at once.
   */
  approve(id: string): Promise<void> {
    const p = this.pending(id);
    const by = this.approver();
    if (!approvalNeeded(this.s, p.from, p.to)) fail('invalid-input', 'This proposal needs nobody\'s approval.');
    return this.game.appendSigned([{ k: 'trade', op: 'approve', id: p.id, by }]);
  }

  /** The Trade card's holder refuses a waiting proposal during her Trade: it is closed. */
  veto(id: string): void {
    const p = this.pending(id);
    const by = this.approver();
    this.append({ op: 'veto', id: p.id, by });
  }

  /** The seat that plays Trade now, held by this phone: only she approves or refuses new agreements. */
  private approver(): string {
    const holder = tradeHolder(this.s);
    if (!holder) fail('not-allowed', 'No Trade card is being played: nobody approves new trade agreements now.');
    if (this.s.claims[holder] !== this.game.device) fail('not-allowed', `Only ${this.name(holder)}, who plays Trade, approves new trade agreements now.`);
    return holder;
  }

  decline(id: string): void {
    const p = this.pending(id);
    this.mine(p.to, `decline ${this.name(p.from)}'s proposal`);
    this.append({ op: 'decline', id });
  }

  withdraw(id: string): void {
    const p = this.pending(id);
    this.mine(p.from, 'withdraw this proposal');
    this.append({ op: 'withdraw', id });
  }

  /**
   * Self-trades her contract `contract` (001 "Self-Trading"), where the player count allows it (001
   * "Rule Adjustments Based On The Number Of Players"): refused with the reason otherwise.
   */
  selfTrade(seat: string, contract: ContractIndex): string {
    this.mine(seat, 'self-trade these contracts');
    // During another player's Trade it waits for her approval: `propose` it to herself.
    const need = approvalNeeded(this.s, seat, seat);
    if (need) fail('not-allowed', approvalRefusal(this.name(need)));
    this.canOpen(seat, seat);
    this.free(seat, this.contract(contract));
    const id = newId(this.game.device);
    this.append({ op: 'self', id, seat, contract });
    return id;
  }

  /** "Place trade goods on active trade agreements": each card receives its value. `by` played the effect. */
  placeGoods(by: string): void {
    this.name(by);
    if (!this.s.trade.agreements.length) fail('invalid-input', 'There is no active trade agreement to place trade goods on.');
    this.append({ op: 'place', by });
  }

  /** She collects what lies on the cards she holds into her trade goods. */
  collect(seat: string): void {
    this.name(seat);
    if (goodsToCollect(this.s, seat) === 0) fail('invalid-input', `No trade goods lie on ${this.name(seat)}'s trade agreements.`);
    this.append({ op: 'collect', seat });
  }

  /** One side breaks it in step 8 of the status phase: each collects half of her pile, rounded down. */
  breakInStatusPhase(id: string, by: string): void {
    const x = this.agreement(id);
    if (by !== x.a && by !== x.b) fail('not-allowed', `${this.name(by)} is not part of this trade agreement.`);
    this.mine(by, 'break this trade agreement');
    const check = canBreakInStatusPhase(this.s.round);
    if (!check.ok) fail('not-allowed', check.reason);
    const partner = by === x.a ? x.b : x.a;
    const voluntary = partner === by ? { ok: true as const } : canBreakVoluntarily(this.s.seats.find((s) => s.id === partner)?.race, this.name(partner));
    if (!voluntary.ok) fail('not-allowed', voluntary.reason);
    this.append({ op: 'break', id, by, why: 'status' });
  }

  /**
   * Either side declares that `aggressor` performed a hostile act against the other: the agreement
   * breaks, the aggressor collects nothing (her pile is discarded), the victim collects all of hers.
   */
  breakAfterHostileAct(id: string, by: string, aggressor: string): void {
    const x = this.agreement(id);
    if (x.a === x.b) fail('invalid-input', 'A self-trade is not broken by a hostile act.');
    if (by !== x.a && by !== x.b) fail('not-allowed', `${this.name(by)} is not part of this trade agreement.`);
    if (aggressor !== x.a && aggressor !== x.b) fail('invalid-input', 'The hostile act was performed by one of the two partners.');
    this.mine(by, 'declare a hostile act on this trade agreement');
    this.append({ op: 'break', id, by, why: 'hostile', aggressor });
  }

  /** Trade strategy card option b: every agreement breaks (each side collects half); not with 2 players. */
  breakAll(by: string): void {
    this.name(by);
    const check = canUseTradeOptionB(playersIn(this.s));
    if (!check.ok) fail('not-allowed', check.reason);
    if (!this.s.trade.agreements.length) fail('invalid-input', 'There is no trade agreement to break.');
    this.append({ op: 'breakAll', by });
  }

  /** Corrects the values printed on her two contracts (the race table may be wrong); open cards follow. */
  correctContracts(seat: string, values: [number, number]): void {
    this.name(seat);
    for (const v of values) {
      if (!Number.isSafeInteger(v) || v < 0 || v > 9) fail('invalid-input', 'Trade contract values are whole numbers from 0 to 9.');
    }
    const now = this.s.trade.contracts[seat];
    if (now && now[0] === values[0] && now[1] === values[1]) fail('invalid-input', `Those are already ${this.name(seat)}'s trade contract values.`);
    this.append({ op: 'contracts', seat, values: [values[0], values[1]] });
  }
}

/** Adds `game.trade` to the game. */
export function withTradeCommands<B extends Constructor<CommandContext>>(Base: B) {
  return class extends Base {
    readonly trade: TradeCommands = new TradeCommands(this);
  };
}
