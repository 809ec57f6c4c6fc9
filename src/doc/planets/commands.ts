/**
 * The planet cards' commands, mixed into `Game` (the panels call `game.addPlanet(…)`): control, exhaust and
 * refresh, facilities, payments, artifacts, custom planets. Each validates against the current snapshot
 * and the rules, then appends its events in one change; on bad input it throws a GameError and writes nothing.
 */
import { PLANETS_BY_ID } from '../../data';
import { canBuildFacility } from '../../rules/planets';
import { canPlaceNaturalWealth, canTakeNaturalWealth, canUseRefreshAbility } from '../../rules/refresh';
import { atStatusStep, REFRESH_STEP } from '../../rules/round';
import { fail } from '../core/errors';
import { requireSeat, wholeNumber } from '../core/game';
import type { CommandContext, Constructor } from '../core/game';
import type { ArtifactColor, EventBody, Facility, GameSnapshot, PlanetCard } from '../core/types';
import type { PayKind } from './events';
import { checkPayment } from './payment';
import type { PaymentChoice } from './payment';
import { planetState } from './views';

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

export function withPlanetCommands<B extends Constructor<CommandContext>>(Base: B) {
  return class PlanetCommands extends Base {
    /** Adds a planet card to a seat that no one holds yet. Taking one from another seat is takePlanet. */
    addPlanet(seat: string, planet: string): void {
      requireSeat(this.snapshot(), seat);
      const card = planetCard(this.snapshot(), planet);
      if (card.owner === seat) fail('invalid-input', `${card.name} is already among your planets.`);
      if (card.owner) {
        fail('planet-owned', `${card.name} is held by ${requireSeat(this.snapshot(), card.owner).name}. Use "Take" if you conquered it.`);
      }
      this.append(acquired(card, seat));
    }

    /** Control changes hands (conquest, trade station): the previous owner's list updates by itself. */
    takePlanet(seat: string, planet: string): void {
      requireSeat(this.snapshot(), seat);
      const card = planetCard(this.snapshot(), planet);
      if (card.owner === seat) fail('invalid-input', `${card.name} is already among your planets.`);
      this.append(acquired(card, seat));
    }

    releasePlanet(planet: string): void {
      const card = planetCard(this.snapshot(), planet);
      if (!card.owner) fail('invalid-input', `${card.name} is not held by anyone.`);
      this.append([{ k: 'owner', planet, seat: null }]);
    }

    setExhausted(planet: string, exhausted: boolean): void {
      const card = planetCard(this.snapshot(), planet);
      if (!card.owner) fail('invalid-input', `${card.name} is not held by anyone.`);
      if (card.exhausted === exhausted) return;
      this.append([{ k: 'exhaust', planet, exhausted }]);
    }

    /**
     * Refreshes her planets (status phase, "Refresh Planets"), except those on which she built a facility
     * since her last refresh: 001 "Facilities" are built *instead* of refreshing the planet.
     */
    refreshAll(seat: string): void {
      requireSeat(this.snapshot(), seat);
      const s = this.snapshot();
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
      this.append([keep.length ? { k: 'refreshAll', seat, keep } : { k: 'refreshAll', seat }]);
    }

    /**
     * Builds a colony or refinery on her planet, instead of refreshing it (001 "Facilities"); the rules
     * refuse home system planets, trade stations, a second facility, and a planet that is not exhausted.
     */
    buildFacility(planet: string, facility: Facility): void {
      const card = planetCard(this.snapshot(), planet);
      if (facility !== 'colony' && facility !== 'refinery') fail('invalid-input', 'A facility is a colony or a refinery.');
      if (!card.owner) fail('invalid-input', `${card.name} is not held by anyone.`);
      const step = atStatusStep(this.snapshot().round, REFRESH_STEP, 'Facilities are built (instead of refreshing the planet)');
      if (!step.ok) fail('not-allowed', step.reason);
      const check = canBuildFacility(planetState(card, this.snapshot().round), facility);
      if (!check.ok) fail('not-allowed', check.reason);
      this.append([{ k: 'facility', planet, facility }]);
    }

    /**
     * Uses her planet's refresh ability instead of refreshing it (001 "Refresh Abilities"): the planet stays
     * exhausted and, in the same change, the trade goods it gives are hers; an effect on the board is said in the log.
     */
    useRefreshAbility(seat: string, planet: string): void {
      requireSeat(this.snapshot(), seat);
      const card = planetCard(this.snapshot(), planet);
      const check = canUseRefreshAbility({ name: card.name, ability: card.refreshAbility, exhausted: card.exhausted, mine: card.owner === seat, usedRound: card.refreshUsed }, this.snapshot().round);
      if (!check.ok) fail('not-allowed', check.reason);
      this.append([{ k: 'refreshUse', seat, planet }]);
    }

    /** Takes one trade good of Natural Wealth from her planet onto her sheet (001, Natural Wealth domain counter). */
    takeNaturalWealth(seat: string, planet: string): void {
      requireSeat(this.snapshot(), seat);
      const card = planetCard(this.snapshot(), planet);
      const check = canTakeNaturalWealth({ name: card.name, wealth: card.wealth, mine: card.owner === seat, takenRound: card.wealthTaken }, this.snapshot().round);
      if (!check.ok) fail('not-allowed', check.reason);
      this.append([{ k: 'takeWealth', seat, planet }]);
    }

    /** Trade goods placed on a planet as Natural Wealth, as a domain counter says (001 "Natural Wealth"). */
    placeNaturalWealth(planet: string, amount: number): void {
      const card = planetCard(this.snapshot(), planet);
      wholeNumber(amount, 'The number of trade goods');
      if (amount < 1 || amount > 9) fail('invalid-input', 'Place 1 to 9 trade goods of Natural Wealth.');
      const check = canPlaceNaturalWealth(card);
      if (!check.ok) fail('not-allowed', check.reason);
      this.append([{ k: 'wealth', planet: card.id, delta: amount }]);
    }

    /** Exhausts the chosen planets and spends the chosen trade goods to pay a cost, in one event. */
    pay(seat: string, kind: PayKind, amount: number, choice: PaymentChoice, what = ''): void {
      requireSeat(this.snapshot(), seat);
      if (kind !== 'resources' && kind !== 'influence') fail('invalid-input', 'Pay resources or influence.');
      if (amount === 0) fail('invalid-input', 'Enter a cost of 1 or more.');
      this.append([checkPayment(this.snapshot(), { seat, kind, amount, choice, what })]);
    }

    /** Who controls an artifact (null: nobody); it discounts technologies of its colour. */
    setArtifact(color: ArtifactColor, seat: string | null): void {
      if (!['red', 'green', 'blue', 'yellow'].includes(color)) fail('invalid-input', 'An artifact is red, green, blue or yellow.');
      if (seat !== null) requireSeat(this.snapshot(), seat);
      if (this.snapshot().artifacts[color] === seat) return;
      this.append([{ k: 'artifact', color, seat }]);
    }

    addCustomPlanet(seat: string, def: { name: string; resources: number; influence: number; specialties: string[] }): string {
      requireSeat(this.snapshot(), seat);
      const name = def.name.trim();
      if (!name || name.length > 40) fail('invalid-input', 'A planet name needs 1 to 40 characters.');
      for (const [v, what] of [[def.resources, 'Resources'], [def.influence, 'Influence']] as const) {
        wholeNumber(v, what);
        if (v < 0 || v > 20) fail('invalid-input', `${what} must be between 0 and 20.`);
      }
      const bad = def.specialties.find((s) => !['red', 'green', 'blue', 'yellow'].includes(s));
      if (bad) fail('invalid-input', `"${bad}" is not a technology colour.`);
      const taken = new Set([...Object.keys(this.snapshot().planets), ...PLANETS_BY_ID.keys()]);
      const base = `custom-${name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'planet'}`;
      let id = base;
      for (let i = 2; taken.has(id); i++) id = `${base}-${i}`;
      const planet = { id, name, resources: def.resources, influence: def.influence, specialties: [...new Set(def.specialties)] };
      this.append([{ k: 'customPlanet', planet }, { k: 'owner', planet: id, seat }, { k: 'exhaust', planet: id, exhausted: true }]);
      return id;
    }
  };
}
