/** Her planet cards as the rules see them. Pure functions of the snapshot. */
import type { PlanetState } from '../../rules/planets';
import type { GameSnapshot, PlanetCard } from '../core/types';

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

/** Her planet cards, by name. */
export function planetsOf(s: GameSnapshot, seat: string): PlanetCard[] {
  return (s.players[seat]?.planets ?? []).flatMap((id) => s.planets[id] ?? []);
}

export function planetStatesOf(s: GameSnapshot, seat: string): PlanetState[] {
  return planetsOf(s, seat).map(planetState);
}
