/**
 * Deploy anywhere (issue 20): the same build served under a path, as a GitHub Pages project site serves
 * it (https://<owner>.github.io/<repository>/). The server answers nothing outside that path, so any URL
 * the app still built from '/' fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startAppServer } from '../../scripts/serve.mjs';
import type { AppServer } from '../../scripts/serve.mjs';
import { createGameThroughUI, launchBrowser, newPhone, overviewItems, THREE_SEATS, untilControlledBySW } from './browser';
import { connectionButton, hostTable, WEBRTC_ARGS } from './phones';

const BASE = '/some/sub/path/';
let browser: Browser;
let app: AppServer;
beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(WEBRTC_ARGS), startAppServer({ port: 0, host: '127.0.0.1', base: BASE })]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('the app served under a path', () => {
  it('is controlled by its service worker there, and creates and opens a game offline after a reload', async () => {
    const { page, context } = await newPhone(browser, app.url);
    const outside: string[] = [];
    page.on('request', (r) => {
      if (/^https?:/.test(r.url()) && !r.url().startsWith(app.url)) outside.push(r.url());
    });
    try {
      await untilControlledBySW(page);
      // The worker's scope is the app's folder, not the host's root (which may be another site).
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(app.url);
      const manifest = await page.evaluate(async () => {
        const href = document.querySelector<HTMLLinkElement>('link[rel=manifest]')?.href ?? '';
        const m = (await (await fetch(href)).json()) as { start_url: string; scope: string; icons: { src: string }[] };
        return { start: new URL(m.start_url, href).href, scope: new URL(m.scope, href).href, icons: m.icons.map((i) => new URL(i.src, href).href) };
      });
      expect(manifest.start).toBe(app.url);
      expect(manifest.scope).toBe(app.url);
      for (const icon of manifest.icons) expect(icon.startsWith(`${app.url}icons/`)).toBe(true);

      // From here on the server cannot be reached: the page, its scripts and the new game come from the phone.
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Twilight Table' }).waitFor();
      const id = await createGameThroughUI(page, 'Pages night', THREE_SEATS);
      expect(page.url()).toBe(`${app.url}#/game/${id}`);
      await page.getByRole('button', { name: /This phone is Ana/ }).click();
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Saved on this phone');
      await page.goto(`${app.url}#/`);
      await page.reload();
      await page.getByRole('list', { name: 'Saved games' }).getByText('Pages night').click();
      await page.getByRole('heading', { name: 'Pages night' }).waitFor();
      // The table's overview mounts once a scroll brings it near (below the fold).
      await expect.poll(() => overviewItems(page, 'Ana (you)')).toBe(1);
      expect(outside).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('invites a phone with a link under the path, and both meet on the signaling server beside the app', async () => {
    const { phones, link } = await hostTable(browser, app.url, 'Pages table', THREE_SEATS.slice(0, 2));
    try {
      expect(link.startsWith(`${app.url}#/join?`)).toBe(true);
      for (const p of phones) await expect.poll(() => connectionButton(p).textContent(), { timeout: 30_000 }).toBe('1 phone');
    } finally {
      for (const p of phones) await p.context.close();
    }
  });
});
