/**
 * The game screen's header on a 360×740 phone (issue 35 item 5: the round bar, player chips, four stat boxes
 * and two rows of tabs took about 360 of 740 px, the biggest control at the top moving the whole table).
 * Everything above the panel's content (the bar, the seats, the totals, the tabs) fits in a quarter of the
 * screen, in the dark and the light scheme, on the Planets and the Round tab, with four players; "Next" is
 * behind the round menu; every control keeps 44 px and nothing is wider than the screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createGameThroughUI, newPhone, realParts, THREE_SEATS } from './browser';
import { offScreen, overlaps } from './glance';
import { layoutProblems } from './layout';

const real = realParts();

/** Where the header ends (the tabs' bottom edge) and what stays on screen when the page scrolls (the sticky parts). */
async function header(page: Page): Promise<{ bottom: number; sticky: number }> {
  return page.evaluate(() => {
    const bottom = (sel: string) => document.querySelector(sel)?.getBoundingClientRect().bottom ?? 0;
    return { bottom: Math.round(bottom('[role="tablist"][aria-label="Panels"]')), sticky: Math.round(bottom('.sticky-head')) };
  });
}

describe('the header at 360×740', () => {
  for (const scheme of ['dark', 'light'] as const) {
    it(`takes at most a quarter of the screen, "Next" behind the round menu (${scheme})`, async () => {
      const { page, context } = await newPhone(real.browser, real.app.url, scheme);
      await createGameThroughUI(page, `Header night ${scheme}`, [...THREE_SEATS, { name: 'Dana', race: 'mentak' }]);
      await page.getByRole('button', { name: /This phone is Ana/ }).click();
      await page.getByRole('tab', { name: 'Planets', selected: true }).waitFor();
      for (const tab of ['Planets', 'Round']) {
        await page.getByRole('tab', { name: tab }).click();
        const h = await header(page);
        console.log(`[header] ${scheme}, ${tab} tab: ${h.bottom} px of 740 (sticky ${h.sticky} px)`);
        expect(h.bottom).toBeLessThanOrEqual(740 / 4);
        expect(await layoutProblems(page)).toEqual([]);
        // Issue 33: no control asks the browser for its tap highlight, a layer painted and composited before each click.
        const highlighted = await page.evaluate(() =>
          [...document.querySelectorAll('button, [role="tab"], a')].filter((el) => getComputedStyle(el).getPropertyValue('-webkit-tap-highlight-color') !== 'rgba(0, 0, 0, 0)').length,
        );
        expect(highlighted).toBe(0);
        if (process.env.HEADER_SHOTS) await page.screenshot({ path: `${process.env.HEADER_SHOTS}/header-${scheme}-${tab}.png` });
      }
      // Scrolled, the bar and the totals stay: still under a quarter.
      await page.mouse.wheel(0, 800);
      await expect.poll(async () => (await header(page)).sticky).toBeLessThanOrEqual(740 / 4);
      // The round and phase are said in the bar; "Next" is one tap away, behind the menu, and asks first.
      expect(await page.getByRole('status', { name: 'Round and phase' }).textContent()).toBe('Round 1 · Strategy phase');
      expect(await page.getByRole('button', { name: /^Next:/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Round menu' }).click();
      await page.getByRole('dialog', { name: 'Round menu' }).getByRole('button', { name: 'Next: Action phase, round 1' }).click();
      const ask = page.getByRole('dialog', { name: 'Move the whole table on to Action phase?' });
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await page.getByRole('status', { name: 'Round and phase' }).textContent()).toBe('Round 1 · Strategy phase');
      await context.close();
    });
  }

  it("four players' chips fit whole; on her turn the action phase's choices, Pass among them, are on the first screen above the now bar (issue 35 item 7)", async () => {
    const { page, context } = await newPhone(real.browser, real.app.url);
    // The game's commands in the page (the picks of four players on this one phone): the debug handle.
    await page.evaluate(() => localStorage.setItem('tt-debug', '1'));
    await createGameThroughUI(page, 'Turn night', [...THREE_SEATS, { name: 'Dana', race: 'mentak' }]);
    await page.getByRole('button', { name: /This phone is Ana/ }).click();
    await page.getByRole('tab', { name: 'Planets', selected: true }).waitFor();
    expect(await offScreen(page.getByRole('button', { name: 'Dana, Mentak' }))).toEqual([]);
    // The picks, two each from Ana (the speaker); Ana then holds 1 and 5 and acts first.
    await page.waitForFunction(() => !!(globalThis as unknown as { __tt?: unknown }).__tt);
    for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s4', 4], ['s1', 5], ['s2', 6], ['s3', 7], ['s4', 8]] as const) {
      await page.evaluate(([s, c]) => {
        const __tt = (globalThis as unknown as { __tt: { game: { makeMove(move: unknown, ...args: unknown[]): void; moves: { round: { pick: unknown } } } } }).__tt;
        __tt.game.makeMove(__tt.game.moves.round.pick, s, c);
      }, [seat, card] as const);
    }
    await page.getByRole('tab', { name: 'Round' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const name of ['Action by action card or race ability…', 'Pass', 'Tactical action (−1 command pool)']) {
      expect(await offScreen(page.getByRole('button', { name, exact: true }))).toEqual([]);
    }
    expect(await overlaps(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    if (process.env.HEADER_SHOTS) await page.screenshot({ path: `${process.env.HEADER_SHOTS}/header-turn.png` });
    await context.close();
  });
});
