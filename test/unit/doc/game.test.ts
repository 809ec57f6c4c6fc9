import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createGame, describeEvent, gameRoot, SCHEMA_VERSION } from '../../../src/doc';
import { addCustom, expectRefused, merge, newGame, replicaOf, threeSeats } from './fixtures';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

describe('creating a game', () => {
  it('gives every seat its home planets, starting technologies and 001 "Finalising Setup" counters', () => {
    const s = newGame().snapshot();
    expect(s.seats.map((x) => x.name)).toEqual(['Ana', 'Ben', 'Cleo']);
    expect(s.players.s1?.planets).toEqual(['jord']);
    expect(s.players.s2?.planets).toEqual(['arretze', 'hercant', 'kamdorn']);
    expect(s.players.s1?.techs).toEqual(['antimass-deflectors', 'cybernetics']);
    expect(s.players.s1?.counters).toMatchObject({ strategyAllocation: 2, commandPool: 3, fleetSupply: 3, politicalCards: 2, vp: 0, tradeGoods: 0 });
    expect(s.planets.jord).toMatchObject({ owner: 's1', exhausted: false, resources: 4, influence: 2 });
  });

  it('quick setup has no bids, so step 10 leaves every player with exactly 1 trade good (001 "Starting Trade Goods Normalization")', () => {
    const quick = { ...threeSeats, seats: threeSeats.seats.map(({ tradeGoods: _bids, ...seat }) => seat) };
    const s = newGame(quick).snapshot();
    expect(s.seats.map((x) => s.players[x.id]?.counters.tradeGoods)).toEqual([1, 1, 1]);
  });

  it('starts each player with the trade goods the table reached in its bids, and refuses a number outside 0 to 99', () => {
    const bid = newGame({ ...threeSeats, seats: threeSeats.seats.map((seat, i) => ({ ...seat, tradeGoods: [1, 4, 2][i] })) }).snapshot();
    expect(bid.seats.map((x) => bid.players[x.id]?.counters.tradeGoods)).toEqual([1, 4, 2]);
    expect(() => newGame({ ...threeSeats, seats: threeSeats.seats.map((seat) => ({ ...seat, tradeGoods: -1 })) })).toThrow(/Seat 1: starting trade goods are a whole number from 0 to 99/);
    expect(() => newGame({ ...threeSeats, seats: threeSeats.seats.map((seat) => ({ ...seat, tradeGoods: 1.5 })) })).toThrow(/whole number/);
  });

  it('starts the L1Z1X with one fewer strategy allocation counter (race sheet)', () => {
    const game = newGame({ ...threeSeats, seats: [...threeSeats.seats.slice(0, 2), { name: 'Dee', color: 'black', race: 'l1z1x' }] });
    expect(game.snapshot().players.s3?.counters.strategyAllocation).toBe(1);
  });

  it('takes the trade contract values from the race table unless the table corrected them', () => {
    const game = newGame({ ...threeSeats, seats: threeSeats.seats.map((s, i) => (i === 0 ? { ...s, tradeContracts: [4, 1] as [number, number] } : s)) });
    expect(game.snapshot().seats[0]?.tradeContracts).toEqual([4, 1]);
    expect(game.snapshot().seats[1]?.tradeContracts).toEqual([3, 3]);
  });

  it.each([
    ['one player', { ...threeSeats, seats: threeSeats.seats.slice(0, 1) }, /2 to 8 players/],
    ['nine players', { ...threeSeats, seats: Array.from({ length: 9 }, (_, i) => ({ name: `P${i}`, color: `c${i}`, race: 'sol' })) }, /2 to 8 players/],
    ['a VP goal of 9', { ...threeSeats, vpGoal: 9 }, /VP goal/],
    ['an empty name', { ...threeSeats, name: '  ' }, /name/],
    ['two seats with one race', { ...threeSeats, seats: [threeSeats.seats[0]!, { ...threeSeats.seats[1]!, race: 'sol' }] }, /same race/],
    ['two seats with one colour', { ...threeSeats, seats: [threeSeats.seats[0]!, { ...threeSeats.seats[1]!, color: 'red' }] }, /same colour/],
    ['a seat with no race', { ...threeSeats, seats: [threeSeats.seats[0]!, { ...threeSeats.seats[1]!, race: '' }] }, /needs a race/],
  ])('refuses a setup with %s', (_why, setup, message) => {
    expect(() => createGame(setup, { id: 'g', secret: 's', device: 'd' })).toThrow(message);
  });
});

describe('seats and phones', () => {
  it('changing player moves this phone to the new seat and frees the one it held, in either direction', () => {
    const game = newGame();
    game.claimSeat('s1');
    game.claimSeat('s3');
    expect(game.snapshot().claims).toEqual({ s3: game.device });
    game.claimSeat('s2');
    expect(game.snapshot().claims).toEqual({ s2: game.device });
  });

  it("taking over a seat frees the taker's old seat and leaves other phones' seats alone", () => {
    const ana = newGame();
    const ben = replicaOf(ana, 'phone-ben');
    const cleo = replicaOf(ana, 'phone-cleo');
    ana.claimSeat('s1');
    cleo.claimSeat('s3');
    ben.claimSeat('s2');
    for (const [x, y] of [[ana, ben], [ben, cleo], [ana, cleo]] as const) merge(x, y);
    ben.claimSeat('s1');
    merge(ana, ben);
    expect(ana.snapshot().claims).toEqual({ s1: 'phone-ben', s3: 'phone-cleo' });
    // The take-over is a table event, never silent.
    expect(describeEvent(ana.snapshot().log.at(-1)!, ana.snapshot())).toBe("Ana's seat moved to a new phone");
  });
});

describe('commands', () => {
  it('refuses to take away more trade goods than a player has, leaving the game unchanged', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 2);
    const e = expectRefused(game, 'not-enough', () => game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', -3));
    expect(e.message).toContain('Only 2 trade goods');
  });

  it('refuses a negative or fractional value typed by a player', () => {
    const game = newGame();
    expectRefused(game, 'invalid-input', () => game.makeMove(sheetMoves.setCounter, 's1', 'vp', -1));
    expectRefused(game, 'invalid-input', () => game.makeMove(sheetMoves.setCounter, 's1', 'vp', 1.5));
    expectRefused(game, 'invalid-input', () => game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', Number.NaN));
  });

  it('refuses an unknown seat and an unknown planet', () => {
    const game = newGame();
    expectRefused(game, 'unknown-seat', () => game.makeMove(sheetMoves.adjustCounter, 's9', 'vp', 1));
    expectRefused(game, 'unknown-planet', () => game.makeMove(planetMoves.addPlanet, 's1', 'atlantis'));
  });

  it('refuses to add a planet another seat holds, and points to "Take"', () => {
    const game = newGame();
    const e = expectRefused(game, 'planet-owned', () => game.makeMove(planetMoves.addPlanet, 's2', 'jord'));
    expect(e.message).toMatch(/held by Ana.*Take/);
  });

  it('moves a taken planet out of the previous owner\'s list (ownership lives on the planet)', () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's1', 'abyz');
    game.makeMove(planetMoves.takePlanet, 's2', 'abyz');
    const s = game.snapshot();
    expect(s.planets.abyz?.owner).toBe('s2');
    expect(s.players.s1?.planets).not.toContain('abyz');
    expect(s.players.s2?.planets).toContain('abyz');
  });

  it('sets a counter by writing the difference and the value it replaces', () => {
    const game = newGame();
    game.makeMove(sheetMoves.setCounter, 's1', 'vp', 5);
    game.makeMove(sheetMoves.setCounter, 's1', 'vp', 3);
    expect(game.snapshot().players.s1?.counters.vp).toBe(3);
    expect(game.snapshot().log.slice(-2).map((l) => l.event)).toEqual([
      { k: 'counter', seat: 's1', counter: 'vp', delta: 5, from: 0 },
      { k: 'counter', seat: 's1', counter: 'vp', delta: -2, from: 5 },
    ]);
  });

  it('gives trade goods from one seat to another in one log entry', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 4);
    const before = game.snapshot().log.length;
    game.makeMove(sheetMoves.giveTradeGoods, 's1', 's2', 3);
    const s = game.snapshot();
    expect([s.players.s1?.counters.tradeGoods, s.players.s2?.counters.tradeGoods]).toEqual([1, 3]);
    expect(s.log.length).toBe(before + 1);
    expectRefused(game, 'not-enough', () => game.makeMove(sheetMoves.giveTradeGoods, 's1', 's2', 2));
  });

  it('adds a custom planet with a fresh id under the seat that found it', () => {
    const game = newGame();
    const id = addCustom(game, 's1', { name: 'New Hope', resources: 2, influence: 3, specialties: ['green'] });
    const again = addCustom(game, 's2', { name: 'New Hope', resources: 1, influence: 1, specialties: [] });
    expect(id).toBe('custom-new-hope');
    expect(again).toBe('custom-new-hope-2');
    expect(game.snapshot().planets[id]).toMatchObject({ custom: true, owner: 's1', resources: 2, influence: 3, specialties: ['green'] });
    expectRefused(game, 'invalid-input', () => addCustom(game, 's1', { name: 'Bad', resources: -1, influence: 0, specialties: [] }));
    expectRefused(game, 'invalid-input', () => addCustom(game, 's1', { name: 'Bad', resources: 1, influence: 0, specialties: ['purple'] }));
  });

  it('records who captured a leader, and refuses a player capturing her own', () => {
    const game = newGame();
    game.makeMove(sheetMoves.setLeader, 's1', 0, { capturedBy: 's2' });
    expect(game.snapshot().players.s1?.leaders[0]).toEqual({ capturedBy: 's2' });
    expectRefused(game, 'invalid-input', () => game.makeMove(sheetMoves.setLeader, 's1', 1, { capturedBy: 's1' }));
    expectRefused(game, 'invalid-input', () => game.makeMove(sheetMoves.setLeader, 's1', 7, 'killed'));
  });

  it('writes every command in one transaction tagged with this phone\'s origin', () => {
    const game = newGame();
    const origins: unknown[] = [];
    game.doc.on('afterTransaction', (tr) => origins.push(tr.origin));
    addCustom(game, 's1', { name: 'Two Events', resources: 1, influence: 1, specialties: [] });
    expect(origins).toEqual([game.origin]);
  });

  it('refuses to write to a game whose schema is newer than this app, and says to update', () => {
    const game = newGame();
    gameRoot(game.doc).meta.set('schema', SCHEMA_VERSION + 1);
    expect(game.writable).toBe(false);
    const e = expectRefused(game, 'newer-schema', () => game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 1));
    expect(e.message).toMatch(/update the app/);
  });
});

describe('conflict-free counters', () => {
  it('keeps every increment when two disconnected phones add 100 trade goods each, then merge', () => {
    const a = newGame();
    const b = replicaOf(a, 'dev2');
    for (let i = 0; i < 100; i++) {
      a.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
      b.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    }
    merge(a, b);
    expect(a.snapshot().players.s1?.counters.tradeGoods).toBe(200);
    expect(b.snapshot().players.s1?.counters.tradeGoods).toBe(200);
    expect(Y.encodeStateVector(a.doc)).toEqual(Y.encodeStateVector(b.doc));
  });

  it('shows a problem instead of hiding it when two phones spend the same trade goods ("-1 trade good", in the singular)', () => {
    const a = newGame();
    a.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    const b = replicaOf(a, 'dev2');
    a.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', -1);
    b.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', -1);
    merge(a, b);
    const s = a.snapshot();
    expect(s.players.s1?.counters.tradeGoods).toBe(-1);
    expect(s.problems.map((p) => p.message).join()).toMatch(/Ana has -1 trade good: two phones/);
  });

  it('lets the last ownership change win on every replica alike', () => {
    const a = newGame();
    const b = replicaOf(a, 'dev2');
    a.makeMove(planetMoves.addPlanet, 's1', 'abyz');
    b.makeMove(planetMoves.addPlanet, 's2', 'abyz');
    merge(a, b);
    const owner = a.snapshot().planets.abyz?.owner;
    expect(['s1', 's2']).toContain(owner);
    expect(b.snapshot().planets.abyz?.owner).toBe(owner);
  });
});
