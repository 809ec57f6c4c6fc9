import type { Game } from '../doc';
import { oncePerFrame } from '../later';

/**
 * Runs `check` now, then after the frame that shows each change of the game, not inside the tap that made it
 * (later.ts): how this phone's agents (automatic reveals, the hand, its presence) follow the game. Returns the
 * stop, after which no check runs, not even one already queued for the next frame.
 */
export function checkAfterChanges(game: Game, check: () => void): () => void {
  let stopped = false;
  const onUpdate = oncePerFrame(() => stopped || check());
  game.doc.on('update', onUpdate);
  // A fold that comes without a transaction: a start's view replaced, a large update's signatures checked.
  const stopRefold = game.onRefold(onUpdate);
  check();
  return () => {
    stopped = true;
    game.doc.off('update', onUpdate);
    stopRefold();
  };
}
