/**
 * Issue 20, "awake and felt": the screen is kept on while a game is open (taken again when the page
 * becomes visible, since the browser lets the lock go whenever it is hidden), and the settings turn the
 * wake lock and the vibration off. The browser's Wake Lock API is replaced by a recorder before the app
 * loads: headless Chromium has no screen to keep on.
 */
import { describe, expect, it } from 'vitest';
import { createGameThroughUI, realParts, THREE_SEATS } from './browser';
import { openPhone } from './phones';

const real = realParts();

type Recorder = { requests: number; releases: number; release(): void };

describe('the screen kept on during a game (issue 20)', () => {
  it('takes a wake lock when the game opens, takes it again when the page is visible again, and lets it go when turned off in the settings', async () => {
    const phone = await openPhone(real.browser, 'Ana', 'about:blank');
    await phone.context.addInitScript(() => {
      const rec = { requests: 0, releases: 0, release: () => undefined as void };
      (globalThis as unknown as { wake: Recorder }).wake = rec;
      Object.defineProperty(navigator, 'wakeLock', {
        configurable: true,
        value: {
          request: async () => {
            rec.requests++;
            const sentinel = new EventTarget() as EventTarget & { released: boolean; release(): Promise<void> };
            sentinel.released = false;
            sentinel.release = async () => {
              if (sentinel.released) return;
              sentinel.released = true;
              rec.releases++;
              sentinel.dispatchEvent(new Event('release'));
            };
            // What the browser does when the page is hidden: the lock goes, without the app asking.
            rec.release = () => void sentinel.release();
            return sentinel;
          },
        },
      });
    });
    await phone.page.goto(real.app.url);
    await createGameThroughUI(phone.page, 'Long night', THREE_SEATS);
    await phone.page.getByRole('button', { name: /This phone is Ana/ }).click();
    const wake = () => phone.page.evaluate(() => {
      const { requests, releases } = (globalThis as unknown as { wake: Recorder }).wake;
      return { requests, releases };
    });
    await expect.poll(wake).toEqual({ requests: 1, releases: 0 });

    // Hidden and shown again: the browser dropped the lock, the app takes it again.
    await phone.page.evaluate(() => {
      (globalThis as unknown as { wake: Recorder }).wake.release();
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(wake).toEqual({ requests: 2, releases: 1 });

    // Turned off in the settings: let go, and not taken again.
    await phone.page.locator('button.conn').click();
    await phone.page.getByText('Settings', { exact: true }).click();
    await phone.page.getByLabel('Keep the screen on while a game is open').uncheck();
    await expect.poll(wake).toEqual({ requests: 2, releases: 2 });
    await phone.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await phone.page.getByLabel('Vibrate when the table waits on me').uncheck();
    expect(await phone.page.evaluate(() => [localStorage.getItem('tt-keep-awake'), localStorage.getItem('tt-vibrate')])).toEqual(['off', 'off']);
    expect(await wake()).toEqual({ requests: 2, releases: 2 });
    await phone.context.close();
  });
});
