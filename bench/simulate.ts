/**
 * A simulated game night, written with the real commands of Game (src/doc/game.ts) on one replica per phone,
 * the replicas syncing real Yjs updates with one another, so the document has the shape a real game
 * leaves behind: items from every phone, interleaved, with some changes made concurrently.
 *
 * Deterministic for a given seed (a seeded PRNG picks every move and the clock is simulated), so the
 * benchmarks measure the same document on every run and machine. Usable from Node (the benchmarks, via
 * Vite's module runner), from vitest, and from a page bundled by Vite.
 *
 * Per player per round, roughly (Shattered Ascension flow; the counts are what the issue asks for):
 * - action phase: 2 to 4 tactical actions (command pool −1 each), 5 or 6 planet exhausts spread over
 *   them, 2 trade goods changes, an action card played now and then, planet takeovers (new planets in
 *   the first rounds, conquests of a neighbour's planet later);
 * - status phase: refresh all planets, +2 command counters (pool, fleet supply or strategy
 *   allocation, tapped one at a time; more after Leadership), +1 action card, political cards now and
 *   then, a victory point now and then; strategy card secondaries cost strategy allocation counters.
 * Updates reach each other phone after a random short delay, so two phones sometimes write at once.
 */
import * as Y from 'yjs';
import { PLANETS, RACES, RACES_BY_ID } from '../src/data';
import { createGame, Game, GameError } from '../src/doc';
import { softwareSigner, tagOf } from '../src/crypto/signature';
import type { Signer } from '../src/crypto/signature';
import { ballotVoteId, placementVoteId } from '../src/doc/council';
import { revealAgenda, revealBallot } from '../src/doc/council/moves';
import { canonicalJson, commitment } from '../src/crypto/commit';
import type { Opening } from '../src/crypto/commit';
import type { Clock, GameSetup, CounterName, Move } from '../src/doc';
import { isMade, isRefusal } from '../src/doc/core/moves';
import { entryChars, WRITE_BOUNDS } from '../src/doc/core/bounds';
import { CLAIM_CODE } from '../src/doc/core/table';
import { gameChars } from '../src/doc/core/writers';
import * as tradeMoves from '../src/doc/trade/moves';
import type { GameSummary } from '../src/sync/library';
import * as sheetMoves from '../src/doc/sheet/moves';
import * as planetMoves from '../src/doc/planets/moves';

export interface SimulationOptions {
  players?: number;
  rounds?: number;
  seed?: number;
  /** Chance that a phone has received what is queued for it at each step (lower: more concurrency). */
  delivery?: number;
}

export interface SimulationStats {
  players: number;
  rounds: number;
  seed: number;
  /** Commands that wrote to the document. */
  changes: number;
  /** Commands refused by validation (a phone acting on a state another phone had just changed). */
  refused: number;
  /** Events in the converged log. */
  events: number;
  /** Yjs updates sent between phones (one per change, to every other phone). */
  messages: number;
  /** Distinct Yjs client ids with items in the document. */
  clients: number;
  /** Simulated length of the game night, in seconds. */
  durationS: number;
  /** Changes per command kind. */
  byKind: Record<string, number>;
}

export interface Simulation {
  /** One Game per phone, converged; games[i] holds seats[i], with device tag devices[i]. */
  games: Game[];
  seats: string[];
  devices: string[];
  gameId: string;
  /** Every v2 update the first phone's document emitted, in order (what its IndexedDB log received). */
  updatesV2: Uint8Array[];
  stats: SimulationStats;
}

export const GAME_START = Date.UTC(2025, 10, 21, 18, 0, 0);
const NAMES = ['Ana', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana'];
const COLORS = ['red', 'blue', 'green', 'yellow', 'purple', 'black', 'orange', 'white'];

/** mulberry32: small, fast, good enough to pick moves. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NET = Symbol('simulated-network');

export function simulateGame(opts: SimulationOptions = {}): Simulation {
  const players = opts.players ?? 8;
  const rounds = opts.rounds ?? 16;
  const seed = opts.seed ?? 1;
  const delivery = opts.delivery ?? 0.6;
  const rnd = prng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const chance = (p: number) => rnd() < p;
  const tag = (n: number) => Array.from({ length: n }, () => (Math.floor(rnd() * 36)).toString(36)).join('');

  let now = GAME_START;
  const clock: Clock = { now: () => now };
  const tick = (lo: number, hi: number) => (now += int(lo, hi) * 1000);

  const races = [...RACES].map((r) => [rnd(), r] as const).sort((a, b) => a[0] - b[0]).slice(0, players).map(([, r]) => r);
  const setup: GameSetup = {
    name: `Sixteen rounds (seed ${seed})`,
    vpGoal: 14,
    options: { pathOfFate: false, simultaneousTactical: true, ascendancy: false },
    seats: races.map((race, i) => ({ name: NAMES[i] ?? `P${i + 1}`, color: COLORS[i] ?? `c${i}`, race: race.id })),
  };
  // Each phone's key, seeded so the document is the same from run to run; its tag made from the key as
  // a new phone's is (secret/device.ts).
  const signers = Array.from({ length: players }, () => softwareSigner(Uint8Array.from({ length: 32 }, () => Math.floor(rnd() * 256))));
  const devices = signers.map((s) => tagOf(s.publicKey));
  const gameId = tag(10);
  const host = createGame(setup, { id: gameId, secret: tag(22), device: devices[0] as string, clock, signer: signers[0] });
  // Yjs picks client ids at random, and they decide the order of concurrent inserts and the encoding:
  // seeded ones keep the document the same from run to run. (Only the setup transaction keeps the
  // random id createGame gave it: the sizes may move by a few bytes from run to run.)
  const clientId = () => Math.floor(rnd() * 0x100000000);
  host.doc.clientID = clientId();
  const games = devices.map((device, i) => {
    if (i === 0) return host;
    const doc = new Y.Doc();
    doc.clientID = clientId();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(host.doc));
    return new Game(doc, device, clock, signers[i]);
  });

  const updatesV2 = [Y.encodeStateAsUpdateV2(host.doc)];
  host.doc.on('updateV2', (u: Uint8Array) => updatesV2.push(u));

  // The table's network: every local update is queued for every other phone and arrives a little later.
  const inbox: Uint8Array[][] = games.map(() => []);
  let messages = 0;
  games.forEach((g, i) =>
    g.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === NET) return;
      inbox.forEach((q, j) => {
        if (j !== i) {
          q.push(update);
          messages++;
        }
      });
    }),
  );
  const deliver = (j: number) => {
    const q = inbox[j] as Uint8Array[];
    const game = games[j] as Game;
    for (const u of q.splice(0)) Y.applyUpdate(game.doc, u, NET);
  };
  const network = () => inbox.forEach((_, j) => chance(delivery) && deliver(j));

  const byKind: Record<string, number> = {};
  let changes = 0;
  let refused = 0;
  /** One tap on phone i: runs the command on that phone's replica, then lets the network move. */
  const tap = (i: number, kind: string, command: (g: Game) => void) => {
    tick(4, 40);
    try {
      command(games[i] as Game);
      changes++;
      byKind[kind] = (byKind[kind] ?? 0) + 1;
    } catch (e) {
      if (!(e instanceof GameError)) throw e;
      refused++;
    }
    network();
  };

  /**
   * A signed move made at once, its refusal thrown here for `tap` to count: `makeMoveSigned` would throw it in its
   * promise, after the tap. The move is pure, so it is made here as the runner makes it (it draws no id: no nonce),
   * and its events written signed; the phones sign with a key in memory, so the write, and a refusal of the fold,
   * happen before `appendSigned` returns.
   */
  const signedNow = <A extends unknown[]>(g: Game, move: Move<A>, ...args: A): void => {
    const made = move(g.snapshot(), { device: g.device, nonce: '' }, ...args);
    if (isRefusal(made)) throw new GameError(made.refused, made.message);
    void g.appendSigned([...(isMade(made) ? made.events : made)]);
  };

  const seats = host.snapshot().seats.map((s) => s.id);
  const seat = (i: number) => seats[i] as string;
  const view = (i: number) => (games[i] as Game).snapshot();
  const myPlanets = (i: number, exhausted?: boolean) =>
    Object.values(view(i).planets).filter((p) => p.owner === seat(i) && (exhausted === undefined || p.exhausted === exhausted));
  const counter = (i: number, c: CounterName) => view(i).players[seat(i)]?.counters[c] ?? 0;
  const free = PLANETS.filter((p) => !p.homeOf).map((p) => p.id);

  // Every phone picks its seat and names itself.
  games.forEach((_, i) => {
    tap(i, 'claimSeat', (g) => g.claimSeat(seat(i)));
    tap(i, 'deviceName', (g) => g.setDeviceName(`${NAMES[i] ?? i}'s phone`));
  });

  /** A face-down choice as a phone seals it (crypto/commit.ts), with a seeded salt. */
  const sealed = (voteId: string, i: number, choice: unknown): { opening: Opening; hash: string } => {
    const opening = { choice: canonicalJson(choice), salt: Array.from({ length: 16 }, () => int(0, 255).toString(16).padStart(2, '0')).join('') };
    return { opening, hash: commitment(gameId, voteId, seat(i), opening) };
  };
  const everyoneCatchesUp = () => games.forEach((_, j) => deliver(j));

  for (let round = 1; round <= rounds; round++) {
    // Strategy phase: every player places an agenda face down (a signed commitment), then all are revealed.
    // (Placed through the document: the move would also hand the opening to the phone's keeper, its IndexedDB.)
    const agendas = games.map((_, i) => sealed(placementVoteId(round), i, { source: 'deck' }));
    games.forEach((_, i) => tap(i, 'agenda', (g) => void g.appendSigned([{ k: 'council', seat: seat(i), e: { c: 'place', round, hash: (agendas[i] as { hash: string }).hash } }])));
    everyoneCatchesUp();
    games.forEach((_, i) => tap(i, 'agendaReveal', (g) => g.makeMove(revealAgenda, seat(i), round, (agendas[i] as { opening: Opening }).opening)));
    // Trade: early in the night, some players open agreements (a signed proposal, a signed acceptance).
    if (round <= 3) {
      for (let i = 0; i < players; i++) {
        const to = (i + round) % players;
        if (to === i || !chance(0.5)) continue;
        // (What the propose move writes, with a seeded id: the runner draws its own nonce.)
        const id = `${devices[i]}-${tag(4)}`;
        const contract = (round % 2) as 0 | 1;
        tap(i, 'tradePropose', (g) => void g.appendSigned([{ k: 'trade', op: 'propose', id, from: seat(i), to: seat(to), contract }]));
        everyoneCatchesUp();
        if (view(to).trade.proposals.some((x) => x.id === id)) tap(to, 'tradeAccept', (g) => signedNow(g, tradeMoves.accept, id, contract));
      }
    }
    // Action phase: players take turns; each has a plan for the round, spread over its turns.
    const plans = games.map(() => ({
      tactical: int(2, 4),
      exhausts: int(5, 6),
      tradeGoods: 2,
      cards: chance(0.6) ? 1 : 0,
      secondary: int(0, 2),
      takeovers: round <= 4 ? int(1, 2) : chance(0.35) ? 1 : 0,
    }));
    const turns = Math.max(...plans.map((p) => p.tactical)) + 1;
    for (let turn = 0; turn < turns; turn++) {
      for (let i = 0; i < players; i++) {
        const plan = plans[i] as (typeof plans)[number];
        const last = turn === turns - 1;
        if (plan.tactical > 0 && !last) {
          plan.tactical--;
          // Out of command counters, the player passes instead.
          if (counter(i, 'commandPool') > 0) tap(i, 'tactical', (g) => g.makeMove(sheetMoves.adjustCounter, seat(i), 'commandPool', -1));
        }
        // Exhausts: spread over the turns, the rest on the last one (production, paying for tech).
        const share = last ? plan.exhausts : Math.min(plan.exhausts, int(1, 2));
        for (let k = 0; k < share; k++) {
          const ready = myPlanets(i, false);
          if (!ready.length) break;
          const planet = pick(ready).id;
          tap(i, 'exhaust', (g) => g.makeMove(planetMoves.setExhausted, planet, true));
          plan.exhausts--;
        }
        if (plan.tradeGoods > 0 && (last || chance(0.4))) {
          plan.tradeGoods--;
          const has = counter(i, 'tradeGoods');
          const delta = has > 0 && chance(0.5) ? -int(1, Math.min(3, has)) : int(1, 3);
          tap(i, 'tradeGoods', (g) => g.makeMove(sheetMoves.adjustCounter, seat(i), 'tradeGoods', delta));
        }
        // A strategy card's secondary ability costs a strategy allocation counter.
        if (plan.secondary > 0 && chance(0.3) && counter(i, 'strategyAllocation') > 0) {
          plan.secondary--;
          tap(i, 'secondary', (g) => g.makeMove(sheetMoves.adjustCounter, seat(i), 'strategyAllocation', -1));
        }
        if (plan.cards > 0 && chance(0.5) && counter(i, 'actionCards') > 0) {
          plan.cards--;
          tap(i, 'actionCards', (g) => g.makeMove(sheetMoves.adjustCounter, seat(i), 'actionCards', -1));
        }
        if (plan.takeovers > 0 && (last || chance(0.5))) {
          plan.takeovers--;
          const taken = view(i).planets;
          const open = free.filter((id) => !taken[id]?.owner);
          const others = Object.values(taken).filter((p) => p.owner && p.owner !== seat(i) && !p.homeOf);
          if (open.length && (round <= 4 || !others.length)) {
            const planet = pick(open);
            tap(i, 'addPlanet', (g) => g.makeMove(planetMoves.addPlanet, seat(i), planet));
          } else if (others.length) {
            const planet = pick(others).id;
            tap(i, 'takePlanet', (g) => g.makeMove(planetMoves.takePlanet, seat(i), planet));
          }
        }
      }
    }
    // Assembly played in most rounds: the Speaker's phone starts a vote on two of the agendas, every
    // seat locks in a ballot (a signed commitment) and every phone reveals it once all have.
    if (chance(0.7)) {
      everyoneCatchesUp();
      const open = view(0).council.agendas.filter((a) => a.round === round && a.revealed).map((a) => a.key).slice(0, 2);
      // (What startVote writes, with a seeded id: the command draws its own.)
      const id = `${round}-${tag(6)}`;
      tap(0, 'vote', (g) => g.append([{ k: 'council', seat: seat(0), e: { c: 'session', id, round, agendas: open } }]));
      everyoneCatchesUp();
      if (open.length) {
        const ballots = games.map((_, i) => sealed(ballotVoteId(id), i, { allocations: open.map((agenda) => ({ agenda, outcome: pick(['for', 'against']), votes: int(0, 4) })) }));
        games.forEach((_, i) => tap(i, 'ballot', (g) => void g.appendSigned([{ k: 'council', seat: seat(i), e: { c: 'commit', session: id, hash: (ballots[i] as { hash: string }).hash } }])));
        everyoneCatchesUp();
        games.forEach((_, i) => tap(i, 'ballotReveal', (g) => g.makeMove(revealBallot, seat(i), id, (ballots[i] as { opening: Opening }).opening)));
      }
    }
    // Status phase.
    for (let i = 0; i < players; i++) {
      tap(i, 'refreshAll', (g) => g.makeMove(planetMoves.refreshAll, seat(i)));
      // +2 command counters, and more for whoever had Leadership (or bought some with influence).
      const gained = 2 + (chance(0.4) ? int(1, 3) : 0);
      for (let k = 0; k < gained; k++) {
        const where: CounterName = pick(['commandPool', 'commandPool', 'commandPool', 'fleetSupply', 'strategyAllocation']);
        tap(i, 'statusCounters', (g) => g.makeMove(sheetMoves.adjustCounter, seat(i), where, 1));
      }
      tap(i, 'actionCards', (g) => g.makeMove(sheetMoves.adjustCounter, seat(i), 'actionCards', 1));
      if (chance(0.25)) tap(i, 'politicalCards', (g) => g.makeMove(sheetMoves.adjustCounter, seat(i), 'politicalCards', chance(0.5) || counter(i, 'politicalCards') === 0 ? 1 : -1));
      if (round >= 3 && chance(0.45)) tap(i, 'vp', (g) => g.makeMove(sheetMoves.adjustCounter, seat(i), 'vp', 1));
    }
    tick(120, 600); // the strategy phase of the next round: nothing to write yet
  }

  // The end of the night: every phone catches up with every other.
  games.forEach((_, j) => deliver(j));
  for (const a of games) for (const b of games) if (a !== b) Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc, Y.encodeStateVector(b.doc)), NET);

  const snapshot = host.snapshot();
  return {
    games,
    seats,
    devices,
    gameId,
    updatesV2,
    stats: {
      players,
      rounds,
      seed,
      changes,
      refused,
      events: snapshot.log.length,
      messages,
      clients: new Set(Array.from(host.doc.store.clients.keys())).size,
      durationS: Math.round((now - GAME_START) / 1000),
      byKind,
    },
  };
}

/** The bytes Yjs emits (v1 and v2) for whatever `change` writes to the document. */
export function captureUpdate(doc: Y.Doc, change: () => void): { v1: Uint8Array; v2: Uint8Array } {
  const v1: Uint8Array[] = [];
  const v2: Uint8Array[] = [];
  const on1 = (u: Uint8Array) => v1.push(u);
  const on2 = (u: Uint8Array) => v2.push(u);
  doc.on('update', on1);
  doc.on('updateV2', on2);
  try {
    change();
  } finally {
    doc.off('update', on1);
    doc.off('updateV2', on2);
  }
  return { v1: Y.mergeUpdates(v1), v2: Y.mergeUpdatesV2(v2) };
}

/** Brings into `target` everything the `sources` have (a sync, as phones at the table do). */
export function mergeInto(target: Game, ...sources: Game[]): void {
  for (const source of sources) Y.applyUpdate(target.doc, Y.encodeStateAsUpdate(source.doc, Y.encodeStateVector(target.doc)));
}

/**
 * Writer after writer of a tampered phone, each a Yjs client of its own within its own bounds, fills the free
 * part of `game`'s log (all of it but the seat claims, src/doc/core/writers.ts) to within a few characters of
 * the game's bound with raw notes: issue 36's full log. `deliver` takes each writer's update and applies it to
 * `game`, at least. Returns how many writers it took.
 */
export function fillFreePart(game: Game, deliver: (update: Uint8Array) => void): number {
  const note = (phone: Game, t: number, text: string) => ['.', t, phone.device, '', text];
  const claims = (game.root.log.toArray() as unknown[][]).reduce((n, e) => n + (e[0] === CLAIM_CODE ? entryChars(e) : 0), 0);
  for (let writers = 0; ; writers++) {
    const left = WRITE_BOUNDS.gameChars - (gameChars(game.doc) - claims);
    if (left < 16) return writers;
    const w = replicaOf(game, 'evil');
    const entries: unknown[][] = [];
    let room = Math.min(left - 4, 500 * 1024);
    for (let i = 0; i < 1000 && room > 0; i++) {
      const t = 600 + 60 * Math.floor(i / 100);
      const entry = note(w, t, 'x'.repeat(Math.max(0, Math.min(500, room - entryChars(note(w, t, ''))))));
      entries.push(entry);
      room -= entryChars(entry);
    }
    deliver(captureUpdate(w.doc, () => w.doc.transact(() => w.root.log.push(entries))).v1);
  }
}

/** Another phone's replica of `game`, synced once (for measurements that must not touch the original). */
export function replicaOf(game: Game, device: string, clock?: Clock, signer?: Signer): Game {
  const doc = new Y.Doc();
  Y.applyUpdateV2(doc, Y.encodeStateAsUpdateV2(game.doc));
  return new Game(doc, device, clock ?? { now: () => game.snapshot().meta.createdAt + 8 * 3600_000 }, signer);
}

/**
 * The first phone's game as its IndexedDB would hold it with `pending` update entries not compacted
 * yet: [key, v2 update] pairs in the layout of src/sync/persistence.ts (a 'snapshot' entry and
 * `u<session>-<n>` entries).
 */
export function pendingLayout(sim: Simulation, pending: number): [string, Uint8Array][] {
  const cut = Math.max(1, sim.updatesV2.length - pending);
  const head = Y.mergeUpdatesV2(sim.updatesV2.slice(0, cut));
  return [['snapshot', head], ...sim.updatesV2.slice(cut).map((u, i): [string, Uint8Array] => [`ubench0-${i}`, u])];
}

/** The home screen's entry for a game (src/sync/library.ts), as the app would save it. */
export function summaryOf(game: Game, updatedAt = Date.now()): GameSummary {
  const s = game.snapshot();
  return {
    id: s.meta.id,
    name: s.meta.name,
    vpGoal: s.meta.vpGoal,
    createdAt: s.meta.createdAt,
    updatedAt,
    seats: s.seats.map(({ name, race, color }) => ({ name, race, color, raceName: RACES_BY_ID.get(race)?.shortName ?? race })),
  };
}

export function encodedSizes(doc: Y.Doc): { v1: number; v2: number } {
  return { v1: Y.encodeStateAsUpdate(doc).byteLength, v2: Y.encodeStateAsUpdateV2(doc).byteLength };
}

export function encodeStateV2(doc: Y.Doc): Uint8Array {
  return Y.encodeStateAsUpdateV2(doc);
}
