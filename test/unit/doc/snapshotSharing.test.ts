import { describe, expect, it } from 'vitest';
import { foldGame, gameRoot, readRaw } from '../../../src/doc';
import { RULES } from '../../../src/doc/game';
import { IncrementalFold } from '../../../src/doc/core/incremental';
import { simulateGame } from '../../../bench/simulate';
import * as planetMoves from '../../../src/doc/planets/moves';

/**
 * Issue 33: a snapshot hands back the very objects of the snapshot before for every part an event did not
 * change (the screen's store then skips them), so these shared objects must never be stale, and never
 * change once handed out.
 */
describe('snapshots share what did not change', () => {
  const sim = simulateGame({ players: 4, rounds: 3, seed: 7 });
  const raw = readRaw(gameRoot(sim.games[0]!.doc))!;

  it('a snapshot after every event equals a fold of the log up to it from scratch, council, tracker and problems included', () => {
    const fold = new IncrementalFold(raw, [], RULES);
    const log = raw.log;
    expect(log.length).toBeGreaterThan(200);
    for (let i = 0; i < log.length; i++) {
      fold.extend([log[i]]);
      const shared = fold.snapshot(raw);
      // A full fold is O(log): compare every event near the end, every 7th before it.
      if (i % 7 === 0 || i > log.length - 40) expect(shared).toEqual(foldGame({ ...raw, log: log.slice(0, i + 1) }));
    }
  });

  it('no snapshot handed out changes when later events are folded', () => {
    const fold = new IncrementalFold(raw, [], RULES);
    const kept: { snapshot: ReturnType<IncrementalFold['snapshot']>; json: string }[] = [];
    raw.log.forEach((entry, i) => {
      fold.extend([entry]);
      if (i % 25 === 0) {
        const snapshot = fold.snapshot(raw);
        kept.push({ snapshot, json: JSON.stringify(snapshot) });
      }
    });
    for (const k of kept) expect(JSON.stringify(k.snapshot)).toBe(k.json);
  });

  it('exhausting a planet hands back the same council, tracker, setup, problems and other players as before', () => {
    const game = sim.games[0]!;
    const before = game.snapshot();
    const me = sim.seats[0]!;
    const planet = before.players[me]!.planets[0]!;
    game.makeMove(planetMoves.setExhausted, planet, !before.planets[planet]!.exhausted);
    const after = game.snapshot();
    expect(after).not.toBe(before);
    expect(after.planets[planet]).not.toBe(before.planets[planet]);
    for (const key of ['council', 'tracker', 'setup', 'dice', 'trade', 'problems', 'round', 'artifacts', 'claims'] as const) expect(after[key], key).toBe(before[key]);
    for (const seat of sim.seats.slice(1)) expect(after.players[seat]).toBe(before.players[seat]);
  });

  it('a council event copies only its own session: the others are the same objects as before', () => {
    const council = sim.games[0]!.snapshot().council;
    expect(council.sessions.length).toBeGreaterThan(1);
    const fold = new IncrementalFold(raw, raw.log, RULES);
    const first = fold.snapshot(raw).council;
    const last = first.sessions[first.sessions.length - 1]!;
    // A tie broken on the last session (refused or not, the event touches only that session).
    fold.extend([RULES.codec.encode({ k: 'council', seat: sim.seats[0]!, e: { c: 'tie', session: last.id, agenda: 'x', outcome: 'for' }, t: 1, dev: sim.devices[0]! })]);
    const next = fold.snapshot(raw).council;
    expect(next).not.toBe(first);
    expect(next.sessions.slice(0, -1).every((s, i) => s === first.sessions[i])).toBe(true);
    expect(next.agendas.every((a, i) => a === first.agendas[i])).toBe(true);
  });
});
