/**
 * "One glance, one tap" (issue 26), measured on a real page: whether a control is on the first screen
 * and uncovered, whether any two controls overlap, and a player who taps as a person would (straight at
 * a control she can see; otherwise the now bar first, then a scroll only if that was not enough),
 * counting her taps and the pixels she scrolled. Used by now.e2e.ts and by bench/suites/glance.mjs.
 * No vitest here: the bench imports it.
 */
import type { Locator, Page } from 'playwright-core';

/** A control in the now bar or the sticky header. */
const CONTROLS = 'button, a.button, input, select, summary, [role="tab"]';

/**
 * Why `control` is not inside the first screen, uncovered: empty when all of it lies within the viewport
 * and the control itself is what a finger hits at its centre and near each corner (nothing sticky or
 * floating lies over it).
 */
export async function offScreen(control: Locator): Promise<string[]> {
  return control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
    if (r.width === 0 || r.height === 0) return [`"${name}" is not displayed`];
    if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth) {
      return [`"${name}" is outside the first screen (${Math.round(r.top)}–${Math.round(r.bottom)} px of ${window.innerHeight})`];
    }
    const inset = Math.min(6, r.width / 4, r.height / 4);
    const points: [number, number][] = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + inset, r.top + inset], [r.right - inset, r.top + inset],
      [r.left + inset, r.bottom - inset], [r.right - inset, r.bottom - inset],
    ];
    const problems: string[] = [];
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== el && !el.contains(hit)) {
        const by = hit.closest('button, a, [role], .nowbar, .sticky-head, .topbar') ?? hit;
        problems.push(`"${name}" is covered at (${Math.round(x)}, ${Math.round(y)}) by ${by.tagName.toLowerCase()}.${[...by.classList].join('.')} "${(by.getAttribute('aria-label') ?? by.textContent ?? '').trim().slice(0, 40)}"`);
      }
    }
    return problems;
  });
}

/**
 * Controls whose boxes overlap on the current screen. Controls are compared within one layer: the page's
 * flow, or each fixed or sticky bar (or dialog) with what it holds, since a fixed bar over scrolled
 * content is a scroll position, not a layout fault; `offScreen` checks that the control needed now is clear.
 */
export async function overlaps(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const layer = (el: Element): Element | null => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const pos = getComputedStyle(e).position;
        if (pos === 'fixed' || pos === 'sticky') return e;
      }
      return null;
    };
    const boxes = [...document.querySelectorAll<HTMLElement>(selector)]
      .map((el) => ({ el, r: el.getBoundingClientRect(), layer: layer(el) }))
      .filter(({ r }) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight);
    const problems: string[] = [];
    const name = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        if (a.layer !== b.layer || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 1 && h > 1) problems.push(`"${name(a.el)}" and "${name(b.el)}" overlap by ${Math.round(w)}×${Math.round(h)} px`);
      }
    }
    return problems;
  }, CONTROLS);
}

/** The now bar's button: one tap to what the table waits on this phone for. */
export const nowButton = (page: Page) => page.getByRole('region', { name: 'Now' }).getByRole('button', { name: /^(Pick|Act|Answer|Do it|Vote|Start|Place|Play|See):/ });
/** The now bar's words. */
export const nowText = (page: Page) => page.getByRole('region', { name: 'Now' }).getByRole('status', { name: 'Whose move' });

/** Her taps and the pixels she scrolled herself. */
export interface Effort {
  taps: number;
  scrollPx: number;
}

/** The vertical scroll position of the page and of an open dialog's sheet (what her thumb would move). */
async function scrollPositions(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY + [...document.querySelectorAll('.sheet')].reduce((n, s) => n + s.scrollTop, 0));
}

/**
 * Taps `control` as a player: straight away when she can see it. Otherwise, for a control on a panel
 * (`tab` given), one tap on the now bar (on a build without one: on the tab, unless it is open); then,
 * if it is still not on screen, she scrolls to it, and the pixels count. A control in a dialog is
 * scrolled to within it. Resolves with why it was not on screen after that tap (empty: it was).
 */
export async function tapAsPlayer(page: Page, control: Locator, effort: Effort, tab?: string): Promise<string[]> {
  const visible = async () => (await control.count()) > 0 && (await offScreen(control)).length === 0;
  let seen: string[] = [];
  if (!(await visible())) {
    if (tab !== undefined) {
      const bar = nowButton(page);
      const tabButton = page.getByRole('tab', { name: tab });
      if (await bar.count()) {
        await bar.click();
        effort.taps++;
      } else if ((await tabButton.getAttribute('aria-selected')) !== 'true') {
        await tabButton.click();
        effort.taps++;
      }
      await control.waitFor({ state: 'attached' });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    seen = await offScreen(control);
    if (seen.length) {
      const before = await scrollPositions(page);
      await control.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      effort.scrollPx += Math.abs((await scrollPositions(page)) - before);
    }
  }
  await control.click();
  effort.taps++;
  return seen;
}

/** Elsewhere, as a player often is when the table turns to her: another tab, scrolled far down. */
export async function wander(page: Page, tab: string): Promise<void> {
  await page.getByRole('tab', { name: tab }).click();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}
