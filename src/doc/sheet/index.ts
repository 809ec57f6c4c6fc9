/** The race sheet: counters, trade goods, technologies, racial upgrades, leaders, command counters, notes. */
import { defineModule } from '../core/module';
import { describeSheet } from './describe';
import { sheetEvents } from './events';
import { sheetFold } from './fold';

export const sheet = defineModule({
  name: 'sheet',
  events: sheetEvents,
  fold: sheetFold,
  describe: describeSheet,
  authority: {},
});

export { withSheetCommands, counterAreas, researchEvents } from './commands';
export type { CounterAreas } from './commands';
export type { CcReason } from './events';
export * from './views';
