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
    const fold = new TradeFold(seats);
    return {
      apply: (e, table) => (e.k === 'trade' ? fold.apply(e, table) : undefined),
      result: () => fold.result(),
    };
  },
  describe: describeTradeEntry,
  authority: {},
});

export { TradeCommands, withTradeCommands } from './commands';
export type { BreakReason, ContractIndex, TradeOp } from './events';
export type { Agreement, Proposal, TradeCard, TradeOutcome, TradeState } from './state';
export * from './views';
