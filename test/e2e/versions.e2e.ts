/**
 * Two versions at one table (issue 36 item 7), with two real builds. The tree as it is (the older phone) and a
 * copy of it with one event kind more and the events version raised (the newer phone, built here into a
 * temporary folder) are served from one origin: the older at `/`, the newer at `/new.html`, their hashed
 * assets side by side, one signaling server. Ana's phone runs the older build, Ben's the newer, over real
 * WebRTC. Both say which must update; Ben writes the new kind; Ana's phone keeps it, shows the game read only
 * and asks to update; then Ana "updates" (opens the newer build on the same origin and profile) and the event
 * is there. The two phones also link by the table link, whose greetings carry the version. Service workers are blocked so that each page runs the build it was opened from.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startAppServer } from '../../scripts/serve.mjs';
import type { AppServer } from '../../scripts/serve.mjs';
import { createGameThroughUI, launchBrowser } from './browser';
import { WEBRTC_ARGS } from './phones';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let work: string;
let browser: Browser;
let app: AppServer;

/** Replaces `from` by `to` in a file of the copy, once; fails loudly when the tree no longer has it. */
function patch(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`the newer build's patch no longer applies to ${file}: "${from}" is gone`);
  writeFileSync(file, text.replace(from, to));
}

/** The tree with one kind more, `cheer` (code `Ch4`, a seat's cheer to the table), and events version 4. */
function buildNewer(dir: string): string {
  for (const f of ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json']) cpSync(join(ROOT, f), join(dir, f), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  patch(join(dir, 'src/doc/core/versions.ts'), 'export const EVENTS_VERSION = 3;', 'export const EVENTS_VERSION = 4;');
  patch(
    join(dir, 'src/doc/sheet/events.ts'),
    'export const sheetEvents: EventCodecs<SheetKind> = {',
    `export const sheetEvents: EventCodecs<SheetKind> = {
  // @ts-expect-error the newer build's kind, added for the browser test only
  cheer: { code: 'Ch4', encode: (e) => [e.seat, e.text], decode: (f) => (typeof f[0] === 'string' && typeof f[1] === 'string' ? { k: 'cheer', seat: f[0], text: f[1] } : undefined) },`,
  );
  const out = join(dir, 'dist');
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', out], { cwd: dir, stdio: 'inherit' });
  return out;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'tt-versions-'));
  const newer = buildNewer(join(work, 'newer'));
  // One origin for both builds: the same phone's storage is then the game of either.
  const site = join(work, 'site');
  cpSync(join(ROOT, 'dist'), site, { recursive: true });
  cpSync(join(newer, 'assets'), join(site, 'assets'), { recursive: true, force: false });
  cpSync(join(newer, 'index.html'), join(site, 'new.html'));
  [browser, app] = await Promise.all([launchBrowser(WEBRTC_ARGS), startAppServer({ root: site, port: 0, host: '127.0.0.1' })]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function phone(url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('tt-debug', '1'));
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[page error]', e.message));
  await page.goto(url);
  return page;
}

type Tt = { __tt?: { game: { snapshotOrUndefined(): { newer?: unknown; log: { event: { k: string } }[]; players: Record<string, { counters: { tradeGoods: number } } | undefined> } | undefined; writable: boolean; root: { log: { toArray(): unknown[][] } }; append(e: unknown[]): void; makeMove(move: unknown, ...args: unknown[]): void; moves: { sheet: { adjustCounter: unknown } } } } };

/** What the test reads of a phone's game: the fold's stop, the events folded, the document's own log. */
const look = (page: Page) =>
  page.evaluate(() => {
    const game = (globalThis as unknown as Tt).__tt?.game;
    const s = game?.snapshotOrUndefined();
    return { newer: s?.newer, kinds: s?.log.map((e) => e.event.k) ?? [], tradeGoods: s?.players.s2?.counters.tradeGoods, stored: game?.root.log.toArray().map((e) => e[0]) ?? [], writable: game?.writable };
  });

/** Ana's phone on the older build creates the game; Ben's, on the newer one, joins it over WebRTC. */
async function versionsTable(): Promise<{ ana: Page; ben: Page; gameId: string }> {
  const ana = await phone(app.url);
  const gameId = await createGameThroughUI(ana, 'Versions night', [{ name: 'Ana', race: 'sol' }, { name: 'Ben', race: 'hacan' }]);
  await ana.getByRole('button', { name: /This phone is Ana/ }).click();
  await ana.locator('button.conn').click();
  const link = await ana.locator('#join-link').inputValue();
  await ana.getByRole('button', { name: 'Close' }).click();
  // Ben installed the app later: the newer build, from the same address.
  const ben = await phone(link.replace(`${app.url}/#`, `${app.url}/new.html#`));
  await ben.getByRole('button', { name: /This phone is Ben/ }).click({ timeout: 30_000 });
  await ana.locator('button.conn', { hasText: '1 phone' }).waitFor({ timeout: 30_000 });
  return { ana, ben, gameId };
}

/** Ben's newer phone writes the new kind, then plays on (+2 trade goods for Ben). */
const cheerAndPlay = (ben: Page) =>
  ben.evaluate(() => {
    const game = (globalThis as unknown as Tt).__tt?.game;
    game?.append([{ k: 'cheer', seat: 's2', text: 'For the Hacan!' }]);
    game?.makeMove(game.moves.sheet.adjustCounter, 's2', 'tradeGoods', 2);
  });

describe('two versions at one table', () => {
  it('both phones say which must update; the older keeps the newer kind, shows the game read only, and has it after updating', async () => {
    const { ana, ben, gameId } = await versionsTable();

    // Both say it, each naming the other.
    await ana.getByRole('alert', { name: 'Versions at the table' }).getByText("Ben's phone runs a newer Twilight Table: update this one.").waitFor({ timeout: 15_000 });
    await ben.getByRole('alert', { name: 'Versions at the table' }).getByText("Ana's phone runs an older Twilight Table: update it, then reopen the game.").waitFor({ timeout: 15_000 });

    // Over the table link too (paired by their codes, as a scan would): each greeting carries its version.
    const pairing = (page: Page, step: string, code?: string) =>
      page.evaluate(([m, c]) => (globalThis as unknown as { __tt: { link: Record<string, (c?: string) => Promise<string>> } }).__tt.link[m as string]?.(c) ?? '', [step, code] as const);
    await pairing(ana, 'acceptAnswer', await pairing(ben, 'acceptOffer', await pairing(ana, 'createOffer')));
    const linkVersion = (page: Page) => page.evaluate(() => (globalThis as unknown as { __tt: { link: { status: { links: { state: string; v: number }[] } } } }).__tt.link.status.links.find((l) => l.state === 'open')?.v);
    await expect.poll(() => linkVersion(ana), { timeout: 20_000 }).toBe(4);
    await expect.poll(() => linkVersion(ben), { timeout: 20_000 }).toBe(3);

    await cheerAndPlay(ben);
    const onBen = await look(ben);
    expect(onBen.kinds).toContain('cheer');
    expect(onBen.newer).toBeUndefined();

    // Ana's phone: read only, says why and asks to update, and has kept both entries.
    const readOnly = ana.getByRole('alert', { name: 'Read only' });
    await readOnly.getByText("Ben's phone runs a newer Twilight Table and wrote a change this one cannot read.", { exact: false }).waitFor({ timeout: 15_000 });
    expect(await readOnly.textContent()).toMatch(/nothing is lost: update this app, then reopen the game/);
    await ana.getByText('Saved on this phone').waitFor();
    const onAna = await look(ana);
    expect(onAna.stored).toContain('Ch4');
    expect(onAna.stored.length).toBe(onBen.stored.length);
    expect(onAna.newer).toMatchObject({ version: 4, dev: expect.any(String) });
    expect(onAna.kinds).not.toContain('cheer');
    expect(onAna.tradeGoods).toBe((onBen.tradeGoods ?? 0) - 2); // the game as it was before the newer entry
    expect(onAna.writable).toBe(false);
    const refused = await ana.evaluate(() => {
      try {
        const game = (globalThis as unknown as Tt).__tt?.game;
        game?.makeMove(game.moves.sheet.adjustCounter, 's1', 'tradeGoods', 1);
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    });
    expect(refused).toMatch(/runs a newer Twilight Table/);
    expect((await look(ana)).stored.length).toBe(onAna.stored.length);

    // Ana updates: the newer build, on the same origin and profile, opens the game from what her phone kept.
    await ana.goto(`${app.url}/new.html#/game/${gameId}`);
    await ana.waitForFunction(() => (globalThis as unknown as Tt).__tt?.game.snapshotOrUndefined()?.log.some((e) => e.event.k === 'cheer'), undefined, { timeout: 20_000 });
    const updated = await look(ana);
    expect(updated.newer).toBeUndefined();
    expect(updated.writable).toBe(true);
    expect(updated.tradeGoods).toBe(onBen.tradeGoods);
    expect(await ana.getByRole('alert', { name: 'Read only' }).count()).toBe(0);
  });

  it("with no update to be had, the older phone goes on without the newer change, and both builds fold the game without it", async () => {
    const { ana, ben } = await versionsTable();
    await cheerAndPlay(ben);
    const benPlayed = (await look(ben)).tradeGoods;
    const readOnly = ana.getByRole('alert', { name: 'Read only' });
    await readOnly.waitFor({ timeout: 15_000 });
    const ana1 = await ana.evaluate(() => (globalThis as unknown as Tt).__tt?.game.snapshotOrUndefined()?.players.s1?.counters.tradeGoods ?? 0);
    await readOnly.getByRole('button', { name: 'Go on without it' }).click();
    await ana.getByRole('dialog').getByRole('button', { name: 'Go on without it' }).click();
    await readOnly.waitFor({ state: 'detached', timeout: 15_000 });
    await ana.getByText('was set aside: the table went on without it', { exact: false }).first().waitFor({ timeout: 15_000 });
    expect((await look(ana)).writable).toBe(true);
    await ana.evaluate(() => {
      const game = (globalThis as unknown as Tt).__tt?.game;
      game?.makeMove(game.moves.sheet.adjustCounter, 's1', 'tradeGoods', 1);
    });
    // Ben's newer phone, which can read the cheer, skips it too once it hears the set-aside: one game on both.
    await ben.waitForFunction((want) => (globalThis as unknown as Tt).__tt?.game.snapshotOrUndefined()?.players.s1?.counters.tradeGoods === want, ana1 + 1, { timeout: 20_000 });
    const [onAna, onBen] = [await look(ana), await look(ben)];
    expect(onBen.kinds).not.toContain('cheer');
    expect(onBen.kinds).toContain('setAside');
    expect(onBen.stored).toContain('Ch4'); // kept in the document: only the fold skips it
    expect([onAna.tradeGoods, onBen.tradeGoods]).toEqual([benPlayed, benPlayed]); // Ben's +2 after the cheer counts on both
    expect(onAna.kinds).toEqual(onBen.kinds);
    expect(onBen.writable).toBe(true);
  });
});
