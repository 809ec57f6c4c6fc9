// Start: how fast the installed app opens a long game on a slow phone. The built app in Chromium,
// 4× CPU throttling, offline, served by its service worker, the simulated 16-round 8-player game
// stored in IndexedDB (this phone holding the first seat), opened at #/game/<id>.
//
// Each run is a new tab of the same phone (a persistent profile): the service worker is stopped first
// (a cold start of the worker too), the network is off (everything comes from the precache), and
// nothing of the previous tab survives but what a phone keeps (Cache Storage, its code cache, IndexedDB).
// Playwright installs the app and stores the game; the measured tabs are opened by a plain DevTools
// session (bench/lib/plainChromium.mjs says why), with start.interactivePlaywrightMs as the same start
// measured through Playwright, for comparison with figures from before the switch.
//
//   start.firstRenderMs    first contentful paint ('paint' performance entry)
//   start.gameRenderedMs   the game's heading (its name, in an h1) is in the DOM and the frame after it
//                          has been produced (requestAnimationFrame, then a message task)
//   start.interactiveMs    the first moment T ≥ gameRenderedMs such that no long task (> 50 ms, Long
//                          Tasks API) runs in [T, T + 500 ms]: the game is on screen and a tap on it
//                          is handled without waiting behind a long task (TTI with a 500 ms quiet
//                          window, as there is no network to wait for)
// All times from the navigation start, median of RUNS runs after one discarded warm-up run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { installApp, storeGame } from '../lib/app.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../lib/chromium.mjs';
import { launchPlainChromium } from '../lib/plainChromium.mjs';

export const keys = [
  'start.firstRenderMs',
  'start.gameRenderedMs',
  'start.interactiveMs',
  'start.interactiveMinMs',
  'start.interactiveMaxMs',
  'start.longestTaskMs',
  'start.interactive1xCpuMs',
  'start.interactivePlaywrightMs',
];
export const targets = { 'start.interactiveMs': { max: 1000 } };

const RUNS = Number(process.env.BENCH_START_RUNS ?? 7);
const RATE = 4;
const QUIET_MS = 500;
const PHONE = { width: 360, height: 740, deviceScaleFactor: 2 };

/**
 * Installed in every document before its scripts run: watches for long tasks and the game heading,
 * and once the quiet window after the heading has passed, leaves the measurements in
 * `window.__ttStartResult` (read by the plain session once the start is over) and logs them to the
 * console (where the Playwright reference run listens, so as not to poll the page).
 */
function probe({ name, quiet }) {
  const s = (window.__ttStart = { longTasks: [], headingAt: null, paintedAt: null });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) s.longTasks.push([e.startTime, e.startTime + e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    s.noLongTasks = true;
  }
  const settled = () => {
    let t = s.paintedAt;
    for (const [a, b] of [...s.longTasks].sort((x, y) => x[0] - y[0])) {
      if (b <= t) continue;
      if (a >= t + quiet) break;
      t = b;
    }
    if (performance.now() < t + quiet) return null;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    return {
      fcp,
      headingAt: s.headingAt,
      paintedAt: s.paintedAt,
      interactive: t,
      longest: Math.max(0, ...s.longTasks.map(([a, b]) => b - a)),
      longTasks: s.longTasks.length,
      controlled: !!navigator.serviceWorker.controller,
      noLongTasks: !!s.noLongTasks,
    };
  };
  const report = () => {
    const r = settled();
    if (!r) return void setTimeout(report, 100);
    window.__ttStartResult = r;
    console.debug(`__ttStart ${JSON.stringify(r)}`);
  };
  const mo = new MutationObserver(() => {
    if (s.headingAt !== null) return;
    if (![...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === name)) return;
    s.headingAt = performance.now();
    mo.disconnect();
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        s.paintedAt = performance.now();
        report();
      };
      ch.port2.postMessage(0);
    });
  });
  mo.observe(document, { childList: true, subtree: true, characterData: true });
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

function checked(r) {
  if (!r) throw new Error('the game did not open within 20 s');
  if (!r.controlled) throw new Error('the page was not served by the service worker');
  if (r.noLongTasks) throw new Error('this Chromium reports no long tasks');
  return r;
}

/** One measured start through Playwright (the reference): a new tab of the persistent context. */
async function playwrightStart(context, { appUrl, gameUrl }) {
  const tab = await context.newPage();
  try {
    const cdp = await context.newCDPSession(tab);
    // Land on the origin without running the app (a precached file), then stop the worker and slow
    // the CPU, so the measured navigation starts cold and stays in the throttled renderer.
    await tab.goto(`${appUrl}/manifest.webmanifest`);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    const done = tab.waitForEvent('console', { predicate: (m) => m.text().startsWith('__ttStart '), timeout: 60_000 });
    await tab.goto(gameUrl, { waitUntil: 'commit' });
    return checked(JSON.parse((await done).text().slice('__ttStart '.length)));
  } finally {
    await tab.close();
  }
}

/** One measured start in a new tab of the plain browser, the same steps with one DevTools session. */
async function plainStart(browser, { appUrl, gameUrl, rate, probeSource }) {
  const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank' });
  try {
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
    const send = (method, params) => browser.send(method, params, sessionId);
    await send('Page.enable');
    await send('Emulation.setDeviceMetricsOverride', { ...PHONE, mobile: true });
    await send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'dark' }] });
    await send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await send('Page.addScriptToEvaluateOnNewDocument', { source: probeSource });
    await send('Page.navigate', { url: `${appUrl}/manifest.webmanifest` });
    await sleep(500);
    await send('ServiceWorker.enable');
    await send('ServiceWorker.stopAllWorkers');
    await send('Emulation.setCPUThrottlingRate', { rate });
    await send('Page.navigate', { url: gameUrl });
    // Read once the start is surely over: reading earlier would run on the page's main thread.
    await sleep(2_000);
    for (let waited = 0; waited < 20_000; waited += 250) {
      const { result } = await send('Runtime.evaluate', { expression: 'window.__ttStartResult ?? null', returnByValue: true });
      if (result.value) return checked(result.value);
      await sleep(250);
    }
    return checked(null);
  } finally {
    await browser.send('Target.closeTarget', { targetId });
  }
}

export async function run(ctx) {
  const sim = await ctx.simulation();
  const m = await ctx.importTs('bench/simulate.ts');
  const profile = mkdtempSync(join(tmpdir(), 'tt-start-'));
  try {
    // Install (the service worker precaches the app); the simulated game on this phone, holding the first seat.
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      viewport: { width: PHONE.width, height: PHONE.height },
      deviceScaleFactor: PHONE.deviceScaleFactor,
      hasTouch: true,
      isMobile: true,
      colorScheme: 'dark',
    });
    let reference;
    let gameUrl;
    let probeArgs;
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const device = await installApp(page, ctx.appUrl);
      const game = m.replicaOf(sim.games[0], device.tag);
      game.claimSeat(sim.seats[0]);
      const { id, name } = await storeGame(page, m, game);
      gameUrl = `${ctx.appUrl}/#/game/${id}`;
      probeArgs = { name, quiet: QUIET_MS };
      await page.goto(gameUrl);
      await page.getByRole('heading', { name }).waitFor({ timeout: 30_000 });
      await page.close();
      await context.setOffline(true);
      await context.addInitScript(probe, probeArgs);
      reference = await ctx.stats.repeat(3, () => playwrightStart(context, { appUrl: ctx.appUrl, gameUrl }), { warmup: 1 });
      ctx.detail('game', { events: sim.stats.events, players: sim.stats.players, rounds: sim.stats.rounds, storedBytesV2: m.encodedSizes(game.doc).v2 });
    } finally {
      await context.close();
    }

    const browser = await launchPlainChromium(profile);
    let runs;
    let fast;
    try {
      const probeSource = `(${probe})(${JSON.stringify(probeArgs)})`;
      const once = (rate) => plainStart(browser, { appUrl: ctx.appUrl, gameUrl, rate, probeSource });
      runs = await ctx.stats.repeat(RUNS, () => once(RATE), { warmup: 1 });
      fast = await ctx.stats.repeat(3, () => once(1), { warmup: 0 });
    } finally {
      await browser.close();
    }

    const med = (xs, k) => ctx.stats.round(ctx.stats.median(xs.map((r) => r[k])));
    ctx.detail('runs', runs);
    ctx.detail('runs1xCpu', fast);
    ctx.detail('runsPlaywright', reference);
    ctx.note('start.interactiveMs', `4× CPU, offline from the service worker (stopped before each run), ${sim.stats.events}-event game, a plain DevTools session; median of ${RUNS}`);
    ctx.note('start.interactive1xCpuMs', 'start.interactiveMs without CPU throttling (this machine), median of 3');
    ctx.note('start.interactivePlaywrightMs', 'start.interactiveMs with the tab driven by Playwright, as measured before 2026-11-22 (its instrumentation of the page adds ~0.4 s), median of 3');
    ctx.note('start.longestTaskMs', 'the longest main-thread task of the start, 4× CPU, median');
    ctx.note('start.interactiveMinMs', 'the fastest and slowest of the runs behind start.interactiveMs: how much the machine moved during the suite');
    return {
      'start.firstRenderMs': med(runs, 'fcp'),
      'start.gameRenderedMs': med(runs, 'paintedAt'),
      'start.interactiveMs': med(runs, 'interactive'),
      'start.interactiveMinMs': ctx.stats.round(Math.min(...runs.map((r) => r.interactive))),
      'start.interactiveMaxMs': ctx.stats.round(Math.max(...runs.map((r) => r.interactive))),
      'start.longestTaskMs': med(runs, 'longest'),
      'start.interactive1xCpuMs': med(fast, 'interactive'),
      'start.interactivePlaywrightMs': med(reference, 'interactive'),
    };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}
