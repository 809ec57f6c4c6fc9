/**
 * The game round by round, for the Round tab's chart and the game's end: what each round record holds per seat,
 * as series a chart draws and a screen reader reads. Pure; the screens reach it through views.ts.
 */
import type { GameSnapshot } from '../core/types';
import { roundRecord } from './state';
import type { RoundRecord } from './tracker';

/**
 * The game round by round: each round as the table ended it (the fold records it when the next one
 * starts), then the round under way as it stands now (a game may end in the middle of one).
 */
export function roundRecords(s: GameSnapshot): RoundRecord[] {
  return [...s.tracker.history.filter((h) => h.round < s.round.round), roundRecord(s.round.round, s.seats, s.tracker, s.players, s.planets)];
}

/** What a round-by-round chart can show: the numbers each round record holds per seat. */
export type Measure = 'vp' | 'tradeGoods' | 'planets';

export interface RoundSeries {
  /** The round of each point (a round the table skipped with "Set…" has none). */
  rounds: number[];
  /** One line per seat, in the order given: her value at each point. */
  lines: { seat: string; values: number[] }[];
  /** The scale: from the lowest value or 0 (VP go below 0 with the home system penalty) to the highest or `top`. */
  min: number;
  max: number;
}

/** Each seat's `measure` round by round, from the records (roundRecords) and the seats to draw. */
export function roundSeries(records: readonly RoundRecord[], seats: readonly string[], measure: Measure, top = 1): RoundSeries {
  const lines = seats.map((seat) => ({ seat, values: records.map((r) => r[measure][seat] ?? 0) }));
  const all = lines.flatMap((l) => l.values);
  return { rounds: records.map((r) => r.round), lines, min: Math.min(0, ...all), max: Math.max(top, ...all) };
}

/** The chart in words, for a screen reader: "Victory points in rounds 1 to 3: Ana 1, 4, 6; Ben 0, 2, 5." */
export function seriesSummary(series: RoundSeries, what: string, name: (seat: string) => string): string {
  const r = series.rounds;
  const when = r.length === 1 ? `round ${r[0]}` : `rounds ${r[0]} to ${r[r.length - 1]}`;
  return `${what} in ${when}: ${series.lines.map((l) => `${name(l.seat)} ${l.values.join(', ')}`).join('; ')}.`;
}
