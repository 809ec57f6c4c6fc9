/**
 * The game at a glance (issue 20): every seat's VP round by round, drawn in SVG on the table view (a 360 px
 * phone and a 1920 px TV) and, with planets and trade goods, on the victory screen. Accessible: axe-core in
 * both colour schemes, a summary in words for screen readers, names that do not print over each other.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { createGameThroughUI, realParts, THREE_SEATS } from './browser';
import { command, openPhone } from './phones';
import { layoutProblems } from './layout';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const real = realParts();

/** Serious or critical axe-core violations on the page, as "id: element" lines. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(() => (window as unknown as { axe: { run(ctx: Document, o: object): Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }));
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** The chart's texts as drawn: each one's words, box on screen and size in CSS px once the SVG is scaled. */
function chartTexts(page: Page, chart: string) {
  return page.getByRole('img', { name: chart }).evaluate((svg) =>
    [...svg.querySelectorAll('text')].map((t) => {
      const r = t.getBoundingClientRect();
      const scale = (t as SVGTextElement).getScreenCTM()?.a ?? 1;
      return { text: t.textContent ?? '', top: r.top, bottom: r.bottom, px: parseFloat(getComputedStyle(t).fontSize) * scale };
    }),
  );
}

/** Three rounds played on one phone that holds no seat (so it may write for all three). */
async function threeRounds(page: Page): Promise<string> {
  const id = await createGameThroughUI(page, 'Chart night', THREE_SEATS);
  await command(page, 'sheet.adjustCounter', 's1', 'vp', 2);
  await command(page, 'sheet.adjustCounter', 's2', 'vp', 1);
  await command(page, 'sheet.adjustCounter', 's3', 'tradeGoods', 4);
  await command(page, 'round.setRound', { round: 2, phase: 'strategy', step: null });
  await command(page, 'sheet.adjustCounter', 's1', 'vp', 1);
  await command(page, 'sheet.adjustCounter', 's3', 'vp', 3);
  await command(page, 'round.setRound', { round: 3, phase: 'strategy', step: null });
  await command(page, 'sheet.adjustCounter', 's2', 'vp', 4);
  return id;
}

const VP_SUMMARY = 'Victory points in rounds 1 to 3: Ana 2, 3, 3; Ben 1, 1, 5; Cleo 0, 3, 3.';

describe('the game at a glance', () => {
  it('charts every seat\'s VP round by round on the table view at 360 px, axe-clean in both schemes, names apart', async () => {
    const phone = await openPhone(real.browser, 'Table', real.app.url);
    try {
      const id = await threeRounds(phone.page);
      await phone.page.goto(`${real.app.url}/#/table/${id}`);
      const chart = phone.page.getByRole('img', { name: VP_SUMMARY });
      await chart.waitFor();
      expect(await chart.locator('polyline.line').evaluateAll((ls) => ls.map((l) => [l.getAttribute('stroke'), l.getAttribute('points')?.split(' ').length]))).toEqual([
        ['red', 3],
        ['blue', 3],
        ['green', 3],
      ]);
      // Ana and Cleo end on 3 VP: their names are moved apart instead of printed on top of each other.
      const texts = await chartTexts(phone.page, VP_SUMMARY);
      const ana = texts.find((t) => t.text === 'Ana 3');
      const cleo = texts.find((t) => t.text === 'Cleo 3');
      expect(texts.map((t) => t.text)).toContain('Ben 5');
      expect(ana && cleo && (ana.bottom <= cleo.top || cleo.bottom <= ana.top)).toBe(true);
      // Within the phone's width, and its text no smaller than the phone's small print.
      const box = await chart.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
      expect(Math.min(...texts.map((t) => t.px))).toBeGreaterThanOrEqual(14);
      for (const scheme of ['dark', 'light'] as const) {
        await phone.page.emulateMedia({ colorScheme: scheme });
        expect(await axeViolations(phone.page), scheme).toEqual([]);
        expect(await layoutProblems(phone.page), scheme).toEqual([]);
      }
    } finally {
      await phone.context.close();
    }
  });

  it('is readable from across the room on a 1920×1080 TV: no chart text under 32 px', async () => {
    const phone = await openPhone(real.browser, 'Table', real.app.url);
    const tv = await phone.context.newPage();
    try {
      const id = await threeRounds(phone.page);
      await tv.setViewportSize({ width: 1920, height: 1080 });
      await tv.goto(`${real.app.url}/#/table/${id}`);
      await tv.getByRole('img', { name: VP_SUMMARY }).waitFor();
      const sizes = (await chartTexts(tv, VP_SUMMARY)).map((t) => t.px);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(32);
    } finally {
      await phone.context.close();
    }
  });

  it('shows VP, planets and trade goods round by round on the victory screen', async () => {
    const phone = await openPhone(real.browser, 'Table', real.app.url);
    try {
      const id = await threeRounds(phone.page);
      await command(phone.page, 'sheet.adjustCounter', 's1', 'vp', 9);
      await phone.page.goto(`${real.app.url}/#/table/${id}`);
      await phone.page.getByRole('heading', { name: 'Ana wins the game!' }).waitFor();
      const charts = phone.page.locator('.victory').getByRole('img');
      expect(await charts.evaluateAll((svgs) => svgs.map((s) => s.getAttribute('aria-label')))).toEqual([
        'Victory points in rounds 1 to 3: Ana 2, 3, 12; Ben 1, 1, 5; Cleo 0, 3, 3.',
        // Home systems: Sol has one planet, the Hacan three, the Xxcha two.
        'Planets held in rounds 1 to 3: Ana 1, 1, 1; Ben 3, 3, 3; Cleo 2, 2, 2.',
        'Trade goods in rounds 1 to 3: Ana 1, 1, 1; Ben 1, 1, 1; Cleo 5, 5, 5.',
      ]);
      // The victory screen has the charts: the table view's own VP chart is not shown twice.
      expect(await phone.page.getByRole('heading', { name: 'The game at a glance' }).count()).toBe(0);
      expect(await axeViolations(phone.page)).toEqual([]);
      expect(await layoutProblems(phone.page)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
