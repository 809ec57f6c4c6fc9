import { describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startAppServer } from '../../scripts/serve.mjs';
import { CHROMIUM, CHROMIUM_ARGS, createGameThroughUI, newPhone, overviewItems, realParts, THREE_SEATS, untilControlledBySW } from './browser';

const real = realParts();

describe('the installed app on one phone', () => {
  it('keeps a new game and the chosen seat across a reload', async () => {
    const { page, context } = await newPhone(real.browser, real.app.url);
    await createGameThroughUI(page, 'Reload night', THREE_SEATS);
    await page.getByRole('button', { name: /This phone is Ben/ }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Saved on this phone');
    await page.reload();
    await page.getByRole('heading', { name: 'Reload night' }).waitFor();
    // The table's overview mounts once a scroll brings it near (below the fold).
    await expect.poll(() => overviewItems(page, 'Ben (you)')).toBe(1);
    await page.goto(real.app.url);
    expect(await page.getByRole('list', { name: 'Saved games' }).textContent()).toContain('Reload night');
    await context.close();
  });

  it("shows index.html's Loading… in every frame until the game screen replaces it, even when the screen's code comes after the phone's identity", async () => {
    // No service worker: the page's requests are the test's to slow down.
    const { page, context } = await newPhone(real.browser, real.app.url, 'dark', { serviceWorkers: 'block' });
    await createGameThroughUI(page, 'Late code night', THREE_SEATS);
    await page.getByRole('button', { name: /This phone is Ben/ }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Saved on this phone');
    await page.addInitScript(() => {
      const w = window as unknown as { blankFrames: number };
      w.blankFrames = 0;
      const frame = () => {
        const app = document.getElementById('app');
        if (app && !app.textContent?.trim()) w.blankFrames++;
        if (!document.querySelector('h1')) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    // The game screen's code arrives 400 ms after it is asked for: long after this phone's identity is read.
    await page.route(/\/assets\/game-[^/]*\.js$/, async (route) => {
      await new Promise((ok) => setTimeout(ok, 400));
      await route.continue();
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Late code night' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { blankFrames: number }).blankFrames)).toBe(0);
    expect(await page.locator('#splash').count()).toBe(0);
    await context.close();
  });

  it('reopens a game painted from the game kept at its last open, and a kept view edited on the phone never survives the fold: replaced, and said', async () => {
    const { page, context } = await newPhone(real.browser, real.app.url);
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    const id = await createGameThroughUI(page, 'View night', THREE_SEATS);
    await page.getByRole('button', { name: /This phone is Ana/ }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Saved on this phone');
    // Once the game has settled, the phone keeps it as folded (src/sync/viewCache.ts) for the next start.
    const kv = (op: 'get' | 'put', key: string, value?: unknown) =>
      page.evaluate(
        ([op, key, value]) =>
          new Promise<unknown>((ok, ko) => {
            const r = indexedDB.open('tt-private');
            r.onerror = () => ko(r.error);
            r.onsuccess = () => {
              const store = r.result.transaction('kv', op === 'get' ? 'readonly' : 'readwrite').objectStore('kv');
              const q = op === 'get' ? store.get(key as string) : store.put(value, key as string);
              q.onsuccess = () => (r.result.close(), ok(q.result));
              q.onerror = () => ko(q.error);
            };
          }),
        [op, key, value] as const,
      );
    await expect.poll(() => kv('get', `view:${id}`), { timeout: 15_000 }).toBeTruthy();
    // Away from the game (its session keeps the view once more as it closes, 1.5 s later), then the edit.
    await page.goto(`${real.app.url}/#/`);
    await page.waitForTimeout(3000);
    const kept = (await kv('get', `view:${id}`)) as { view: string };
    const view = JSON.parse(kept.view) as { players: Record<string, { counters: { vp: number } }> };
    expect(view.players.s1?.counters.vp).toBe(0);
    // Edited on the phone (a bug, or anything with access to its storage): Ana with 7 VP.
    view.players.s1!.counters.vp = 7;
    await kv('put', `view:${id}`, { ...kept, view: JSON.stringify(view) });
    await page.goto(`${real.app.url}/#/game/${id}`);
    await page.getByRole('heading', { name: 'View night' }).waitFor();
    // The overview (scrolled to) shows the real fold's 0 VP once it has replaced the edited view's 7.
    const ana = page.getByRole('listitem', { name: 'Ana (you)' });
    await expect.poll(async () => ((await overviewItems(page, 'Ana (you)')) ? ana.textContent() : '')).toContain('0 VP');
    await expect.poll(() => warnings.join('\n')).toMatch(/differed from the game folded from its log/);
    await context.close();
  });

  it('opens the app and the game with no network, from the service worker cache', async () => {
    const { page, context } = await newPhone(real.browser, real.app.url);
    await untilControlledBySW(page);
    const id = await createGameThroughUI(page, 'Offline night', THREE_SEATS);
    await page.getByRole('button', { name: /This phone is Ana/ }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Saved on this phone');
    // From here on the server cannot be reached: everything comes from the service worker cache.
    await context.setOffline(true);
    await page.goto(`${real.app.url}/#/`);
    await page.reload();
    await page.getByRole('list', { name: 'Saved games' }).getByText('Offline night').click();
    await page.getByRole('heading', { name: 'Offline night' }).waitFor();
    expect(page.url()).toContain(id);
    // The table's overview mounts once a scroll brings it near (below the fold).
    await expect.poll(() => overviewItems(page, 'Ana (you)')).toBe(1);
    await page.goto(`${real.app.url}/#/new`);
    await page.getByRole('heading', { name: 'New game' }).waitFor();
    await context.close();
  });

  it('brings a game back on another phone from its exported file, and refuses a file that is not one with a message', async () => {
    const lost = await newPhone(real.browser, real.app.url);
    const spare = await newPhone(real.browser, real.app.url);
    try {
      await createGameThroughUI(lost.page, 'Backup night', THREE_SEATS);
      await lost.page.getByRole('button', { name: /This phone is Cleo/ }).click();
      await lost.page.getByRole('tab', { name: 'Counters' }).click();
      await lost.page.getByRole('button', { name: 'Add 1 trade good' }).click(); // to quick setup's 1
      await lost.page.getByLabel('Trade goods: 2').waitFor();
      const [download] = await Promise.all([lost.page.waitForEvent('download'), lost.page.getByRole('button', { name: 'Export this game to a file' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^backup-night-\d{4}-\d{2}-\d{2}\.twilight\.json$/);
      const file = await download.path();

      const importer = spare.page.getByLabel('Game file to import');
      await importer.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"shopping":["milk"]}') });
      await spare.page.getByText(/not a Twilight Table game export/).waitFor();
      expect(await spare.page.getByRole('list', { name: 'Saved games' }).count()).toBe(0);

      await importer.setInputFiles(file);
      await spare.page.getByRole('heading', { name: 'Backup night' }).waitFor();
      await spare.page.getByRole('button', { name: /This phone is Cleo/ }).click();
      await spare.page.getByRole('tab', { name: 'Counters' }).click();
      await spare.page.getByLabel('Trade goods: 2').waitFor();
    } finally {
      await lost.context.close();
      await spare.context.close();
    }
  });

  it('reports no installability errors to Chrome (manifest, icons, service worker)', async () => {
    // A persistent profile: Chrome refuses installation from incognito contexts, which newContext() makes.
    const profile = mkdtempSync(join(tmpdir(), 'tt-install-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, viewport: { width: 360, height: 740 } });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(real.app.url);
      await untilControlledBySW(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors).toEqual([]);
      const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
      expect(manifest.errors).toEqual([]);
      expect(manifest.url).toMatch(/manifest\.webmanifest$/);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('offers an update when a new version is deployed, and applies it only when the player agrees', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tt-dist-'));
    cpSync(new URL('../../dist', import.meta.url), root, { recursive: true });
    const server = await startAppServer({ root, port: 0 });
    const { page, context } = await newPhone(real.browser, server.url);
    try {
      await untilControlledBySW(page);
      expect(await page.getByRole('alertdialog', { name: 'Update available' }).count()).toBe(0);
      // A new deployment: index.html changed, so its revision in the worker's precache manifest did too.
      appendFileSync(join(root, 'index.html'), '\n<!-- a new deployment -->\n');
      const sw = readFileSync(join(root, 'sw.js'), 'utf8');
      const revision = /"revision":"(\w+)","url":"index\.html"/.exec(sw)?.[1];
      expect(revision).toBeTruthy();
      writeFileSync(join(root, 'sw.js'), sw.replace(`"revision":"${revision}","url":"index.html"`, '"revision":"0a0b0c","url":"index.html"'));
      await page.reload();
      const prompt = page.getByRole('alertdialog', { name: 'Update available' });
      await prompt.waitFor();
      // The new version waits: the page keeps running the old one until the player says so.
      expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);
      await prompt.getByRole('button', { name: 'Update now' }).click();
      await page.waitForFunction(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return !reg?.waiting && reg?.active?.state === 'activated' && !!navigator.serviceWorker.controller;
      });
      await page.getByRole('heading', { name: 'Twilight Table' }).waitFor();
      expect(await page.getByRole('alertdialog', { name: 'Update available' }).count()).toBe(0);
      // The precache holds the new index.html, not beside the old one: the old entries went when it took over.
      const pages = await page.evaluate(async () => {
        const out: string[] = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) if (request.url.includes('index.html')) out.push((await (await cache.match(request))?.text()) ?? '');
        }
        return out;
      });
      expect(pages).toHaveLength(1);
      expect(pages[0]).toContain('<!-- a new deployment -->');
    } finally {
      await context.close();
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
