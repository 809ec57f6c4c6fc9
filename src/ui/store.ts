/**
 * The Y → Solid bridge: one read-only store per open game, refreshed with `reconcile` from the folded
 * snapshot after every transaction (Solid's pattern for external stores), so only what changed
 * re-renders. Writes never go through the store: they are Game commands.
 *
 * A tap must show within a frame on a slow phone with 100 planets and a long log, so the refresh
 * copies only what changed: the fold hands back the same planet and player objects when they did not
 * change (compared by identity here), and when the log only grew at its end (the same entry objects
 * up to what the store shows) just the new entries are copied in. The store never holds the fold's
 * own objects: everything it takes is a copy, so Solid's in-place updates cannot reach the fold.
 */
import { batch, onCleanup } from 'solid-js';
import { createStore, reconcile } from 'solid-js/store';
import type { SetStoreFunction } from 'solid-js/store';
import type { Game } from '../doc/game';
import type { GameSnapshot } from '../doc/snapshot';

type Keyed = 'planets' | 'players';
/** Everything else in the snapshot is small: reconciled whole (so a new field can never be forgotten). */
const isSmall = (key: string): key is Exclude<keyof GameSnapshot, Keyed | 'log'> => key !== 'planets' && key !== 'players' && key !== 'log';

/** Brings one id-keyed record of the store up to `next`, touching only the entries that changed. */
function syncRecord(set: SetStoreFunction<GameSnapshot>, key: Keyed, shown: GameSnapshot, next: GameSnapshot): void {
  const [before, after] = [shown[key] as Record<string, unknown>, next[key] as Record<string, unknown>];
  for (const id of Object.keys(after)) {
    if (after[id] !== before[id]) set(key, id, reconcile(structuredClone(after[id]) as never, { merge: true }));
  }
  for (const id of Object.keys(before)) if (!(id in after)) set(key, id, undefined as never);
}

export function createGameStore(game: Game): GameSnapshot {
  let shown = game.snapshot();
  const [state, setState] = createStore<GameSnapshot>(structuredClone(shown));
  const refresh = () => {
    const next = game.snapshotOrUndefined();
    if (!next || next === shown) return;
    const [a, b] = [shown.log, next.log];
    const appended = b.length >= a.length && (a.length === 0 || b[a.length - 1] === a[a.length - 1]);
    batch(() => {
      for (const key of Object.keys(next)) if (isSmall(key)) setState(key, reconcile(structuredClone(next[key]) as never, { merge: true }));
      syncRecord(setState, 'planets', shown, next);
      syncRecord(setState, 'players', shown, next);
      if (appended) for (let i = a.length; i < b.length; i++) setState('log', i, structuredClone(b[i]!));
      else setState('log', reconcile(structuredClone(b), { merge: true }));
    });
    shown = next;
  };
  game.doc.on('afterTransaction', refresh);
  onCleanup(() => game.doc.off('afterTransaction', refresh));
  return state;
}
