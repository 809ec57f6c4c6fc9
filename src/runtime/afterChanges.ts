import type { Game } from '../doc';
import { oncePerFrame } from '../later';

/**
 * Runs `check` now, then after the frame that shows each change of the game, not inside the tap that made it
 * (later.ts): how this phone's agents (automatic reveals, the hand, its presence) follow the game. Returns the
 * stop, after which no check runs, not even one already queued for the next frame.
 */
export function checkAfterChanges(game: Game, check: () => void): () => void {
  let stopped = false;
  const stop = onGameChange(game, oncePerFrame(() => stopped || check()));
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
