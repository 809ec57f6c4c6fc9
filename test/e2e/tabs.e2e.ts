/**
 * Two tabs of one phone (issue 33): a game open in one tab seals and posts nothing to other tabs for its
 * changes (tabChannel.ts), and a second tab opened later still sees every change of the first, and the
 * first every change of the second, over the browser's channel: the real app, real Chromium, the real
 * signaling server.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createGameThroughUI, realParts } from './browser';
import { command } from './phones';

const real = realParts();

type Handle = { __tt: { peers?: { ready: Promise<void> }; game: { snapshot(): { players: Record<string, { counters: { tradeGoods: number } }> } } } };

/** The trade goods of `seat` on this tab's game. */
const tradeGoods = (page: Page, seat: string) =>
  page.evaluate((s) => (globalThis as unknown as Handle).__tt.game.snapshot().players[s]?.counters.tradeGoods ?? null, seat);

/** Messages this tab has posted on any BroadcastChannel (counted by the init script below). */
const posted = (page: Page) => page.evaluate(() => (globalThis as unknown as { __posted: number }).__posted);

/** Once the tab's live sync has connected (y-webrtc listens to the game from then on). */
async function connected(page: Page): Promise<void> {
  await page.waitForFunction(() => !!(globalThis as unknown as { __tt?: unknown }).__tt);
  await page.evaluate(() => (globalThis as unknown as Handle).__tt.peers?.ready);
}

describe('two tabs of one phone', () => {
  it('posts nothing to other tabs for the changes of a game open in one tab, and a tab opened later sees every change of the first and the first every change of it', async () => {
    const context = await real.browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.addInitScript(() => {
      localStorage.setItem('tt-debug', '1');
      const g = globalThis as unknown as { __posted: number };
      g.__posted = 0;
      const post = BroadcastChannel.prototype.postMessage;
      BroadcastChannel.prototype.postMessage = function (this: BroadcastChannel, message: unknown) {
        g.__posted++;
        return post.call(this, message);
      };
    });
    try {
      const first = await context.newPage();
      await first.goto(real.app.url);
      const id = await createGameThroughUI(first, 'Two tabs', [
        { name: 'Ana', race: 'sol' },
        { name: 'Ben', race: 'hacan' },
        { name: 'Cleo', race: 'xxcha' },
      ]);
      await connected(first);
      // What y-webrtc posts as it connects (its sync step 1, its presence) is sealed after a frame: let it go out.
      await first.waitForTimeout(500);
      // Alone: ten changes, and at most one message (y-webrtc renews this tab's presence every 15 s).
      const before = await posted(first);
      const [ana, ben] = [(await tradeGoods(first, 's1')) ?? 0, (await tradeGoods(first, 's2')) ?? 0];
      for (let i = 0; i < 10; i++) await command(first, 'sheet.adjustCounter', 's1', 'tradeGoods', 1);
      await first.waitForTimeout(500);
      expect(await posted(first)).toBeLessThanOrEqual(before + 1);

      const second = await context.newPage();
      await second.goto(`${real.app.url}/#/game/${id}`);
      await connected(second);
      await expect.poll(() => tradeGoods(second, 's1'), { timeout: 10_000 }).toBe(ana + 10);
      // Both ways, live: neither tab reloads.
      await command(second, 'sheet.adjustCounter', 's2', 'tradeGoods', 3);
      await expect.poll(() => tradeGoods(first, 's2'), { timeout: 10_000 }).toBe(ben + 3);
      await command(first, 'sheet.adjustCounter', 's1', 'tradeGoods', 1);
      await expect.poll(() => tradeGoods(second, 's1'), { timeout: 10_000 }).toBe(ana + 11);
      // The first tab now posts its changes: the other tab is there.
      expect(await posted(first)).toBeGreaterThan(before + 1);
    } finally {
      await context.close();
    }
  });
});
