/** Her planet cards as the rules see them. Pure functions of the snapshot. */
import { planetInfluence, planetResources } from '../../rules/planets';
import type { PlanetState } from '../../rules/planets';
import { tradeGoodWorth } from '../../rules/raceAbilities';
import type { GameSnapshot, PlanetCard } from '../core/types';
import type { PayKind } from './events';

/** A planet card as the rules see it. */
export function planetState(card: PlanetCard): PlanetState {
  return {
    id: card.id,
    resources: card.resources,
    influence: card.influence,
    specialties: card.specialties,
    exhausted: card.exhausted,
    facility: card.facility,
    home: card.homeOf !== null,
    homeOf: card.homeOf,
    tradeStation: card.tradeStation,
  };
}

/** What exhausting the planet pays of `kind` (printed value plus facility, 001 "Facilities"). */
export function planetPays(card: PlanetCard, kind: PayKind): number {
  const state = planetState(card);
  return kind === 'resources' ? planetResources(state) : planetInfluence(state);
}

/** What one of her trade goods pays in a payment: 2 with Mentak's Mirror Computing, 1 otherwise (rules/raceAbilities.ts). */
export function tradeGoodWorthOf(s: GameSnapshot, seat: string): number {
  return tradeGoodWorth(s.seats.find((x) => x.id === seat)?.race, s.players[seat]?.upgrades ?? []);
}

/** Her planet cards, by name. */
export function planetsOf(s: GameSnapshot, seat: string): PlanetCard[] {
  return (s.players[seat]?.planets ?? []).flatMap((id) => s.planets[id] ?? []);
}

export function planetStatesOf(s: GameSnapshot, seat: string): PlanetState[] {
  return planetsOf(s, seat).map(planetState);
}
