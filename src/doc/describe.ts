/**
 * The game log in words: one sentence per event, as the table would say it ("Ana exhausted Jord for
 * 4 resources"), from the part of the game that owns the event. Players are named by their name, as every
 * screen names them (`playerName`), with their race where it is the point ("Ana (Sol) unlocked Mark II Advanced
 * Carriers", `playerAndRace`); a count of 1 reads in the singular (`plural`). Pure: no Yjs, no DOM.
 */
import type { GameSnapshot, LogEntry } from './core/types';
import { describeTableEntry, table } from './core/table';
import type { Describe } from './core/module';
// Each part's describer straight from its file, not through its index (which brings its commands, and
// Yjs with them): the log's words are on a start's first frame, before Yjs has loaded (issue 33).
import { describeSheet } from './sheet/describe';
import { describePlanets } from './planets/describe';
import { describeTradeEntry } from './trade/describe';
import { describeRoundEntry } from './round/describe';
import { describeCouncilEntry } from './council/describe';
import { describeDiceEntry } from './dice/describe';
import { describeSetupEntry } from './setup/describe';

export { amountOf, listWords, planetName, playerAndRace, playerName, plural } from './core/words';

/** The parts' describers in the order of `MODULES` (game.ts; a unit test holds the two lists together). */
export const DESCRIBERS: readonly Describe[] = [table.describe, describeSheet, describePlanets, describeTradeEntry, describeRoundEntry, describeCouncilEntry, describeDiceEntry, describeSetupEntry];

/** One sentence for one event of the log. */
export function describeEvent(entry: Pick<LogEntry, 'event'> & Partial<Pick<LogEntry, 'index' | 'undone' | 'takeover' | 'setAside'>>, s: GameSnapshot): string {
  // An undo reads as what it took back, in the words of the parts that own those events.
  if (entry.event.k === 'undo') return describeTableEntry(entry, s, (e) => describeEvent({ event: e }, s)) ?? '';
  for (const describe of DESCRIBERS) {
    const text = describe(entry, s);
    if (text !== undefined) return text;
  }
  return '';
}
