/**
 * Real parts for browser tests: the built app served on loopback, Debian's Chromium driven by
 * playwright-core, one browser context per phone (pages in one context would share storage and
 * BroadcastChannel, which is not what separate phones do).
 */
import { afterAll, beforeAll } from 'vitest';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startAppServer } from '../../scripts/serve.mjs';
import type { AppServer } from '../../scripts/serve.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../../bench/lib/chromium.mjs';

// One list of Chromium flags for the browser tests and the benchmarks: no background traffic on a closed network.
export { CHROMIUM, CHROMIUM_ARGS };

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

export async function startApp(): Promise<AppServer> {
  return startAppServer({ port: 0, host: '127.0.0.1' });
}

export interface RealParts {
  browser: Browser;
  app: AppServer;
}

/**
 * One Chromium and one app server for the tests of a file: started before the first test, closed after
 * the last. Read `browser` and `app` inside tests and hooks, once they are set.
 */
export function realParts(extraArgs: string[] = []): RealParts {
  const parts = {} as RealParts;
  beforeAll(async () => {
    [parts.browser, parts.app] = await Promise.all([launchBrowser(extraArgs), startApp()]);
  });
  afterAll(async () => {
    await parts.browser?.close();
    await parts.app?.close();
  });
  return parts;
}

export interface Phone {
  context: BrowserContext;
  page: Page;
}

/** A phone: its own storage, a 360 px wide touch screen. */
export async function newPhone(browser: Browser, url: string, colorScheme: 'dark' | 'light' = 'dark', options: BrowserContextOptions = {}): Promise<Phone> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, colorScheme, ...options });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[page error]', e.message));
  await page.goto(url);
  return { context, page };
}

/**
 * How many items of the game screen's overview of the table are named `name`, after scrolling to the page's end:
 * the overview mounts once a scroll brings it near (WhenNear.tsx).
 */
export async function overviewItems(page: Page, name: string): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return page.getByRole('listitem', { name }).count();
}

/** Waits until a service worker controls the page, so a reload can be served offline. */
export async function untilControlledBySW(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
}

export interface SeatInput {
  name: string;
  race: string;
}

/** Three players, for tests where who plays which race does not matter. */
export const THREE_SEATS: SeatInput[] = [
  { name: 'Ana', race: 'sol' },
  { name: 'Ben', race: 'hacan' },
  { name: 'Cleo', race: 'xxcha' },
];

/** Creates a game through the UI as a new player would, and returns its id. */
/** Creates a game through New game; `atTable`: the setup at the table with that map, races left to the phones. */
export async function createGameThroughUI(page: Page, name: string, seats: SeatInput[], atTable?: 'preset' | 'star'): Promise<string> {
  await page.getByRole('link', { name: 'New game' }).click();
  await page.getByLabel('Game name').fill(name);
  if (atTable) {
    await page.getByLabel(/Setup at the table/).check();
    await page.getByLabel('Home systems').selectOption(atTable);
  }
  while ((await page.getByLabel('Player name').count()) < seats.length) await page.getByRole('button', { name: 'Add a player' }).click();
  for (let n = await page.getByLabel('Player name').count(); n > seats.length; n--) await page.getByRole('button', { name: `Remove seat ${n}` }).click();
  for (const [i, seat] of seats.entries()) {
    await page.locator(`#seat-${i}-name`).fill(seat.name);
    if (!atTable) await page.locator(`#seat-${i}-race`).selectOption(seat.race);
  }
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.waitForURL(/#\/game\/[a-z0-9]+$/);
  return page.url().split('/').pop() ?? '';
}
