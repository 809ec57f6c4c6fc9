/** The race sheet: counters, trade goods, technologies, racial upgrades, leaders, command counters, notes. */
import { defineModule } from '../core/module';
import { describeSheet } from './describe';
import { NOTES_PER_GAME, NOTES_PER_MINUTE, sheetEvents } from './events';
import { sheetFold } from './fold';

export const sheet = defineModule({
  name: 'sheet',
  events: sheetEvents,
  fold: sheetFold,
  describe: describeSheet,
  authority: {
    counter: (e) => [e.seat],
    give: (e) => [e.from],
    tech: (e) => [e.seat],
    upgrade: (e) => [e.seat],
    // A captured leader is recorded by her captor or by her owner.
    leader: (e) => [e.seat, typeof e.status === 'object' ? e.status.capturedBy : e.seat],
    note: (e) => (e.seat ? [e.seat] : 'anyone'),
    cc: (e) => [e.seat],
    leaderUse: (e) => [e.seat],
    // The captor decides what becomes of a captive (001 "Executions and Releases").
    captive: (e) => [e.captor],
    scientist: (e) => [e.seat],
  },
  allowances: {
    // A note for no seat draws on the table's allowance (a phone holding no seat, the table's screen).
    note: { of: (e) => e.seat, perMinute: NOTES_PER_MINUTE, perGame: NOTES_PER_GAME, words: ['note', 'notes', 'notes for no seat'] },
  },
});

export { counterAreas, researchEvents, researchInBulk } from './moves';
export type { CounterAreas } from './moves';
export type { CcReason } from './events';
export { NOTE_MAX, NOTES_PER_GAME, NOTES_PER_MINUTE } from './events';
export * from './views';
export { checkScientist, hasFreeScientist, leaderName, restedUntil } from './leaders';
