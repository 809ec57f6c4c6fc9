import type { Game } from '../doc';
import { oncePerFrame } from '../later';

/**
 * Runs `check` now, then after the frame that shows each change of the game, not inside the tap that made it
 * (later.ts): how this phone's agents (automatic reveals, the hand) follow the game. Returns the stop; a check
 * already queued for the next frame may still run once after it, so an agent's check looks at its own flag.
 */
export function checkAfterChanges(game: Game, check: () => void): () => void {
  const onUpdate = oncePerFrame(check);
  game.doc.on('update', onUpdate);
  check();
  return () => game.doc.off('update', onUpdate);
}
