/**
 * The Y → Solid bridge: one read-only store per open game, refreshed with `reconcile` from the folded
 * snapshot after every transaction (Solid's pattern for external stores), so only what changed
 * re-renders. Writes never go through the store: they are Game commands.
 *
 * A tap must show within a frame on a slow phone with 100 planets and a long log, so the refresh
 * copies only what changed: the fold hands back the same planet and player objects when they did not
 * change (compared by identity here). The store never holds the fold's own objects: everything it
 * takes is a copy, so Solid's in-place updates cannot reach the fold.
 *
 * The log is the exception: thousands of entries that never change once written, read by the Log tab
 * only. Copying them into the store (and Solid walking them) cost ~50 ms of a slow phone's start
 * (issue 9), so `state.log` is a getter over a signal holding the fold's own array, replaced whole
 * when the fold produces a new one. Nothing may write to it: it is the fold's own array.
 */
import { batch, createSignal, onCleanup } from 'solid-js';
import { createStore, reconcile } from 'solid-js/store';
import type { SetStoreFunction } from 'solid-js/store';
import type { Game, GameSnapshot } from '../doc';

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
  const [log, setLog] = createSignal(shown.log);
  const { log: _log, ...rest } = shown;
  const [state, setState] = createStore<GameSnapshot>(
    Object.defineProperty(structuredClone(rest), 'log', { get: log, enumerable: true, configurable: true }) as GameSnapshot,
  );
  const refresh = () => {
    const next = game.snapshotOrUndefined();
    if (!next || next === shown) return;
    batch(() => {
      for (const key of Object.keys(next)) if (isSmall(key)) setState(key, reconcile(structuredClone(next[key]) as never, { merge: true }));
      syncRecord(setState, 'planets', shown, next);
      syncRecord(setState, 'players', shown, next);
      if (next.log !== shown.log) setLog(() => next.log);
    });
    shown = next;
  };
  game.doc.on('afterTransaction', refresh);
  onCleanup(() => game.doc.off('afterTransaction', refresh));
  return state;
}
