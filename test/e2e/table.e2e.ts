/**
 * The table's screen and joining (issue 26): a TV that joins by link and opens the table view, read
 * from across the table at 1920×1080; a phone's seats as soon as the game arrives; a join that cannot
 * connect says so in time; a join link opened where "Game not found" was shown does not hang.
 */
import { describe, expect, it } from 'vitest';
import { realParts, createGameThroughUI, THREE_SEATS, untilControlledBySW } from './browser';
import { WEBRTC_ARGS, command, openPhone } from './phones';
import type { TablePhone } from './phones';
import { textSizes } from './layout';

const real = realParts(WEBRTC_ARGS);

/** A host with the game open, on Ana's seat, and its join link. */
async function host(): Promise<{ phone: TablePhone; gameId: string; link: string }> {
  const phone = await openPhone(real.browser, 'Ana', real.app.url);
  const gameId = await createGameThroughUI(phone.page, 'TV night', THREE_SEATS);
  await phone.page.getByRole('button', { name: /This phone is Ana/ }).click();
  await phone.page.locator('button.conn').click();
  const link = await phone.page.locator('#join-link').inputValue();
  await phone.page.getByRole('button', { name: 'Close' }).click();
  return { phone, gameId, link };
}

describe("the table's screen: a TV joins by link and shows the table view", () => {
  it('at 1920×1080 no text is under 18 px, VP and whose turn are larger, the seats and the chart share the screen without scrolling and the turn timer ticks', async () => {
    const { phone: ana, link } = await host();
    // Ana picks Leadership, and the table moves on to the action phase: her turn, and her clock runs.
    await ana.page.evaluate(() => {
      const __tt = (globalThis as unknown as { __tt: { game: { makeMove(move: unknown, ...args: unknown[]): void; moves: { round: { pick: unknown } } } } }).__tt;
      __tt.game.makeMove(__tt.game.moves.round.pick, 's1', 1);
    });
    await command(ana.page, 'round.setRound', { round: 1, phase: 'action', step: null });

    const context = await real.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const tv = await context.newPage();
    await tv.goto(link);
    await tv.getByRole('link', { name: /This is the table's screen/ }).click({ timeout: 30_000 });
    await tv.getByRole('list', { name: 'Players' }).waitFor();
    await expect.poll(() => tv.getByRole('status', { name: 'Whose move' }).textContent(), { timeout: 20_000 }).toBe("Ana's turn");

    // Issue 26 asked for 32 px and up; issue 35 for 8 seats and the chart on one screen: 18 px and up.
    const sizes = await textSizes(tv);
    expect(sizes.filter((s) => s.px < 18)).toEqual([]);
    const size = (selector: string) => tv.locator(selector).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    const body = await size('.table-view');
    expect(body).toBeGreaterThanOrEqual(18);
    expect(await size('.tv-vp')).toBeGreaterThan(body * 1.5);
    expect(await size('.tv-move')).toBeGreaterThan(body * 1.2);

    // Three seats in one column on the left, as wide as half the screen, the chart beside them; no scrolling.
    const tiles = await tv.locator('.tv-seat').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, top: r.top })));
    expect(new Set(tiles.map((t) => Math.round(t.left))).size).toBe(1);
    expect(tiles[0]!.right - tiles[0]!.left).toBeGreaterThan(1920 * 0.5);
    const chart = await tv.locator('.tv-glance svg').boundingBox();
    expect(chart && chart.x >= tiles[0]!.right && chart.y + chart.height <= 1080).toBe(true);
    expect(await tv.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1080);

    const timer = tv.getByRole('timer', { name: "Ana's turn time" });
    const before = await timer.textContent();
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(before);
    await context.close();
    await ana.context.close();
  });
});

describe('joining a game by its link', () => {
  it('shows the seats as soon as the game arrives, still connected (measured)', async () => {
    const { phone: ana, link } = await host();
    const times: number[] = [];
    for (const name of ['Ben', 'Cleo']) {
      const context = await real.browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      const start = Date.now();
      await page.goto(link);
      await page.getByRole('button', { name: new RegExp(`This phone is ${name}`) }).waitFor({ timeout: 30_000 });
      times.push(Date.now() - start);
      // The game screen took over the join's connection: no reconnection, no "Offline" in between.
      // (Within a second: presence may follow the game by a message or two; a reconnection takes 2 s or more.)
      expect(await page.locator('button.conn').textContent()).not.toBe('Offline');
      await expect.poll(() => page.locator('button.conn').textContent(), { timeout: 1_000 }).toMatch(/phone/);
      await context.close();
    }
    console.log(`Join by link, until the seat picker shows: ${times.map((t) => `${t} ms`).join(', ')}`);
    // 2.8-3.6 s on this machine when the join waited 1.5 s for its session to close and then reconnected
    // ("Offline" on the seat picker); about 2.3 s now, on a busy machine up to 3.7 s.
    expect(Math.min(...times)).toBeLessThan(5_000);
    await ana.context.close();
  });

  it('says within 10 s that it cannot reach the table, and what to try: no phone answering, or no server', async () => {
    // A game nobody hosts (its link still reaches the server), and a phone with no network at all.
    const link = `${real.app.url}/#/join?g=nobodyhere1&k=${'a'.repeat(22)}`;
    const [alone, offline] = await Promise.all([0, 1].map(() => real.browser.newContext({ viewport: { width: 360, height: 740 } })));
    const pages = await Promise.all([alone, offline].map((c) => c!.newPage()));
    // The app is installed on the second phone (its service worker serves it), and the network is gone.
    await pages[1]!.goto(real.app.url);
    await untilControlledBySW(pages[1]!);
    await pages[1]!.getByRole('link', { name: 'New game' }).waitFor();
    await offline!.setOffline(true);
    const started = Date.now();
    await Promise.all([pages[0]!.goto(link), pages[1]!.evaluate((hash) => (location.hash = hash), new URL(link).hash)]);
    const [noAnswer, noServer] = await Promise.all(pages.map((p) => p.getByRole('alert').waitFor({ timeout: 10_000 }).then(() => Date.now() - started)));
    console.log(`Cannot connect, until it says so: ${noAnswer} ms (no phone answering), ${noServer} ms (no server)`);
    expect(noAnswer).toBeLessThan(10_000);
    expect(noServer).toBeLessThan(10_000);
    expect(await pages[0]!.getByRole('alert').textContent()).toMatch(/^No phone of this table answered yet\. It keeps trying\..*The host's phone must have this game open/);
    expect(await pages[1]!.getByRole('alert').textContent()).toMatch(/^This phone cannot reach the table's server\. It keeps trying\..*Join the same Wi-Fi as the table/);
    await Promise.all([alone, offline].map((c) => c!.close()));
  });

  it('a join link opened in a tab that showed "Game not found" connects and shows the seats', async () => {
    const { phone: ana, gameId, link } = await host();
    const context = await real.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${real.app.url}/#/game/${gameId}`);
    await page.getByRole('heading', { name: 'Game not found' }).waitFor();
    // The same tab, the same page: only the address after # changes.
    await page.evaluate((hash) => (location.hash = hash), new URL(link).hash);
    await page.getByRole('button', { name: /This phone is Ben/ }).waitFor({ timeout: 10_000 });
    await context.close();
    await ana.context.close();
  });
});
