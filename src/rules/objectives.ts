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

/**
 * What an objective costs to claim, read from its text (001 "Types of objectives": "spend 6 influence",
 * "spend 3 CC from Command Pool and/or Strategy Allocation", "spend 2 TG + 2 resources + 2 influence",
 * "spend 20 resources or influence (mix)"); null when it costs nothing. `either` may be paid in resources,
 * influence or both.
 */
export interface ObjectiveCost {
  resources: number;
  influence: number;
  either: number;
  tradeGoods: number;
  counters: number;
}

export function objectiveCost(text: string): ObjectiveCost | null {
  const spend = /\bspend\b(.*)/i.exec(text)?.[1];
  if (!spend) return null;
  const n = (re: RegExp) => Number(re.exec(spend)?.[1] ?? 0);
  const either = n(/(\d+) resources or influence/i);
  const cost: ObjectiveCost = {
    either,
    resources: either ? 0 : n(/(\d+) resources/i),
    influence: either ? 0 : n(/(\d+) influence/i),
    tradeGoods: n(/(\d+) TG\b/),
    counters: n(/(\d+) CC\b/),
  };
  return Object.values(cost).some((v) => v > 0) ? cost : null;
}

/** What of `cost` the payments do not cover, in words ("6 influence"), or null when they cover it all. */
export function unpaid(cost: ObjectiveCost, paid: { resources: number; influence: number; tradeGoods: number; counters: number } | null): string | null {
  const p = paid ?? { resources: 0, influence: 0, tradeGoods: 0, counters: 0 };
  const short = p.resources < cost.resources || p.influence < cost.influence || p.resources + p.influence < cost.resources + cost.influence + cost.either || p.tradeGoods < cost.tradeGoods || p.counters < cost.counters;
  return short ? costWords(cost) : null;
}

/** "6 influence + 2 trade goods": what an objective costs, for refusals, its claim button and dialog. */
export function costWords(c: ObjectiveCost): string {
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
  const parts: string[] = [];
  if (c.resources) parts.push(n(c.resources, 'resource'));
  if (c.influence) parts.push(`${c.influence} influence`);
  if (c.either) parts.push(`${c.either} resources or influence`);
  if (c.tradeGoods) parts.push(n(c.tradeGoods, 'trade good'));
  if (c.counters) parts.push(n(c.counters, 'command counter'));
  return parts.join(' + ');
}
