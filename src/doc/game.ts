/**
 * A game as one phone sees it: the Y.Doc, this phone's device tag, and the commands. Every command
 * validates against the current snapshot (and the rules), then writes all its events in one
 * transaction tagged with this phone's origin; on bad input it throws a GameError and writes nothing.
 */
import * as Y from 'yjs';
import { PLANETS_BY_ID, RACES_BY_ID } from '../data';
import { encodeEvent } from './events';
import type { CounterName, EventBody, LeaderStatus } from './events';
import { fail } from './errors';
import { gameRoot, migrate, readRaw, SCHEMA_VERSION, writeSeat } from './schema';
import type { GameRoot } from './schema';
import { COUNTER_LABELS, foldGame } from './snapshot';
import type { GameOptions, GameSnapshot, PlanetCard, SeatInfo } from './snapshot';

export const VP_GOALS = [8, 10, 12, 14] as const;
export const MAX_SEATS = 8;
export const MIN_SEATS = 2;

export interface SeatSetup {
  name: string;
  color: string;
  race: string;
  tradeContracts?: [number, number];
}

export interface GameSetup {
  name: string;
  vpGoal: number;
  options: GameOptions;
  seats: SeatSetup[];
}

export interface Clock {
  now(): number;
}
const systemClock: Clock = { now: () => Date.now() };

/** The origin of this phone's own transactions: persistence, sync and undo key off it. */
export interface LocalOrigin {
  readonly device: string;
}

export class Game {
  readonly root: GameRoot;
  readonly origin: LocalOrigin;
  #cache: GameSnapshot | undefined;

  constructor(
    readonly doc: Y.Doc,
    readonly device: string,
    private readonly clock: Clock = systemClock,
  ) {
    this.root = gameRoot(doc);
    this.origin = { device };
    // Any transaction, local or remote, may change the snapshot.
    doc.on('afterTransaction', () => (this.#cache = undefined));
  }

  /** The folded game; undefined while the document holds no game (a joining phone before its first sync). */
  snapshotOrUndefined(): GameSnapshot | undefined {
    if (this.#cache) return this.#cache;
    const raw = readRaw(this.root);
    this.#cache = raw && foldGame(raw);
    return this.#cache;
  }

  snapshot(): GameSnapshot {
    return this.snapshotOrUndefined() ?? fail('not-a-game', 'This document does not hold a Twilight Table game.');
  }

  get writable(): boolean {
    return migrate(this.root).writable;
  }

  /** Appends events in one transaction, after the caller has validated them. */
  private write(bodies: EventBody[], extra?: (root: GameRoot) => void): void {
    const { writable, schema } = migrate(this.root);
    if (!writable) {
      fail('newer-schema', `This game was saved by a newer version of Twilight Table (schema ${schema ?? '?'}); update the app to change it.`);
    }
    const t = Math.max(0, Math.floor((this.clock.now() - this.snapshot().meta.createdAt) / 1000));
    this.doc.transact(() => {
      extra?.(this.root);
      if (bodies.length) this.root.log.push(bodies.map((b) => encodeEvent({ ...b, t, dev: this.device } as never)));
    }, this.origin);
  }

  // ——— validation helpers ———

  private seat(id: string): SeatInfo {
    return this.snapshot().seats.find((s) => s.id === id) ?? fail('unknown-seat', `There is no seat "${id}" in this game.`);
  }

  private planetCard(id: string): PlanetCard {
    const s = this.snapshot();
    const known = s.planets[id];
    if (known) return known;
    const printed = PLANETS_BY_ID.get(id);
    if (!printed) fail('unknown-planet', `There is no planet "${id}" in the planet table. Add it as a custom planet instead.`);
    return { ...printed, custom: false, owner: null, exhausted: false, facility: null, wealth: 0 };
  }

  private count(n: unknown, what: string): number {
    if (!Number.isSafeInteger(n)) fail('invalid-input', `${what} must be a whole number.`);
    return n as number;
  }

  // ——— seats and devices ———

  claimSeat(seat: string): void {
    this.seat(seat);
    this.write([], (root) => root.claims.set(seat, this.device));
  }

  releaseSeat(seat: string): void {
    this.seat(seat);
    this.write([], (root) => {
      if (root.claims.get(seat) === this.device) root.claims.delete(seat);
    });
  }

  setDeviceName(name: string): void {
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 40) fail('invalid-input', 'A phone name needs 1 to 40 characters.');
    this.write([], (root) => root.devices.set(this.device, trimmed));
  }

  // ——— counters ———

  adjustCounter(seat: string, counter: CounterName, delta: number): void {
    this.seat(seat);
    this.count(delta, 'The change');
    if (delta === 0) return;
    const current = this.snapshot().players[seat]?.counters[counter] ?? 0;
    if (current + delta < 0) {
      fail('not-enough', `Only ${current} ${COUNTER_LABELS[counter]}: cannot take away ${-delta}.`);
    }
    this.write([{ k: 'counter', seat, counter, delta }]);
  }

  /** "Set to N" writes the difference, so a concurrent +1 elsewhere is kept. */
  setCounter(seat: string, counter: CounterName, value: number): void {
    this.count(value, 'The value');
    if (value < 0) fail('invalid-input', `${COUNTER_LABELS[counter]} cannot be negative.`);
    const current = this.snapshot().players[this.seat(seat).id]?.counters[counter] ?? 0;
    this.adjustCounter(seat, counter, value - current);
  }

  giveTradeGoods(from: string, to: string, amount: number): void {
    this.seat(from);
    this.seat(to);
    this.count(amount, 'The number of trade goods');
    if (amount <= 0) fail('invalid-input', 'Give at least 1 trade good.');
    if (from === to) fail('invalid-input', 'Choose another seat to give trade goods to.');
    const has = this.snapshot().players[from]?.counters.tradeGoods ?? 0;
    if (has < amount) fail('not-enough', `Only ${has} trade goods to give.`);
    this.write([{ k: 'give', from, to, amount }]);
  }

  // ——— planets ———

  /** Adds a planet card to a seat that no one holds yet. Taking one from another seat is takePlanet. */
  addPlanet(seat: string, planet: string): void {
    this.seat(seat);
    const card = this.planetCard(planet);
    if (card.owner === seat) fail('invalid-input', `${card.name} is already among your planets.`);
    if (card.owner) {
      fail('planet-owned', `${card.name} is held by ${this.seat(card.owner).name}. Use "Take" if you conquered it.`);
    }
    this.write([{ k: 'owner', planet, seat }]);
  }

  /** Control changes hands (conquest, trade station): the previous owner's list updates by itself. */
  takePlanet(seat: string, planet: string): void {
    this.seat(seat);
    const card = this.planetCard(planet);
    if (card.owner === seat) fail('invalid-input', `${card.name} is already among your planets.`);
    this.write([{ k: 'owner', planet, seat }]);
  }

  releasePlanet(planet: string): void {
    const card = this.planetCard(planet);
    if (!card.owner) fail('invalid-input', `${card.name} is not held by anyone.`);
    this.write([{ k: 'owner', planet, seat: null }]);
  }

  setExhausted(planet: string, exhausted: boolean): void {
    const card = this.planetCard(planet);
    if (!card.owner) fail('invalid-input', `${card.name} is not held by anyone.`);
    if (card.exhausted === exhausted) return;
    this.write([{ k: 'exhaust', planet, exhausted }]);
  }

  refreshAll(seat: string): void {
    this.seat(seat);
    this.write([{ k: 'refreshAll', seat }]);
  }

  addCustomPlanet(seat: string, def: { name: string; resources: number; influence: number; specialties: string[] }): string {
    this.seat(seat);
    const name = def.name.trim();
    if (!name || name.length > 40) fail('invalid-input', 'A planet name needs 1 to 40 characters.');
    for (const [v, what] of [[def.resources, 'Resources'], [def.influence, 'Influence']] as const) {
      this.count(v, what);
      if (v < 0 || v > 20) fail('invalid-input', `${what} must be between 0 and 20.`);
    }
    const bad = def.specialties.find((s) => !['red', 'green', 'blue', 'yellow'].includes(s));
    if (bad) fail('invalid-input', `"${bad}" is not a technology colour.`);
    const taken = new Set([...Object.keys(this.snapshot().planets), ...PLANETS_BY_ID.keys()]);
    const base = `custom-${name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'planet'}`;
    let id = base;
    for (let i = 2; taken.has(id); i++) id = `${base}-${i}`;
    const planet = { id, name, resources: def.resources, influence: def.influence, specialties: [...new Set(def.specialties)] };
    this.write([{ k: 'customPlanet', planet }, { k: 'owner', planet: id, seat }]);
    return id;
  }

  // ——— leaders ———

  setLeader(seat: string, leader: number, status: LeaderStatus): void {
    this.seat(seat);
    const leaders = this.snapshot().players[seat]?.leaders ?? [];
    if (!Number.isSafeInteger(leader) || leader < 0 || leader >= leaders.length) fail('invalid-input', 'No such leader.');
    if (typeof status === 'object') {
      if (status.capturedBy === seat) fail('invalid-input', 'A player cannot capture her own leader.');
      this.seat(status.capturedBy);
    }
    this.write([{ k: 'leader', seat, leader, status }]);
  }

  note(seat: string | null, text: string): void {
    const trimmed = text.trim();
    if (!trimmed || trimmed.length > 500) fail('invalid-input', 'A note needs 1 to 500 characters.');
    this.write([{ k: 'note', seat, text: trimmed }]);
  }
}

// ——— creating a game ———

function validateSetup(setup: GameSetup): void {
  const name = setup.name.trim();
  if (!name || name.length > 60) fail('invalid-input', 'Give the game a name of 1 to 60 characters.');
  if (!(VP_GOALS as readonly number[]).includes(setup.vpGoal)) fail('invalid-input', `The VP goal must be one of ${VP_GOALS.join(', ')}.`);
  const n = setup.seats.length;
  if (n < MIN_SEATS || n > MAX_SEATS) fail('invalid-input', `A game has ${MIN_SEATS} to ${MAX_SEATS} players; this one has ${n}.`);
  const seen = { names: new Set<string>(), colors: new Set<string>(), races: new Set<string>() };
  setup.seats.forEach((s, i) => {
    const label = `Seat ${i + 1}`;
    const seatName = s.name.trim();
    if (!seatName || seatName.length > 40) fail('invalid-input', `${label} needs a player name of 1 to 40 characters.`);
    if (!RACES_BY_ID.has(s.race)) fail('invalid-input', `${label} needs a race.`);
    if (!s.color || s.color.length > 20) fail('invalid-input', `${label} needs a colour.`);
    for (const [set, value, what] of [[seen.names, seatName.toLowerCase(), 'name'], [seen.colors, s.color, 'colour'], [seen.races, s.race, 'race']] as const) {
      if (set.has(value)) fail('invalid-input', `Two seats have the same ${what} (${label}).`);
      set.add(value);
    }
    for (const v of s.tradeContracts ?? []) {
      if (!Number.isSafeInteger(v) || v < 0 || v > 9) fail('invalid-input', `${label}: trade contract values are whole numbers from 0 to 9.`);
    }
  });
}

export interface CreateOptions {
  id: string;
  secret: string;
  device: string;
  clock?: Clock;
}

/** Builds a new game document: meta, seats, and the setup events of 001 "Finalising Setup". */
export function createGame(setup: GameSetup, opts: CreateOptions): Game {
  validateSetup(setup);
  const doc = new Y.Doc();
  const clock = opts.clock ?? systemClock;
  const root = gameRoot(doc);
  const seats: SeatInfo[] = setup.seats.map((s, i) => {
    const race = RACES_BY_ID.get(s.race);
    return {
      id: `s${i + 1}`,
      name: s.name.trim(),
      color: s.color,
      race: s.race,
      position: i,
      tradeContracts: s.tradeContracts ?? race?.tradeContracts ?? [0, 0],
    };
  });
  const bodies: EventBody[] = [];
  for (const seat of seats) {
    const race = RACES_BY_ID.get(seat.race);
    if (!race) continue;
    // 001 "Finalising Setup": 2 in Strategy Allocation, 3 in Command Pool, 3 in Fleet Supply, 2 political cards.
    const start: [CounterName, number][] = [
      ['strategyAllocation', 2 + (race.startingStrategyAllocationDelta ?? 0)],
      ['commandPool', 3],
      ['fleetSupply', 3],
      ['politicalCards', 2],
    ];
    for (const [counter, delta] of start) bodies.push({ k: 'counter', seat: seat.id, counter, delta });
    for (const planet of race.homePlanets) bodies.push({ k: 'owner', planet, seat: seat.id });
    for (const tech of race.startingTechnologies) bodies.push({ k: 'tech', seat: seat.id, tech, owned: true });
  }
  doc.transact(() => {
    root.meta.set('schema', SCHEMA_VERSION);
    root.meta.set('id', opts.id);
    root.meta.set('name', setup.name.trim());
    root.meta.set('vpGoal', setup.vpGoal);
    root.meta.set('options', { ...setup.options });
    root.meta.set('createdAt', Math.floor(clock.now()));
    root.meta.set('secret', opts.secret);
    for (const seat of seats) writeSeat(root, seat);
    root.log.push(bodies.map((b) => encodeEvent({ ...b, t: 0, dev: opts.device } as never)));
  }, { device: opts.device });
  return new Game(doc, opts.device, clock);
}
