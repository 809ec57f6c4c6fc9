/** What every part of the game says of seats and planets: her race, what the table calls her, counts and lists in words. */
import { PLANETS_BY_ID, RACES_BY_ID } from '../../data';
import type { Race } from '../../data/types';
import type { GameSnapshot } from './types';

export const plural = (n: number, one: string, many: string): string => `${n} ${Math.abs(n) === 1 ? one : many}`;

/** "1 resource", "3 resources", "2 influence": influence has no plural. */
export const amountOf = (n: number, kind: 'resources' | 'influence'): string => (kind === 'resources' ? plural(n, 'resource', 'resources') : `${n} influence`);

/** "A", "A and B", "A, B and C". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The name the table calls a seat by: her race ("Sol"), else her name. */
export function seatLabel(s: GameSnapshot, seat: string | null | undefined): string {
  const info = s.seats.find((x) => x.id === seat);
  if (!info) return 'Someone';
  return RACES_BY_ID.get(info.race)?.shortName ?? info.name;
}

export function planetName(s: GameSnapshot, id: string): string {
  return s.planets[id]?.name ?? PLANETS_BY_ID.get(id)?.name ?? id;
}

/** A race's full name ("The Emirates of Hacan"), or the id when the tables lack it; '' for no race (yet). */
export const raceName = (race: string | null | undefined): string => (race ? (RACES_BY_ID.get(race)?.name ?? race) : '');

export function raceOf(s: GameSnapshot, seat: string): Race | undefined {
  const race = s.seats.find((x) => x.id === seat)?.race;
  return race ? RACES_BY_ID.get(race) : undefined;
}
