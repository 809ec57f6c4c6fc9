// A remote change on a receiving phone: what one peer's tap costs every other phone, at round 1 and at
// round 16 of the same simulated game (bench/simulate.ts, 8 players, same seed). In this process (Node,
// no throttling): a replica of the game holds the first seat; the second seat's phone exhausts or
// refreshes one of its planets with the real command, and the receiver applies that Yjs update
// (`Y.applyUpdate`, the path y-webrtc and the table link take) and folds it (`game.snapshot()`: only
// the new event, with the council, tracker and problems handed back as they were).
//   sync.remoteFoldMs                 median per change after round 16 (µs resolution), RUNS changes
//   sync.remoteFoldRound1Ms           the same after round 1
//   sync.remoteFoldRound16OverRound1  their ratio: what the length of the game adds to each remote change
// The screen's store and render are the tap suite's (`ui.tapWorkMs`); this is the document's share.
import * as Y from 'yjs';

export const keys = ['sync.remoteFoldMs', 'sync.remoteFoldRound1Ms', 'sync.remoteFoldRound16OverRound1'];
export const targets = { 'sync.remoteFoldRound16OverRound1': { max: 1.25 } };

const RUNS = 3000;
const WARMUP = 300;
// Each change adds an event to the receiver's log: 3,300 changes on one replica would compare a game of
// 5,951 events with one of 3,541, not round 16 with round 1. So both phones start again from their
// round's game every BATCH changes (outside the timed part), and the logs stay within BATCH of it.
const BATCH = 150;

/** A receiver of `sim`'s game and its next remote change: apply + fold, timed. */
function phone(m, sim) {
  const receiver = m.replicaOf(sim.games[0], 'receiver');
  // The sender's own replica with a clock a second further on for each change: the simulation's clock
  // stops at the game's end, and thousands of changes within one minute of it would pass the write bounds
  // (src/doc/core/bounds.ts) that refuse a phone flooding the table.
  const original = sim.games[1];
  let at = original.snapshot().meta.createdAt + 8 * 3600_000;
  const sender = m.replicaOf(original, original.device, { now: () => (at += 1000) }, original.signer);
  if (!(receiver.doc instanceof Y.Doc)) throw new Error('the suite and the app load two copies of Yjs');
  const planet = sender.snapshot().players[sim.seats[1]].planets[0];
  if (!planet) throw new Error('the second seat holds no planet');
  receiver.snapshot();
  return {
    receiver,
    change() {
      const update = m.captureUpdate(sender.doc, () => sender.makeMove(sender.moves.planets.setExhausted, planet, !sender.snapshot().planets[planet].exhausted)).v1;
      const t0 = performance.now();
      Y.applyUpdate(receiver.doc, update, 'peer');
      receiver.snapshot();
      return performance.now() - t0;
    },
  };
}

export async function run(ctx) {
  const m = await ctx.importTs('bench/simulate.ts');
  const sims = [await ctx.simulation(16), await ctx.simulation(1)];
  let phones = sims.map((sim) => phone(m, sim));
  const events = sims.map((sim) => sim.games[0].snapshot().log.length);
  // In turn, after a warm-up of both: whichever ran second would otherwise find the JIT warmed for it.
  const times = [[], []];
  for (let i = 0; i < RUNS + WARMUP; i++) {
    if (i > 0 && i % BATCH === 0) phones = sims.map((sim) => phone(m, sim));
    for (const k of i % 2 ? [1, 0] : [0, 1]) {
      const ms = phones[k].change();
      if (i >= WARMUP) times[k].push(ms);
    }
  }
  const [late, early] = times.map((t, k) => ({ times: t, events: events[k] }));
  const { median, round } = ctx.stats;
  const [a, b] = [median(late.times), median(early.times)];
  ctx.detail('round16', { events: late.events, p90: ctx.stats.percentile(late.times, 90) });
  ctx.detail('round1', { events: early.events, p90: ctx.stats.percentile(early.times, 90) });
  ctx.note('sync.remoteFoldMs', `Node, no throttling: apply one peer's exhaust (Yjs v1 update) and fold it, on a replica of the game after round 16 (${late.events} events, plus at most ${BATCH} changes); median of ${RUNS}`);
  ctx.note('sync.remoteFoldRound1Ms', `the same after round 1 (${early.events} events)`);
  ctx.note('sync.remoteFoldRound16OverRound1', 'sync.remoteFoldMs / sync.remoteFoldRound1Ms');
  return { 'sync.remoteFoldMs': round(a, 3), 'sync.remoteFoldRound1Ms': round(b, 3), 'sync.remoteFoldRound16OverRound1': round(a / b, 2) };
}
