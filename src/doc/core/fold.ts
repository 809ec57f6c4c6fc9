/**
 * The fold driver: folds the shared log into the plain game snapshot that the UI and the rules read.
 * Pure: no Yjs here, so it is tested on plain arrays. Every replica folds the same array in the same
 * order, so every phone computes the same state once their documents have converged.
 *
 * Core keeps the table's pieces every part of the game reads (players' sheets, planet cards, round and
 * phase, artifacts) in one working state, the `FoldTable`; each feature's fold applies its own event kinds
 * to it and keeps its own state beside it. Snapshots come out in fresh objects, reusing those of the
 * previous snapshot for what did not change (pieceCopies.ts).
 *
 * The fold trusts nothing: an event naming a seat or planet that does not exist is skipped and reported,
 * and impossible totals (a negative counter, two phones spending the same trade good) are reported as
 * problems for the table to see, never silently "fixed". An event written by a phone that did not hold
 * the seat it changes, at that point of the log, is skipped and reported (issue 17); an entry an undo
 * took back is skipped. Core folds its own events (claims and undo, `table.ts`) here.
 */
import { PLANETS_BY_ID, RACES_BY_ID } from '../../data';
import type { TechColor } from '../../data/types';
import { checkHandLimit, HAND_LIMIT } from '../../rules/cards';
import { raceEffects } from '../../rules/raceAbilities';
import type { RoundState } from '../../rules/round';
import type { Codec } from './codec';
import type { Allowance, AuthorityRule, FeatureFold, FeatureModule, FoldSetup, FoldTable, TableFacts } from './module';
import { DERIVED_TAG_LENGTH, signatureOf, signedBytes, tagOf, toBase64url, verify } from '../../crypto/signature';
import { PieceCopies, sameOr, sameProblems } from './pieceCopies';
import { writerOf } from './table';
import type { SetAside } from './table';
import { COUNTER_LABELS, COUNTERS } from './types';
import { newerKindOf } from './versions';
import type { NewerKind } from './versions';
import type { ArtifactColor, CounterName, CustomPlanetDef, EventBody, GameSnapshot, LogEntry, PlanetCard, PlayerState, Problem, RawHead, SeatInfo } from './types';

export type { FeatureFold, FoldSetup, FoldTable, TableFacts } from './module';

const listOr = (names: string[]): string => [...new Set(names)].join(' or ');

const zeroCounters = (): Record<CounterName, number> => Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<CounterName, number>;

function newPlayer(seat: SeatInfo): PlayerState {
  const race = RACES_BY_ID.get(seat.race);
  return { seat: seat.id, counters: zeroCounters(), techs: [], upgrades: [], leaders: (race?.leaders ?? []).map(() => 'free' as const), planets: [] };
}

function customCard(def: CustomPlanetDef): PlanetCard {
  const specialties = def.specialties.filter((s): s is TechColor => ['red', 'green', 'blue', 'yellow'].includes(s));
  const { id, name, resources, influence } = def;
  return { id, name, resources, influence, specialties, refreshAbility: null, tradeStation: false, homeOf: null, system: null, expansion: 'custom', custom: true, owner: null, exhausted: false, facility: null, wealth: 0 };
}

/** Mutable working state of one fold. */
export class Fold implements FoldTable {
  readonly planets: Record<string, PlanetCard> = {};
  readonly players: Record<string, PlayerState> = {};
  readonly custom = new Map<string, CustomPlanetDef>();
  readonly problems: Problem[] = [];
  readonly log: LogEntry[] = [];
  round: RoundState = { round: 1, phase: 'strategy', step: null };
  readonly artifacts: Record<ArtifactColor, string | null> = { red: null, green: null, blue: null, yellow: null };
  index = 0;
  at = 0;
  speaker?: () => string | undefined;
  council?: TableFacts['council'];
  trade?: TableFacts['trade'];
  blocks?: TableFacts['blocks'];
  settled?: TableFacts['settled'];
  readonly #features: { module: FeatureModule; fold: FeatureFold<unknown> }[];
  readonly #byKind = new Map<string, FeatureFold<unknown>>();
  readonly #after: FeatureFold<unknown>[];
  /** The planets and players handed out last, and what changed since. */
  readonly #copies = new PieceCopies();
  readonly #authority = new Map<string, AuthorityRule<never>>();
  readonly #allowances = new Map<string, Allowance<never>>();
  /** Kind and seat ('' for the table) → how many of them counted, in all and by minute of their times. */
  readonly #used = new Map<string, { game: number; minutes: Map<number, number> }>();
  /** Seat → the phone holding it, at the event being folded. */
  readonly #holders: Map<string, string>;
  /** `holders()` as last handed out, until a claim or a release. */
  #sortedHolders: Record<string, string> | undefined;
  /** Writer → how many entries of the log it wrote, folded or not: the number its next entry will have. */
  readonly #written = new Map<string, number>();
  /** Entries taken back by an undo later in the log, and their bodies once met (for the undo's entry). */
  readonly #undone = new Map<number, EventBody | undefined>();
  /** Device → the public key it signs with, from its first signed claim. */
  readonly #keys = new Map<string, string>();
  /** Every signature folded so far: one met again is a replay. */
  readonly #signatures = new Set<string>();
  readonly #gameId: string;
  /** The snapshot `result` handed out last. */
  #last: GameSnapshot | undefined;
  /**
   * The first entry of a kind from a newer version, once met: the fold stops before it and folds nothing
   * more. Skipping it and going on would fold a game that no phone of that version shows (its effect
   * missing, what rests on it refused), and this phone's writes would rest on that game. Unless the table
   * set it aside (`setAside` in table.ts): then every phone skips it, and all fold the same game.
   */
  newer: NewerKind | undefined;

  constructor(
    readonly seats: SeatInfo[],
    modules: readonly FeatureModule[],
    private readonly codec: Codec,
    setup: Omit<FoldSetup, 'seats' | 'tableSeats'> & { tableSeats?: SeatInfo[] },
    legacyClaims: Record<string, string>,
    private readonly undos: ReadonlyMap<number, readonly number[]>,
    /** Undos that may not count: written after the setup at the table ended, taking back one of its steps. */
    private readonly refusedUndos: ReadonlySet<number> = new Set(),
    /** Entries the table set aside (`setAsideTargets`): entry position → the `setAside` that names it. */
    private readonly setAside: ReadonlyMap<number, SetAside> = new Map(),
  ) {
    this.#gameId = setup.gameId;
    // Games from before claims were events keep their claims map as the claims at the start.
    this.#holders = new Map(Object.entries(legacyClaims));
    for (const targets of undos.values()) for (const i of targets) this.#undone.set(i, undefined);
    for (const seat of seats) this.players[seat.id] = newPlayer(seat);
    this.#features = modules.map((module) => ({ module, fold: module.fold({ ...setup, tableSeats: setup.tableSeats ?? seats, seats }) }));
    for (const { module, fold } of this.#features) {
      for (const kind of Object.keys(module.events)) this.#byKind.set(kind, fold);
      for (const [kind, rule] of Object.entries(module.authority)) this.#authority.set(kind, rule as AuthorityRule<never>);
      for (const [kind, allowance] of Object.entries(module.allowances ?? {})) this.#allowances.set(kind, allowance as Allowance<never>);
      Object.assign(this, fold.facts);
    }
    this.#after = this.#features.flatMap(({ fold }) => (fold.after ? [fold] : []));
  }

  problem(message: string): void {
    this.problems.push({ index: this.index, message });
  }

  player(seat: string): PlayerState | undefined {
    const p = this.players[seat];
    if (p) this.#copies.player(seat);
    else this.problem(`An event names seat "${seat}", which is not in this game; it was ignored.`);
    return p;
  }

  planet(id: string): PlanetCard | undefined {
    this.#copies.planet(id);
    const known = this.planets[id];
    if (known) return known;
    const printed = PLANETS_BY_ID.get(id);
    const def = this.custom.get(id);
    if (!printed && !def) {
      this.problem(`An event names planet "${id}", which is neither in the planet table nor a custom planet; it was ignored.`);
      return undefined;
    }
    const card: PlanetCard = printed ? { ...printed, custom: false, owner: null, exhausted: false, facility: null, wealth: 0 } : customCard(def as CustomPlanetDef);
    this.planets[id] = card;
    return card;
  }

  derive(bodies: readonly EventBody[]): void {
    for (const body of bodies) this.#byKind.get(body.k)?.apply?.(body, this);
  }

  touch(what: { seat?: string; planet?: string }): void {
    if (what.seat) this.#copies.player(what.seat);
    if (what.planet) this.#copies.planet(what.planet);
  }

  /**
   * Folds `stored`, the log's events from position `base` on (`base` = the events folded so far).
   * Returns why the events it refused for their writer were refused.
   */
  extend(stored: readonly unknown[], base: number): string[] {
    const refusals: string[] = [];
    if (this.newer) return refusals;
    for (let i = 0; i < stored.length; i++) {
      const index = base + i;
      this.index = index;
      // Counted like `undoTargets` counts them (every entry with a writer), so an undo's numbers match.
      const writer = writerOf(stored[i]);
      if (writer !== undefined) this.#written.set(writer, this.entriesBy(writer) + 1);
      const aside = this.setAside.get(index);
      if (aside) {
        this.problem(`A change by phone ${writer} from a newer Twilight Table (events version ${aside.version}) was set aside: the table went on without it.`);
        continue;
      }
      const event = this.codec.decode(stored[i]);
      if (!event) {
        // A kind from a newer version (its code says so) is kept and stops the fold; anything else that is
        // not an event of this version (damaged, forged, a known kind with the wrong fields) is skipped.
        const version = newerKindOf(stored[i], this.codec.knows);
        if (version !== undefined) {
          this.newer = { index, version, dev: (stored[i] as unknown[])[2] as string };
          return refusals;
        }
        this.problem('A log entry is not a valid event of this version; it was ignored.');
        continue;
      }
      const { t, dev, ...rest } = event;
      const body = rest as EventBody;
      this.at = t;
      if (this.#undone.has(index)) {
        this.#undone.set(index, body);
        continue;
      }
      const refused =
        this.#unsigned(stored[i] as readonly unknown[], body, dev) ??
        this.refusal(body, dev) ??
        this.blocks?.(body) ??
        (this.refusedUndos.has(index) ? 'An undo of a step of the setup at the table, written after the setup ended, did not count: the game goes on from the setup as it ended.' : undefined) ??
        this.#overAllowance(body, t);
      if (refused) {
        this.problem(refused);
        refusals.push(refused);
        continue;
      }
      // Which phone an opening of the app is, and what it vouches it wrote, for the guard (writers.ts):
      // nothing of the game, nor of its history.
      if (body.k === 'writer' || body.k === 'vouch') continue;
      const entry: LogEntry = { index, t, dev, event: body, ...this.#core(body, dev, index) };
      this.#byKind.get(body.k)?.apply?.(body, this);
      this.log.push(entry);
      for (const fold of this.#after) fold.after?.(entry, this);
    }
    this.index = base + stored.length;
    return refusals;
  }

  /** What core's own events do: seats change phones; an undo lists what it took back. */
  #core(e: EventBody, dev: string, index: number): Partial<LogEntry> {
    if (e.k === 'claim' || e.k === 'release') this.#sortedHolders = undefined;
    if (e.k === 'claim') {
      const takeover = this.#holders.has(e.seat) && this.#holders.get(e.seat) !== dev;
      for (const [seat, holder] of [...this.#holders]) if (holder === dev) this.#holders.delete(seat);
      this.#holders.set(e.seat, dev);
      return takeover ? { takeover } : {};
    }
    if (e.k === 'release') this.#holders.delete(e.seat);
    if (e.k === 'undo') return { undone: (this.undos.get(index) ?? []).flatMap((i) => this.#undone.get(i) ?? []) };
    if (e.k === 'setAside') {
      const aside = [...this.setAside.values()].find((x) => x.by === index);
      return aside ? { setAside: aside.version } : {};
    }
    return {};
  }

  /**
   * Why `writer` may not write `e` at this point of the log, or undefined when it may: the seats its kind
   * names must include one held by the writer or by nobody. A command gets the same answer by folding its
   * events before writing them (`GameCore.write`).
   */
  refusal(e: EventBody, writer: string): string | undefined {
    const rule = this.#authority.get(e.k) as AuthorityRule | undefined;
    if (!rule || rule === 'anyone') return undefined;
    const writers = rule === 'speaker' ? 'speaker' : rule(e, this);
    if (writers === 'anyone') return undefined;
    const seats = writers === 'speaker' ? [this.speaker?.()] : writers;
    if (seats.some((s) => !s || !this.#holders.has(s) || this.#holders.get(s) === writer)) return undefined;
    const names = listOr(seats.map((s) => this.seats.find((x) => x.id === s)?.name ?? String(s)));
    return `A change by phone ${writer} for ${names} was refused: only the phone holding ${names}'s seat may make it.`;
  }

  /**
   * Why an event is one more than its seat, or the table, may add (its kind's `allowances`), or undefined
   * when it counts: then it is counted. Times are its writer's: a clock that runs ahead spreads events over
   * more minutes, never past the game's allowance.
   */
  #overAllowance(e: EventBody, t: number): string | undefined {
    const allowance = this.#allowances.get(e.k) as Allowance | undefined;
    if (!allowance) return undefined;
    const seat = allowance.of(e);
    const key = `${e.k}\u0000${seat ?? ''}`;
    const used = this.#used.get(key) ?? { game: 0, minutes: new Map<number, number>() };
    const minute = Math.floor(t / 60);
    const [one, many, table = many] = allowance.words;
    const name = seat === null ? undefined : (this.seats.find((s) => s.id === seat)?.name ?? seat);
    const refused = (why: string) => `A ${one}${name ? ` by ${name}` : ''} was refused: ${why}.`;
    if (used.game >= allowance.perGame) {
      return refused(name ? `${name} has written ${allowance.perGame} ${many} in this game, the most one player may` : `the game holds ${allowance.perGame} ${table}, the most it may`);
    }
    if (allowance.perMinute !== undefined && (used.minutes.get(minute) ?? 0) >= allowance.perMinute) {
      return refused(`${name ? `${name} has written` : 'the table has had'} ${allowance.perMinute} ${name ? many : table} within a minute, the most ${name ? 'one player' : 'the table'} may`);
    }
    used.game++;
    used.minutes.set(minute, (used.minutes.get(minute) ?? 0) + 1);
    this.#used.set(key, used);
    return undefined;
  }

  /**
   * Why a signed event (claims, commitments, consent to a trade, closing a vote: `signed` in its codec)
   * is refused, or undefined when its signature is its writer's. A phone's key comes with its first
   * signed claim; a tag made from a key (7 characters) must be that key's. Phones from before signatures
   * (6-character tags) never published a key: their unsigned events stay valid until they do.
   */
  #unsigned(raw: readonly unknown[], e: EventBody, dev: string): string | undefined {
    if (!this.codec.signs(e)) return undefined;
    const refused = (why: string) => `A signed change by phone ${dev} was refused: ${why}`;
    const signature = signatureOf(raw);
    const bound = this.#keys.get(dev);
    const claimed = e.k === 'claim' || e.k === 'writer' ? e.key : undefined;
    if (!signature) return bound || claimed || dev.length === DERIVED_TAG_LENGTH ? refused('it carries no signature.') : undefined;
    const key = bound ?? claimed;
    if (!key) return refused('the table has not seen the key of that phone (it signs its first seat claim with it).');
    if (claimed && claimed !== key) return refused(`its ${e.k === 'claim' ? 'seat claim' : 'signature on an opening of the app'} names another key than the one that phone signs with: another phone is using its name.`);
    if (!bound && dev.length === DERIVED_TAG_LENGTH && tagOf(key) !== dev) return refused('that phone name belongs to another key.');
    // The signature first: a valid signature over other bytes (fields reordered, changed) is a forgery, not a
    // replay (issue 36 item 6); only an entry its signature truly signs, met twice, is a replay.
    if (!verify(signature, signedBytes(this.#gameId, raw.slice(0, -1)), key)) return refused('its signature is not that phone\'s (forged or damaged).');
    const mark = toBase64url(signature);
    if (this.#signatures.has(mark)) return refused('it repeats a signed change already in the log (a replay).');
    this.#signatures.add(mark);
    // A phone's key is published by its seat claim (a phone from before signatures claims again, signed).
    if (!bound && e.k === 'claim') this.#keys.set(dev, key);
    return undefined;
  }

  /** The key `device` signs with, once its first signed claim is folded. */
  keyOf(device: string): string | undefined {
    return this.#keys.get(device);
  }

  /** How many entries of the log `writer` wrote so far. */
  entriesBy(writer: string): number {
    return this.#written.get(writer) ?? 0;
  }

  /** Seat → the phone holding it now. */
  holders(): Record<string, string> {
    return (this.#sortedHolders ??= Object.fromEntries([...this.#holders].sort(([a], [b]) => (a < b ? -1 : 1))));
  }

  /**
   * The snapshot of the state folded so far, in fresh objects: folding more events later never
   * changes a snapshot already handed out. Checks the invariants of the final state (what a malicious
   * or racing peer could break) and derives each player's list of planets.
   */
  result(head: RawHead): GameSnapshot {
    const problems = [...this.problems];
    const problem = (message: string) => problems.push({ index: -1, message });
    const { planets, players } = this.#copies.fresh(this, problem);
    const nameOf = new Map(this.seats.map((s) => [s.id, s.name]));
    const raceOf = new Map(this.seats.map((s) => [s.id, RACES_BY_ID.get(s.race)]));
    for (const p of Object.values(players)) {
      for (const c of COUNTERS) {
        // "−1 trade good": the labels are plurals, each made singular by its last letter.
        if (p.counters[c] < 0) problem(`${nameOf.get(p.seat) ?? p.seat} has ${p.counters[c]} ${p.counters[c] === -1 ? COUNTER_LABELS[c].replace(/s$/, '') : COUNTER_LABELS[c]}: two phones probably spent the same ones. Correct it with +.`);
      }
      const unlimited = raceEffects(raceOf.get(p.seat)?.id).unlimitedActionCards;
      for (const [kind, count, free] of [['action', p.counters.actionCards, unlimited], ['political', p.counters.politicalCards, false]] as const) {
        if (!checkHandLimit(kind, count, free).ok) problem(`${nameOf.get(p.seat) ?? p.seat} has ${count} ${kind} cards, over the hand limit of ${HAND_LIMIT}: discard down to ${HAND_LIMIT}.`);
      }
    }
    const features = Object.fromEntries(this.#features.flatMap(({ module, fold }) => (module.stateKey && fold.result ? [[module.stateKey, fold.result()]] : [])));
    // What did not change is handed out as the same object again: the screen's store skips it (ui/store.ts).
    const last = this.#last;
    this.#last = {
      meta: head.meta,
      seats: this.seats,
      claims: this.holders(),
      devices: head.devices,
      planets,
      players,
      round: sameOr(last?.round, { ...this.round }),
      artifacts: sameOr(last?.artifacts, { ...this.artifacts }),
      ...(features as object),
      log: this.log.slice(),
      problems: last && sameProblems(last.problems, problems) ? last.problems : problems,
      ...(this.newer && { newer: this.newer }),
    } as GameSnapshot;
    return this.#last;
  }
}
