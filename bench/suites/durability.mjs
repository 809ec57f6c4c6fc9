// Durability: the crash window (issue 18). How long after a tap a killed browser still loses the
// change. A real Chromium with its own profile on disk opens the 16-round game, a change is made
// through the app (a table note, via the test handle), and the browser process is killed with SIGKILL
// N ms later; a new Chromium on the same profile then opens the game and looks for the change.
//
//   durability.lossWindowMs   the smallest N from which no trial lost its change, at N or any larger
//                             delay tried (0: none was lost, even when killed at once); each N is
//                             tried TRIALS times
//   durability.savedAfterMs   how long after a tap its change was on disk (the persistence's whenSaved, median)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../lib/chromium.mjs';
import { storeGame } from '../lib/app.mjs';

export const keys = ['durability.lossWindowMs', 'durability.savedAfterMs', 'durability.trials'];

const DELAYS_MS = [0, 5, 10, 20, 40, 80];
const TRIALS = Number(process.env.BENCH_CRASH_TRIALS ?? 3);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A Chromium of its own (so that it can be killed), reached over the DevTools protocol. */
async function startChromium(profile) {
  const port = 9400 + Math.floor(Math.random() * 500);
  const child = spawn(CHROMIUM, [...CHROMIUM_ARGS, '--headless=new', `--user-data-dir=${profile}`, `--remote-debugging-port=${port}`, 'about:blank'], { stdio: 'ignore', detached: true });
  for (let i = 0; i < 100; i++) {
    try {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      return { browser, child };
    } catch {
      await sleep(100);
    }
  }
  child.kill('SIGKILL');
  throw new Error('Chromium did not start');
}

/** SIGKILL, as a dying phone or an out-of-memory kill ends a browser, and waits until it is gone. */
async function kill(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  // The whole process group: the renderer and the network service die with the browser, as on a phone.
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
  await gone;
}

async function openGame(browser, url) {
  // Set before every page: localStorage written just before a kill may itself be lost.
  await browser.contexts()[0].addInitScript(() => localStorage.setItem('tt-debug', '1'));
  const page = await browser.contexts()[0].newPage();
  await page.goto(url);
  await page.waitForFunction(() => !!globalThis.__tt, null, { timeout: 30_000 });
  return page;
}

export async function run(ctx) {
  const sim = await ctx.simulation();
  const m = await ctx.importTs('bench/simulate.ts');
  const lost = Object.fromEntries(DELAYS_MS.map((d) => [d, 0]));
  const savedAfter = [];
  for (const delay of DELAYS_MS) {
    for (let trial = 0; trial < TRIALS; trial++) {
      const profile = mkdtempSync(join(tmpdir(), 'tt-crash-'));
      let child;
      try {
        let browser;
        ({ browser, child } = await startChromium(profile));
        const setup = await browser.contexts()[0].newPage();
        await setup.goto(ctx.appUrl);
        const { id } = await storeGame(setup, m, sim.games[0]);
        const page = await openGame(browser, `${ctx.appUrl}/#/game/${id}`);
        await page.getByText('Saved on this phone').waitFor();
        const text = `crash probe ${delay} ms #${trial}`;
        await page.evaluate((t) => globalThis.__tt.game.makeMove(globalThis.__tt.game.moves.sheet.note, null, t), text);
        if (delay) await sleep(delay);
        await kill(child);
        // The same phone, started again.
        ({ browser, child } = await startChromium(profile));
        const again = await openGame(browser, `${ctx.appUrl}/#/game/${id}`);
        // The game as the phone has it once loaded (a phone whose whole store was lost would have none).
        const kept = await again
          .waitForFunction((t) => globalThis.__tt.game.snapshotOrUndefined()?.log.some((e) => e.event.k === 'note' && e.event.text === t), text, { timeout: 5_000 })
          .then(() => true, () => false);
        if (!kept) lost[delay]++;
        if (delay === DELAYS_MS[DELAYS_MS.length - 1]) {
          // A separate tap, for how long its change takes to be on disk (the save label says "Saving…" only
          // past half a second, ui/shell/saveStatus.ts: it no longer flips for a quick save).
          savedAfter.push(await again.evaluate(async () => {
            const start = performance.now();
            globalThis.__tt.game.makeMove(globalThis.__tt.game.moves.sheet.note, null, 'saved probe');
            await globalThis.__tt.persistence.whenSaved();
            return performance.now() - start;
          }));
        }
        await browser.close().catch(() => undefined);
        await kill(child);
      } finally {
        // A trial that failed half-way must not leave its browser running through the next ones.
        if (child) await kill(child);
        try {
          rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
        } catch {
          // A process of the killed browser still closing a file: the temporary profile stays behind.
        }
      }
    }
  }
  ctx.detail('lostPerDelay', lost);
  ctx.note('durability.lossWindowMs', `killed ${DELAYS_MS.join('/')} ms after a tap, ${TRIALS} trials each; lost: ${DELAYS_MS.map((d) => `${d} ms ${lost[d]}/${TRIALS}`).join(', ')}`);
  // The first delay from which no trial, at that delay or any later one, lost its change.
  const lossWindow = DELAYS_MS.find((d, i) => DELAYS_MS.slice(i).every((later) => lost[later] === 0)) ?? null;
  const sorted = [...savedAfter].sort((a, b) => a - b);
  return {
    'durability.lossWindowMs': lossWindow,
    'durability.savedAfterMs': sorted[Math.floor(sorted.length / 2)] ?? null,
    'durability.trials': DELAYS_MS.length * TRIALS,
  };
}
