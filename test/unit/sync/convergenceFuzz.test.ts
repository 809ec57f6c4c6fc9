/**
 * Convergence fuzz (issue 17, "Proof"): eight phones play a 6-seat game (a round or two per seed) over a
 * simulated network that delays, duplicates, reorders and drops updates, and splits the table for a while.
 *
 * What it proves, seed by seed: after every update a phone merges (one that changes its document) and
 * after each of its own writes, the snapshot its incremental fold keeps is the one a fresh fold of the
 * same document gives; in the end every phone shows the same game; a phone's command for a seat it does
 * not hold is refused on the phone, and written anyway it is skipped by every fold alike. Every random
 * choice comes from the seed (the ids and salts the app draws too), so a failure replays from its seed:
 * `FUZZ_SEEDS=7 FUZZ_STEPS=3000 npx vitest run <this file>` (`FUZZ_STATS=1` prints what each run did).
 *
 * Models: tldraw's syncFuzz (random flushes, disconnects, invariants after every op, failing seeds kept
 * as named tests), Yjs's TestConnector (per-link queues), TinyBase's fuzz.ts (seed from the environment,
 * a replayable trace in the failure).
 */
import { addCustom, threeSeats } from '../doc/fixtures';
import { prng } from '../../../bench/simulate';
import 'fake-indexeddb/auto';
import { appendFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { OBJECTIVES, PLANETS_BY_ID, POLITICAL_CARDS } from '../../../src/data';
import { Game, GameError, createGame, encodeEvent, foldGame, gameRoot, playersIn, readRaw, stillIn } from '../../../src/doc';
import type { CounterName, EventBody, GameEvent, GameSetup, GameSnapshot, RawGame } from '../../../src/doc';
import { ballotAgendas, ballotVoteId, ballotVotes, councilSpeaker, placementVoteId } from '../../../src/doc/council';
import * as councilMoves from '../../../src/doc/council/moves';
import type { CouncilSession } from '../../../src/doc/council';
import { signedBytes } from '../../../src/crypto/signature';
import { RULES } from '../../../src/doc/game';
import { awaited, specialNow, stepAfter } from '../../../src/doc/round';
import { claimable } from '../../../src/doc/objectives';
import { goodsToCollect, proposalBetween } from '../../../src/doc/trade';
import type { Ballot } from '../../../src/rules/council';
import { statusIncome } from '../../../src/rules/status';
import { PRIMARIES, TRADE } from '../../../src/rules/strategyCards';
import { loadOpening } from '../../../src/secret/privateStore';
import { firstDivergence, ledgerMismatch, sayDivergence, tradeLedger } from '../doc/tradeLedger';
import * as tradeMoves from '../../../src/doc/trade/moves';
import * as objectiveMoves from '../../../src/doc/objectives/moves';
import * as roundMoves from '../../../src/doc/round/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

// ——— randomness ———

/** mulberry32 (bench/simulate.ts): small, fast, and the same sequence on every machine. */
const mulberry32 = prng;

class Rng {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new Error('pick from an empty list');
    return items[this.int(items.length)] as T;
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  }
  weighted<T>(items: readonly (readonly [number, T])[]): T {
    const total = items.reduce((n, [w]) => n + w, 0);
    let r = this.next() * total;
    for (const [w, item] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return (items[items.length - 1] as readonly [number, T])[1];
  }
}

/**
 * The app draws vote ids from Math.random and trade ids and ballot salts from crypto.getRandomValues.
 * Seeded here for the run, so the same seed writes the same log (what makes a failure replayable).
 */
function seedAppRandomness(seed: number): () => void {
  const rng = mulberry32(seed ^ 0x5bd1e995);
  const random = vi.spyOn(Math, 'random').mockImplementation(rng);
  const bytes = vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
    if (array) {
      const view = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < view.length; i++) view[i] = Math.floor(rng() * 256);
    }
    return array;
  });
  return () => {
    random.mockRestore();
    bytes.mockRestore();
  };
}

// ——— the table ———

const PHONES = 8;
const SEATS = ['s1', 's2', 's3', 's4', 's5', 's6'];
const START_MS = 1_700_000_000_000;
/** The share of steps in which a phone makes a move; in the others only the network acts. */
const ACTING = 0.42;

const SIX: GameSetup = {
  ...threeSeats,
  name: 'Fuzz night',
  seats: [
    ...threeSeats.seats,
    { name: 'Dan', color: 'yellow', race: 'jol-nar' },
    // The Saar gain a trade good for each planet they acquire: one more source for the ledger.
    { name: 'Eve', color: 'purple', race: 'saar' },
    { name: 'Fay', color: 'orange', race: 'mentak' },
  ],
};

/**
 * Home planets of some seats and planets of the board: contested, captured, released. Icarus and Tiberion give
 * 2 trade goods for their refresh ability; Sumerian too, and it is a trade station (no Natural Wealth on it).
 */
const PLANET_POOL = ['jord', 'arretze', 'hercant', 'kamdorn', 'lisis-ii', 'mecatol-rex', 'abyz', 'fria', 'bellatrix', 'lodor', 'quann', 'tequran', 'wellon', 'lazar', 'sakulag', 'vefut-ii', 'icarus', 'tiberion', 'sumerian'].filter((p) => PLANETS_BY_ID.has(p));
const OBJECTIVE_POOL = [
  ...OBJECTIVES.filter((o) => o.stage === 'stage1' && !o.winsGame).slice(0, 10),
  ...OBJECTIVES.filter((o) => o.stage === 'stage2' && !o.winsGame).slice(0, 6),
  ...OBJECTIVES.filter((o) => o.stage === 'preliminary' && !o.winsGame).slice(0, 3),
].map((o) => o.id);
const SECRETS = OBJECTIVES.filter((o) => o.stage === 'secret' && !o.winsGame).slice(0, 8).map((o) => o.id);
const POLITICAL = POLITICAL_CARDS.slice(0, 24).map((c) => c.id);
const ELECT_ANY = ['mecatol-rex', 'jord', 'arretze'];

/** Fleet supply moves only by the phones' own taps here (picks, income and primaries place no fleet counter): tracked exactly. */
const TRACKED: CounterName = 'fleetSupply';

/**
 * Every problem the table may legitimately be shown after a run like this one: races the log settles
 * (two phones, one trade good or planet; a late answer), and forged writes refused. Anything else (a
 * malformed entry, a reveal that does not match, a ballot locked twice by one phone) is a bug.
 */
const EXPECTED_PROBLEMS: readonly (readonly [string, RegExp])[] = [
  ['forged write refused', /^A change by phone dev\d for \w+ was refused: only the phone holding \w+'s seat may make it\.$/],
  // A phone holding no seat never published a key (it signs its first claim with it): its signed forgery is refused for that.
  ['forged signed write by a phone with no key', /^A signed change by phone dev\d was refused: the table has not seen the key of that phone \(it signs its first seat claim with it\)\.$/],
  ['negative counter', /^\w+ has -\d+ .+: two phones probably spent the same ones\. Correct it with \+\.$/],
  ['over the hand limit', /^\w+ has \d+ (action|political) cards, over the hand limit of \d+: discard down to \d+\.$/],
  ['set overtaken', /^\w+'s .+ were set to \d+ \(from \d+\) while another change made them -?\d+: now -?\d+\. Check it\.$/],
  ['set twice', /^Two phones set \w+'s .+ to \d+ at once; it stays \d+\.$/],
  ['planet spent twice', / was spent twice: \w+'s payment for .* used it while it was already exhausted/],
  ['paid with a lost planet', /^\w+'s payment for .* used .+, which \w+ does not control\.$/],
  ['late acceptance', /^\w+ accepted \w+'s trade proposal, but .*no agreement was opened/],
  ['late withdrawal', /^\w+ withdrew a trade proposal, but it had already been accepted/],
  // Its proposer's phone took the proposal back (undo) before or after it was accepted (seed 10 below).
  ['acceptance of an undone proposal', /^A trade acceptance names a proposal that does not exist: there is no such trade proposal: no agreement was opened\.$/],
  ['agreement broken twice', /^\w+ broke the trade agreement between \w+ and \w+, but it was already broken: the first settlement stands\.$/],
  ['contract offered twice', /^\w+'s trade contract \d is already (held by \w+|self-traded)$/],
  ['self-trade not opened', /^\w+'s self-trade was not opened: /],
  ['vote on voted agendas', /^\w+ called a vote on no agenda that can still be voted on/],
  ['late Voice of the Council', /^\w+ added the Voice of the Council after ballots were locked in; it was ignored\.$/],
  ['former speaker', /^\w+ tried to (break a tie|close the vote), which only the Speaker does\.$/],
  ['ballot over its votes', /^(\w+)'s ballot was refused \(.+\); \1 counts as abstaining\.$/],
  // Taken at step 5 while another phone moved the table on, or after the planet changed hands: she gains nothing.
  ['Natural Wealth taken late', /^\w+ taking Natural Wealth from .+ was refused: (Natural Wealth is taken at the end of a tactical action|Only the player who controls)/],
  ['refresh ability used late', /^\w+'s use of the refresh ability of .+ was refused: (Refresh abilities are used \(instead of refreshing the planet\) only at step 5|Only the player who controls)/],
];

interface Phone {
  readonly index: number;
  readonly game: Game;
  readonly seat: string | null;
}

/** An update on its way from one phone to another. */
interface Message {
  readonly at: number;
  readonly update: Uint8Array;
}

/** A write for someone else's seat that a phone put in the log by hand, around its own checks. */
interface Forged {
  readonly device: string;
  /** Its number among the device's entries: the fold numbers a writer's entries the same way. */
  readonly nth: number;
  readonly what: string;
}

interface FuzzStats {
  seed: number;
  steps: number;
  ms: number;
  ok: Record<string, number>;
  refused: Record<string, number>;
  crossSeatRefused: number;
  forged: number;
  sent: number;
  duplicated: number;
  dropped: number;
  delivered: number;
  merges: number;
  svSyncs: number;
  partitions: number;
  logLength: number;
  round: number;
  sessionsResolved: number;
  agreementsOpened: number;
  claims: number;
  /** Time spent comparing snapshots with fresh folds. */
  checkMs: number;
  /** Checks whose document content (raw log and head) another phone had just had: folded once for both. */
  freshFoldsShared: number;
  /** Contents whose trade goods were held to the ledger (each content once), and the time it took. */
  ledgerChecks: number;
  ledgerMs: number;
  /** The converged game's ledger: how many events moved trade goods, and how many the players hold in the end. */
  ledgerLines: number;
  goods: number;
  /** The problems the converged game shows, by kind (EXPECTED_PROBLEMS). */
  problems: Record<string, number>;
  /** A hash of the final snapshot: two runs of one seed must give the same. */
  digest: string;
}

/** Applied updates from the simulated network carry this origin: not this phone's own, so not sent on. */
const NET = Symbol('net');

/** The first place where two JSON values differ, as a path: what a failure message names. */
function firstDifference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return `${path}: ${JSON.stringify(a)?.slice(0, 200)} ≠ ${JSON.stringify(b)?.slice(0, 200)}`;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join() !== kb.join()) return `${path}: keys [${ka.join()}] ≠ [${kb.join()}]`;
  for (const k of ka) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}

const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

const writerOf = (raw: unknown): string | undefined => (Array.isArray(raw) && typeof raw[2] === 'string' ? raw[2] : undefined);

/** 32-bit FNV-1a, hex: a short fingerprint of a long snapshot. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}

/** Debugging a seed: `inspect` gets the final snapshot and raw log. */
type Inspect = (s: GameSnapshot, log: unknown[]) => void;

async function runFuzz(seed: number, steps: number, inspect?: Inspect): Promise<FuzzStats> {
  const started = performance.now();
  const restoreRandomness = seedAppRandomness(seed);
  try {
    return await play(seed, steps, started, inspect);
  } finally {
    restoreRandomness();
  }
}

async function play(seed: number, steps: number, started: number, inspect: Inspect | undefined): Promise<FuzzStats> {
  const rng = new Rng(seed);
  let now = START_MS;
  const clock = { now: () => now };
  const host = createGame(SIX, { id: `fuzz-${seed}`, secret: 'secret', device: 'host', clock });
  const phones: Phone[] = Array.from({ length: PHONES }, (_, i) => {
    const doc = new Y.Doc();
    // Concurrent appends are ordered by client id: fixed ids keep the merged log the same on every replay.
    doc.clientID = 101 + i;
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(host.doc));
    return { index: i, game: new Game(doc, `dev${i + 1}`, clock), seat: SEATS[i] ?? null };
  });
  const stats: FuzzStats = {
    seed, steps, ms: 0, ok: {}, refused: {}, crossSeatRefused: 0, forged: 0, sent: 0, duplicated: 0, dropped: 0, delivered: 0,
    merges: 0, svSyncs: 0, partitions: 0, logLength: 0, round: 0, sessionsResolved: 0, agreementsOpened: 0, claims: 0, checkMs: 0, freshFoldsShared: 0, ledgerChecks: 0, ledgerMs: 0, ledgerLines: 0, goods: 0, problems: {}, digest: '',
  };
  const trace: string[] = [];
  const note = (line: string) => {
    trace.push(line);
    if (trace.length > 40) trace.shift();
  };
  let step = -1;
  const context = () => `seed ${seed}, step ${step}. Replay: FUZZ_SEEDS=${seed} FUZZ_STEPS=${steps}. Last events:\n  ${trace.join('\n  ')}`;

  /** Raw game (as JSON) → its fresh fold (as JSON) and why its trade goods do not balance, for the last contents seen. */
  const freshFolds = new Map<string, { json: string; ledger: string | undefined }>();
  /** The check after every merge: this phone's incremental snapshot is a fresh fold of its document. */
  const checkFold = (p: Phone, why: string) => {
    const started = performance.now();
    const kept = JSON.stringify(p.game.snapshot());
    // The cheapest fresh fold: the same document's raw log, folded from its first entry by a new fold.
    // foldGame is a pure function of the raw game, so a content another phone already had is not folded again.
    const raw = readRaw(gameRoot(p.game.doc)) as RawGame;
    const key = JSON.stringify(raw);
    let fresh = freshFolds.get(key);
    if (fresh === undefined) {
      const folded = foldGame(raw);
      // The trade goods ledger (issue 36 item 5), once per content like the fresh fold: every seat's goods and every agreement's piles.
      const ledgerStarted = performance.now();
      fresh = { json: JSON.stringify(folded), ledger: ledgerMismatch(folded) };
      stats.ledgerMs += performance.now() - ledgerStarted;
      stats.ledgerChecks++;
      freshFolds.set(key, fresh);
      if (freshFolds.size > 64) freshFolds.delete(freshFolds.keys().next().value as string);
    } else stats.freshFoldsShared++;
    stats.checkMs += performance.now() - started;
    if (kept !== fresh.json) {
      throw new Error(`dev${p.index + 1}'s incremental snapshot differs from a fresh fold of its document after ${why}: ${firstDifference(JSON.parse(kept), JSON.parse(fresh.json))}\n${context()}`);
    }
    if (fresh.ledger) {
      const first = firstDivergence(raw);
      throw new Error(`dev${p.index + 1}'s trade goods do not balance after ${why}: ${fresh.ledger}; ${first ? sayDivergence(first) : 'no single event parts them (the piles do)'}\n${context()}`);
    }
  };

  // Every phone sits down (phones 7 and 8 hold no seat) and hears of every other before the game starts,
  // so the seat each event names is held by the same phone at every point of the log.
  for (const p of phones) if (p.seat) await p.game.claimSeat(p.seat);
  const svSync = (a: Phone, b: Phone, why: string) => {
    const update = Y.encodeStateAsUpdate(a.game.doc, Y.encodeStateVector(b.game.doc));
    if (merge(b, update)) checkFold(b, why);
    stats.svSyncs++;
  };
  let changed = false;
  const merge = (to: Phone, update: Uint8Array): boolean => {
    changed = false;
    Y.applyUpdate(to.game.doc, update, NET);
    if (changed) stats.merges++;
    return changed;
  };
  for (let round = 0; round < 2; round++) for (const a of phones) for (const b of phones) if (a !== b) svSync(a, b, 'the first sync');
  const base = phones[0]?.game.snapshot() as GameSnapshot;

  // ——— the network ———
  const link = (from: number, to: number) => from * PHONES + to;
  const queues: Message[][] = Array.from({ length: PHONES * PHONES }, () => []);
  /** Step until which a link is down (both directions). */
  const downUntil = new Array<number>(PHONES * PHONES).fill(-1);
  const isUp = (a: number, b: number) => step >= (downUntil[link(a, b)] ?? -1);
  for (const p of phones) {
    p.game.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === NET) {
        changed = true;
        return;
      }
      for (const q of phones) {
        if (q === p) continue;
        stats.sent++;
        if (!isUp(p.index, q.index)) {
          stats.dropped++;
          continue;
        }
        const queue = queues[link(p.index, q.index)] as Message[];
        queue.push({ at: step + rng.int(6), update });
        if (rng.chance(0.08)) {
          stats.duplicated++;
          queue.push({ at: step + rng.int(12), update });
        }
      }
    });
  }
  const takeDown = (a: number, b: number, until: number) => {
    for (const [x, y] of [[a, b], [b, a]] as const) {
      const l = link(x, y);
      downUntil[l] = Math.max(downUntil[l] ?? -1, until);
      // A dropped connection loses what was in flight, or a relay still hands it over later.
      if (rng.chance(0.5)) {
        stats.dropped += queues[l]?.length ?? 0;
        queues[l] = [];
      }
    }
  };
  const weather = () => {
    if (rng.chance(1 / 150)) {
      // The table splits into 2–3 groups that cannot hear each other for a while.
      const groups = 2 + rng.int(2);
      const of = phones.map(() => rng.int(groups));
      const until = step + 10 + rng.int(70);
      for (let a = 0; a < PHONES; a++) for (let b = a + 1; b < PHONES; b++) if (of[a] !== of[b]) takeDown(a, b, until);
      stats.partitions++;
      note(`#${step} partition [${of.join('')}] until ${until}`);
    }
    if (rng.chance(1 / 40)) {
      const a = rng.int(PHONES);
      const b = (a + 1 + rng.int(PHONES - 1)) % PHONES;
      takeDown(a, b, step + 5 + rng.int(40));
    }
    // A link that comes back up does the sync handshake: each side sends what the other lacks.
    for (let a = 0; a < PHONES; a++) {
      for (let b = a + 1; b < PHONES; b++) {
        if (downUntil[link(a, b)] !== step) continue;
        note(`#${step} link dev${a + 1}–dev${b + 1} back up`);
        svSync(phones[a] as Phone, phones[b] as Phone, `dev${a + 1} and dev${b + 1} reconnected`);
        svSync(phones[b] as Phone, phones[a] as Phone, `dev${a + 1} and dev${b + 1} reconnected`);
      }
    }
    if (rng.chance(1 / 25)) {
      const a = rng.int(PHONES);
      const b = (a + 1 + rng.int(PHONES - 1)) % PHONES;
      if (isUp(a, b)) svSync(phones[a] as Phone, phones[b] as Phone, `a state-vector sync from dev${a + 1}`);
    }
  };
  /** Hands over some of the updates due, in random order (so out of order, within a link too). */
  const deliver = (all: boolean) => {
    const due: [number, number][] = [];
    queues.forEach((q, l) => q.forEach((m, i) => (all || m.at <= step) && due.push([l, i])));
    const chosen = rng.shuffle(due).filter(() => all || rng.chance(0.6));
    const taken = new Set<Message>();
    for (const [l, i] of chosen) {
      const m = queues[l]?.[i] as Message;
      const [from, to] = [Math.floor(l / PHONES), l % PHONES];
      taken.add(m);
      stats.delivered++;
      const receiver = phones[to] as Phone;
      if (merge(receiver, m.update)) checkFold(receiver, `an update from dev${from + 1}`);
    }
    for (let l = 0; l < queues.length; l++) queues[l] = (queues[l] as Message[]).filter((m) => !taken.has(m));
  };

  // ——— what the phones do ———
  const trackedDelta = new Map<string, number>();
  const track = (seat: string, delta: number) => trackedDelta.set(seat, (trackedDelta.get(seat) ?? 0) + delta);
  const forged: Forged[] = [];
  const seconds = (s: GameSnapshot) => Math.floor((now - s.meta.createdAt) / 1000);

  /** A command for another seat: refused on this phone, with nothing written. */
  const refusedHere = async (p: Phone, what: string, command: () => unknown): Promise<void> => {
    const before = Y.encodeStateVector(p.game.doc);
    try {
      await command();
    } catch (e) {
      if (!(e instanceof GameError)) throw e;
      if (e.code !== 'not-allowed' && e.code !== 'not-enough') throw new Error(`${what} on dev${p.index + 1} was refused as ${e.code}, not as not-allowed: ${e.message}\n${context()}`, { cause: e });
      expect(Y.encodeStateVector(p.game.doc)).toEqual(before);
      stats.crossSeatRefused++;
      return;
    }
    throw new Error(`dev${p.index + 1} was allowed ${what}, for a seat it does not hold\n${context()}`);
  };

  /** What a tampered phone does: writes an event for another seat straight into the log, past its own checks. */
  const forge = (p: Phone, what: string, body: EventBody) => {
    const log = p.game.root.log;
    let nth = 0;
    for (const raw of log) if (writerOf(raw) === p.game.device) nth++;
    const t = seconds(p.game.snapshot());
    // Signed with the phone's own key where its kind is signed: what is refused is the seat, not the signature.
    const tuple = [...encodeEvent({ ...body, t, dev: p.game.device } as GameEvent)];
    const signNow = p.game.signer.signNow;
    const entry = RULES.codec.signs(body) && signNow ? [...tuple, signNow(signedBytes(p.game.snapshot().meta.id, tuple))] : tuple;
    p.game.doc.transact(() => log.push([entry]), p.game.origin);
    forged.push({ device: p.game.device, nth, what });
    stats.forged++;
    checkFold(p, `its own forged ${what}`);
  };

  const randomBallot = (s: GameSnapshot, v: CouncilSession, seat: string): Ballot => {
    let left = ballotVotes(s, v.id, seat) + (rng.chance(0.05) ? 3 : 0);
    const allocations: Ballot['allocations'] = [];
    for (const a of ballotAgendas(s.council, v, s.seats)) {
      if (left <= 0 || rng.chance(0.3)) continue;
      const votes = 1 + rng.int(left);
      left -= votes;
      const outcome = a.kind === 'for_against' ? rng.pick(['for', 'against']) : rng.pick(a.options ?? ELECT_ANY);
      allocations.push({ agenda: a.key, outcome, votes });
    }
    return { allocations };
  };

  /** Weight, name, and the move; the step loop awaits what it returns (commands are turning async as they get signed). */
  type Op = readonly [number, string, () => unknown];

  /** The moves one phone may make now, weighted: mostly its own seat's next move, as the table plays. */
  const movesOf = (p: Phone): Op[] => {
    const g = p.game;
    const s = g.snapshot();
    const t = s.tracker;
    const r = s.round;
    const ops: Op[] = [];
    const others = SEATS.filter((x) => x !== p.seat);
    const other = rng.pick(others);
    const openSession = s.council.sessions.find((v) => !v.results);

    // Anyone's: the table moves on, objectives are revealed, laws corrected.
    ops.push([p.seat ? 0.1 : 0.5, 'advance', () => g.makeMove(roundMoves.advance, r)]);
    ops.push([p.seat ? 1 : 3, 'revealObjective', () => g.makeMove(objectiveMoves.reveal, rng.pick(OBJECTIVE_POOL), rng.chance(0.9))]);
    ops.push([0.4, 'setSpeaker', () => g.makeMove(roundMoves.setSpeaker, rng.pick(SEATS))]);
    ops.push([0.05, 'setRound', () => g.makeMove(roundMoves.setRound, rng.chance(0.5) ? stepAfter(r) : { round: r.round, phase: 'status', step: 1 + rng.int(9) })]);
    ops.push([0.3, 'setLaw', () => g.makeMove(councilMoves.setLaw, rng.pick(POLITICAL), rng.chance(0.7))]);
    // A phone renamed: the document's head changes, which the incremental fold must notice.
    ops.push([0.2, 'setDeviceName', () => g.setDeviceName(`Phone ${p.index + 1}.${rng.int(100)}`)]);
    ops.push([0.2, 'revealExtraAgenda', () => g.makeMove(councilMoves.revealExtraAgenda, rng.pick(POLITICAL))]);
    // A domain counter's Natural Wealth, placed by whoever explores (refused on a trade station).
    ops.push([0.6, 'placeNaturalWealth', () => g.makeMove(planetMoves.placeNaturalWealth, rng.pick(PLANET_POOL), 1 + rng.int(3))]);
    // 001 "Elimination": the table declares a player out (her goods discarded, her agreements broken); never below 4 players.
    if (playersIn(s) > 4 && r.phase !== 'strategy') ops.push([0.08, 'eliminate', () => g.makeMove(roundMoves.eliminate, rng.pick(SEATS.filter((x) => stillIn(s, x))))]);

    // Someone else's seat: refused here; or, from a tampered phone, written anyway.
    ops.push([p.seat ? 3 : 8, 'crossSeat', () => crossSeat(p, s, other)]);
    ops.push([p.seat ? 1 : 3, 'forge', () => forgeFor(p, s, other)]);
    if (!p.seat) return ops;

    const seat = p.seat;
    const me = s.players[seat];
    const mine = (me?.planets ?? []).filter((id) => s.planets[id]);
    const counters = me?.counters;

    // ——— the round ———
    if (r.phase === 'strategy' && t.picker === seat) {
      ops.push([120, 'pick', () => {
        const c = rng.pick(t.cards.filter((x) => !x.holder));
        const tg = rng.int(c.bonus + 1);
        const pool = rng.int(c.bonus - tg + 1);
        // Now and then a split that does not add up: refused.
        const strat = c.bonus - tg - pool + (rng.chance(0.03) ? 1 : 0);
        return g.makeMove(roundMoves.pick, seat, c.initiative, { tradeGoods: tg, pool, fleet: 0, strat });
      }]);
    }
    if (r.phase === 'action' && t.active === seat) {
      const held = t.cards.filter((c) => c.holder === seat);
      if (t.acting) {
        const unresolved = held.find((c) => c.played && !t.resolved.includes(c.initiative));
        if (t.acting === 'strategic' && unresolved) {
          ops.push([90, 'primary', () => {
            const option = rng.pick(PRIMARIES[unresolved.initiative] ?? []);
            const pool = rng.int(option.gain.counters + 1);
            return g.makeMove(roundMoves.primary, seat, unresolved.initiative, option.id, { pool, fleet: 0, strat: option.gain.counters - pool });
          }]);
        }
        ops.push([60, 'endTurn', () => g.makeMove(roundMoves.endTurn, seat)]);
      } else {
        const unplayed = held.filter((c) => !c.played);
        if (unplayed.length) ops.push([90, 'strategic', () => g.makeMove(roundMoves.strategic, seat, rng.pick(unplayed).initiative)]);
        else ops.push([90, 'pass', () => g.makeMove(roundMoves.pass, seat)]);
        // 001 "Surrender": she passes and leaves at the round's end (her goods discarded, her agreements kept open).
        if (!unplayed.length && playersIn(s) > 4) ops.push([6, 'surrender', () => g.makeMove(roundMoves.surrender, seat)]);
        if ((counters?.commandPool ?? 0) > 0) ops.push([30, 'tactical', () => g.makeMove(roundMoves.tactical, seat)]);
      }
    }
    const offers = t.secondaries.filter((o) => o.by !== seat && !(seat in o.answers));
    if (offers.length) {
      ops.push([8, 'secondary', () => {
        const o = rng.pick(offers);
        if (o.card === TRADE && rng.chance(0.6)) return g.makeMove(roundMoves.realizeProfits, seat);
        return g.makeMove(roundMoves.secondary, seat, o.card, (counters?.strategyAllocation ?? 0) > 0 && rng.chance(0.5));
      }]);
    }
    if (specialNow(s, seat, TRADE) === 'ready') ops.push([10, 'tradeSpecial', () => g.makeMove(roundMoves.tradeSpecial, seat)]);
    if (r.phase === 'status' && !t.done.includes(seat)) {
      const step = r.step ?? 0;
      if (step === 1) {
        const can = claimable(s, seat);
        if (can.length) ops.push([15, 'claim', () => g.makeMove(objectiveMoves.claim, seat, rng.pick(can))]);
        ops.push([2, 'claimSecret', () => g.makeMove(objectiveMoves.claim, seat, rng.pick(SECRETS))]);
      }
      if (step === 5) ops.push([4, 'refreshAll', () => g.makeMove(planetMoves.refreshAll, seat)]);
      if (step === 3) {
        const fresh = mine.filter((id) => !s.planets[id]?.exhausted && (s.planets[id]?.resources ?? 0) > 0);
        if (fresh.length) {
          ops.push([6, 'produceTradeGoods', () => {
            const chosen = rng.shuffle([...fresh]).slice(0, 1 + rng.int(2));
            const resources = chosen.reduce((n, id) => n + (s.planets[id]?.resources ?? 0), 0);
            return g.makeMove(roundMoves.produceTradeGoods, seat, resources, { planets: chosen, tradeGoods: 0 });
          }]);
        }
      }
      if (step === 5) {
        const abilities = mine.filter((id) => s.planets[id]?.refreshAbility && s.planets[id]?.exhausted);
        if (abilities.length) ops.push([6, 'useRefreshAbility', () => g.makeMove(planetMoves.useRefreshAbility, seat, rng.pick(abilities))]);
      }
      if (step === 5 && mine.length) ops.push([1, 'buildFacility', () => g.makeMove(planetMoves.buildFacility, rng.pick(mine), rng.chance(0.5) ? 'colony' : 'refinery')]);
      if (step === 7) {
        ops.push([3, 'reallocate', () => {
          const pool = counters?.commandPool ?? 0;
          const strat = counters?.strategyAllocation ?? 0;
          const move = rng.int(pool + 1);
          return g.makeMove(sheetMoves.reallocateCounters, seat, { pool: pool - move, fleet: counters?.fleetSupply ?? 0, strat: strat + move });
        }]);
      }
      if (step === 8) {
        const agreements = s.trade.agreements.filter((x) => x.a === seat || x.b === seat);
        if (agreements.length) ops.push([4, 'breakInStatusPhase', () => g.makeMove(tradeMoves.breakInStatusPhase, rng.pick(agreements).id, seat)]);
      }
      if (step === 6 && !t.received.includes(seat)) {
        ops.push([60, 'receive', () => {
          const n = statusIncome(SEATS.length, s.seats.find((x) => x.id === seat)?.race).counters;
          const pool = rng.int(n + 1);
          return g.makeMove(roundMoves.receive, seat, { pool, fleet: 0, strat: n - pool });
        }]);
      } else ops.push([40, 'done', () => g.makeMove(roundMoves.done, seat)]);
    }
    if (t.speaker === seat) ops.push([0.4, 'setDirection', () => g.makeMove(roundMoves.setDirection, seat, rng.chance(0.5) ? 'clockwise' : 'counterclockwise')]);

    // ——— the council ———
    const placed = s.council.agendas.some((a) => a.key === `${r.round}:${seat}`);
    if (!placed) {
      // 001 "Strategy Phase › 1) Agenda": placed first thing in the round, before the picks.
      ops.push([r.phase === 'strategy' ? 60 : 5, 'placeAgenda', () => g.makeMoveSigned(councilMoves.placeAgenda, seat, (counters?.politicalCards ?? 0) > 0 && rng.chance(0.6) ? { source: 'hand', card: rng.pick(POLITICAL) } : { source: 'deck' })]);
    }
    for (const a of s.council.agendas) {
      if (a.seat !== seat || a.revealed || s.council.agendas.filter((x) => x.round === a.round && x.seat !== null).length < SEATS.length) continue;
      ops.push([25, 'revealAgenda', async () => {
        const opening = await loadOpening(s.meta.id, placementVoteId(a.round), seat);
        if (!opening) throw new Error(`dev${p.index + 1} placed an agenda for round ${a.round} and has no opening saved\n${context()}`);
        return g.makeMove(councilMoves.revealAgenda, seat, a.round, opening);
      }]);
    }
    const unnamed = s.council.agendas.filter((a) => a.seat === seat && a.revealed && a.source === 'deck' && !a.card && a.round === r.round);
    if (unnamed.length) ops.push([3, 'nameDeckAgenda', () => g.makeMove(councilMoves.nameDeckAgenda, seat, rng.pick(POLITICAL))]);
    const votable = s.council.agendas.filter((a) => a.revealed && !s.council.sessions.some((v) => v.agendas.includes(a.key))).map((a) => a.key);
    if (votable.length && !openSession) {
      ops.push([5, 'startVote', () => g.makeMove(councilMoves.startVote, seat, rng.shuffle([...votable]).slice(0, 1 + rng.int(Math.min(3, votable.length))))]);
    }
    if (openSession) {
      const v = openSession;
      if (!Object.keys(v.locked).length && !v.voc.includes(seat)) ops.push([2, 'voiceOfTheCouncil', () => g.makeMove(councilMoves.addVoiceOfTheCouncil, seat, v.id)]);
      if (v.eligible.includes(seat) && !v.locked[seat]) ops.push([20, 'lockBallot', () => g.makeMoveSigned(councilMoves.lockBallot, seat, v.id, randomBallot(s, v, seat))]);
      if (councilSpeaker(s.seats, t.speaker) === seat) ops.push([v.eligible.every((x) => v.locked[x]) ? 1 : 3, 'closeVote', () => g.makeMoveSigned(councilMoves.closeVote, seat, v.id, seconds(s))]);
    }
    for (const v of s.council.sessions) {
      if (!v.results && v.eligible.every((x) => v.locked[x]) && v.locked[seat] && !v.ballots[seat] && !v.refused[seat]) {
        ops.push([25, 'revealBallot', async () => {
          const opening = await loadOpening(s.meta.id, ballotVoteId(v.id), seat);
          if (!opening) throw new Error(`dev${p.index + 1} locked in a ballot for ${v.id} and has no opening saved\n${context()}`);
          return g.makeMove(councilMoves.revealBallot, seat, v.id, opening);
        }]);
      }
      const tie = v.results?.find((x) => x.status === 'tie');
      if (tie?.status === 'tie' && councilSpeaker(s.seats, t.speaker) === seat) ops.push([15, 'breakTie', () => g.makeMove(councilMoves.breakTie, seat, v.id, tie.agenda, rng.pick(tie.tied))]);
    }

    // ——— trade ———
    ops.push([4, 'propose', () => g.makeMoveSigned(tradeMoves.propose, seat, other, rng.pick([0, 1] as const))]);
    ops.push([0.4, 'selfTrade', () => g.makeMove(tradeMoves.selfTrade, seat, rng.pick([0, 1] as const))]);
    const toMe = s.trade.proposals.filter((x) => x.to === seat);
    if (toMe.length) {
      ops.push([10, 'accept', () => g.makeMoveSigned(tradeMoves.accept, rng.pick(toMe).id, rng.pick([0, 1] as const))]);
      ops.push([2, 'decline', () => g.makeMove(tradeMoves.decline, rng.pick(toMe).id)]);
    }
    const fromMe = s.trade.proposals.filter((x) => x.from === seat);
    if (fromMe.length) ops.push([1.5, 'withdraw', () => g.makeMove(tradeMoves.withdraw, rng.pick(fromMe).id)]);
    const myAgreements = s.trade.agreements.filter((x) => x.a === seat || x.b === seat);
    if (s.trade.agreements.length) ops.push([1, 'placeGoods', () => g.makeMove(tradeMoves.placeGoods, seat)]);
    if (goodsToCollect(s, seat) > 0) ops.push([4, 'collect', () => g.makeMove(tradeMoves.collect, seat)]);
    const withPartner = myAgreements.filter((x) => x.a !== x.b);
    if (withPartner.length) {
      ops.push([0.7, 'hostileAct', () => {
        const x = rng.pick(withPartner);
        return g.makeMove(tradeMoves.breakAfterHostileAct, x.id, seat, rng.pick([x.a, x.b]));
      }]);
    }
    if (s.trade.agreements.length) ops.push([0.3, 'breakAll', () => g.makeMove(tradeMoves.breakAll, seat)]);
    ops.push([0.4, 'correctContracts', () => g.makeMove(tradeMoves.correctContracts, seat, [rng.int(5), rng.int(5)])]);
    if ((counters?.tradeGoods ?? 0) > 0) ops.push([4, 'giveTradeGoods', () => g.makeMove(sheetMoves.giveTradeGoods, seat, other, 1 + rng.int(2))]);

    // ——— counters and planets ———
    ops.push([8, 'adjustCounter', async () => {
      const c = rng.pick(['vp', 'tradeGoods', 'commandPool', 'fleetSupply', 'strategyAllocation', 'actionCards', 'politicalCards'] as const);
      const d = rng.int(5) - 2;
      await g.makeMove(sheetMoves.adjustCounter, seat, c, d);
      if (c === TRACKED) track(seat, d);
    }]);
    ops.push([1, 'setCounter', async () => {
      const value = rng.int(7);
      const was = counters?.[TRACKED] ?? 0;
      await g.makeMove(sheetMoves.setCounter, seat, TRACKED, value);
      track(seat, value - was);
    }]);
    ops.push([3, 'addPlanet', () => g.makeMove(planetMoves.addPlanet, seat, rng.pick(PLANET_POOL))]);
    ops.push([3, 'takePlanet', () => g.makeMove(planetMoves.takePlanet, seat, rng.pick(PLANET_POOL))]);
    const wealthy = mine.filter((id) => (s.planets[id]?.wealth ?? 0) > 0);
    if (wealthy.length) ops.push([3, 'takeNaturalWealth', () => g.makeMove(planetMoves.takeNaturalWealth, seat, rng.pick(wealthy))]);
    if (mine.length) {
      ops.push([1, 'releasePlanet', () => g.makeMove(planetMoves.releasePlanet, rng.pick(mine))]);
      ops.push([3, 'setExhausted', () => g.makeMove(planetMoves.setExhausted, rng.pick(mine), rng.chance(0.5))]);
      ops.push([3, 'pay', () => {
        const fresh = mine.filter((id) => !s.planets[id]?.exhausted);
        const chosen = rng.shuffle([...fresh]).slice(0, 1 + rng.int(2));
        const amount = chosen.reduce((n, id) => n + (s.planets[id]?.resources ?? 0), 0);
        // Now and then with her trade goods too (1 each, or 2 for the Mentak with Mirror Computing: the command says how many are needed).
        const goods = rng.chance(0.4) ? Math.min(counters?.tradeGoods ?? 0, 1 + rng.int(2)) : 0;
        return g.makeMove(planetMoves.pay, seat, 'resources', Math.max(1, amount + goods), { planets: chosen, tradeGoods: goods }, 'a carrier');
      }]);
    }
    ops.push([1, 'refreshAll', () => g.makeMove(planetMoves.refreshAll, seat)]);
    ops.push([1, 'setLeader', () => g.makeMove(sheetMoves.setLeader, seat, rng.int(3), rng.pick(['free', 'killed'] as const))]);
    if (g.canUndo) {
      ops.push([1.5, 'undo', async () => {
        const events = g.undoPreview ?? [];
        await g.undo();
        for (const e of events) if (e.k === 'counter' && e.counter === TRACKED) track(e.seat, -e.delta);
      }]);
    }
    ops.push([0.3, 'claimOwnSeat', () => g.claimSeat(seat)]);
    ops.push([0.3, 'note', () => g.makeMove(sheetMoves.note, seat, `step ${step}`)]);
    return ops;
  };

  /** A command for `other`'s seat, as an ordinary phone would try it: refused here. */
  const crossSeat = async (p: Phone, s: GameSnapshot, other: string): Promise<void> => {
    const g = p.game;
    const to = p.seat ?? rng.pick(SEATS.filter((x) => x !== other));
    const v = s.council.sessions.find((x) => !x.results);
    const theirs = s.trade.proposals.filter((x) => x.to !== p.seat);
    const tries: (readonly [string, () => unknown])[] = [
      [`adjustCounter(${other})`, () => g.makeMove(sheetMoves.adjustCounter, other, TRACKED, 1)],
      [`setLeader(${other})`, () => g.makeMove(sheetMoves.setLeader, other, 0, 'killed')],
      [`propose(${other} → ${to})`, () => g.makeMoveSigned(tradeMoves.propose, other, to, 0)],
      [`placeAgenda(${other})`, () => g.makeMoveSigned(councilMoves.placeAgenda, other, { source: 'deck' })],
      [`pick(${other})`, () => g.makeMove(roundMoves.pick, other, rng.pick(s.tracker.cards).initiative)],
      [`giveTradeGoods(${other} → ${to})`, () => g.makeMove(sheetMoves.giveTradeGoods, other, to, 1)],
      [`addCustomPlanet(${other})`, () => addCustom(g, other, { name: 'Fuzz', resources: 1, influence: 1, specialties: [] })],
      ...(v ? [[`lockBallot(${other})`, () => g.makeMoveSigned(councilMoves.lockBallot, other, v.id, { allocations: [] })] as const] : []),
      ...(theirs.length ? [[`accept(a proposal to ${other})`, () => g.makeMoveSigned(tradeMoves.accept, rng.pick(theirs).id, 0)] as const] : []),
    ];
    const [what, command] = rng.pick(tries);
    note(`#${step} dev${p.index + 1} tries ${what}`);
    await refusedHere(p, what, command);
  };

  /** A tampered phone's write for `other`'s seat: every fold must skip it and say so. */
  const forgeFor = (p: Phone, s: GameSnapshot, other: string): void => {
    const v = s.council.sessions.find((x) => !x.results);
    // A proposal to the forger's own seat would be its own to accept: only another seat's.
    const theirs = s.trade.proposals.filter((x) => x.to !== p.seat);
    const hash = Array.from({ length: 64 }, () => rng.int(16).toString(16)).join('');
    const bodies: (readonly [string, EventBody])[] = [
      // A delta no honest tap makes: if any fold took it, the tracked total would show it.
      [`counter(${other})`, { k: 'counter', seat: other, counter: TRACKED, delta: 77 }],
      [`give(${other})`, { k: 'give', from: other, to: p.seat ?? rng.pick(SEATS.filter((x) => x !== other)), amount: 5 }],
      [`pick(${other})`, { k: 'round', op: 'pick', round: s.round.round, seat: other, card: rng.pick(s.tracker.cards).initiative, tg: 0, pool: 0, fleet: 0, strat: 0, drawn: null }],
      [`place(${other})`, { k: 'council', seat: other, e: { c: 'place', round: s.round.round, hash } }],
      ...(v ? [[`commit(${other})`, { k: 'council', seat: other, e: { c: 'commit', session: v.id, hash } }] as const] : []),
      ...(theirs.length ? [[`accept(a proposal to ${other})`, { k: 'trade', op: 'accept', id: rng.pick(theirs).id, contract: 0 }] as const] : []),
    ];
    const [what, body] = rng.pick(bodies);
    note(`#${step} dev${p.index + 1} forges ${what}`);
    forge(p, what, body);
  };

  const waitedFor = (p: Phone): boolean => {
    if (!p.seat) return false;
    const s = p.game.snapshot();
    if (awaited(s).includes(p.seat)) return true;
    if (s.round.phase === 'strategy' && !s.council.agendas.some((a) => a.key === `${s.round.round}:${p.seat}`)) return true;
    const placed = s.council.agendas.filter((a) => a.round === s.round.round && a.seat !== null);
    if (placed.length === SEATS.length && placed.some((a) => a.seat === p.seat && !a.revealed)) return true;
    return s.council.sessions.some((v) => !v.results && v.eligible.includes(p.seat as string) && (!v.locked[p.seat as string] || (!v.ballots[p.seat as string] && v.eligible.every((x) => v.locked[x]))));
  };

  for (step = 0; step < steps; step++) {
    now += 500 + rng.int(2500);
    weather();
    // A step is a phone's move, or only the network's (deliveries, links going down and up).
    if (rng.chance(ACTING)) {
      // The table waits for some players (the picker, the active player, those not done with a step, a
      // vote's missing ballots): their phones move more often, as they do at a real table.
      const p = rng.weighted(phones.map((x) => [waitedFor(x) ? 6 : 1, x] as const));
      const [, name, run] = rng.weighted(movesOf(p).map((op) => [op[0], op] as const));
      const before = Y.encodeStateVector(p.game.doc);
      try {
        await run();
        stats.ok[name] = (stats.ok[name] ?? 0) + 1;
        note(`#${step} dev${p.index + 1} ${name}`);
        // Its own write takes another path through the fold (folded before it is written): checked too.
        if (!equalBytes(Y.encodeStateVector(p.game.doc), before)) checkFold(p, `its own ${name}`);
      } catch (e) {
        if (!(e instanceof GameError)) throw e;
        stats.refused[name] = (stats.refused[name] ?? 0) + 1;
        note(`#${step} dev${p.index + 1} ${name} refused (${e.code}): ${e.message}`);
        // A refused command writes nothing (the network would carry it otherwise).
        expect(Y.encodeStateVector(p.game.doc), `${name} refused and wrote\n${context()}`).toEqual(before);
      }
    }
    deliver(false);
  }

  // ——— everyone back on line ———
  step = steps;
  downUntil.fill(-1);
  deliver(true);
  for (let round = 0; round < 2; round++) for (const a of phones) for (const b of phones) if (a !== b) svSync(a, b, 'the final sync');

  const snapshots = phones.map((p) => p.game.snapshot());
  const json = snapshots.map((x) => JSON.stringify(x));
  for (const [i, j] of json.entries()) {
    if (j !== json[0]) throw new Error(`dev${i + 1} and dev1 disagree after the final sync: ${firstDifference(JSON.parse(j), JSON.parse(json[0] as string))}\n${context()}`);
  }
  // The council's tallies, the same on every phone (the line above implies it; the issue asks for it).
  expect(new Set(snapshots.map((x) => JSON.stringify(x.council.sessions.map((v) => [v.id, v.ballots, v.results])))).size).toBe(1);
  for (const p of phones) {
    // Everything sent has arrived and fitted: no update still waiting for one it depends on.
    expect(p.game.doc.store.pendingStructs, `dev${p.index + 1} pending structs`).toBeNull();
    expect(p.game.doc.store.pendingDs, `dev${p.index + 1} pending deletes`).toBeNull();
  }
  // A phone that opens the game from its saved bytes shows it the same.
  for (const p of phones) {
    const reopened = new Y.Doc();
    Y.applyUpdate(reopened, Y.encodeStateAsUpdate(p.game.doc));
    expect(JSON.stringify(new Game(reopened, p.game.device, clock).snapshot()), `dev${p.index + 1} reopened`).toBe(json[0]);
  }
  const s = snapshots[0] as GameSnapshot;
  const raw = gameRoot(phones[0]?.game.doc as Y.Doc).log.toArray();
  checkInvariants(s, base, trackedDelta, forged, raw, stats.problems, context);
  inspect?.(s, raw);

  // Every phone's goods balance once healed too (each merge before was checked): the same game everywhere, so once.
  const ledger = tradeLedger(s);
  expect(ledgerMismatch(s, ledger), `the trade goods ledger once healed\n${context()}`).toBeUndefined();
  stats.ledgerLines = ledger.lines.length;
  stats.goods = ledger.total;
  stats.logLength = s.log.length;
  stats.round = s.round.round;
  stats.sessionsResolved = s.council.sessions.filter((v) => v.results).length;
  stats.agreementsOpened = s.log.filter((e) => e.event.k === 'trade' && (e.event.op === 'accept' || e.event.op === 'self') && !s.trade.outcomes[e.index]?.failed).length;
  stats.claims = s.tracker.claims.length;
  stats.digest = fnv1a(json[0] as string);
  stats.ms = Math.round(performance.now() - started);
  return stats;
}

/** Checks the converged game; counts its problems by kind into `problems`. */
function checkInvariants(s: GameSnapshot, base: GameSnapshot, tracked: Map<string, number>, forged: Forged[], raw: unknown[], problems: Record<string, number>, context: () => string): void {
  // The tracked counter is its start plus every tap the phones made (and did not undo); the forged
  // +77s counted nowhere. A player out of the game had her counters discarded (001 "Elimination" 1): the
  // seats still in.
  for (const seat of SEATS.filter((x) => !s.tracker.out.includes(x))) {
    expect(s.players[seat]?.counters[TRACKED], `${seat}.${TRACKED}\n${context()}`).toBe((base.players[seat]?.counters[TRACKED] ?? 0) + (tracked.get(seat) ?? 0));
  }
  // One owner per planet, and each player's list is the planets that name her.
  const listed = SEATS.flatMap((seat) => (s.players[seat]?.planets ?? []).map((id) => [id, seat] as const));
  expect(new Set(listed.map(([id]) => id)).size).toBe(listed.length);
  for (const [id, seat] of listed) expect(s.planets[id]?.owner).toBe(seat);
  for (const planet of Object.values(s.planets)) if (planet.owner) expect(s.players[planet.owner]?.planets).toContain(planet.id);
  // Each tally is the sum of the ballots revealed for it, and the winner the one outcome on top.
  for (const v of s.council.sessions) {
    for (const result of v.results ?? []) {
      const totals: Record<string, number> = {};
      for (const b of Object.values(v.ballots)) for (const a of b.allocations) if (a.agenda === result.agenda) totals[a.outcome] = (totals[a.outcome] ?? 0) + a.votes;
      expect(result.totals, `tally of ${result.agenda} in ${v.id}`).toEqual(totals);
      const best = Math.max(0, ...Object.values(totals));
      if (result.status === 'won' && !result.byTieBreak) expect(totals[result.winner]).toBe(best);
      if (result.status === 'tie') expect(result.tied.every((o) => totals[o] === best)).toBe(true);
    }
  }
  // Every forged write was skipped, and the table was told which phone wrote it.
  const counted = new Map<string, number>();
  const indexOf = new Map<string, number>();
  raw.forEach((entry, index) => {
    const dev = writerOf(entry);
    if (dev === undefined) return;
    const n = counted.get(dev) ?? 0;
    counted.set(dev, n + 1);
    indexOf.set(`${dev}#${n}`, index);
  });
  const accepted = new Set(s.log.map((e) => e.index));
  for (const f of forged) {
    const index = indexOf.get(`${f.device}#${f.nth}`);
    expect(index, `forged ${f.what} by ${f.device} is in the log`).toBeDefined();
    expect(accepted.has(index as number), `forged ${f.what} by ${f.device} at ${index} was folded\n${context()}`).toBe(false);
    const told = s.problems.find((x) => x.index === index)?.message ?? '';
    expect(told, `forged ${f.what} by ${f.device} at ${index}`).toMatch(new RegExp(`^A change by phone ${f.device} for \\w+ was refused|^A signed change by phone ${f.device} was refused: the table has not seen the key`));
  }
  for (const problem of s.problems) {
    const kind = EXPECTED_PROBLEMS.find(([, re]) => re.test(problem.message))?.[0];
    if (!kind) throw new Error(`Unexpected problem at ${problem.index}: ${problem.message}\n${context()}`);
    problems[kind] = (problems[kind] ?? 0) + 1;
  }
}

/**
 * `npm test` plays 3 seeds of 600 steps (3–4 s a seed on this 2-core machine: round 1 into its status phase,
 * with picks, primaries, secondaries, agreements, payments and gifts); `npm run fuzz:ledger` plays seeds 1–64
 * of 1,000 steps (scripts/fuzz-ledger.mjs; 4–7 s a seed, up to round 3).
 */
const STEPS = Number(process.env.FUZZ_STEPS ?? 600);
/** `FUZZ_SEEDS=1,2,40` runs those seeds instead (a failing one replays exactly); `FUZZ_STATS=1` prints what each run did. */
const SEEDS = (process.env.FUZZ_SEEDS ?? '3,11,2024').split(',').map(Number);
/** The default 30 s is for one test on a quiet machine; these run for seconds, and the 2 cores are shared. */
const FUZZ_TIMEOUT = 180_000;

/** `FUZZ_OUT=file`: each seed's stats, or its failure, appended as a line of JSON (what the sweep script reads). */
function record(line: object): void {
  if (process.env.FUZZ_OUT) appendFileSync(process.env.FUZZ_OUT, `${JSON.stringify(line)}\n`);
}

async function fuzz(seed: number, steps: number, inspect?: Inspect): Promise<FuzzStats> {
  try {
    const stats = await runFuzz(seed, steps, inspect);
    if (process.env.FUZZ_STATS) console.info(JSON.stringify(stats));
    // The run played the game, not only refusals: a move was merged more than once per step on average.
    expect(stats.merges).toBeGreaterThan(steps);
    expect(stats.crossSeatRefused).toBeGreaterThan(0);
    expect(stats.forged).toBeGreaterThan(0);
    record(stats);
    return stats;
  } catch (e) {
    record({ seed, steps, failed: e instanceof Error ? e.message : String(e) });
    throw e;
  }
}

describe(`convergence of eight phones over a faulty network (fuzz, ${STEPS} steps)`, () => {
  it.each(SEEDS)('eight phones with delayed, duplicated, reordered and dropped updates agree after every merge with a fresh fold of the same log, and with each other once healed (seed %i)', async (seed) => {
    await fuzz(seed, STEPS);
  }, FUZZ_TIMEOUT);

  it('replays a seed exactly: two runs of one seed write the same game, move for move', async () => {
    const [a, b] = [await runFuzz(5, 200), await runFuzz(5, 200)];
    expect({ ...b, ms: 0, checkMs: 0, ledgerMs: 0 }).toEqual({ ...a, ms: 0, checkMs: 0, ledgerMs: 0 });
  }, FUZZ_TIMEOUT);
});

/**
 * What the seeds found, kept as direct tests: a pinned seed stops reaching its case as soon as the moves
 * above change (adding one move did that to seed 10 below), a direct test does not. The trade goods ledger's
 * find (seed 57 of the sweep: the Hacan, eliminated, kept half his pile and his one more) is kept in
 * test/unit/doc/surrender.test.ts, under the rule it broke.
 */
describe('what the fuzz found', () => {
  /** Ana's phone (s1) and Ben's (s2) on a 6-seat game, synced. */
  async function anaAndBen() {
    const clock = { now: () => START_MS };
    const ana = createGame(SIX, { id: 'found', secret: 'secret', device: 'dev1', clock });
    await ana.claimSeat('s1');
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(ana.doc));
    const ben = new Game(doc, 'dev2', clock);
    await ben.claimSeat('s2');
    const sync = () => {
      Y.applyUpdate(ben.doc, Y.encodeStateAsUpdate(ana.doc, Y.encodeStateVector(ben.doc)));
      Y.applyUpdate(ana.doc, Y.encodeStateAsUpdate(ben.doc, Y.encodeStateVector(ana.doc)));
    };
    sync();
    return { ana, ben, sync };
  }

  // Seed 10 (1,000 steps, before setDeviceName was added to the moves): dev3 proposed to Fay (log 238),
  // dev6 accepted (244), dev3 undid its proposal (245), and the agreement Fay accepted vanished. Since
  // issue 17 a proposal is signed consent, and a signed entry is never undone: it is withdrawn instead.
  it.each(['after hearing of the acceptance', 'while the acceptance is on its way'])(
    'seed 10: a proposal is signed, so its phone cannot undo it %s: the agreement stands on every phone',
    async (when) => {
      const { ana, ben, sync } = await anaAndBen();
      await ana.makeMoveSigned(tradeMoves.propose, 's1', 's2', 0);
      const id = proposalBetween(ana.snapshot(), 's1', 's2')?.id ?? '';
      sync();
      await ben.makeMoveSigned(tradeMoves.accept, id, 0);
      if (when === 'after hearing of the acceptance') sync();
      expect(() => ana.undo()).toThrow(/Nothing to undo/);
      // Nor does an undo written by hand, naming the proposal among Ana's entries.
      const nth = ana.root.log.toArray().filter((raw) => writerOf(raw) === ana.device).length - 1;
      ana.doc.transact(() => ana.root.log.push([encodeEvent({ k: 'undo', first: nth, count: 1, t: 9, dev: ana.device } as GameEvent)]));
      sync();
      for (const g of [ana, ben]) {
        const s = g.snapshot();
        expect(JSON.stringify(s)).toBe(JSON.stringify(foldGame(readRaw(gameRoot(g.doc)) as RawGame)));
        expect(s.trade.agreements.map((x) => x.id)).toEqual([id]);
      }
      expect(JSON.stringify(ben.snapshot())).toBe(JSON.stringify(ana.snapshot()));
    },
  );
});

/**
 * Seat authority holes the fuzz found by reading. Both rules live in src/doc/planets/index.ts: `owner`
 * let [new owner, old owner] write and `artifact` [new holder, old holder]; taking a planet or artifact
 * away named the new one as null, which the fold read as "a seat nobody holds" (core/module.ts,
 * `Writers`), so any phone could write it. Now an empty side names no seat (`either`).
 */
describe('seat authority: what another seat holds is not taken away by a phone that does not hold it', () => {
  async function twoPhones() {
    const ana = createGame(SIX, { id: 'holes', secret: 'secret', device: 'dev1', clock: { now: () => START_MS } });
    await ana.claimSeat('s1');
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(ana.doc));
    const ben = new Game(doc, 'dev2', { now: () => START_MS });
    await ben.claimSeat('s2');
    Y.applyUpdate(ana.doc, Y.encodeStateAsUpdate(ben.doc, Y.encodeStateVector(ana.doc)));
    return { ana, ben };
  }

  it("Ana's phone cannot release Ben's home planet", async () => {
    const { ana } = await twoPhones();
    expect(ana.snapshot().planets.arretze?.owner).toBe('s2');
    await expect(async () => ana.makeMove(planetMoves.releasePlanet, 'arretze')).rejects.toThrow(GameError);
  });

  it("Ana's phone cannot take away the artifact Ben's phone recorded for him", async () => {
    const { ana, ben } = await twoPhones();
    await ben.makeMove(planetMoves.setArtifact, 'red', 's2');
    Y.applyUpdate(ana.doc, Y.encodeStateAsUpdate(ben.doc, Y.encodeStateVector(ana.doc)));
    await expect(async () => ana.makeMove(planetMoves.setArtifact, 'red', null)).rejects.toThrow(GameError);
  });
});
