/** Trade contracts and agreements (001 "Trade Contracts and Trade Agreements"). */
import { defineModule } from '../core/module';
import { describeTradeEntry } from './describe';
import { tradeEvents } from './events';
import { TradeFold } from './fold';

export const trade = defineModule({
  name: 'trade',
  events: tradeEvents,
  stateKey: 'trade',
  fold({ seats }) {
    // The seats out of the game and who plays Trade now, as the round publishes them on the table (read when a
    // trade event is folded).
    let out: () => readonly string[] = () => [];
    let holder: () => string | null = () => null;
    const fold = new TradeFold(seats, () => out(), () => holder());
    return {
      facts: { trade: { parties: (id: string) => fold.parties(id), eliminate: (seat, table) => fold.eliminate(seat, table) } },
      apply: (e, table) => {
        if (e.k !== 'trade') return;
        out = () => table.out?.() ?? [];
        holder = () => table.tradeHolder?.() ?? null;
        fold.apply(e, table);
      },
      result: () => fold.result(),
    };
  },
  describe: describeTradeEntry,
  authority: {
    trade: (e, table) => {
      switch (e.op) {
        case 'propose':
        case 'withdraw':
          return [e.op === 'propose' ? e.from : table.trade?.parties(e.id)?.from];
        // Consent rests on the answer: only the phone of the seat it was offered to gives it.
        case 'accept':
        case 'decline':
          return [table.trade?.parties(e.id)?.to];
        // Opened without the partner's answer (an earlier build's Hacan): the opener's phone; every fold refuses it.
        case 'open':
          return [e.from];
        // The Trade card's holder approves or refuses; her fold checks she plays Trade at that point of the log.
        case 'approve':
        case 'veto':
          return [e.by];
        case 'self':
        case 'collect':
        case 'contracts':
          return [e.seat];
        case 'place':
        case 'break':
        case 'breakAll':
          return [e.by];
      }
    },
  },
});

export type { BreakReason, ContractIndex, TradeOp } from './events';
export type { Agreement, Proposal, TradeCard, TradeOutcome, TradeState } from './state';
export * from './views';
