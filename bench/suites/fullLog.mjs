// A full log (issue 36 item 1): what a seat's phone pays to play on once a tampered phone has filled the
// game's free part to its 2 MiB. In this process (Node, no throttling), on the 16-round game
// (bench/simulate.ts): writer after writer of a tampered phone fills the log with notes, each a Yjs client of
// its own, until one more character is refused; then the second seat's phone taps a counter (its opening
// signs for itself once, then every write ends with a vouch its session key signs, src/doc/core/writerEntry.ts)
// and a receiving phone checks each tap's update (src/doc/core/guard.ts, where the pools' signatures are
// verified) and applies it. The same taps on the same game before it was filled are the baseline.
//   bloat.fullLogTapMs         a tap's command past the full log, median (its vouch signed, its pools checked)
//   bloat.fullLogTapOverNormal the same over the same tap on the game before it was filled
//   bloat.fullLogCheckMs       a receiving phone's check of one such tap, median (a vouch verified)
//   bloat.fullLogFirstTapMs    the first tap past the full log (the session key made, the writer entry signed)
//   bloat.vouchChars           what each write past the full log adds to the seat's part: one vouch
import * as Y from 'yjs';

export const keys = ['bloat.fullLogTapMs', 'bloat.fullLogTapOverNormal', 'bloat.fullLogCheckMs', 'bloat.fullLogFirstTapMs', 'bloat.vouchChars'];

const TAPS = 200;

/** `TAPS` counter taps by the second seat's phone on its replica of `game`, each checked and applied by `receiver`. */
function taps(m, guard, sim, source, receiver) {
  const original = sim.games[1];
  let at = original.snapshot().meta.createdAt + 8 * 3600_000;
  const phone = m.replicaOf(source, original.device, { now: () => (at += 1000) }, original.signer);
  const [own, check] = [[], []];
  for (let i = 0; i < TAPS; i++) {
    let t0 = performance.now();
    const update = m.captureUpdate(phone.doc, () => phone.append([{ k: 'counter', seat: sim.seats[1], counter: 'tradeGoods', delta: 1 }])).v1;
    own.push(performance.now() - t0);
    t0 = performance.now();
    const verdict = guard.checkUpdate(receiver.doc, update, false);
    check.push(performance.now() - t0);
    if (verdict.ok !== true) throw new Error(`a seat's tap was refused: ${JSON.stringify(verdict)}`);
    Y.applyUpdate(receiver.doc, update, 'peer');
  }
  return { own, check, phone };
}

export async function run(ctx) {
  const m = { ...(await ctx.importTs('bench/simulate.ts')), ...(await ctx.importTs('src/doc/core/writers.ts')) };
  const guard = await ctx.importTs('src/doc/core/guard.ts');
  const bounds = await ctx.importTs('src/doc/core/bounds.ts');
  const sim = await ctx.simulation(16);
  const { median, round } = ctx.stats;
  const normal = taps(m, guard, sim, sim.games[0], m.replicaOf(sim.games[0], 'receiver'));
  const full = m.replicaOf(sim.games[0], 'filled');
  const writers = m.fillFreePart(full, (update) => {
    const verdict = guard.checkUpdate(full.doc, update, false);
    if (verdict.ok !== true) throw new Error(`filling the log was refused: ${JSON.stringify(verdict)}`);
    Y.applyUpdate(full.doc, update, 'peer');
  });
  const past = taps(m, guard, sim, full, m.replicaOf(full, 'receiver'));
  const log = past.phone.root.log.toArray();
  const vouch = log[log.length - 1];
  if (vouch?.[0] !== 'Wv3') throw new Error(`a write past the full log ends with ${String(vouch?.[0])}, not a vouch`);
  const [pastTap, normalTap] = [median(past.own.slice(1)), median(normal.own.slice(1))];
  ctx.detail('fill', { writers, chars: m.gameChars(full.doc), p90TapMs: ctx.stats.percentile(past.own, 90), p90CheckMs: ctx.stats.percentile(past.check, 90) });
  ctx.note('bloat.fullLogTapMs', `Node, no throttling: the second seat's counter tap on the 16-round game once ${writers} writers of a tampered phone filled its free part to 2 MiB; median of ${TAPS - 1} after the first`);
  ctx.note('bloat.fullLogTapOverNormal', `bloat.fullLogTapMs over the same tap on the game before it was filled (${round(normalTap, 2)} ms)`);
  ctx.note('bloat.fullLogCheckMs', `a receiving phone's guard check of one such tap's update, median of ${TAPS - 1}`);
  ctx.note('bloat.fullLogFirstTapMs', "the first tap past the full log: the opening's session key made and its writer entry signed");
  ctx.note('bloat.vouchChars', "characters of log one vouch adds to the seat's part after each write past the full log");
  return {
    'bloat.fullLogTapMs': round(pastTap, 3),
    'bloat.fullLogTapOverNormal': round(pastTap / normalTap, 2),
    'bloat.fullLogCheckMs': round(median(past.check.slice(1)), 3),
    'bloat.fullLogFirstTapMs': round(past.own[0], 1),
    'bloat.vouchChars': bounds.entryChars(vouch),
  };
}
