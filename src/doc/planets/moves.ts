/**
 * The planet cards' moves (core/moves.ts): control, exhaust and refresh, facilities, payments, artifacts,
 * custom planets, each a pure function from the game and who moves to the events, checked against the game
 * and the rules. `game.move(setExhausted, …)` makes one; `game.setExhausted(…)` (commands.ts) makes the same
 * and throws its refusal. Also the card helpers the round's abilities share.
 */
import { PLANETS_BY_ID } from '../../data';
import { canBuildFacility } from '../../rules/planets';
import { canPlaceNaturalWealth, canTakeNaturalWealth, canUseRefreshAbility } from '../../rules/refresh';
import { atStatusStep, REFRESH_STEP } from '../../rules/round';
import { requireSeat, wholeNumber } from '../core/context';
import { fail } from '../core/errors';
import type { Move } from '../core/moves';
import type { ArtifactColor, EventBody, Facility, GameSnapshot, PlanetCard } from '../core/types';
import type { PayKind } from './events';
import { checkPayment } from './payment';
import type { PaymentChoice } from './payment';
import { planetState } from './views';

// What other parts' moves pay with (sheet/moves.ts, the round's abilities): reachable here without Yjs.
export { checkPayment } from './payment';
export type { PaymentChoice } from './payment';

/** The card as the game knows it, or as printed for a planet nobody has held yet. */
export function planetCard(s: GameSnapshot, id: string): PlanetCard {
  const known = s.planets[id];
  if (known) return known;
  const printed = PLANETS_BY_ID.get(id);
  if (!printed) fail('unknown-planet', `There is no planet "${id}" in the planet table. Add it as a custom planet instead.`);
  return { ...printed, custom: false, owner: null, exhausted: false, facility: null, wealth: 0 };
}

/** 001 "Planet Control": "When a player acquires a planet, the planet is received exhausted." */
export function acquired(card: PlanetCard, seat: string): EventBody[] {
  return card.exhausted ? [{ k: 'owner', planet: card.id, seat }] : [{ k: 'owner', planet: card.id, seat }, { k: 'exhaust', planet: card.id, exhausted: true }];
}

/** Adds a planet card to a seat that no one holds yet. Taking one from another seat is takePlanet. */
export const addPlanet: Move<[seat: string, planet: string]> = (s, _by, seat, planet) => {
  requireSeat(s, seat);
  const card = planetCard(s, planet);
  if (card.owner === seat) fail('invalid-input', `${card.name} is already among your planets.`);
  if (card.owner) fail('planet-owned', `${card.name} is held by ${requireSeat(s, card.owner).name}. Use "Take" if you conquered it.`);
  return acquired(card, seat);
};

/** Control changes hands (conquest, trade station): the previous owner's list updates by itself. */
export const takePlanet: Move<[seat: string, planet: string]> = (s, _by, seat, planet) => {
  requireSeat(s, seat);
  const card = planetCard(s, planet);
  if (card.owner === seat) fail('invalid-input', `${card.name} is already among your planets.`);
  return acquired(card, seat);
};

export const releasePlanet: Move<[planet: string]> = (s, _by, planet) => {
  const card = planetCard(s, planet);
  if (!card.owner) fail('invalid-input', `${card.name} is not held by anyone.`);
  return [{ k: 'owner', planet, seat: null }];
};

export const setExhausted: Move<[planet: string, exhausted: boolean]> = (s, _by, planet, exhausted) => {
  const card = planetCard(s, planet);
  if (!card.owner) fail('invalid-input', `${card.name} is not held by anyone.`);
  return card.exhausted === exhausted ? [] : [{ k: 'exhaust', planet, exhausted }];
};

/**
 * Refreshes her planets (status phase, "Refresh Planets"), except those on which she built a facility
 * since her last refresh: 001 "Facilities" are built *instead* of refreshing the planet.
 */
export const refreshAll: Move<[seat: string]> = (s, _by, seat) => {
  requireSeat(s, seat);
  const built = new Set<string>();
  for (let i = s.log.length - 1; i >= 0; i--) {
    const e = s.log[i]?.event;
    if (e?.k === 'refreshAll' && e.seat === seat) break;
    if ((e?.k === 'facility' && e.facility) || e?.k === 'refreshUse') built.add(e.planet);
  }
  const keep = (s.players[seat]?.planets ?? []).filter((id) => built.has(id) && s.planets[id]?.exhausted);
  if (!(s.players[seat]?.planets ?? []).some((id) => s.planets[id]?.exhausted && !keep.includes(id))) {
    fail('invalid-input', keep.length ? 'Every other planet of yours is already refreshed.' : 'All your planets are already refreshed.');
  }
  return [keep.length ? { k: 'refreshAll', seat, keep } : { k: 'refreshAll', seat }];
};

/**
 * Builds a colony or refinery on her planet, instead of refreshing it (001 "Facilities"); the rules
 * refuse home system planets, trade stations, a second facility, and a planet that is not exhausted.
 */
export const buildFacility: Move<[planet: string, facility: Facility]> = (s, _by, planet, facility) => {
  const card = planetCard(s, planet);
  if (facility !== 'colony' && facility !== 'refinery') fail('invalid-input', 'A facility is a colony or a refinery.');
  if (!card.owner) fail('invalid-input', `${card.name} is not held by anyone.`);
  const step = atStatusStep(s.round, REFRESH_STEP, 'Facilities are built (instead of refreshing the planet)');
  if (!step.ok) fail('not-allowed', step.reason);
  const check = canBuildFacility(planetState(card, s.round), facility);
  if (!check.ok) fail('not-allowed', check.reason);
  return [{ k: 'facility', planet, facility }];
};

/**
 * Uses her planet's refresh ability instead of refreshing it (001 "Refresh Abilities"): the planet stays
 * exhausted and, in the same change, the trade goods it gives are hers; an effect on the board is said in the log.
 */
export const useRefreshAbility: Move<[seat: string, planet: string]> = (s, _by, seat, planet) => {
  requireSeat(s, seat);
  const card = planetCard(s, planet);
  const check = canUseRefreshAbility({ name: card.name, ability: card.refreshAbility, exhausted: card.exhausted, mine: card.owner === seat, usedRound: card.refreshUsed }, s.round);
  if (!check.ok) fail('not-allowed', check.reason);
  return [{ k: 'refreshUse', seat, planet }];
};

/** Takes one trade good of Natural Wealth from her planet onto her sheet (001, Natural Wealth domain counter). */
export const takeNaturalWealth: Move<[seat: string, planet: string]> = (s, _by, seat, planet) => {
  requireSeat(s, seat);
  const card = planetCard(s, planet);
  const check = canTakeNaturalWealth({ name: card.name, wealth: card.wealth, mine: card.owner === seat, takenRound: card.wealthTaken }, s.round);
  if (!check.ok) fail('not-allowed', check.reason);
  return [{ k: 'takeWealth', seat, planet }];
};

/** Trade goods placed on a planet as Natural Wealth, as a domain counter says (001 "Natural Wealth"). */
export const placeNaturalWealth: Move<[planet: string, amount: number]> = (s, _by, planet, amount) => {
  const card = planetCard(s, planet);
  wholeNumber(amount, 'The number of trade goods');
  if (amount < 1 || amount > 9) fail('invalid-input', 'Place 1 to 9 trade goods of Natural Wealth.');
  const check = canPlaceNaturalWealth(card);
  if (!check.ok) fail('not-allowed', check.reason);
  return [{ k: 'wealth', planet: card.id, delta: amount }];
};

/** Exhausts the chosen planets and spends the chosen trade goods to pay a cost, in one event. */
export const pay: Move<[seat: string, kind: PayKind, amount: number, choice: PaymentChoice, what?: string]> = (s, _by, seat, kind, amount, choice, what = '') => {
  requireSeat(s, seat);
  if (kind !== 'resources' && kind !== 'influence') fail('invalid-input', 'Pay resources or influence.');
  if (amount === 0) fail('invalid-input', 'Enter a cost of 1 or more.');
  return [checkPayment(s, { seat, kind, amount, choice, what })];
};

/** Who controls an artifact (null: nobody); it discounts technologies of its colour. */
export const setArtifact: Move<[color: ArtifactColor, seat: string | null]> = (s, _by, color, seat) => {
  if (!['red', 'green', 'blue', 'yellow'].includes(color)) fail('invalid-input', 'An artifact is red, green, blue or yellow.');
  if (seat !== null) requireSeat(s, seat);
  return s.artifacts[color] === seat ? [] : [{ k: 'artifact', color, seat }];
};

/** The id a planet of her own making named `name` gets: from its name, numbered after any planet of that id. */
export function customPlanetId(s: GameSnapshot, name: string): string {
  const taken = new Set([...Object.keys(s.planets), ...PLANETS_BY_ID.keys()]);
  const base = `custom-${name.trim().toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'planet'}`;
  let id = base;
  for (let i = 2; taken.has(id); i++) id = `${base}-${i}`;
  return id;
}

/** A planet of her own making (a custom map's), hers and exhausted; its id is `customPlanetId` of its name, read before. */
export const addCustomPlanet: Move<[seat: string, def: { name: string; resources: number; influence: number; specialties: string[] }]> = (s, _by, seat, def) => {
  requireSeat(s, seat);
  const name = def.name.trim();
  if (!name || name.length > 40) fail('invalid-input', 'A planet name needs 1 to 40 characters.');
  for (const [v, what] of [[def.resources, 'Resources'], [def.influence, 'Influence']] as const) {
    wholeNumber(v, what);
    if (v < 0 || v > 20) fail('invalid-input', `${what} must be between 0 and 20.`);
  }
  const bad = def.specialties.find((c) => !['red', 'green', 'blue', 'yellow'].includes(c));
  if (bad) fail('invalid-input', `"${bad}" is not a technology colour.`);
  const id = customPlanetId(s, name);
  const planet = { id, name, resources: def.resources, influence: def.influence, specialties: [...new Set(def.specialties)] };
  return [{ k: 'customPlanet', planet }, { k: 'owner', planet: id, seat }, { k: 'exhaust', planet: id, exhausted: true }];
};
