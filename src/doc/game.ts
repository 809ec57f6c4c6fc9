/**
 * A game as one phone sees it: the Y.Doc, this phone's device tag, and the commands. Every command
 * validates against the current snapshot (and the rules), then writes all its events in one
 * transaction tagged with this phone's origin; on bad input it throws a GameError and writes nothing.
 */
import * as Y from 'yjs';
import { PLANETS_BY_ID, TECHS_BY_ID } from '../data';
import { checkHandLimit } from '../rules/cards';
import { canBuildFacility } from '../rules/planets';
import { canMoveCommandCounters, checkRoundState } from '../rules/round';
import type { RoundState } from '../rules/round';
import { encodeEvent } from './events';
import type { ArtifactColor, CounterName, EventBody, Facility, LeaderStatus, PayKind } from './events';
import { setupSeats, validateSetup } from './setup';
import type { GameSetup } from './setup';
import { fail } from './errors';
import { checkPayment } from './payment';
import type { PaymentChoice } from './payment';
import { handIsUnlimited, planetState, techOffer, upgradeOffers } from './views';
import { gameRoot, migrate, readRawHead, SCHEMA_VERSION, writeSeat } from './schema';
import type { GameRoot } from './schema';
import { COUNTER_LABELS, IncrementalFold } from './snapshot';
import type { GameSnapshot, PlanetCard, RawHead, SeatInfo } from './snapshot';
import { TradeCommands } from './trade';
import { RoundCommands } from './round';

export { MAX_SEATS, MIN_SEATS, VP_GOALS } from './setup';
export type { GameSetup, SeatSetup } from './setup';

export interface Clock {
  now(): number;
}
const systemClock: Clock = { now: () => Date.now() };

/** The origin of this phone's own transactions: persistence, sync and undo key off it. */
export interface LocalOrigin {
  readonly device: string;
}

/** The three areas of the race sheet that hold command counters (001 "Command Counters"). */
export interface CounterAreas {
  pool: number;
  fleet: number;
  strat: number;
}

export class Game {
  readonly root: GameRoot;
  readonly origin: LocalOrigin;
  /** Trade contracts and agreements: proposals, acceptance, goods, breaking (trade.ts). */
  readonly trade: TradeCommands = new TradeCommands(this);
  /** The round: speaker, strategy cards, turns, the status checklist, objectives (round.ts). */
  readonly round: RoundCommands = new RoundCommands(this);
  #cache: GameSnapshot | undefined;
  /** The fold so far, kept while the log only grows at its end; dropped when it changes before. */
  #fold: IncrementalFold | undefined;
  /** Meta, seats, claims and devices as last read; re-read when a transaction changes one of them. */
  #head: RawHead | undefined;
  /** Undo for this phone's own changes only: a change from another phone is never undone here. */
  readonly #undo: Y.UndoManager;
  #lastWritten: EventBody[] = [];

  constructor(
    readonly doc: Y.Doc,
    readonly device: string,
    private readonly clock: Clock = systemClock,
  ) {
    this.root = gameRoot(doc);
    this.origin = { device };
    // Any transaction, local or remote, may change the snapshot.
    doc.on('afterTransaction', (tr: Y.Transaction) => {
      this.#cache = undefined;
      const { meta, seats, claims, devices } = this.root;
      const changed = tr.changed as Map<unknown, unknown>;
      if ([meta, seats, claims, devices].some((t) => changed.has(t))) this.#head = undefined;
    });
    // An event inserted or deleted before the end of the log (an undo, a peer's concurrent event)
    // changes what follows it: only a fold from the start gives the state every replica computes.
    this.root.log.observe((e) => {
      const folded = this.#fold?.length ?? 0;
      let at = 0;
      for (const op of e.changes.delta) {
        if (op.retain !== undefined) at += op.retain;
        else if (op.delete !== undefined || at < folded) {
          this.#fold = undefined;
          return;
        }
      }
    });
    // captureTimeout 0: every command is its own undo step, however fast the taps.
    this.#undo = new Y.UndoManager(this.root.log, { trackedOrigins: new Set([this.origin]), captureTimeout: 0 });
    this.#undo.on('stack-item-added', (e: { stackItem: { meta: Map<string, unknown> }; type: 'undo' | 'redo' }) => {
      if (e.type === 'undo') e.stackItem.meta.set('events', this.#lastWritten);
    });
  }

  get canUndo(): boolean {
    return this.#undo.undoStack.length > 0;
  }

  /** The events her last change wrote (what "Undo" would take back), newest undo step first. */
  get undoPreview(): EventBody[] | undefined {
    const top = this.#undo.undoStack[this.#undo.undoStack.length - 1];
    return top?.meta.get('events') as EventBody[] | undefined;
  }

  /** Takes back this phone's last change (all the events of that one command), and nothing else. */
  undo(): void {
    if (!this.canUndo) fail('invalid-input', 'Nothing to undo: you have made no change on this phone since it opened the game.');
    this.#undo.undo();
  }

  /** Stops tracking (the session is closing). */
  destroy(): void {
    this.#undo.destroy();
  }

  /** The folded game; undefined while the document holds no game (a joining phone before its first sync). */
  snapshotOrUndefined(): GameSnapshot | undefined {
    if (this.#cache) return this.#cache;
    const head = (this.#head ??= readRawHead(this.root));
    if (!head) return undefined;
    const log = this.root.log;
    if (!this.#fold?.canExtend(head, log.length)) this.#fold = new IncrementalFold(head, log.toArray());
    else if (log.length > this.#fold.length) this.#fold.extend(log.slice(this.#fold.length));
    this.#cache = this.#fold.snapshot(head);
    return this.#cache;
  }

  snapshot(): GameSnapshot {
    return this.snapshotOrUndefined() ?? fail('not-a-game', 'This document does not hold a Twilight Table game.');
  }

  get writable(): boolean {
    return migrate(this.root).writable;
  }

  /**
   * For the command modules beside this class (council, trade, round): appends events that the caller
   * has already validated, in one transaction with this phone's origin (so undo and saving see it).
   */
  append(bodies: EventBody[]): void {
    this.write(bodies);
  }

  /** Appends events in one transaction, after the caller has validated them. */
  private write(bodies: EventBody[], extra?: (root: GameRoot) => void): void {
    const { writable, schema } = migrate(this.root);
    if (!writable) {
      fail('newer-schema', `This game was saved by a newer version of Twilight Table (schema ${schema ?? '?'}); update the app to change it.`);
    }
    const t = Math.max(0, Math.floor((this.clock.now() - this.snapshot().meta.createdAt) / 1000));
    this.#lastWritten = bodies;
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

  /**
   * This phone is now `seat`, and no longer any other: one seat per phone. A seat it kept would stay
   * "this phone" on every screen, and the game screen, which shows the first seat the phone holds,
   * would not move when she changes player to a seat further down the list.
   */
  claimSeat(seat: string): void {
    this.seat(seat);
    this.write([], (root) => {
      const others = [...root.claims.entries()].filter(([held, device]) => device === this.device && held !== seat);
      for (const [held] of others) root.claims.delete(held);
      root.claims.set(seat, this.device);
    });
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
    if (delta > 0 && (counter === 'actionCards' || counter === 'politicalCards')) {
      const kind = counter === 'actionCards' ? 'action' : 'political';
      const check = checkHandLimit(kind, current + delta, kind === 'action' && handIsUnlimited(this.snapshot(), seat));
      if (!check.ok) fail('not-allowed', check.reason);
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

  /**
   * Refreshes her planets (status phase, "Refresh Planets"), except those on which she built a facility
   * since her last refresh: 001 "Facilities" are built *instead* of refreshing the planet.
   */
  refreshAll(seat: string): void {
    this.seat(seat);
    const s = this.snapshot();
    const built = new Set<string>();
    for (let i = s.log.length - 1; i >= 0; i--) {
      const e = s.log[i]?.event;
      if (e?.k === 'refreshAll' && e.seat === seat) break;
      if (e?.k === 'facility' && e.facility) built.add(e.planet);
    }
    const keep = (s.players[seat]?.planets ?? []).filter((id) => built.has(id) && s.planets[id]?.exhausted);
    if (!(s.players[seat]?.planets ?? []).some((id) => s.planets[id]?.exhausted && !keep.includes(id))) {
      fail('invalid-input', keep.length ? 'Every other planet of yours is already refreshed.' : 'All your planets are already refreshed.');
    }
    this.write([keep.length ? { k: 'refreshAll', seat, keep } : { k: 'refreshAll', seat }]);
  }

  /**
   * Builds a colony or refinery on her planet, instead of refreshing it (001 "Facilities"); the rules
   * refuse home system planets, trade stations, a second facility, and a planet that is not exhausted.
   */
  buildFacility(planet: string, facility: Facility): void {
    const card = this.planetCard(planet);
    if (facility !== 'colony' && facility !== 'refinery') fail('invalid-input', 'A facility is a colony or a refinery.');
    if (!card.owner) fail('invalid-input', `${card.name} is not held by anyone.`);
    const check = canBuildFacility(planetState(card), facility);
    if (!check.ok) fail('not-allowed', check.reason);
    this.write([{ k: 'facility', planet, facility }]);
  }

  // ——— payments ———

  /** Exhausts the chosen planets and spends the chosen trade goods to pay a cost, in one event. */
  pay(seat: string, kind: PayKind, amount: number, choice: PaymentChoice, what = ''): void {
    this.seat(seat);
    if (kind !== 'resources' && kind !== 'influence') fail('invalid-input', 'Pay resources or influence.');
    if (amount === 0) fail('invalid-input', 'Enter a cost of 1 or more.');
    this.write([checkPayment(this.snapshot(), { seat, kind, amount, choice, what })]);
  }

  /**
   * Researches a technology for `basePrice` resources (5 with the Technology card's secondary, 0 when an
   * effect gives it): 001 "Acquisition of Technologies", prerequisites and discounts by the rules.
   */
  research(seat: string, tech: string, basePrice: number, choice: PaymentChoice): void {
    this.seat(seat);
    const t = TECHS_BY_ID.get(tech) ?? fail('invalid-input', `There is no technology "${tech}".`);
    this.count(basePrice, 'The price');
    if (basePrice < 0 || basePrice > 20) fail('invalid-input', 'A technology price is from 0 to 20 resources.');
    const offer = techOffer(this.snapshot(), seat, t, basePrice);
    if (offer.owned) fail('invalid-input', `You already have ${t.name}.`);
    if (!offer.prerequisites.ok) {
      const { missing, logic } = offer.prerequisites;
      const names = missing.map((id) => TECHS_BY_ID.get(id)?.name ?? id);
      fail('not-allowed', `${t.name} needs ${logic === 'and' ? 'all of' : 'one of'} these first: ${names.join(', ')}.`);
    }
    const pay = offer.price.cost > 0 || choice.planets.length > 0 || choice.tradeGoods > 0
      ? [checkPayment(this.snapshot(), { seat, kind: 'resources', amount: offer.price.cost, choice, what: t.name })]
      : [];
    this.write([...pay, { k: 'tech', seat, tech, owned: true }]);
  }

  /** Unlocks a racial upgrade at its current price (001 "Unlock Racial Upgrades"), paid in the same change. */
  unlockUpgrade(seat: string, upgrade: string, choice: PaymentChoice): void {
    this.seat(seat);
    const offer = upgradeOffers(this.snapshot(), seat).find((o) => o.upgrade.id === upgrade) ?? fail('invalid-input', 'Your race has no such racial upgrade.');
    if (offer.unlocked) fail('invalid-input', `${offer.upgrade.name} is already unlocked.`);
    const pay = offer.cost > 0 || choice.planets.length > 0 || choice.tradeGoods > 0
      ? [checkPayment(this.snapshot(), { seat, kind: 'resources', amount: offer.cost, choice, what: offer.upgrade.name })]
      : [];
    this.write([...pay, { k: 'upgrade', seat, upgrade, unlocked: true }]);
  }

  // ——— command counters ———

  private areas(seat: string): CounterAreas {
    const c = this.snapshot().players[this.seat(seat).id]?.counters;
    return { pool: c?.commandPool ?? 0, fleet: c?.fleetSupply ?? 0, strat: c?.strategyAllocation ?? 0 };
  }

  /** She receives counters and places them where she chooses (001 "Command Counters"); any time. */
  receiveCounters(seat: string, add: CounterAreas): void {
    this.seat(seat);
    for (const v of [add.pool, add.fleet, add.strat]) {
      this.count(v, 'A number of counters');
      if (v < 0) fail('invalid-input', 'Receiving counters cannot take any away.');
    }
    const n = add.pool + add.fleet + add.strat;
    if (n < 1 || n > 16) fail('invalid-input', 'Place 1 to 16 counters.');
    this.write([{ k: 'cc', seat, ...add, why: 'receive' }]);
  }

  /** Redistributes her counters between the areas: only in step 7 of the status phase (001). */
  reallocateCounters(seat: string, target: CounterAreas): void {
    const now = this.areas(seat);
    for (const v of [target.pool, target.fleet, target.strat]) {
      this.count(v, 'A number of counters');
      if (v < 0) fail('invalid-input', 'An area cannot hold fewer than 0 counters.');
    }
    const check = canMoveCommandCounters(this.snapshot().round);
    if (!check.ok) fail('not-allowed', check.reason);
    const [had, has] = [now.pool + now.fleet + now.strat, target.pool + target.fleet + target.strat];
    if (had !== has) fail('invalid-input', `Moving keeps the total: you have ${had} counters on your sheet, and this split has ${has}.`);
    const delta = { pool: target.pool - now.pool, fleet: target.fleet - now.fleet, strat: target.strat - now.strat };
    if (!delta.pool && !delta.fleet && !delta.strat) fail('invalid-input', 'That is the split you already have: nothing to move.');
    this.write([{ k: 'cc', seat, ...delta, why: 'move' }]);
  }

  /** A tactical action takes one counter from her command pool (001 "Command Pool"). */
  spendTactical(seat: string): void {
    if (this.areas(seat).pool < 1) fail('not-enough', 'Your command pool is empty: you may not take a tactical action.');
    this.write([{ k: 'cc', seat, pool: -1, fleet: 0, strat: 0, why: 'tactical' }]);
  }

  /** A strategy card's secondary ability takes one counter from her strategy allocation (001). */
  spendSecondary(seat: string): void {
    if (this.areas(seat).strat < 1) fail('not-enough', 'Your strategy allocation is empty: you cannot pay for a secondary ability.');
    this.write([{ k: 'cc', seat, pool: 0, fleet: 0, strat: -1, why: 'secondary' }]);
  }

  // ——— round, artifacts ———

  setRound(next: RoundState): void {
    const r = { round: next.round, phase: next.phase, step: next.phase === 'status' ? next.step : null };
    const check = checkRoundState(r);
    if (!check.ok) fail('invalid-input', check.reason);
    const now = this.snapshot().round;
    if (now.round === r.round && now.phase === r.phase && now.step === r.step) return;
    this.write([{ k: 'phase', ...r }]);
  }

  /** Who controls an artifact (null: nobody); it discounts technologies of its colour. */
  setArtifact(color: ArtifactColor, seat: string | null): void {
    if (!['red', 'green', 'blue', 'yellow'].includes(color)) fail('invalid-input', 'An artifact is red, green, blue or yellow.');
    if (seat !== null) this.seat(seat);
    if (this.snapshot().artifacts[color] === seat) return;
    this.write([{ k: 'artifact', color, seat }]);
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
  const { seats, bodies } = setupSeats(setup);
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
