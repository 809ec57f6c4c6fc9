// Chromium for the benchmarks: Debian's /usr/bin/chromium through playwright-core, never a downloaded
// browser. The browser tests (test/e2e/browser.ts) use the same flags, from here: no background traffic.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const hasChromium = () => existsSync(CHROMIUM);

/** "Chromium 1xx.0.…" or null when it is missing. */
export function chromiumVersion() {
  if (!hasChromium()) return null;
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export async function launchChromium(extraArgs = []) {
  if (!hasChromium()) throw new Error(`Chromium is missing at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** A phone as in the browser tests: its own storage, a 360×740 touch screen. */
export async function newPhone(browser, { colorScheme = 'dark', ...options } = {}) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, colorScheme, ...options });
  const page = await context.newPage();
  return { context, page };
}

/** CPU throttling through the DevTools protocol (rate 4 = a phone four times slower than this machine). */
export async function throttleCpu(page, rate) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}
