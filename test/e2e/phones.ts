/**
 * Several phones in one test: one browser context each (own storage, no shared BroadcastChannel, so
 * they really talk over WebRTC), with the test handle `__tt` (the open game session) enabled.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createGameThroughUI } from './browser';
import type { SeatInput } from './browser';

export const WEBRTC_ARGS = [
  // Raw host addresses instead of mDNS names: nothing resolves .local names on a CI machine.
  '--disable-features=WebRtcHideLocalIpsWithMdns',
  '--allow-loopback-in-peer-connection',
];

export interface TablePhone {
  name: string;
  context: BrowserContext;
  page: Page;
}

export async function openPhone(browser: Browser, name: string, url: string): Promise<TablePhone> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  await context.addInitScript(() => localStorage.setItem('tt-debug', '1'));
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${name} page error]`, e.message));
  await page.goto(url);
  return { name, context, page };
}

/** The connection button in the game's top bar: its text says how many phones this one reaches. */
export const connectionButton = (p: TablePhone) => p.page.locator('button.conn');

/** A plain summary of the game on a phone: what must be identical on every phone once synced. */
export async function gameState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const tt = (globalThis as unknown as { __tt?: { game: { snapshotOrUndefined(): unknown } } }).__tt;
    const s = tt?.game.snapshotOrUndefined() as { players: unknown; planets: unknown; claims: unknown; log: unknown[] } | undefined;
    return s ? JSON.stringify({ players: s.players, planets: s.planets, claims: s.claims, log: s.log.length }) : '';
  });
}

/** The round state, every counter and the log length as this phone folded them (JSON: equal on every phone once synced). */
export async function roundState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const tt = (globalThis as unknown as { __tt?: { game: { snapshotOrUndefined(): unknown } } }).__tt;
    const s = tt?.game.snapshotOrUndefined() as { round: unknown; tracker: unknown; players: unknown; log: unknown[] } | undefined;
    return s ? JSON.stringify({ round: s.round, tracker: s.tracker, players: s.players, log: s.log.length }) : '';
  });
}

/** The game of the page's session as the browser tests reach it (`__tt`, runtime/session.ts). */
type TestGame = Record<string, (...x: unknown[]) => unknown> & {
  moves: Record<string, Record<string, unknown>>;
  makeMoveSigned(move: unknown, ...args: unknown[]): Promise<void>;
};

/**
 * Makes a part's move on a phone as its screens do (`'sheet.adjustCounter'`: `game.moves.sheet.adjustCounter`), its
 * refusal thrown, or calls a method of the game (`'claimSeat'`); a name that is neither throws.
 */
export async function command(page: Page, method: string, ...args: unknown[]): Promise<void> {
  await page.waitForFunction(() => !!(globalThis as unknown as { __tt?: unknown }).__tt);
  await page.evaluate(
    ([m, a]) => {
      const game = (globalThis as unknown as { __tt: { game: TestGame } }).__tt.game;
      const [part, name] = (m as string).split('.');
      const move = name ? game.moves[part as string]?.[name] : undefined;
      if (name && !move) throw new Error(`There is no move ${String(m)}.`);
      if (!name && typeof game[m as string] !== 'function') throw new Error(`The game has no method ${String(m)}.`);
      // Signed moves and commands (a seat claim) resolve once signed and written: wait for them, return nothing.
      return Promise.resolve(move ? game.makeMoveSigned(move, ...(a as unknown[])) : game[m as string]?.(...(a as unknown[]))).then(() => undefined);
    },
    [method, args] as const,
  );
}

/** A part's unsigned move (`'sheet.adjustCounter'`) made `times` times in one burst, in one task of the page. */
export async function repeat(page: Page, times: number, method: string, ...args: unknown[]): Promise<void> {
  await page.waitForFunction(() => !!(globalThis as unknown as { __tt?: unknown }).__tt);
  await page.evaluate(
    ([n, m, a]) => {
      const game = (globalThis as unknown as { __tt: { game: TestGame & { makeMove(move: unknown, ...args: unknown[]): void } } }).__tt.game;
      const [part, name] = (m as string).split('.');
      const move = game.moves[part as string]?.[name as string];
      if (!move) throw new Error(`There is no move ${String(m)}.`);
      for (let i = 0; i < (n as number); i++) game.makeMove(move, ...(a as unknown[]));
    },
    [times, method, args] as const,
  );
}

/**
 * A table joined the way players do it: the first phone creates the game through the UI and takes the
 * first seat, shows its join link; every other phone opens the link and takes its own seat.
 */
export async function hostTable(browser: Browser, appUrl: string, gameName: string, seats: SeatInput[], atTable?: 'preset' | 'star'): Promise<{ phones: TablePhone[]; gameId: string; link: string }> {
  const host = await openPhone(browser, seats[0]?.name ?? 'host', appUrl);
  const gameId = await createGameThroughUI(host.page, gameName, seats, atTable);
  await host.page.getByRole('button', { name: new RegExp(`This phone is ${seats[0]?.name}`) }).click();
  await host.page.locator('button.conn').click();
  const link = await host.page.locator('#join-link').inputValue();
  await host.page.getByRole('button', { name: 'Close' }).click();
  const guests = await Promise.all(seats.slice(1).map((s) => openPhone(browser, s.name, link)));
  for (const [i, g] of guests.entries()) await g.page.getByRole('button', { name: new RegExp(`This phone is ${seats[i + 1]?.name}`) }).click({ timeout: 30_000 });
  return { phones: [host, ...guests], gameId, link };
}

/** Counts the phone's `navigator.vibrate` calls from now on (`vibrations`), instead of buzzing. */
export async function spyOnVibrate(p: TablePhone): Promise<void> {
  await p.page.evaluate(() => {
    const calls: unknown[] = [];
    (globalThis as unknown as { __vibrations: unknown[] }).__vibrations = calls;
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: (pattern: unknown) => (calls.push(pattern), true) });
  });
}

export const vibrations = (p: TablePhone): Promise<number> => p.page.evaluate(() => (globalThis as unknown as { __vibrations: unknown[] }).__vibrations.length);

type NotesHandle = {
  __tt: { game: { device: string; origin: unknown; doc: { transact(f: () => void, origin: unknown): void }; root: { log: { push(e: unknown[]): void } }; snapshot(): { meta: { createdAt: number } } } };
};

/**
 * In the page: the notes `seats` may write in a game (200 each, of 500 characters of random letters; '' for
 * the table's notes for no seat), straight into the log in one change, dated as a phone writing one every 6
 * seconds would date them: the bounds count a seat's notes per minute of their times and a phone's writing
 * per minute of its clock (issue 36), so the command alone would take 20 minutes. A big game made within
 * the bounds every phone holds. Returns the characters written.
 */
export function writeAllowedNotes(seats: string[]): number {
  const game = (globalThis as unknown as NotesHandle).__tt.game;
  const now = Math.floor((Date.now() - game.snapshot().meta.createdAt) / 1000);
  const text = () => Array.from({ length: 500 }, () => Math.random().toString(36)[2] ?? 'x').join('');
  const entries = Array.from({ length: 200 }, (_, i) => seats.map((s) => ['.', now + 6 * i, game.device, s, text()])).flat();
  game.doc.transact(() => game.root.log.push(entries), game.origin);
  return entries.length * 500;
}
