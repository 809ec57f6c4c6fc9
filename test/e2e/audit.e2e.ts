/**
 * Accessibility audit: axe-core on every screen of the built app (the list is in screens.ts), in the
 * dark and the light colour scheme, on a 360×740 phone. Fails on any serious or critical violation
 * and prints each one with the elements concerned; then on any control smaller than 44 × 44 px or a
 * screen wider than the phone (layout.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { newPhone, realParts, untilControlledBySW } from './browser';
import type { Phone } from './browser';
import { layoutProblems } from './layout';
import { createAuditGame, SCREENS } from './screens';
import type { AuditEnv } from './screens';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const BLOCKING = new Set(['serious', 'critical']);

const real = realParts();

async function audit(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(() => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<AxeResults> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
}

function describeViolations(screen: string, scheme: string, violations: Result[]): string {
  const lines = [`${violations.length} serious or critical accessibility violation(s) on "${screen}" (${scheme}):`];
  for (const v of violations) {
    lines.push(`  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`);
    for (const node of v.nodes.slice(0, 8)) {
      lines.push(`      ${node.target.join(' ')}`);
      if (node.failureSummary) lines.push(`        ${node.failureSummary.replace(/\n/g, '\n        ')}`);
    }
    if (v.nodes.length > 8) lines.push(`      … and ${v.nodes.length - 8} more`);
  }
  return lines.join('\n');
}

/** A phone that loaded the app (home screen), with its service worker in control, then lost the network. */
async function offlineNewcomer(scheme: 'dark' | 'light'): Promise<Phone> {
  const newcomer = await newPhone(real.browser, real.app.url, scheme);
  await untilControlledBySW(newcomer.page); // its lazy screens then come from the service worker's cache
  await newcomer.page.getByRole('link', { name: 'New game' }).waitFor();
  await newcomer.context.setOffline(true);
  return newcomer;
}

describe.each(['dark', 'light'] as const)('accessibility audit (axe-core), %s colour scheme, 360×740', (scheme) => {
  let phone: Phone;
  let second: Promise<Phone> | undefined;
  let env: AuditEnv;
  beforeAll(async () => {
    phone = await newPhone(real.browser, real.app.url, scheme);
    let id: Promise<string> | undefined;
    env = {
      url: real.app.url,
      game: () => (id ??= createAuditGame(phone.page, real.app.url)),
      newcomer: () => (second ??= offlineNewcomer(scheme)).then((p) => p.page),
    };
  });
  afterAll(async () => {
    await phone?.context.close();
    await (await second)?.context.close();
  });

  it.each(SCREENS.map((s) => [s.name, s] as const))('%s: no serious or critical violations, every control 44 px or more, 360 px wide', async (name, screen) => {
    const page = (await screen.open(phone.page, env)) ?? phone.page;
    const violations = await audit(page);
    // The message lists each violation with its elements and how to fix it.
    expect(violations.map((v) => `${v.impact} ${v.id}`), describeViolations(name, scheme, violations)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
  });
});
