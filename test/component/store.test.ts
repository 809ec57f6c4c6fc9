// @vitest-environment jsdom
import { createComputed, createEffect, createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { captureUpdate, simulateGame } from '../../bench/simulate';
import { createGameStore, folded } from '../../src/ui/store';
import * as sheetMoves from '../../src/doc/sheet/moves';
import * as planetMoves from '../../src/doc/planets/moves';

/** The store as plain data (its `log` is a getter over the fold's own array: compared by length). */
const plain = (x: object) => JSON.parse(JSON.stringify(x)) as unknown;

describe('the screen store (issue 33: a refresh follows the change, not the game)', () => {
  it("hands a view the fold's own snapshot, tracked: it follows every change, and a plain snapshot is its own", () => {
    const sim = simulateGame({ players: 4, rounds: 1, seed: 5 });
    const game = sim.games[0]!;
    createRoot((dispose) => {
      const state = createGameStore(game);
      const seen: unknown[] = [];
      createComputed(() => seen.push(folded(state)));
      expect(seen).toEqual([game.snapshot()]);
      game.makeMove(sheetMoves.adjustCounter, sim.seats[0]!, 'tradeGoods', 1);
      expect(seen.length).toBe(2);
      expect(seen[1]).toBe(game.snapshot());
      expect(folded(state).players[sim.seats[0]!]!.counters.tradeGoods).toBe(state.players[sim.seats[0]!]!.counters.tradeGoods);
      const plainSnapshot = game.snapshot();
      expect(folded(plainSnapshot)).toBe(plainSnapshot);
      dispose();
    });
  });

  it('equals the folded snapshot after every change of a simulated game, and holds none of the fold\'s objects', () => {
    const sim = simulateGame({ players: 4, rounds: 2, seed: 3 });
    const [game, other] = [sim.games[0]!, sim.games[1]!];
    createRoot((dispose) => {
      const state = createGameStore(game);
      const s = game.snapshot();
      const me = sim.seats[0]!;
      const planets = s.players[me]!.planets;
      const steps = [
        () => game.makeMove(planetMoves.setExhausted, planets[0]!, !game.snapshot().planets[planets[0]!]!.exhausted),
        () => game.makeMove(sheetMoves.adjustCounter, me, 'tradeGoods', 2),
        () => game.makeMove(sheetMoves.note, me, 'a note at the table'),
        () => game.makeMove(planetMoves.setExhausted, planets[1] ?? planets[0]!, true),
        () => game.undo(),
        // A remote phone's change arrives as a Yjs update.
        () => Y.applyUpdate(game.doc, captureUpdate(other.doc, () => other.makeMove(sheetMoves.adjustCounter, sim.seats[1]!, 'vp', 1)).v1),
      ];
      for (const step of steps) {
        step();
        const snap = game.snapshot();
        expect(plain({ ...state, log: state.log.length })).toEqual(plain({ ...snap, log: snap.log.length }));
        expect(state.planets[planets[0]!]).not.toBe(snap.planets[planets[0]!]);
        expect(state.council).not.toBe(snap.council);
      }
      dispose();
    });
  });

  it('a planet tap re-runs what reads that planet, and nothing that reads the council, the tracker or another player', () => {
    const sim = simulateGame({ players: 4, rounds: 2, seed: 3 });
    const game = sim.games[0]!;
    const me = sim.seats[0]!;
    const runs = { planet: 0, council: 0, tracker: 0, other: 0, problems: 0 };
    // Effects run once their root is set up: the tap comes after, as a player's does.
    const { state, dispose } = createRoot((dispose) => {
      const state = createGameStore(game);
      const planet = state.players[me]!.planets[0]!;
      createEffect(() => void (state.planets[planet]?.exhausted, runs.planet++));
      createEffect(() => void (JSON.stringify(state.council), runs.council++));
      createEffect(() => void (JSON.stringify(state.tracker), runs.tracker++));
      createEffect(() => void (JSON.stringify(state.players[sim.seats[1]!]), runs.other++));
      createEffect(() => void (state.problems.map((p) => p.message), runs.problems++));
      return { state, dispose };
    });
    const planet = state.players[me]!.planets[0]!;
    const at = { ...runs };
    expect(at.planet).toBe(1);
    game.makeMove(planetMoves.setExhausted, planet, !state.planets[planet]!.exhausted);
    expect(runs.planet).toBe(at.planet + 1);
    expect({ council: runs.council, tracker: runs.tracker, other: runs.other, problems: runs.problems }).toEqual({
      council: at.council,
      tracker: at.tracker,
      other: at.other,
      problems: at.problems,
    });
    dispose();
  });
});
