/**
 * Planet values as the table uses them: printed values plus a facility, and what a player can spend
 * right now. Seed 001 (SA rulebook v31) "Planets", "Facilities", "Spending Resources and Influence",
 * "Trade Goods".
 */
import type { TechColor } from '../data/types';
import { ALLOWED, refused, type RuleCheck } from './result';

export type Facility = 'colony' | 'refinery';

/** A planet a player controls, as plain data (printed values, never including the facility). */
export interface PlanetState {
  id: string;
  resources: number;
  influence: number;
  specialties: readonly TechColor[];
  exhausted: boolean;
  facility: Facility | null;
  /** A planet of a home system (yellow border): no facility may be built there. */
  home: boolean;
  /** The race whose home system it is in (null elsewhere): only her own counts for Winnu's exhausted votes. */
  homeOf?: string | null;
  tradeStation: boolean;
}

/**
 * Resource value of a planet: a Refinery increases it by 1.
 * 001 "Facilities": "A Colony increases the influence value of the planet it is on by 1, while a
 * Refinery does the same for the resource value."
 */
export function planetResources(p: PlanetState): number {
  return p.resources + (p.facility === 'refinery' ? 1 : 0);
}

/** Influence value of a planet: a Colony increases it by 1 (001 "Facilities"). */
export function planetInfluence(p: PlanetState): number {
  return p.influence + (p.facility === 'colony' ? 1 : 0);
}

/** What a player could spend at this moment. */
export interface Spendable {
  /** Sum of the resource values of her refreshed planets. */
  resources: number;
  /** Sum of the influence values of her refreshed planets. */
  influence: number;
  tradeGoods: number;
  resourcesWithTradeGoods: number;
  influenceWithTradeGoods: number;
}

/**
 * Resources and influence a player could spend now: refreshed planets only, trade goods usable for
 * either (001 "Spending Resources and Influence", "Trade Goods").
 *
 * `resources` and `influence` are alternatives, not a total: exhausting a planet gives "either as many
 * resources as its resource value, or as many influence as its influence value, but not both", so a
 * player who spends her resources no longer has that influence. Trade goods are returned apart because
 * one trade good stands for one resource *or* one influence.
 */
export function spendable(planets: readonly PlanetState[], tradeGoods: number): Spendable {
  let resources = 0;
  let influence = 0;
  for (const p of planets) {
    if (p.exhausted) continue;
    resources += planetResources(p);
    influence += planetInfluence(p);
  }
  const goods = Math.max(0, tradeGoods);
  return {
    resources,
    influence,
    tradeGoods: goods,
    resourcesWithTradeGoods: resources + goods,
    influenceWithTradeGoods: influence + goods,
  };
}

/**
 * Whether a facility may be built on a planet, during the Refresh Planets step of the status phase.
 * 001 "Facilities": players place facilities "*instead* of normally refreshing them during the Refresh
 * Planets step […]. This is not possible on Home System planets, Trade Stations and planets already
 * containing a Facility." Facilities cost no resources; the price is the refresh given up, so the planet
 * must be one that is exhausted (a refreshed planet has no refresh to give up). The same restrictions
 * apply to both kinds; `kind` only shapes the message.
 */
export function canBuildFacility(p: PlanetState, kind: Facility): RuleCheck {
  const what = kind === 'colony' ? 'a colony' : 'a refinery';
  if (p.home) return refused(`You cannot build ${what} on a home system planet.`);
  if (p.tradeStation) return refused(`You cannot build ${what} on a trade station.`);
  if (p.facility !== null) return refused(`This planet already has a ${p.facility}: only one facility per planet.`);
  if (!p.exhausted) {
    return refused(`You build ${what} instead of refreshing the planet, so the planet must be exhausted.`);
  }
  return ALLOWED;
}
