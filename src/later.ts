/**
 * Background work that the screen does not need yet (connecting to the other phones, loading the
 * other tabs' code, registering the service worker) runs after a delay, once the phone is idle: right
 * after a game appears, a player's first taps come first (issue 9, start time).
 */
export const SETTLE_MS = 1000;

/** Runs `fn` `delayMs` from now, when the phone is next idle (at most `idleTimeoutMs` later). Returns a cancel. */
export function whenSettled(fn: () => void, delayMs = SETTLE_MS, idleTimeoutMs = 2000): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(fn, { timeout: idleTimeoutMs });
    else fn();
  }, delayMs);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
