import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/doc';
import { gameRoot, readRaw, foldGame } from '../../../src/doc';
import { merge, newGame, replicaOf } from './fixtures';
import { seeded } from '../rules/helpers';
import * as roundMoves from '../../../src/doc/round/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

/** The phone's snapshot (folded incrementally) must equal a fold of the whole log from scratch. */
const fromScratch = (game: Game) => foldGame(readRaw(gameRoot(game.doc))!);

describe('incremental fold (only the new tail of the log is folded after a tap)', () => {
  it('gives the same state as a fold from scratch after every kind of change', () => {
    const game = newGame();
    const steps: (() => void)[] = [
      () => game.makeMove(planetMoves.addPlanet, 's1', 'abyz'),
      () => game.makeMove(planetMoves.setExhausted, 'abyz', false),
      () => game.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 3),
      () => game.makeMove(sheetMoves.giveTradeGoods, 's2', 's1', 2),
      () => game.makeMove(planetMoves.takePlanet, 's2', 'abyz'),
      () => game.makeMove(planetMoves.pay, 's1', 'resources', 4, { planets: ['jord'], tradeGoods: 0 }),
      () => game.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 5 }),
      () => game.makeMove(planetMoves.buildFacility, 'abyz', 'colony'),
      () => game.makeMove(planetMoves.refreshAll, 's1'),
      () => game.makeMove(sheetMoves.receiveCounters, 's3', { pool: 1, fleet: 1, strat: 0 }),
      () => game.makeMove(roundMoves.setRound, { round: 2, phase: 'status', step: 7 }),
      () => game.makeMove(planetMoves.setArtifact, 'green', 's3'),
      () => game.makeMove(sheetMoves.setLeader, 's1', 1, 'killed'),
      () => game.undo(),
      () => game.claimSeat('s2'),
    ];
    for (const step of steps) {
      step();
      expect(game.snapshot()).toEqual(fromScratch(game));
    }
  });

  it('starts over when a peer\'s concurrent event lands before the end of the log', () => {
    const a = newGame();
    const b = replicaOf(a, 'dev2');
    a.snapshot(); // folded up to here
    b.makeMove(planetMoves.addPlanet, 's2', 'abyz');
    a.makeMove(planetMoves.addPlanet, 's1', 'abyz');
    a.snapshot();
    merge(a, b);
    expect(a.snapshot()).toEqual(fromScratch(a));
    expect(a.snapshot().planets.abyz?.owner).toBe(b.snapshot().planets.abyz?.owner);
  });

  it('hands back the same objects for planets and players that did not change', () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's1', 'abyz');
    const before = game.snapshot();
    game.makeMove(planetMoves.setExhausted, 'abyz', false);
    const after = game.snapshot();
    expect(after.planets.jord).toBe(before.planets.jord);
    expect(after.planets.abyz).not.toBe(before.planets.abyz);
    expect(after.players.s2).toBe(before.players.s2);
    expect(after.log.slice(0, before.log.length)).toEqual(before.log);
    expect(after.log[0]).toBe(before.log[0]);
  });

  it('agrees with a fold from scratch on three phones making random changes and syncing at random', () => {
    const rnd = seeded(7);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
    const a = newGame();
    const phones = [a, replicaOf(a, 'dev2'), replicaOf(a, 'dev3')];
    const planets = ['abyz', 'fria', 'lodor', 'bereg', 'mehar-xull', 'starpoint'];
    const seats = ['s1', 's2', 's3'];
    for (let step = 0; step < 300; step++) {
      const g = pick(phones);
      const move = pick(['add', 'exhaust', 'tg', 'undo', 'sync', 'refresh', 'snapshot'] as const);
      try {
        if (move === 'add') g.makeMove(planetMoves.takePlanet, pick(seats), pick(planets));
        else if (move === 'exhaust') {
          const p = pick(planets);
          g.makeMove(planetMoves.setExhausted, p, !g.snapshot().planets[p]?.exhausted);
        } else if (move === 'tg') g.makeMove(sheetMoves.adjustCounter, pick(seats), 'tradeGoods', 1);
        else if (move === 'undo' && g.canUndo) g.undo();
        else if (move === 'sync') merge(g, pick(phones));
        else if (move === 'refresh') g.makeMove(planetMoves.refreshAll, pick(seats));
        else g.snapshot();
      } catch {
        // a refused command writes nothing
      }
      expect(g.snapshot()).toEqual(fromScratch(g));
    }
    for (const x of phones) for (const y of phones) merge(x, y);
    const final = fromScratch(a);
    for (const g of phones) expect(g.snapshot()).toEqual({ ...final, claims: g.snapshot().claims, devices: g.snapshot().devices });
  }, 30_000);
});
