/**
 * The Y → Solid bridge: one read-only store per open game, refreshed with `reconcile` from the folded
 * snapshot after every transaction (Solid's pattern for external stores), so only what changed
 * re-renders. Writes never go through the store: they are Game commands.
 */
import { createStore, reconcile } from 'solid-js/store';
import { onCleanup } from 'solid-js';
import type { Game } from '../doc/game';
import type { GameSnapshot } from '../doc/snapshot';

export function createGameStore(game: Game): GameSnapshot {
  const [state, setState] = createStore<GameSnapshot>(structuredClone(game.snapshot()));
  const refresh = () => {
    const next = game.snapshotOrUndefined();
    if (next) setState(reconcile(structuredClone(next), { merge: true }));
  };
  game.doc.on('afterTransaction', refresh);
  onCleanup(() => game.doc.off('afterTransaction', refresh));
  return state;
}
