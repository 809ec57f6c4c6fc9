/**
 * The optional turn timer: a limit in minutes that each player sets on her own phone (0: off). Kept on
 * this device only (localStorage), never in the game.
 */
import { createSignal } from 'solid-js';

const KEY = 'tt-turn-timer';
export const TURN_LIMITS = [0, 1, 2, 3, 5, 10] as const;

function load(): number {
  try {
    const n = Number(globalThis.localStorage?.getItem(KEY) ?? 0);
    return (TURN_LIMITS as readonly number[]).includes(n) ? n : 0;
  } catch {
    return 0;
  }
}

const [limit, setLimit] = createSignal(load());
export const turnLimit = limit;

export function setTurnLimit(minutes: number): void {
  setLimit(minutes);
  try {
    globalThis.localStorage?.setItem(KEY, String(minutes));
  } catch {
    // No storage (private mode): the setting lasts until the app closes.
  }
}
