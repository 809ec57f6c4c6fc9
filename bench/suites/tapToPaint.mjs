// Tap to paint: how fast a tap on a planet card shows in the header totals, on a slow phone. The built
// app in Chromium with 4× CPU throttling, the simulated 8-player game (bench/simulate.ts) topped up so that
// 100 planets are in play, this phone holding the first seat, on its Planets tab.
//
// Three phones tap in turn (the order rotates each time), each throttled 4×, so a machine that slows
// down during the suite slows all three:
//   - the game after round 16 (the sixth hour),
//   - the same table after round 1 (same seed, same seats, same 100 planets; a short log),
//   - the floor: a bare page (bench/pages/tapFloor.html) whose one button changes one text.
// Each measured tap exhausts (or refreshes) one of her planets that has a resource value, so the
// "Resources" total changes on every tap. Measured in the page:
//   ui.tapToPaintMs     from the tap's pointerup (the finger lifts: the tap is complete) until the frame
//                       showing the new totals has been produced: the totals change in the DOM
//                       (MutationObserver), then requestAnimationFrame, then a message task (after
//                       the frame's paint). Includes the browser's own input latency (next key).
//   ui.inputLatencyMs   the same pointerup → click handler delay for a bare button added to the same
//                       page, which does nothing: what Chromium (and the driver) cost before any app
//                       code runs. Subtract it from ui.tapToPaintMs to see the app's share.
//   ui.tapWorkMs        from the click handler's start until the totals change in the DOM: the
//                       command, the Yjs transaction, the fold, the store update and the render. "A
//                       tap updates the totals within one frame" means this fits in a 60 Hz frame.
//   ui.tapFloorP90Ms    ui.tapToPaintP90Ms of the floor page; ui.tapOverFloorRatio = app p90 / floor p90.
//   ui.…Round1Ms        the same figures on the round-1 phone; ui.…Round16OverRound1 their ratios: what the
//                       length of the game alone adds to a tap.
//   ui.tapPresentedP90Ms, ui.tapFloorPresentedP90Ms, ui.tapPresentedOverFloorRatio: the same taps as the
//                       browser itself accounts for them (Event Timing, what INP reads): pointerup → the frame
//                       after the handlers, presented, in 8 ms steps. The message ui.tapToPaint… ends on is
//                       queued behind the first of the app's jobs after that frame (later.ts afterPaint: the
//                       agents' checks, saving; one per task since 2026-12-04, all of them before), which
//                       this figure does not count.
// Medians (and p90s) of 2 × TAPS taps per phone (each taps twice in each of TAPS rounds) after WARMUP discarded rounds.
//
// BENCH_TAP_TRACE=<file> records, after the measured taps, a Chromium trace (the performance panel's
// categories, DevTools opens the file) of TRACED taps on the round-16 phone, and prints where the main
// thread's time went between each pointerup and the frame after it: script, style, layout, paint and the
// rest, by self time, and the heaviest script functions (its CPU profile). Profile an unminified build
// (`npx vite build --minify false --outDir /tmp/dist-plain`, then `--dist /tmp/dist-plain`) for names.
// BENCH_TAP_TRACE_RATE=<n> traces those taps at n× CPU instead of the suite's 4×: under throttling the profile's
// samples land on the points where the renderer is paused (native calls, a 10-key compare showing milliseconds),
// so its self times are read at 1×; the trace's kinds hold at 4×.
import { adoptDeviceKey, installApp, storeGame } from '../lib/app.mjs';
import { heaviest, summariseTrace, traceAndProfile } from '../lib/trace.mjs';

export const keys = [
  'ui.tapToPaintMs',
  'ui.tapWorkMs',
  'ui.inputLatencyMs',
  'ui.tapToPaintP90Ms',
  'ui.tapToPaint1xCpuMs',
  'ui.tapFloorP90Ms',
  'ui.tapOverFloorRatio',
  'ui.tapToPaintRound1Ms',
  'ui.tapToPaintP90Round1Ms',
  'ui.tapWorkRound1Ms',
  'ui.tapToPaintRound16OverRound1',
  'ui.tapWorkRound16OverRound1',
  'ui.tapPresentedP90Ms',
  'ui.tapFloorPresentedP90Ms',
  'ui.tapPresentedOverFloorRatio',
];
export const targets = {
  'ui.tapWorkMs': { max: 8 },
  'ui.tapOverFloorRatio': { max: 1.5 },
  'ui.tapToPaintRound16OverRound1': { max: 1.25 },
  'ui.tapWorkRound16OverRound1': { max: 1.25 },
};
export const timeoutMs = 8 * 60_000;

const TAPS = Number(process.env.BENCH_TAPS ?? 30);
const WARMUP = 3;
const RATE = 4;
const PLANETS_IN_PLAY = 100;
const TRACED = 10;

/**
 * In the page: resolves with the timings of the next tap on anything, once its totals are painted. `presented`
 * is the browser's own account of the same tap (Event Timing, as INP reads it): from the pointerup to the
 * frame after its handlers presented on screen, in steps of 8 ms, or null if Chromium reported none within
 * two seconds. It does not count work queued after that frame, which `paint` (a message after the frame)
 * waits behind.
 */
function armTap() {
  // When the tap's frame was presented: the latest end among its pointerup and click entries (the click comes last).
  const presented = new Promise((resolve) => {
    let end = null;
    const po = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.name === 'pointerup' || e.name === 'click') end = Math.max(end ?? 0, e.startTime + e.duration);
        if (e.name === 'click') finish();
      }
    });
    const finish = () => {
      po.disconnect();
      resolve(end);
    };
    po.observe({ type: 'event', durationThreshold: 16 });
    setTimeout(finish, 2000);
  });
  window.__ttTap = new Promise((resolve) => {
    let down = null;
    let up = null;
    let click = null;
    document.addEventListener('pointerdown', (e) => (down = e.timeStamp), { capture: true, once: true });
    document.addEventListener('pointerup', (e) => {
      up = e.timeStamp;
      // Marks for a trace (BENCH_TAP_TRACE): its clock is not the page's.
      console.timeStamp('tt-up');
    }, { capture: true, once: true });
    document.addEventListener('click', () => (click = performance.now()), { capture: true, once: true });
    const totals = document.querySelector('dl.totals');
    const mo = new MutationObserver(() => {
      mo.disconnect();
      const changed = performance.now();
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => {
          console.timeStamp('tt-end');
          const t = { paint: performance.now() - up, work: changed - click, fromDown: performance.now() - down };
          presented.then((end) => resolve({ ...t, presented: end === null ? null : end - up }));
        };
        ch.port2.postMessage(0);
      });
    });
    mo.observe(totals, { subtree: true, childList: true, characterData: true });
  });
}

/** In the page: a bare button that does nothing, and the pointerup → click delay of the next tap on it. */
function armBaseline() {
  let b = document.getElementById('bench-bare');
  if (!b) {
    b = document.createElement('button');
    b.id = 'bench-bare';
    b.textContent = 'bare';
    b.style.cssText = 'position:fixed;left:8px;top:200px;z-index:99;width:120px;height:60px';
    document.body.append(b);
  }
  window.__ttBare = new Promise((resolve) => {
    let up = null;
    document.addEventListener('pointerup', (e) => (up = e.timeStamp), { capture: true, once: true });
    b.addEventListener('click', () => resolve(performance.now() - up), { once: true });
  });
}

/**
 * The simulated game on this phone, with unowned planets dealt round the table until 100 are in play:
 * each seat's by that seat's own phone (seat authority), then merged; this phone then takes the first seat.
 */
function tableGame(m, data, sim, { tag, signer }) {
  const phones = sim.seats.map((_, k) => m.replicaOf(sim.games[0], sim.devices[k], undefined, sim.games[k].signer));
  const base = sim.games[0].snapshot().planets;
  let inPlay = Object.values(base).filter((p) => p.owner).length;
  let i = 0;
  for (const planet of data.PLANETS) {
    if (inPlay >= PLANETS_IN_PLAY) break;
    if (base[planet.id]?.owner) continue;
    const k = i++ % sim.seats.length;
    phones[k].makeMove(phones[k].moves.planets.addPlanet, sim.seats[k], planet.id);
    inPlay++;
  }
  for (let n = 1; inPlay < PLANETS_IN_PLAY; n++, inPlay++) {
    const k = n % sim.seats.length;
    phones[k].makeMove(phones[k].moves.planets.addCustomPlanet, sim.seats[k], { name: `Bench ${n}`, resources: 1 + (n % 3), influence: n % 4, specialties: [] });
  }
  m.mergeInto(phones[0], ...phones.slice(1));
  const game = m.replicaOf(phones[0], tag, undefined, signer);
  void game.claimSeat(sim.seats[0]);
  return game;
}

/** A phone of its own with the app installed and `sim`'s table stored, open on the Planets tab; its tap. */
async function appPhone(ctx, browser, m, data, sim) {
  const { context, page } = await ctx.newPhone(browser);
  await installApp(page, ctx.appUrl);
  // The phone's claim is signed with its key: one made here, so that it can be written here.
  const game = tableGame(m, data, sim, await adoptDeviceKey(page, await ctx.importTs('src/crypto/signature.ts')));
  const s = game.snapshot();
  const mine = s.players[sim.seats[0]].planets.map((id) => s.planets[id]);
  const target = mine.find((p) => p.resources > 0);
  if (!target) throw new Error('the first seat holds no planet with a resource value');
  const { id } = await storeGame(page, m, game);
  // Offline, as at a game night without internet: the round-1 and round-16 games share their id and
  // secret (one seed), and online the two phones would find each other and sync one into the other.
  await context.setOffline(true);
  await page.goto(`${ctx.appUrl}/#/game/${id}`);
  await page.getByRole('tab', { name: 'Planets', selected: true }).waitFor({ timeout: 30_000 });
  const esc = target.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const button = page.getByRole('button', { name: new RegExp(`^(Exhaust|Refresh) ${esc} \\d+/\\d+`) });
  await button.waitFor();
  // Let the start's deferred work (sync, service worker, panels) settle before the first tap.
  await page.waitForTimeout(2000);
  const info = { seats: s.seats.length, planetsInPlay: PLANETS_IN_PLAY, herPlanets: mine.length, logEvents: s.log.length, tapped: target.name };
  return { context, page, button, info };
}

const tapOn = (phone) => async () => {
  await phone.page.evaluate(armTap);
  await phone.button.tap();
  return phone.page.evaluate(() => window.__ttTap);
};

/**
 * BENCH_TAP_TRACE: a trace and a CPU profile (none with BENCH_TAP_PROFILE=0) of TRACED taps on `phone`,
 * summarised on the log and in the run's details under `key`.
 */
async function traceTaps(ctx, phone, cdp, file, what, key) {
  const withProfile = process.env.BENCH_TAP_PROFILE !== '0';
  const { events: chunks, profile } = await traceAndProfile(cdp, file, async () => {
    for (let i = 0; i < TRACED; i++) await tapOn(phone)();
  }, { profile: withProfile });
  const summary = summariseTrace(chunks);
  ctx.log(`trace of ${TRACED} taps ${what} in ${file}; main thread from pointerup to the frame after, ms per tap:`);
  ctx.log(`  ${JSON.stringify(summary?.msPerTapByKind ?? 'no renderer main thread in the trace')}`);
  ctx.log(`  ${JSON.stringify(Object.fromEntries(Object.entries(summary?.msPerTapByEvent ?? {}).slice(0, 16)))}`);
  const windows = summary?.windows ?? [];
  if (withProfile) {
    ctx.log('heaviest functions in those windows by self time (CPU profile, ms per tap):');
    for (const [k, ms] of heaviest(profile, windows)) ctx.log(`  ${ms.toFixed(2).padStart(8)} ms  ${k}`);
  }
  ctx.detail(key, { ...summary, ...(withProfile ? { heaviest: heaviest(profile, windows, 40) } : {}) });
}

export async function run(ctx) {
  const m = await ctx.importTs('bench/simulate.ts');
  const data = await ctx.importTs('src/data/index.ts');
  const [late, early] = [await ctx.simulation(16), await ctx.simulation(1)];
  const browser = await ctx.launchChromium();
  const round16 = await appPhone(ctx, browser, m, data, late);
  const round1 = await appPhone(ctx, browser, m, data, early);
  const floor = await ctx.newPhone(browser);
  await floor.page.goto(`${await ctx.pagesUrl()}/tapFloor.html`);
  const floorPhone = { ...floor, button: floor.page.locator('#tap') };

  const cdps = await Promise.all([round16, round1, floorPhone].map((p) => ctx.throttleCpu(p.page, RATE)));
  const phones = [round16, round1, floorPhone];
  let turn = 0;
  const rounds = await ctx.stats.repeat(
    TAPS,
    async () => {
      // Each in turn, twice, the order rotating: no phone always taps right after another one's frame. Twice,
      // because a p90 of 30 taps moved by a third between runs of the same build (the floor's 31–45 ms).
      const order = [0, 1, 2, 0, 1, 2].map((k) => (k + turn) % 3);
      turn++;
      const out = [[], [], []];
      for (const k of order) out[k].push(await tapOn(phones[k])());
      return out;
    },
    { warmup: WARMUP },
  );
  const [taps, taps1, floors] = [0, 1, 2].map((k) => rounds.flatMap((r) => r[k]));
  const baseline = await ctx.stats.repeat(TAPS, async () => {
    await round16.page.evaluate(armBaseline);
    await round16.page.locator('#bench-bare').tap();
    return round16.page.evaluate(() => window.__ttBare);
  }, { warmup: WARMUP });
  await round16.page.evaluate(() => document.getElementById('bench-bare')?.remove());
  if (process.env.BENCH_TAP_TRACE) {
    if (process.env.BENCH_TAP_TRACE_RATE) await cdps[0].send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.BENCH_TAP_TRACE_RATE) });
    await traceTaps(ctx, round16, cdps[0], process.env.BENCH_TAP_TRACE, 'at round 16', 'trace');
    // The floor's taps the same way, beside it: what a bare page's tap costs the browser and the driver.
    if (process.env.BENCH_TAP_TRACE_RATE) await cdps[2].send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.BENCH_TAP_TRACE_RATE) });
    await traceTaps(ctx, floorPhone, cdps[2], process.env.BENCH_TAP_TRACE.replace(/(\.json)?$/, '-floor.json'), 'on the floor page', 'floorTrace');
  }
  await cdps[0].send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const fast = await ctx.stats.repeat(10, tapOn(round16), { warmup: 1 });
  for (const p of phones) await p.context.close();

  const { median, percentile, round } = ctx.stats;
  const paint = (xs) => xs.map((t) => t.paint);
  const work = (xs) => xs.map((t) => t.work);
  ctx.detail('taps', taps);
  ctx.detail('tapsRound1', taps1);
  ctx.detail('floorTaps', floors);
  ctx.detail('taps1xCpu', fast);
  ctx.detail('bareTaps', baseline);
  ctx.detail('game', round16.info);
  ctx.detail('gameRound1', round1.info);
  const { info } = round16;
  ctx.note('ui.tapToPaintMs', `4× CPU, ${info.seats} seats, ${info.planetsInPlay} planets in play, ${info.logEvents}-event log (after round 16); pointerup → frame with the new totals, median of ${2 * TAPS}, taken in turn with the round-1 phone and the floor page`);
  ctx.note('ui.tapWorkMs', 'click handler → totals changed in the DOM (command, fold, store, render), 4× CPU, median');
  ctx.note('ui.inputLatencyMs', 'pointerup → click on a bare button of the same page (Chromium and driver, no app code), 4× CPU, median');
  ctx.note('ui.tapToPaint1xCpuMs', 'ui.tapToPaintMs without CPU throttling (this machine), median of 10');
  ctx.note('ui.tapFloorP90Ms', 'p90 of the same tap on a bare page (one button that changes one text: bench/pages/tapFloor.html), 4× CPU, in turn with the app');
  ctx.note('ui.tapOverFloorRatio', 'ui.tapToPaintP90Ms / ui.tapFloorP90Ms');
  ctx.note('ui.tapToPaintRound1Ms', `the same table after round 1 (${round1.info.logEvents}-event log), same phone set-up, in turn with the round-16 phone`);
  ctx.note('ui.tapToPaintRound16OverRound1', 'ui.tapToPaintMs / ui.tapToPaintRound1Ms (medians): what the length of the game adds to a tap');
  ctx.note('ui.tapWorkRound16OverRound1', 'ui.tapWorkMs / ui.tapWorkRound1Ms (medians)');
  // Event Timing's account (armTap's `presented`): taps it did not report (none here so far) are left out.
  const presented = (xs) => xs.map((t) => t.presented).filter((x) => typeof x === 'number');
  const presentedP90 = presented(taps).length ? round(percentile(presented(taps), 90)) : null;
  const floorPresentedP90 = presented(floors).length ? round(percentile(presented(floors), 90)) : null;
  ctx.note('ui.tapPresentedP90Ms', `p90 of the same taps by the browser's Event Timing (pointerup → the frame after its handlers, presented; 8 ms steps; ${presented(taps).length} of ${taps.length} reported): unlike ui.tapToPaintP90Ms, work queued after that frame does not count`);
  ctx.note('ui.tapFloorPresentedP90Ms', `the floor's taps, the same way (${presented(floors).length} of ${floors.length} reported)`);
  ctx.note('ui.tapPresentedOverFloorRatio', 'ui.tapPresentedP90Ms / ui.tapFloorPresentedP90Ms');
  const p90 = round(percentile(paint(taps), 90));
  const floorP90 = round(percentile(paint(floors), 90));
  return {
    'ui.tapToPaintMs': round(median(paint(taps))),
    'ui.tapWorkMs': round(median(work(taps))),
    'ui.inputLatencyMs': round(median(baseline)),
    'ui.tapToPaintP90Ms': p90,
    'ui.tapToPaint1xCpuMs': round(median(paint(fast))),
    'ui.tapFloorP90Ms': floorP90,
    'ui.tapOverFloorRatio': round(p90 / floorP90, 2),
    'ui.tapToPaintRound1Ms': round(median(paint(taps1))),
    'ui.tapToPaintP90Round1Ms': round(percentile(paint(taps1), 90)),
    'ui.tapWorkRound1Ms': round(median(work(taps1))),
    'ui.tapToPaintRound16OverRound1': round(median(paint(taps)) / median(paint(taps1)), 2),
    'ui.tapWorkRound16OverRound1': round(median(work(taps)) / median(work(taps1)), 2),
    'ui.tapPresentedP90Ms': presentedP90,
    'ui.tapFloorPresentedP90Ms': floorPresentedP90,
    'ui.tapPresentedOverFloorRatio': presentedP90 && floorPresentedP90 ? round(presentedP90 / floorPresentedP90, 2) : null,
  };
}
