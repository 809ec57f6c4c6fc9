// Document: the simulated 16-round, 8-player game (bench/simulate.ts, 8 replicas syncing real Yjs
// updates), its encoded size in v1 and v2, and the time to open it from IndexedDB in Chromium with the
// app's own GamePersistence.open (bench/pages/idb.ts): the median of several runs, each a fresh
// Y.Doc and a fresh database connection.
//
// Two layouts of the stored game are timed: `doc.loadMs` the compacted one (one snapshot entry: what
// a phone holds after compaction, the usual case), and `doc.loadPendingMs` the heaviest the app
// leaves behind (a snapshot plus COMPACT_AFTER − 1 update entries not yet compacted).
import { Buffer } from 'node:buffer';
import * as Y from 'yjs';

export const keys = ['doc.bytesV1', 'doc.bytesV2', 'doc.signatureBytesV1', 'doc.signedEvents', 'doc.loadMs', 'doc.loadPendingMs', 'doc.load4xCpuMs', 'doc.foldMs', 'doc.events', 'doc.changes'];
// Issue 33's 96 KiB: over, and kept so; the README's "The document's size" has the measured reason.
export const targets = { 'doc.bytesV1': { max: 98_304 }, 'doc.loadMs': { max: 50 } };

const RUNS = 9;
const b64 = (u8) => Buffer.from(u8).toString('base64');

export async function run(ctx) {
  const sim = await ctx.simulation();
  const m = await ctx.importTs('bench/simulate.ts');
  const game = sim.games[0];
  const { v1, v2 } = m.encodedSizes(game.doc);
  ctx.detail('simulation', sim.stats);
  ctx.note('doc.bytesV1', `${sim.stats.events} events from ${sim.stats.players} phones over ${sim.stats.rounds} rounds (seed ${sim.stats.seed}); ${(v1 / sim.stats.changes).toFixed(1)} B per change`);
  // What signing costs (issue 17): the log's v1 size with its signatures and claim keys, and without.
  const entries = game.root.log.toArray();
  const logSize = (list) => {
    const d = new Y.Doc();
    d.getArray('log').push(list);
    return Y.encodeStateAsUpdate(d).length;
  };
  const signatureBytes = logSize(entries) - logSize(entries.map((e) => e.filter((v) => !(v instanceof Uint8Array))));
  const signedEvents = entries.filter((e) => e[e.length - 1] instanceof Uint8Array).length;
  ctx.note('doc.signatureBytesV1', `the log's v1 size with its ${signedEvents} signatures (and seat claims' public keys) minus without them`);

  // The layouts to store: compacted, and a snapshot plus the most pending entries the app keeps.
  const compacted = [['snapshot', b64(m.encodeStateV2(game.doc))]];
  const { COMPACT_AFTER } = await ctx.importTs('src/sync/persistence.ts');
  const pending = m.pendingLayout(sim, COMPACT_AFTER - 1).map(([k, u]) => [k, b64(u)]);

  const browser = await ctx.launchChromium();
  const { context, page } = await ctx.newPhone(browser);
  try {
    await page.goto(`${await ctx.pagesUrl()}/idb.html`);
    await page.waitForFunction(() => !!window.ttBench);
    const time = async (id, entries, runs) => {
      await page.evaluate(([i, e]) => window.ttBench.store(i, e), [id, entries]);
      const timings = await ctx.stats.repeat(runs, () => page.evaluate((i) => window.ttBench.load(i), id), { warmup: 2 });
      const bad = timings.find((t) => t.skipped || t.events !== sim.stats.events);
      if (bad) throw new Error(`the stored game did not load whole: ${JSON.stringify(bad)}`);
      return timings;
    };
    const plain = await time('benchcompact', compacted, RUNS);
    const withPending = await time('benchpending', pending, RUNS);
    const cdp = await ctx.throttleCpu(page, 4);
    const slow = await time('benchcompact', compacted, 5);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const med = (xs, k) => ctx.stats.round(ctx.stats.median(xs.map((t) => t[k])));
    ctx.detail('loadRuns', { compacted: plain, pending: withPending, compacted4xCpu: slow });
    ctx.note('doc.loadMs', `median of ${RUNS} opens of the compacted game (1 entry, ${v2} B) with GamePersistence.open, Chromium, no throttling`);
    ctx.note('doc.loadPendingMs', `median of ${RUNS} opens of a snapshot + ${pending.length - 1} update entries (the most the app leaves uncompacted)`);
    ctx.note('doc.load4xCpuMs', 'doc.loadMs with 4× CPU throttling (a slow phone)');
    ctx.note('doc.foldMs', 'folding the loaded log into the snapshot the screens read (first Game.snapshot()), median, no throttling');
    return {
      'doc.bytesV1': v1,
      'doc.bytesV2': v2,
      'doc.signatureBytesV1': signatureBytes,
      'doc.signedEvents': signedEvents,
      'doc.loadMs': med(plain, 'loadMs'),
      'doc.loadPendingMs': med(withPending, 'loadMs'),
      'doc.load4xCpuMs': med(slow, 'loadMs'),
      'doc.foldMs': med(plain, 'foldMs'),
      'doc.events': sim.stats.events,
      'doc.changes': sim.stats.changes,
    };
  } finally {
    await context.close();
  }
}
