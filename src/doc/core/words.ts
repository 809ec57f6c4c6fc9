/** What every part of the game says of seats and planets: her name, her race, counts and lists in words. */
import { PLANETS_BY_ID, RACES_BY_ID } from '../../data';
import type { Race } from '../../data/types';
import { describeRound } from '../../rules/round';
import type { RoundState } from '../../rules/round';
import type { GameSnapshot } from './types';

/** Her name among every seat the round knows of (`everyone`, seats out of the game included), or "Nobody". */
export const seatName = (v: { readonly everyone: readonly { readonly id: string; readonly name: string }[] }, seat: string | null | undefined): string =>
  v.everyone.find((s) => s.id === seat)?.name ?? 'Nobody';

/** Where the table is, as a refusal ends it ("… it is now the action phase"): the round's words without its number. */
export const phaseNow = (r: RoundState): string => describeRound(r).replace(/^Round \d+ · /, '').replace(/^./, (c) => c.toLowerCase());

/** "1 trade good", "2 trade goods": a count and its noun, in the singular for 1. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${Math.abs(n) === 1 ? one : many}`;

/** "1 resource", "3 resources", "2 influence": influence has no plural. */
export const amountOf = (n: number, kind: 'resources' | 'influence'): string => (kind === 'resources' ? plural(n, 'resource', 'resources') : `${n} influence`);

/** "A", "A and B", "A, B and C". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * How the log names a seat: her player's name ("Ana"), as every screen does; "Someone" for a seat the game
 * does not know. Every sentence of the log names seats through this (or `playerAndRace`).
 */
export function playerName(s: GameSnapshot, seat: string | null | undefined): string {
  return s.seats.find((x) => x.id === seat)?.name ?? 'Someone';
}

/**
 * Her name and her race ("Ana (Sol)"), where her race sheet is the point of the sentence: a race ability
 * played, a racial upgrade unlocked. Her name alone while she has no race yet.
 */
export function playerAndRace(s: GameSnapshot, seat: string | null | undefined): string {
  const race = raceOf(s, seat ?? '')?.shortName;
  return race ? `${playerName(s, seat)} (${race})` : playerName(s, seat);
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
