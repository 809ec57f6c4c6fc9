/**
 * The trade ledger folded from the log's `trade` events (events.ts): each seat's two contracts and
 * their values, the proposals waiting for an answer, the open agreements with the goods lying on each
 * card, and what each event did. Pure, like the rest of the fold (core/fold.ts drives it).
 *
 * Proposals are answered on another phone, so the log can hold races: two proposals crossing, an
 * acceptance arriving after the proposer withdrew, two phones breaking the same agreement. Every
 * replica folds the converged log in the same order, so every phone settles each race the same way:
 * the first event in the log wins, and a later one that can no longer apply changes nothing and is
 * shown (in the log sentence, and as a problem for the table when a player was misled by it).
 */
import { raceEffects } from '../../rules/raceAbilities';
import { approvalNeededFrom, approvalRefusal, canBreakVoluntarily, canOpenAgreement, canUseTradeOptionB, openingWithoutConsent, settleBrokenAgreement } from '../../rules/trade';
import { playersIn } from '../core/players';
import type { SeatInfo } from '../core/types';
import type { ContractIndex, TradeOp } from './events';
import type { Agreement, Proposal, TradeFoldContext, TradeOutcome, TradeState } from './state';


interface OpenAgreement {
  id: string;
  a: string;
  b: string;
  /** A's contract (held by B; by A herself for a self-trade). */
  contractOfA: ContractIndex;
  /** B's contract, held by A; null for a self-trade. */
  contractOfB: ContractIndex | null;
  goodsOnA: number;
  goodsOnB: number;
  round: number;
  index: number;
}

type Closed = 'accepted' | 'declined' | 'withdrawn' | 'failed' | 'superseded' | 'vetoed';

export class TradeFold {
  readonly #names: Map<string, string>;
  /** Race by seat: the Hacan's trade abilities change collecting and breaking. */
  readonly #races: Map<string, string>;
  readonly #seats: readonly SeatInfo[];
  /** The seats out of the game now (the round's fact): the player count follows them (001 "Elimination" 6). */
  readonly #outNow: () => readonly string[];
  /** Who plays the Trade card now (the round's fact): she approves every new agreement during her Trade. */
  readonly #holderNow: () => string | null;
  /** Proposal → the Trade holder's approval and the round she gave it in. */
  readonly #approvals = new Map<string, { by: string; round: number }>();
  readonly #contracts: Record<string, [number, number]> = {};
  #agreements: OpenAgreement[] = [];
  #proposals: Omit<Proposal, 'value' | 'blocked'>[] = [];
  readonly #history: Record<string, { from: string; to: string }> = {};
  readonly #closed = new Map<string, Closed>();
  readonly #outcomes: Record<number, TradeOutcome> = {};
  #out: TradeState | undefined;

  constructor(seats: readonly SeatInfo[], out: () => readonly string[] = () => [], holder: () => string | null = () => null) {
    this.#names = new Map(seats.map((s) => [s.id, s.name]));
    this.#races = new Map(seats.map((s) => [s.id, s.race]));
    this.#seats = seats;
    this.#outNow = out;
    this.#holderNow = holder;
    for (const s of seats) this.#contracts[s.id] = [...s.tradeContracts];
  }

  /** The two seats of a proposal ever made, answered or not. */
  parties(proposal: string): { from: string; to: string } | undefined {
    return this.#history[proposal];
  }

  /** Trade goods her race adds per agreement she receives goods from (the Hacan: 1). */
  #bonus(seat: string): number {
    return raceEffects(this.#races.get(seat)).goodsPerAgreementCollected;
  }

  #name(seat: string): string {
    return this.#names.get(seat) ?? seat;
  }

  /** Whose approval an agreement between `a` and `b` needs at this point of the log (the Trade holder's), or null. */
  #needs(a: string, b: string): string | null {
    return approvalNeededFrom({ holder: this.#holderNow(), a, b, raceOf: (seat) => this.#races.get(seat) });
  }

  /** Whether proposal `id` holds the approval `need` asks for: given by her, in this round's Trade. */
  #approved(id: string, need: string, round: number): boolean {
    const a = this.#approvals.get(id);
    return a?.by === need && a.round === round;
  }

  #value(owner: string, contract: ContractIndex): number {
    return this.#contracts[owner]?.[contract] ?? 0;
  }

  /** What her contract `c` is doing, or undefined when it lies face down in her area. */
  #busy(seat: string, c: ContractIndex): string | undefined {
    for (const x of this.#agreements) {
      if (x.a === seat && x.contractOfA === c) return x.a === x.b ? 'self-traded' : `held by ${this.#name(x.b)}`;
      if (x.b === seat && x.a !== x.b && x.contractOfB === c) return `held by ${this.#name(x.a)}`;
    }
    return undefined;
  }

  /** Why `a` (offering contract `ca`) and `b` (giving `cb`) cannot open an agreement now. */
  #refusal(a: string, b: string, ca: ContractIndex, cb: ContractIndex | null): string | undefined {
    const check = canOpenAgreement({ a, b, open: this.#agreements, playerCount: playersIn(this.#seats, this.#outNow()) });
    if (!check.ok) return check.reason;
    const busyA = this.#busy(a, ca);
    if (busyA) return `${this.#name(a)}'s trade contract ${ca + 1} is already ${busyA}.`;
    const busyB = cb === null ? undefined : this.#busy(b, cb);
    if (busyB && cb !== null) return `${this.#name(b)}'s trade contract ${cb + 1} is already ${busyB}.`;
    return undefined;
  }

  #outcome(ctx: TradeFoldContext, outcome: TradeOutcome): void {
    this.#outcomes[ctx.index] = outcome;
  }

  /** The event changed nothing: say why in the log, and to the table when `warn`. */
  #failed(ctx: TradeFoldContext, why: string, warn: boolean): void {
    this.#outcome(ctx, { failed: why });
    if (warn) ctx.problem(why);
  }

  /** Why a proposal that is no longer waiting cannot be answered. */
  #gone(id: string): string {
    const p = this.#history[id];
    if (!p) return 'there is no such trade proposal';
    const pair = `${this.#name(p.from)}'s proposal to ${this.#name(p.to)}`;
    switch (this.#closed.get(id)) {
      case 'accepted':
        return `${pair} had already been accepted`;
      case 'declined':
        return `${pair} had already been declined`;
      case 'withdrawn':
        return `${pair} had already been withdrawn`;
      case 'superseded':
        return `${this.#name(p.from)} and ${this.#name(p.to)} had already opened an agreement through another proposal`;
      case 'vetoed':
        return `${pair} had been refused by the Trade card's holder`;
      default:
        return `${pair} could not be opened`;
    }
  }

  #settle(ctx: TradeFoldContext, x: OpenAgreement, hostile?: { aggressor: 'A' | 'B' }) {
    const self = x.a === x.b;
    const s = settleBrokenAgreement({ goodsOnA: x.goodsOnA, goodsOnB: self ? 0 : x.goodsOnB, hostile, bonusA: this.#bonus(x.a), bonusB: this.#bonus(x.b) });
    const settled = self ? [{ seat: x.a, collected: s.collectA }] : [{ seat: x.a, collected: s.collectA }, { seat: x.b, collected: s.collectB }];
    for (const { seat, collected } of settled) {
      if (ctx.player(seat) && collected) ctx.derive([{ k: 'counter', seat, counter: 'tradeGoods', delta: collected }]);
    }
    this.#agreements = this.#agreements.filter((y) => y !== x);
    return { settled, discarded: s.discarded };
  }

  /** Seats out of the game: their agreements were broken and may never be re-opened (001 "Elimination" 2). */
  readonly #eliminated = new Set<string>();

  /** 001 "Elimination" 2: every agreement with her breaks, each side collecting half its pile as in a break. */
  eliminate(seat: string, ctx: TradeFoldContext): void {
    this.#out = undefined;
    this.#eliminated.add(seat);
    for (const x of this.#agreements.filter((y) => y.a === seat || y.b === seat)) this.#settle(ctx, x);
    this.#proposals = this.#proposals.filter((p) => p.from !== seat && p.to !== seat);
  }

  /** `a` gives her contract `ca` and takes `b`'s contract `cb`: the agreement is open, and any proposal between them is moot. */
  #opened(ctx: TradeFoldContext, id: string, a: string, b: string, ca: ContractIndex, cb: ContractIndex): void {
    this.#agreements.push({ id, a, b, contractOfA: ca, contractOfB: cb, goodsOnA: 0, goodsOnB: 0, round: ctx.round.round, index: ctx.index });
    for (const q of this.#proposals) {
      if ((q.from === a && q.to === b) || (q.from === b && q.to === a)) this.#closed.set(q.id, 'superseded');
    }
    this.#proposals = this.#proposals.filter((q) => this.#closed.get(q.id) !== 'superseded');
    this.#outcome(ctx, {});
  }

  apply(e: TradeOp, ctx: TradeFoldContext): void {
    const party = e.op === 'propose' || e.op === 'open' ? [e.from, e.to] : e.op === 'self' ? [e.seat] : e.op === 'accept' ? [this.#history[e.id]?.from ?? '', this.#history[e.id]?.to ?? ''] : [];
    // Eliminated, or surrendered (001 "Surrender" 7: her open agreements stay, no new one opens).
    const gone = party.find((seat) => this.#eliminated.has(seat) || this.#outNow().includes(seat));
    if (gone) return this.#failed(ctx, `${this.#name(gone)} is out of the game: no trade agreement with ${this.#name(gone)} may be opened again.`, true);
    this.#out = undefined;
    switch (e.op) {
      case 'propose': {
        if (!ctx.player(e.from) || !ctx.player(e.to)) return;
        if (this.#history[e.id]) return this.#failed(ctx, `A trade proposal reuses the id "${e.id}"; the first one is kept.`, true);
        this.#history[e.id] = { from: e.from, to: e.to };
        // A self-trade is proposed only while it waits for the Trade holder's approval.
        if (e.from === e.to && !this.#needs(e.from, e.from)) return this.#failed(ctx, `${this.#name(e.from)} proposed a trade agreement to herself; a self-trade needs no proposal.`, true);
        const busy = this.#busy(e.from, e.contract);
        if (busy) return this.#failed(ctx, `${this.#name(e.from)}'s trade contract ${e.contract + 1} is already ${busy}`, true);
        this.#proposals.push({ id: e.id, from: e.from, to: e.to, contract: e.contract, index: ctx.index });
        return;
      }
      case 'accept': {
        const p = this.#proposals.find((x) => x.id === e.id);
        if (!p) {
          const h = this.#history[e.id];
          const who = h ? `${this.#name(h.to)} accepted ${this.#name(h.from)}'s trade proposal, but` : 'A trade acceptance names a proposal that does not exist:';
          return this.#failed(ctx, `${who} ${this.#gone(e.id)}: no agreement was opened.`, true);
        }
        if (p.from === p.to) return this.#failed(ctx, `${this.#name(p.to)}'s self-trade opens with the Trade holder's approval, not an acceptance.`, true);
        // During the Trade card's primary, its holder approves first (003:1514, 003:712); the proposal still waits.
        const need = this.#needs(p.from, p.to);
        if (need && !this.#approved(p.id, need, ctx.round.round)) {
          return this.#failed(ctx, `${this.#name(p.to)} accepted ${this.#name(p.from)}'s trade proposal, but no agreement was opened yet: ${approvalRefusal(this.#name(need))}`, true);
        }
        this.#proposals = this.#proposals.filter((x) => x !== p);
        const refusal = this.#refusal(p.from, p.to, p.contract, e.contract);
        if (refusal) {
          this.#closed.set(p.id, 'failed');
          return this.#failed(ctx, `${this.#name(p.to)} accepted ${this.#name(p.from)}'s trade proposal, but no agreement was opened: ${refusal}`, true);
        }
        this.#closed.set(p.id, 'accepted');
        return this.#opened(ctx, p.id, p.from, p.to, p.contract, e.contract);
      }
      case 'open': {
        // No race opens one without the partner's consent (rules/trade.ts `openingWithoutConsent`): refused, and shown.
        if (!ctx.player(e.from) || !ctx.player(e.to)) return;
        if (this.#history[e.id]) return this.#failed(ctx, `A trade agreement reuses the id "${e.id}"; the first one is kept.`, true);
        this.#history[e.id] = { from: e.from, to: e.to };
        return this.#failed(ctx, `${this.#name(e.from)} opened a trade agreement with ${this.#name(e.to)} without approval, but no agreement was opened: ${openingWithoutConsent(this.#name(e.to))}`, true);
      }
      case 'approve':
      case 'veto': {
        const p = this.#proposals.find((x) => x.id === e.id);
        if (!p) return this.#failed(ctx, this.#gone(e.id), false);
        const holder = this.#holderNow();
        const what = p.from === p.to ? `${this.#name(p.from)}'s self-trade` : `${this.#name(p.from)}'s trade proposal to ${this.#name(p.to)}`;
        if (e.by !== holder) {
          const who = holder ? `only ${this.#name(holder)}, who plays Trade, approves new agreements now` : 'no Trade card is being played: nobody approves new agreements now';
          return this.#failed(ctx, `${this.#name(e.by)} ${e.op === 'approve' ? 'approved' : 'refused'} ${what}, but ${who}.`, true);
        }
        if (e.op === 'veto') {
          this.#proposals = this.#proposals.filter((x) => x !== p);
          this.#closed.set(p.id, 'vetoed');
          return this.#outcome(ctx, {});
        }
        this.#approvals.set(p.id, { by: e.by, round: ctx.round.round });
        if (p.from !== p.to) return this.#outcome(ctx, {});
        // A self-trade needs nobody else's consent: approved, it opens.
        this.#proposals = this.#proposals.filter((x) => x !== p);
        const refusal = this.#refusal(p.from, p.from, p.contract, null);
        if (refusal) {
          this.#closed.set(p.id, 'failed');
          return this.#failed(ctx, `${this.#name(e.by)} approved ${what}, but it was not opened: ${refusal}`, true);
        }
        this.#closed.set(p.id, 'accepted');
        this.#agreements.push({ id: p.id, a: p.from, b: p.from, contractOfA: p.contract, contractOfB: null, goodsOnA: 0, goodsOnB: 0, round: ctx.round.round, index: ctx.index });
        return this.#outcome(ctx, {});
      }
      case 'decline':
      case 'withdraw': {
        const p = this.#proposals.find((x) => x.id === e.id);
        if (!p) {
          // Withdrawing what was accepted meanwhile misleads the proposer; declining what is gone does not.
          const misled = e.op === 'withdraw' && this.#closed.get(e.id) === 'accepted';
          const why = misled
            ? `${this.#name(this.#history[e.id]?.from ?? '')} withdrew a trade proposal, but it had already been accepted: the agreement stands (it can be broken in step 8 of the status phase).`
            : this.#gone(e.id);
          return this.#failed(ctx, why, misled);
        }
        this.#proposals = this.#proposals.filter((x) => x !== p);
        this.#closed.set(p.id, e.op === 'decline' ? 'declined' : 'withdrawn');
        return;
      }
      case 'self': {
        if (!ctx.player(e.seat)) return;
        if (this.#history[e.id]) return this.#failed(ctx, `A self-trade reuses the id "${e.id}"; the first one is kept.`, true);
        this.#history[e.id] = { from: e.seat, to: e.seat };
        const need = this.#needs(e.seat, e.seat);
        const refusal = need ? approvalRefusal(this.#name(need)) : this.#refusal(e.seat, e.seat, e.contract, null);
        if (refusal) return this.#failed(ctx, `${this.#name(e.seat)}'s self-trade was not opened: ${refusal}`, true);
        this.#agreements.push({ id: e.id, a: e.seat, b: e.seat, contractOfA: e.contract, contractOfB: null, goodsOnA: 0, goodsOnB: 0, round: ctx.round.round, index: ctx.index });
        this.#outcome(ctx, {});
        return;
      }
      case 'place': {
        let placed = 0;
        for (const x of this.#agreements) {
          const [onA, onB] = this.#values(x);
          x.goodsOnA += onA;
          x.goodsOnB += onB;
          placed += onA + onB;
        }
        this.#outcome(ctx, { placed });
        return;
      }
      case 'collect': {
        const p = ctx.player(e.seat);
        if (!p) return;
        let collected = 0;
        for (const x of this.#agreements) {
          const goods = x.a === e.seat ? x.goodsOnA : x.b === e.seat ? x.goodsOnB : 0;
          if (goods > 0) collected += goods + this.#bonus(e.seat);
          if (x.a === e.seat) x.goodsOnA = 0;
          else if (x.b === e.seat) x.goodsOnB = 0;
        }
        if (collected) ctx.derive([{ k: 'counter', seat: e.seat, counter: 'tradeGoods', delta: collected }]);
        this.#outcome(ctx, { collected });
        return;
      }
      case 'break': {
        const x = this.#agreements.find((y) => y.id === e.id);
        if (!x) {
          const h = this.#history[e.id];
          const pair = h ? `the trade agreement between ${this.#name(h.from)} and ${this.#name(h.to)}` : 'a trade agreement that does not exist';
          // A hostile act declared after the agreement broke otherwise changes who should have collected.
          return this.#failed(ctx, `${this.#name(e.by)} broke ${pair}, but it was already broken: the first settlement stands.`, e.why === 'hostile');
        }
        if (e.by !== x.a && e.by !== x.b) return this.#failed(ctx, `${this.#name(e.by)} tried to break an agreement without being one of its partners; nothing changed.`, true);
        const partner = e.by === x.a ? x.b : x.a;
        if (e.why === 'status' && partner !== e.by && !canBreakVoluntarily(this.#races.get(partner), this.#name(partner)).ok) {
          return this.#failed(ctx, `${this.#name(e.by)} tried to break a trade agreement with ${this.#name(partner)}, which no player may break by choice; nothing changed.`, true);
        }
        let hostile: { aggressor: 'A' | 'B' } | undefined;
        if (e.why === 'hostile') {
          if (x.a === x.b || (e.aggressor !== x.a && e.aggressor !== x.b)) {
            return this.#failed(ctx, `A hostile act breaks an agreement between the aggressor and the victim; ${this.#name(e.aggressor ?? '')} is not one of two partners here. Nothing changed.`, true);
          }
          hostile = { aggressor: e.aggressor === x.a ? 'A' : 'B' };
        }
        this.#outcome(ctx, this.#settle(ctx, x, hostile));
        return;
      }
      case 'breakAll': {
        // 001 "2 players" › Trade: option b may not be used, with the players still in the game.
        const check = canUseTradeOptionB(playersIn(this.#seats, this.#outNow()));
        if (!check.ok) return this.#failed(ctx, `${this.#name(e.by)}'s break of every trade agreement (Trade card, option b) did not count: ${check.reason}`, true);
        const totals = new Map<string, number>();
        let discarded = 0;
        for (const x of [...this.#agreements]) {
          const s = this.#settle(ctx, x);
          for (const { seat, collected } of s.settled) totals.set(seat, (totals.get(seat) ?? 0) + collected);
          discarded += s.discarded;
        }
        this.#outcome(ctx, { settled: [...totals].map(([seat, collected]) => ({ seat, collected })), discarded });
        return;
      }
      case 'contracts': {
        if (!ctx.player(e.seat)) return;
        this.#contracts[e.seat] = [...e.values];
        return;
      }
    }
  }

  /** The values on the card A holds and on the card B holds (0 for the missing card of a self-trade). */
  #values(x: OpenAgreement): [number, number] {
    if (x.a === x.b) return [this.#value(x.a, x.contractOfA), 0];
    return [this.#value(x.b, x.contractOfB ?? 0), this.#value(x.a, x.contractOfA)];
  }

  /** The ledger so far, in fresh objects (the same object again while nothing changed). */
  result(): TradeState {
    if (this.#out) return this.#out;
    const agreements: Agreement[] = this.#agreements.map((x) => {
      const [valueOnA, valueOnB] = this.#values(x);
      const self = x.a === x.b;
      return {
        id: x.id,
        a: x.a,
        b: x.b,
        onA: self
          ? { owner: x.a, contract: x.contractOfA, value: valueOnA, goods: x.goodsOnA }
          : { owner: x.b, contract: x.contractOfB ?? 0, value: valueOnA, goods: x.goodsOnA },
        onB: self ? null : { owner: x.a, contract: x.contractOfA, value: valueOnB, goods: x.goodsOnB },
        round: x.round,
        index: x.index,
      };
    });
    const proposals: Proposal[] = this.#proposals.map((p) => {
      const blocked = this.#refusal(p.from, p.to, p.contract, null);
      const approval = this.#approvals.get(p.id);
      return { ...p, value: this.#value(p.from, p.contract), ...(blocked ? { blocked } : {}), ...(approval ? { approval: { ...approval } } : {}) };
    });
    const contracts: Record<string, [number, number]> = {};
    for (const [seat, v] of Object.entries(this.#contracts)) contracts[seat] = [v[0], v[1]];
    const outcomes: Record<number, TradeOutcome> = {};
    for (const [i, o] of Object.entries(this.#outcomes)) outcomes[Number(i)] = { ...o, ...(o.settled ? { settled: o.settled.map((x) => ({ ...x })) } : {}) };
    const history: Record<string, { from: string; to: string }> = {};
    for (const [id, h] of Object.entries(this.#history)) history[id] = { ...h };
    this.#out = { contracts, agreements, proposals, history, outcomes };
    return this.#out;
  }
}
