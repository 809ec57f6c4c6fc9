/** Shared dice: a seed for each draw the table makes together, by commit–reveal (issue 19). */
import { defineModule } from '../core/module';
import { describeDiceEntry } from './describe';
import { diceEvents } from './events';
import { DiceFold } from './fold';

export const dice = defineModule({
  name: 'dice',
  events: diceEvents,
  stateKey: 'dice',
  fold({ gameId, seats }) {
    const fold = new DiceFold(gameId, seats);
    return {
      apply: (e, table) => (e.k === 'seed' ? fold.apply(e, table) : undefined),
      result: () => fold.result(),
    };
  },
  describe: describeDiceEntry,
  authority: { seed: (e) => [e.seat] },
});

export { DiceCommands, withDiceCommands } from './commands';
export type { DiceState, SharedDraw } from './state';
export { sharedRandom } from './views';
