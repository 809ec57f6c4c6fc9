/**
 * The game log in words: one sentence per event, as the table would say it ("Ana exhausted Jord for
 * 4 resources"), from the part of the game that owns the event. Players are named by their name, as every
 * screen names them (`playerName`), with their race where it is the point ("Ana (Sol) unlocked Mark II Advanced
 * Carriers", `playerAndRace`); a count of 1 reads in the singular (`plural`). Pure: no Yjs, no DOM.
 */
import type { GameSnapshot, LogEntry } from './core/types';
import { describeTableEntry } from './core/table';
import { MODULES } from './game';

export { amountOf, listWords, planetName, playerAndRace, playerName, plural } from './core/words';

/** One sentence for one event of the log. */
export function describeEvent(entry: Pick<LogEntry, 'event'> & Partial<Pick<LogEntry, 'index' | 'undone' | 'takeover'>>, s: GameSnapshot): string {
  // An undo reads as what it took back, in the words of the parts that own those events.
  if (entry.event.k === 'undo') return describeTableEntry(entry, s, (e) => describeEvent({ event: e }, s)) ?? '';
  for (const m of MODULES) {
    const text = m.describe(entry, s);
    if (text !== undefined) return text;
  }
  return '';
}
