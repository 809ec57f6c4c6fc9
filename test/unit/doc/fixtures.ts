import { expect } from 'vitest';
import * as Y from 'yjs';
import { GameError, createGame, Game } from '../../../src/doc';
import type { Clock, GameSetup } from '../../../src/doc';
import * as councilMoves from '../../../src/doc/council/moves';
import * as planetMoves from '../../../src/doc/planets/moves';
import { customPlanetId } from '../../../src/doc/planets/moves';
import { deviceKeeper } from '../../../src/runtime/keeper';
import * as tradeMoves from '../../../src/doc/trade/moves';
import { proposalBetween } from '../../../src/doc/trade';
import * as roundMoves from '../../../src/doc/round/moves';

/**
 * Three players. Their trade goods start at 0 instead of quick setup's 1 (test/unit/doc/game.test.ts checks that
 * default), so the trade and payment tests count from nothing.
 */
export const threeSeats: GameSetup = {
  name: 'Friday night',
  vpGoal: 12,
  options: { pathOfFate: false, simultaneousTactical: false, ascendancy: false },
  seats: [
    { name: 'Ana', color: 'red', race: 'sol', tradeGoods: 0 },
    { name: 'Ben', color: 'blue', race: 'hacan', tradeGoods: 0 },
    { name: 'Cleo', color: 'green', race: 'xxcha', tradeGoods: 0 },
  ],
};

/** A fixed clock so event times are deterministic. */
export const clockAt = (ms: number) => ({ now: () => ms });

/**
 * The phone's private store as the game's keeper, where a move keeps an opening or a placed card (the app's
 * session gives every game it opens one): every game the fixtures make has it.
 */
export function keeping<G extends Game>(game: G): G {
  game.keeper = deviceKeeper;
  return game;
}

export function newGame(setup: GameSetup = threeSeats, id = 'game1'): Game {
  return keeping(createGame(setup, { id, secret: 'secret', device: 'dev1', clock: clockAt(1_700_000_000_000) }));
}

/** Ana's, Ben's and Cleo's phones: three replicas of one game, each change delivered to the others at once. */
export function connectedPhones(clock: Clock = clockAt(1_700_000_000_000)): [Game, Game, Game] {
  const host = createGame(threeSeats, { id: 'game1', secret: 'secret', device: 'dev1', clock });
  const games = [host, ...[2, 3].map((i) => {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(host.doc));
    return new Game(doc, `dev${i}`, clock);
  })].map(keeping);
  for (const from of games) {
    from.doc.on('update', (u: Uint8Array, origin: unknown) => {
      if (origin === 'net') return;
      for (const to of games) if (to !== from) Y.applyUpdate(to.doc, u, 'net');
    });
  }
  return games as [Game, Game, Game];
}

/** Ana (Sol), Ben (Letnev), Cleo (Xxcha), trade goods from 0: no race ability in the way of the strategy cards. */
export function cardsTable(id = 'cards'): Game {
  const seats = threeSeats.seats.map((seat) => (seat.race === 'hacan' ? { ...seat, race: 'letnev' } : seat));
  return keeping(createGame({ ...threeSeats, name: 'Cards night', seats }, { id, secret: 'secret', device: 'dev1', clock: clockAt(1_700_000_000_000) }));
}

/** A second replica of the same game on another "phone", synced once from `game`. */
export function replicaOf(game: Game, device: string): Game {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(game.doc));
  // Another tab of the same phone signs with the same key (it lives in the phone's IndexedDB).
  return keeping(new Game(doc, device, clockAt(1_700_000_060_000), device === game.device ? game.signer : undefined));
}

/**
 * A "network" between phones that records every update any of them sends (`wire`), so a test can read
 * everything that left a phone. A phone that joins is first synced both ways; one that leaves hears and
 * says nothing more.
 */
export function recordingNetwork(phones: readonly Game[] = []): { wire: Uint8Array[]; join: (phone: Game) => Game; leave: (phone: Game) => void } {
  const wire: Uint8Array[] = [];
  const connected = new Map<Game, (u: Uint8Array, origin: unknown) => void>();
  const deliver = (to: Game, u: Uint8Array) => {
    const { structs, ds } = Y.decodeUpdate(u);
    if (!structs.length && !ds.clients.size) return;
    wire.push(u);
    Y.applyUpdate(to.doc, u, 'net');
  };
  const join = (phone: Game): Game => {
    for (const other of connected.keys()) {
      deliver(phone, Y.encodeStateAsUpdate(other.doc, Y.encodeStateVector(phone.doc)));
      deliver(other, Y.encodeStateAsUpdate(phone.doc, Y.encodeStateVector(other.doc)));
    }
    const send = (u: Uint8Array, origin: unknown) => {
      if (origin === 'net') return;
      wire.push(u);
      for (const to of connected.keys()) if (to !== phone) Y.applyUpdate(to.doc, u, 'net');
    };
    phone.doc.on('update', send);
    connected.set(phone, send);
    return phone;
  };
  const leave = (phone: Game) => {
    const send = connected.get(phone);
    if (send) phone.doc.off('update', send);
    connected.delete(phone);
  };
  phones.forEach(join);
  return { wire, join, leave };
}

/** One phone per seat, each its own replica and device, holding its seat, connected through a recording network. */
export function recordingTable(setup: GameSetup = threeSeats, id = 'game1'): { phones: Game[] } & ReturnType<typeof recordingNetwork> {
  const host = newGame(setup, id);
  const phones = setup.seats.map((_, i) => {
    if (i === 0) return host;
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(host.doc));
    return keeping(new Game(doc, `dev${i + 1}`, clockAt(1_700_000_000_000 + i)));
  });
  const network = recordingNetwork(phones);
  phones.forEach((p, i) => p.claimSeat(`s${i + 1}`));
  return { phones, ...network };
}

/** Exchanges everything the two replicas lack from each other. */
export function merge(a: Game, b: Game): void {
  Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc, Y.encodeStateVector(b.doc)));
  Y.applyUpdate(a.doc, Y.encodeStateAsUpdate(b.doc, Y.encodeStateVector(a.doc)));
}

export const stateBytes = (game: Game) => Y.encodeStateAsUpdate(game.doc);

/** What a refusal leaves: a GameError with `code` and words for the player, and the document byte-for-byte as `before`. */
function refusedWith(game: Game, before: Uint8Array, code: string, error: unknown): GameError {
  expect(error).toBeInstanceOf(GameError);
  expect((error as GameError).code).toBe(code);
  expect((error as GameError).message.length).toBeGreaterThan(10);
  expect(stateBytes(game)).toEqual(before);
  return error as GameError;
}

/** Asserts that `action` throws a GameError with `code` and leaves the document byte-for-byte unchanged. */
export function expectRefused(game: Game, code: string, action: () => void): GameError {
  const before = stateBytes(game);
  try {
    action();
  } catch (e) {
    return refusedWith(game, before, code, e);
  }
  return refusedWith(game, before, code, undefined);
}

/** `expectRefused` for a signed move (`makeMoveSigned`), whose refusal comes in its promise. */
export async function expectRefusedSigned(game: Game, code: string, action: () => Promise<unknown>): Promise<GameError> {
  const before = stateBytes(game);
  try {
    await action();
  } catch (e) {
    return refusedWith(game, before, code, e);
  }
  return refusedWith(game, before, code, undefined);
}

/**
 * She has held `planet` since before the last refresh: added (which gives it exhausted, 001 "Planet
 * Control") and refreshed, so a test can pay with it.
 */
export function holdRefreshed(game: Game, seat: string, planet: string): void {
  game.makeMove(planetMoves.addPlanet, seat, planet);
  game.makeMove(planetMoves.setExhausted, planet, false);
}

/** The table is at status step `step` of round 1 (racial upgrades at 4, facilities at 5). */
export function atStatusStep(game: Game, step: number): void {
  game.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step });
}

/**
 * Proposes a trade agreement and returns the proposal's id. The test phones sign with a key in memory,
 * so the proposal is written before `makeMoveSigned` returns; its id is then read back from the game.
 */
export function proposeNow(game: Game, from: string, to: string, contract: 0 | 1): string {
  void game.makeMoveSigned(tradeMoves.propose, from, to, contract);
  const p = proposalBetween(game.snapshot(), from, to);
  if (!p) throw new Error('The proposal was not written at once.');
  return p.id;
}

/** Starts a vote with the council's move and returns its id: the vote it leaves open. */
export function startVoteOn(game: Game, seat: string, agendas: string[]): string {
  game.makeMove(councilMoves.startVote, seat, agendas);
  const open = game.snapshot().council.sessions.find((v) => !v.results);
  if (!open) throw new Error('No vote was started.');
  return open.id;
}

/** Adds a planet of her own making with the planets' move and returns its id (`customPlanetId`, read before the move). */
export function addCustom(game: Game, seat: string, def: { name: string; resources: number; influence: number; specialties: string[] }): string {
  const id = customPlanetId(game.snapshot(), def.name);
  game.makeMove(planetMoves.addCustomPlanet, seat, def);
  return id;
}
