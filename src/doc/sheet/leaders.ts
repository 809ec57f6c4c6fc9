/**
 * The leader events' checks, shared by the commands (on the snapshot) and every phone's fold (on the table
 * at the event's place in the log), so both give the same verdict in the same words.
 */
import { RACES_BY_ID, TECHS_BY_ID } from '../../data';
import type { LeaderSlot } from '../../data/types';
import { canFreeOrExecute, checkRest, RESTING_ABILITIES, scientistWaiver } from '../../rules/leaders';
import { refused, type RuleCheck, type RuleResult } from '../../rules/result';
import type { RoundState } from '../../rules/round';
import type { EventOf, PlanetCard, PlayerState, SeatInfo } from '../core/types';

/** What the checks read: the snapshot or the fold's table. */
export interface LeaderTable {
  readonly players: Record<string, PlayerState>;
  readonly planets: Record<string, PlanetCard>;
  readonly seats: readonly SeatInfo[];
  readonly round: RoundState;
}

export function leaderSlot(t: Pick<LeaderTable, 'seats'>, seat: string, leader: number): LeaderSlot | undefined {
  return RACES_BY_ID.get(t.seats.find((s) => s.id === seat)?.race ?? '')?.leaders[leader];
}

/** "Ana's Agent", "Ben's Diplomat Gila". */
export function leaderName(t: Pick<LeaderTable, 'seats'>, seat: string, leader: number): string {
  const slot = leaderSlot(t, seat, leader);
  return `${t.seats.find((s) => s.id === seat)?.name ?? seat}'s ${slot?.type ?? 'leader'}${slot?.name ? ` ${slot.name}` : ''}`;
}

/** The round from which a resting ability of this leader (on `planet` for a Diplomat) may be used again, if it rests now. */
export function restedUntil(t: LeaderTable, seat: string, leader: number, planet: string | null): number | undefined {
  const used = planet ? (t.planets[planet]?.guarded?.seat === seat ? t.planets[planet]?.guarded?.round : undefined) : t.players[seat]?.rested?.[leader];
  return used !== undefined && t.round.round < used + 2 ? used + 2 : undefined;
}

export function checkLeaderUse(t: LeaderTable, e: EventOf<'leaderUse'>): RuleCheck {
  const slot = leaderSlot(t, e.seat, e.leader);
  const p = t.players[e.seat];
  if (!p || !slot) return refused('There is no such leader.');
  const who = leaderName(t, e.seat, e.leader);
  const ability = RESTING_ABILITIES[slot.type];
  if (!ability) return refused(`A ${slot.type} has no ability that rests for a round.`);
  if (p.leaders[e.leader] !== 'free') return refused(`${who} is not free: a captive or killed leader has no abilities.`);
  if (e.round !== t.round.round) return refused(`it was written for round ${e.round}, and it is round ${t.round.round}.`);
  if (!ability.onPlanet) return e.planet ? refused(`An ${slot.type}'s ability does not rest on a planet.`) : checkRest(`${who}'s "${ability.name}"`, p.rested?.[e.leader], t.round);
  const planet = e.planet ? t.planets[e.planet] : undefined;
  if (!planet || planet.owner !== e.seat) return refused('A Diplomat cancels an invasion or bombardment of a planet its owner controls: choose one.');
  return checkRest(`Cancelling an invasion or bombardment of ${planet.name}`, planet.guarded?.seat === e.seat ? planet.guarded.round : undefined, t.round);
}

export function checkCaptive(t: LeaderTable, e: EventOf<'captive'>): RuleCheck {
  const status = t.players[e.seat]?.leaders[e.leader];
  const who = leaderName(t, e.seat, e.leader);
  const captor = t.seats.find((s) => s.id === e.captor)?.name ?? e.captor;
  if (typeof status !== 'object' || status.capturedBy !== e.captor) return refused(`${who} is not a captive of ${captor}.`);
  const planet = e.planet ? t.planets[e.planet] : undefined;
  if (e.planet && !planet) return refused(`${captor} does not control ${e.planet}.`);
  return canFreeOrExecute(t.round, planet && { planet: planet.name, mine: planet.owner === e.captor, exhausted: planet.exhausted, lose: e.lose });
}

/** Her free Scientist, if any (a captive or killed leader has no abilities: 001 "Captured"). */
export const hasFreeScientist = (t: Pick<LeaderTable, 'seats' | 'players'>, seat: string): boolean =>
  (RACES_BY_ID.get(t.seats.find((s) => s.id === seat)?.race ?? '')?.leaders ?? []).some((l, i) => l.type === 'Scientist' && t.players[seat]?.leaders[i] === 'free');

/** The prerequisite of `tech` her Scientist on `planet` lets her ignore, or why not. */
export function checkScientist(t: LeaderTable, seat: string, planetId: string, techId: string): RuleResult<string> {
  const tech = TECHS_BY_ID.get(techId);
  const planet = t.planets[planetId];
  const who = t.seats.find((s) => s.id === seat)?.name ?? seat;
  if (!tech) return refused(`There is no technology "${techId}".`);
  if (!hasFreeScientist(t, seat)) return refused(`${who} has no free Scientist.`);
  if (!planet || planet.owner !== seat) return refused(`The Scientist's planet must be one ${who} controls.`);
  if (planet.exhausted) return refused(`${planet.name} is exhausted: the Scientist's planet is exhausted to ignore a prerequisite, so it must be refreshed.`);
  return scientistWaiver(tech, new Set(t.players[seat]?.techs ?? []), planet.specialties, (id) => TECHS_BY_ID.get(id)?.color);
}
