/**
 * Planet values as the table uses them: printed values plus a facility, and what a player can spend
 * right now. Seed 001 (SA rulebook v31) "Planets", "Facilities", "Spending Resources and Influence",
 * "Trade Goods".
 */
import type { TechColor } from '../data/types';
import { raceEffects } from './raceAbilities';
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
  /** Its resource and influence values are swapped until the round ends (the Yin's ability, {@link canReversePlanet}). */
  reversed?: boolean;
}

/**
 * Resource value of a planet: a Refinery increases it by 1.
 * 001 "Facilities": "A Colony increases the influence value of the planet it is on by 1, while a
 * Refinery does the same for the resource value." Reversed by the Yin, it is the influence value: the
 * values are swapped as the planet has them, its facility included.
 */
export function planetResources(p: PlanetState): number {
  return p.reversed ? influenceWithFacility(p) : resourcesWithFacility(p);
}

/** Influence value of a planet: a Colony increases it by 1 (001 "Facilities"); reversed, its resource value. */
export function planetInfluence(p: PlanetState): number {
  return p.reversed ? resourcesWithFacility(p) : influenceWithFacility(p);
}

const resourcesWithFacility = (p: PlanetState): number => p.resources + (p.facility === 'refinery' ? 1 : 0);
const influenceWithFacility = (p: PlanetState): number => p.influence + (p.facility === 'colony' ? 1 : 0);

/**
 * Whether she may reverse a planet's values (Yin, 003 Appendix 2: "As an Action, once per game round you may
 * place your control marker on an unexhausted Planet Card you control. Until the end of the Round, its
 * Influence and Resource values are reversed."). Her turn's action is checked by the round.
 */
export function canReversePlanet(input: { race: string | null | undefined; planet: string; mine: boolean; exhausted: boolean; usedThisRound: string | null }): RuleCheck {
  if (!raceEffects(input.race).reversesPlanetValues) return refused("Only a race ability reverses a planet's resources and influence.");
  if (!input.mine) return refused(`${input.planet} is not one of her planets.`);
  if (input.exhausted) return refused(`${input.planet} is exhausted: the ability takes an unexhausted planet card.`);
  if (input.usedThisRound) return refused(`Once per game round: ${input.usedThisRound}'s values are already reversed this round.`);
  return ALLOWED;
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
