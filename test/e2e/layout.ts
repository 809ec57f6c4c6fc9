import type { Page } from 'playwright-core';

/**
 * Phone-first checks of whatever is on screen: every control at least 44 × 44 px (a checkbox or radio
 * counts with its label, which is what the thumb hits), and nothing wider than the 360 px screen.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a.button, input, select, summary, [role="tab"]')) {
      const target = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? (el.closest('label') ?? el) : el;
      const r = target.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // not displayed
      if (r.height < 44 || r.width < 44) problems.push(`${el.tagName} "${el.getAttribute('aria-label') ?? el.textContent?.trim()}" is ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`page is ${document.documentElement.scrollWidth} px wide on a ${window.innerWidth} px screen`);
    return problems;
  });
}

/** Every visible text on the page with its font size as drawn, smallest first. */
export function textSizes(page: Page): Promise<{ text: string; px: number }[]> {
  return page.evaluate(() => {
    const out: { text: string; px: number }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent?.trim() ?? '';
      if (!el || !text) continue;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Not on screen: hidden, or clipped to 1 px for screen readers only (.sr-only).
      if (r.width <= 1 || r.height <= 1 || style.visibility === 'hidden' || style.display === 'none') continue;
      // SVG text (the VP chart) is sized in its drawing's units and scaled with it: count its size as drawn.
      const scale = el instanceof SVGGraphicsElement ? (el.getScreenCTM()?.a ?? 1) : 1;
      out.push({ text: text.slice(0, 40), px: parseFloat(style.fontSize) * scale });
    }
    return out.sort((a, b) => a.px - b.px);
  });
}
