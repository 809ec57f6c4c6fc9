/**
 * How the game's fold is paced where it is large: a start painted from a kept view folds a slice at a time
 * between frames, and a large update from elsewhere waits for the browser's native check of its signatures.
 */
import type * as Y from 'yjs';

/**
 * The log from `from` on. `Y.Array.slice` walks the array from its start; `get` finds a position from
 * Yjs's search markers, so reading a short tail costs the same at round 16 as at round 1.
 */
export function tail<T>(log: Y.Array<T>, from: number): T[] {
  const out: T[] = [];
  for (let i = from; i < log.length; i++) out.push(log.get(i));
  return out;
}

/** Entries one update from elsewhere appends from which its signatures are checked natively before it is folded. */
export const WARM_AT = 200;

/** How long one task of a start's fold after the first paint may run: well under a 50 ms long task. */
export const SLICE_BUDGET_MS = 20;

/** Resolves in a task of its own, after the browser had the chance to paint and take a tap. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
