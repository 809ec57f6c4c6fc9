import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { captureUpdate, encodedSizes, pendingLayout, replicaOf, simulateGame } from '../../../bench/simulate';
import * as sheetMoves from '../../../src/doc/sheet/moves';

describe('the simulated game night (bench/simulate.ts)', () => {
  const small = { players: 3, rounds: 2 };

  it('is the same document for the same seed, another for another seed', () => {
    const a = simulateGame({ ...small, seed: 7 });
    const b = simulateGame({ ...small, seed: 7 });
    const c = simulateGame({ ...small, seed: 8 });
    expect(a.stats).toEqual(b.stats);
    // The setup transaction keeps the random client id createGame gives it: a few bytes may differ.
    const [sa, sb] = [encodedSizes(a.games[0]!.doc), encodedSizes(b.games[0]!.doc)];
    expect(Math.abs(sa.v1 - sb.v1)).toBeLessThan(8);
    expect(Math.abs(sa.v2 - sb.v2)).toBeLessThan(16);
    expect(JSON.stringify(a.games[0]!.snapshot().log)).toBe(JSON.stringify(b.games[0]!.snapshot().log));
    expect(JSON.stringify(c.games[0]!.snapshot().log)).not.toBe(JSON.stringify(a.games[0]!.snapshot().log));
  });

  it('leaves every phone with the same converged game, written by every phone', () => {
    const sim = simulateGame({ ...small, seed: 3 });
    const logs = sim.games.map((g) => JSON.stringify(g.snapshot()));
    expect(new Set(logs).size).toBe(1);
    const s = sim.games[0]!.snapshot();
    expect(new Set(s.log.map((e) => e.dev))).toEqual(new Set(sim.devices));
    expect(s.log.length).toBe(sim.stats.events);
    expect(sim.stats.changes).toBeGreaterThan(2 * 3 * 10);
    expect(sim.stats.byKind.exhaust).toBeGreaterThan(0);
    expect(sim.stats.byKind.refreshAll).toBeGreaterThan(0);
    expect(s.claims).toEqual(Object.fromEntries(sim.seats.map((seat, i) => [seat, sim.devices[i]])));
  });

  it('captures the update of one change, and lays the game out as the phone stores it', () => {
    const sim = simulateGame({ ...small, seed: 3 });
    const game = replicaOf(sim.games[0]!, sim.devices[0]!);
    const { v1, v2 } = captureUpdate(game.doc, () => game.makeMove(sheetMoves.adjustCounter, sim.seats[0]!, 'tradeGoods', 1));
    expect(v1.byteLength).toBeGreaterThan(10);
    expect(v1.byteLength).toBeLessThan(200);
    expect(v2.byteLength).toBeGreaterThan(10);

    const entries = pendingLayout(sim, 5);
    expect(entries.map(([k]) => k)).toEqual(['snapshot', 'ubench0-0', 'ubench0-1', 'ubench0-2', 'ubench0-3', 'ubench0-4']);
    const doc = new Y.Doc();
    for (const [, u] of entries) Y.applyUpdateV2(doc, u);
    expect(Y.encodeStateVector(doc)).toEqual(Y.encodeStateVector(sim.games[0]!.doc));
  });
});
