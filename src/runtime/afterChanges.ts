import type { Game, GameSnapshot } from '../doc';
import { oncePerFrame } from '../later';

/**
 * Runs `check` now, then after the frame that shows each change of the game, not inside the tap that made it
 * (later.ts): how this phone's agents (automatic reveals, the hand, its presence) follow the game. Returns the
 * stop, after which no check runs, not even one already queued for the next frame.
 *
 * `reads`: the parts of the snapshot the check depends on. The fold hands back the same object for a part
 * that did not change, so a change that left all of them (and whether this phone may write) as they were
 * is not checked: most taps change a planet or a counter, and the council's checks walk every agenda and
 * vote of the game, which grow with it (issue 33).
 */
export function checkAfterChanges(game: Game, check: () => void, reads?: (s: GameSnapshot) => readonly unknown[]): () => void {
  let stopped = false;
  let last: readonly unknown[] | undefined;
  const unchanged = (): boolean => {
    const s = reads && game.snapshotOrUndefined();
    if (!s) return false;
    const now = [game.writable, ...reads(s)];
    const same = last !== undefined && now.length === last.length && now.every((x, i) => x === last?.[i]);
    last = now;
    return same;
  };
  const stop = onGameChange(game, oncePerFrame(() => stopped || unchanged() || check()));
  unchanged();
  check();
  return () => {
    stopped = true;
    stop();
  };
}

/**
 * Calls `listener` at each change of the game: a transaction (Yjs's update), and a fold that comes without one
 * (`onRefold`: a start's kept view replaced, a large update folded once the browser checked its signatures).
 * Returns the stop.
 */
export function onGameChange(game: Game, listener: () => void): () => void {
  game.doc.on('update', listener);
  const stopRefold = game.onRefold(listener);
  return () => {
    game.doc.off('update', listener);
    stopRefold();
  };
}
