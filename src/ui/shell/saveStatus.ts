import type { SaveState } from '../../sync/persistence';

/**
 * How long a save may run before the label says "Saving…". A tap's save takes about 20 ms on a slow phone:
 * shown, it flipped the label twice per tap ("Saving…", then "Saved on this phone"), too fast to read, each
 * flip a render, a layout and a frame of its own (about 15–20 ms of a 4× tap, issue 33), and a screen reader
 * announced both on every tap. A save that takes longer than this is worth saying.
 */
export const SHOW_SAVING_AFTER_MS = 500;

export interface SaveStates {
  readonly state: SaveState;
  onState(listener: (s: SaveState) => void): () => void;
}

/**
 * Calls `show` with what the save label should say, now and at each change: "Saving…" only once one save
 * has run SHOW_SAVING_AFTER_MS, a failure at once, and a failure stays shown until a save succeeds (a quick
 * retry does not hide it). Returns a stop. The work in a tap is a clock read and, at most, one timer set.
 */
export function followSaveState(persistence: SaveStates, show: (s: SaveState) => void, now: () => number = () => performance.now()): () => void {
  let shown: SaveState = persistence.state === 'error' ? 'error' : 'saved';
  // When the save under way started; undefined while none is.
  let since = persistence.state === 'saving' ? now() : undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const set = (s: SaveState) => {
    shown = s;
    show(s);
  };
  const check = () => {
    timer = undefined;
    if (since === undefined) return;
    // A timer armed for an earlier save that ended: wait out this one's own delay.
    const waited = now() - since;
    if (waited < SHOW_SAVING_AFTER_MS) timer = setTimeout(check, SHOW_SAVING_AFTER_MS - waited);
    else if (shown === 'saved') set('saving');
  };
  const stop = persistence.onState((s) => {
    if (s === 'saving') {
      if (since !== undefined) return;
      since = now();
      timer ??= setTimeout(check, SHOW_SAVING_AFTER_MS);
      return;
    }
    since = undefined;
    if (s !== shown) set(s);
  });
  show(shown);
  if (since !== undefined) timer = setTimeout(check, SHOW_SAVING_AFTER_MS);
  return () => {
    stop();
    clearTimeout(timer);
  };
}
