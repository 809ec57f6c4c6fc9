/**
 * Special objectives: held while their requirement is met, claimed automatically in the Claim
 * Objectives step, lost at once when no longer met. Seed 001 "Types of objectives" › "Special
 * Objectives (Green)", "Claiming Limit" ("Must claim: All Special Objectives she qualifies for"),
 * "Artifacts-related Special Objectives", "Rule Adjustments…" › "2 players" › "Objectives".
 */
import type { TechColor } from '../data/types';

/** The four artifact objectives, by the colour of the artifact (objectives_sa.json, special deck). */
export const ARTIFACT_OBJECTIVES: Readonly<Record<TechColor, string>> = {
  blue: 'ancient-shipwreck',
  green: 'precursor-fossil',
  red: 'lazax-armory',
  yellow: 'imperial-datacache',
};
export const SOVEREIGN = 'sovereign';
export const IMPERIAL = 'imperial';
export const VOICE_OF_THE_COUNCIL = 'voice-of-the-council';

export interface SpecialStanding {
  /** Colours of the artifacts she controls. */
  artifacts: readonly TechColor[];
  /** Planets she controls outside her home system. */
  planetsOutsideHome: number;
  /** She is the Voice of the Council. */
  voice: boolean;
  playerCount: number;
}

/**
 * The special objectives she qualifies for now. Sovereign and Imperial: "controlling respectively
 * more than 8 and 12 planets outside their Home Systems" (001; the rulebook wins over the cards'
 * "8"/"12"), and they are "*not* in play" with 2 players (001 "2 players" › "Objectives").
 */
export function specialObjectivesMet(s: SpecialStanding): string[] {
  const met = s.artifacts.map((c) => ARTIFACT_OBJECTIVES[c]);
  if (s.playerCount !== 2) {
    if (s.planetsOutsideHome > 8) met.push(SOVEREIGN);
    if (s.planetsOutsideHome > 12) met.push(IMPERIAL);
  }
  if (s.voice) met.push(VOICE_OF_THE_COUNCIL);
  return met;
}

/**
 * Planets each seat controls outside her home system (for Sovereign, Imperial and the tie-break of
 * 001 "Winning the game"): a planet of another race's home system counts, her own do not. All seats
 * in one pass over the planets: the fold asks after many events.
 */
export function planetsOutsideHome(planets: Iterable<{ owner: string | null; homeOf: string | null }>, seats: readonly { id: string; race: string }[]): Record<string, number> {
  const race = new Map(seats.map((s) => [s.id, s.race]));
  const counts: Record<string, number> = Object.fromEntries(seats.map((s) => [s.id, 0]));
  for (const p of planets) {
    if (p.owner !== null && race.has(p.owner) && p.homeOf !== race.get(p.owner)) counts[p.owner] = (counts[p.owner] ?? 0) + 1;
  }
  return counts;
}
