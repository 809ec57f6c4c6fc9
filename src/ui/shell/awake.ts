/**
 * This phone's table manners (issue 20): the screen kept awake while a game is open, and a short
 * vibration when the table starts waiting on her. Both on by default, each with a switch in the
 * connection panel; kept in localStorage, as they belong to the phone, not to a game.
 */
import { createSignal } from 'solid-js';
import type { Signal } from 'solid-js';

export type Manner = 'awake' | 'vibrate';

const KEY: Record<Manner, string> = { awake: 'tt-keep-awake', vibrate: 'tt-vibrate' };

function read(m: Manner): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY[m]) !== 'off';
  } catch {
    return true; // no localStorage (a sandboxed frame): the defaults
  }
}

/**
 * Read when first asked, not when the module loads: a page's first localStorage read waits for the browser to
 * load its storage (5–8 ms at 4× CPU), and the game screen asks only after its first frame (issue 33).
 */
let signals: Record<Manner, Signal<boolean>> | undefined;
const held = () => (signals ??= { awake: createSignal(read('awake')), vibrate: createSignal(read('vibrate')) });

export const manner = (m: Manner): boolean => held()[m][0]();

export function setManner(m: Manner, on: boolean): void {
  try {
    globalThis.localStorage?.setItem(KEY[m], on ? 'on' : 'off');
  } catch {
    // Not kept past this page: still applied now.
  }
  held()[m][1](on);
}

/** A short buzz where the phone can, unless she turned it off. */
export function buzz(): void {
  if (manner('vibrate')) navigator.vibrate?.(150);
}

/**
 * Holds a screen wake lock while `wanted()` is true, taking it again when the page becomes visible (the
 * browser drops it whenever the page is hidden). Returns the function that lets it go for good.
 */
export function keepAwake(wanted: () => boolean): () => void {
  let lock: WakeLockSentinel | undefined;
  let stopped = false;
  const take = async () => {
    if (stopped || !wanted() || lock || document.visibilityState !== 'visible' || !navigator.wakeLock) return;
    try {
      lock = await navigator.wakeLock.request('screen');
      lock.addEventListener('release', () => (lock = undefined));
      if (stopped || !wanted()) void release();
    } catch {
      // Refused (battery saver, no user gesture yet): the screen sleeps as usual.
    }
  };
  const release = async () => {
    const held = lock;
    lock = undefined;
    await held?.release().catch(() => undefined);
  };
  const onVisible = () => void take();
  document.addEventListener('visibilitychange', onVisible);
  void take();
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', onVisible);
    void release();
  };
}
