/** Her planet cards as the rules see them. Pure functions of the snapshot. */
import { canReversePlanet, planetInfluence, planetResources } from '../../rules/planets';
import type { PlanetState } from '../../rules/planets';
import { tradeGoodWorth } from '../../rules/raceAbilities';
import type { RuleCheck } from '../../rules/result';
import type { GameSnapshot, PlanetCard, SeatInfo } from '../core/types';
import type { PayKind } from './events';

/** The round now, which ends a reversal of the planet's values (the Yin). */
export type RoundNow = { readonly round: number };

/** Whether the Yin's reversal holds for the planet now: "Until the end of the Round" (003 Appendix 2, Yin). */
export const reversedNow = (card: PlanetCard, now: RoundNow): boolean => card.reversed?.round === now.round;

/** The planet whose values she reversed in round `now`, if any: the Yin does it once a round. */
export function reversedThisRound(planets: Readonly<Record<string, PlanetCard>>, seat: string, now: RoundNow): PlanetCard | undefined {
  return Object.values(planets).find((card) => card.reversed?.seat === seat && reversedNow(card, now));
}

/**
 * Whether `seat` may reverse `card`'s values now, but for her turn (the round checks it: the command with
 * `checkAct`, every phone's fold with `mayTakeAction`): read by the command, the fold and the Planets tab.
 */
export function reversalCheck(table: { seats: readonly SeatInfo[]; planets: Readonly<Record<string, PlanetCard>>; round: RoundNow }, seat: string, card: PlanetCard): RuleCheck {
  const used = reversedThisRound(table.planets, seat, table.round);
  const race = table.seats.find((x) => x.id === seat)?.race;
  return canReversePlanet({ race, planet: card.name, mine: card.owner === seat, exhausted: card.exhausted, usedThisRound: used?.name ?? null });
}

/** A planet card as the rules see it in round `now`. */
export function planetState(card: PlanetCard, now: RoundNow): PlanetState {
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
    reversed: reversedNow(card, now),
  };
}

/** What exhausting the planet pays of `kind` in round `now` (printed value plus facility, 001 "Facilities"; reversed by the Yin). */
export function planetPays(card: PlanetCard, kind: PayKind, now: RoundNow): number {
  const state = planetState(card, now);
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
  return planetsOf(s, seat).map((card) => planetState(card, s.round));
}
