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
