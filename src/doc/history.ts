/**
 * The game's history for people: every change in the log with its round, time, the phone that made
 * it (and the seat that phone holds), the seats it concerns and a sentence; plus what the fold did by
 * itself (progression feedback, special objectives gained or lost, an event that did not count). Pure.
 */
import type { EventBody, GameSnapshot } from './core/types';
import { describeEvent } from './describe';
import { roundAt } from './round';

export interface HistoryLine {
  /** Log position; a line the fold added sits just after its event. */
  index: number;
  round: number;
  /** Epoch milliseconds (the phone's clock when it wrote the event). */
  time: number;
  /** The phone's name, or "table" for what the fold did by itself. */
  phone: string;
  /** The seat held by that phone, if any. */
  phoneSeat: string | null;
  /** Seats the change concerns. */
  seats: string[];
  text: string;
}

const SEAT_KEYS = ['seat', 'from', 'to', 'by', 'aggressor'] as const;
/** The `phone` of a line the fold added by itself. */
export const TABLE = 'table';

/** Seats an event concerns: any seat it names, and the holder of a planet it changes. */
export function eventSeats(e: EventBody, s: GameSnapshot): string[] {
  const ids = new Set(s.seats.map((x) => x.id));
  const out = new Set<string>();
  const record = e as unknown as Record<string, unknown>;
  for (const key of SEAT_KEYS) {
    const v = record[key];
    if (typeof v === 'string' && ids.has(v)) out.add(v);
  }
  if (typeof record.planet === 'string') {
    const owner = s.planets[record.planet]?.owner;
    if (owner) out.add(owner);
  }
  return [...out];
}

export function historyLines(s: GameSnapshot): HistoryLine[] {
  const seatOfDevice = new Map(Object.entries(s.claims).map(([seat, dev]) => [dev, seat]));
  const lines: HistoryLine[] = s.log.map((entry) => ({
    index: entry.index,
    round: roundAt(s.tracker, entry.index),
    time: s.meta.createdAt + entry.t * 1000,
    phone: s.devices[entry.dev] ?? entry.dev,
    phoneSeat: seatOfDevice.get(entry.dev) ?? null,
    seats: eventSeats(entry.event, s),
    text: describeEvent(entry, s),
  }));
  const timeAt = new Map(lines.map((l) => [l.index, l.time]));
  for (const n of s.tracker.notices) {
    lines.push({ index: n.index + 0.5, round: n.round, time: timeAt.get(n.index) ?? s.meta.createdAt, phone: TABLE, phoneSeat: null, seats: n.seat ? [n.seat] : [], text: n.text });
  }
  return lines.sort((a, b) => a.index - b.index);
}

export interface HistoryFilter {
  seat?: string;
  round?: number;
}

/**
 * The lines of one round, and those one player made: what her phone wrote, and what the table did by
 * itself for her (progression feedback, a special objective). Not what others did to her: "Ben took
 * Abyz from Ana" is Ben's.
 */
export function filterHistory(lines: readonly HistoryLine[], f: HistoryFilter): HistoryLine[] {
  const byHer = (l: HistoryLine) => l.phoneSeat === f.seat || (l.phone === TABLE && l.seats.includes(f.seat ?? ''));
  return lines.filter((l) => (f.round === undefined || l.round === f.round) && (!f.seat || byHer(l)));
}

const csvCell = (v: string | number): string => {
  const text = String(v);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The history as CSV (round, time, phone, phone's player, players concerned, what happened). */
export function historyCsv(s: GameSnapshot, lines: readonly HistoryLine[]): string {
  const name = (seat: string | null) => s.seats.find((x) => x.id === seat)?.name ?? '';
  const rows = lines.map((l) => [l.round, new Date(l.time).toISOString(), l.phone, name(l.phoneSeat), l.seats.map(name).join(' '), l.text].map(csvCell).join(','));
  return ['round,time,phone,phone player,players,what', ...rows].join('\n') + '\n';
}
