/** Shared dice: a seed for each draw the table makes together, by commit–reveal (issue 19). */
import { defineModule } from '../core/module';
import { describeDiceEntry } from './describe';
import { diceEvents } from './events';
import { DiceFold } from './fold';

export const dice = defineModule({
  name: 'dice',
  events: diceEvents,
  stateKey: 'dice',
  // The seats as created: a setup at the table re-seats the players, and a draw's seed must not move with them.
  fold({ gameId, tableSeats }) {
    const fold = new DiceFold(gameId, tableSeats);
    return {
      apply: (e, table) => (e.k === 'seed' ? fold.apply(e, table) : undefined),
      result: () => fold.result(),
      facts: { seed: (purpose: string) => fold.seed(purpose), opened: (purpose: string) => fold.opened(purpose) },
    };
  },
  describe: describeDiceEntry,
  authority: { seed: (e) => [e.seat] },
});

export { freshOpening } from './moves';
export type { DiceState, SharedDraw } from './state';
export { openedIn, sharedRandom } from './views';
