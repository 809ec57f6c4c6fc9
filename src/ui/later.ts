/**
 * Background work that the screen does not need yet (loading the other tabs' code, registering the
 * service worker) runs once the screen has been up for a moment and the phone is idle: right after a
 * game appears, a player's first taps come first (issue 9, start time).
 */
export const SETTLE_MS = 1000;

export function whenSettled(fn: () => void, delayMs = SETTLE_MS): void {
  setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 2000 }) : fn()), delayMs);
}
