/**
 * The Y → Solid bridge: one read-only store per open game, brought up to each new folded snapshot after
 * every transaction, so only what changed re-renders. Writes never go through the store: they are Game
 * commands.
 *
 * A tap must show within a frame on a slow phone at the sixth hour, so the work of a refresh follows the
 * change, not the game: the fold hands back the very same object for every part of the snapshot that did
 * not change (a planet, a player, a council session, the problems…), so `patch` walks the new snapshot
 * against the one shown and descends only where the objects differ, setting just the values that changed.
 * Until issue 33 every part counted as small was copied (`structuredClone`) and `reconcile`d whole on
 * every transaction: about 13 ms of a 4× tap at round 16, growing with the council and the problems.
 * The store never holds the fold's own objects: what it takes is a copy (or a view parsed for it alone), so
 * Solid's in-place updates cannot reach the fold.
 *
 * The log is the exception: thousands of entries that never change once written, read by the Log tab
 * only. Copying them into the store (and Solid walking them) cost ~50 ms of a slow phone's start
 * (issue 9), so `state.log` is a getter over the fold's own snapshot (the signal `folded` reads), whose
 * array is replaced whole when the fold produces a new one. Nothing may write to it: it is the fold's own array.
 */
import { batch, createSignal, onCleanup } from 'solid-js';
import { $RAW, createStore, reconcile } from 'solid-js/store';
import type { Game, GameSnapshot } from '../doc';

type Path = (string | number)[];
/** Solid's setter with a path of any length: its typed overloads stop at a depth of seven keys. */
type SetAt = (...pathThenValue: unknown[]) => void;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The field that names an array's items ('id' or 'key'), when every item has one. */
function itemKey(items: readonly unknown[]): 'id' | 'key' | undefined {
  for (const k of ['id', 'key'] as const) if (items.length && items.every((x) => isObject(x) && (typeof x[k] === 'string' || typeof x[k] === 'number'))) return k;
  return undefined;
}

/**
 * Brings the store's value at `path` (which equals `before`) to `after`. Identical objects are skipped
 * whole; objects are patched key by key; anything else is set, as a copy. An array that shrank, or whose
 * named items moved, is reconciled by their names instead, so a row's component keeps its own item.
 */
function patch(set: SetAt, path: Path, before: unknown, after: unknown): void {
  if (before === after) return;
  if (isObject(before) && isObject(after) && Array.isArray(before) === Array.isArray(after)) {
    if (Array.isArray(after)) {
      const was = before as unknown as unknown[];
      const key = itemKey(after);
      const moved = key !== undefined && was.some((x, i) => i < after.length && isObject(x) && x[key] !== (after[i] as Record<string, unknown>)[key]);
      if (after.length < was.length || moved) {
        set(...path, reconcile(structuredClone(after), { key: key ?? 'id', merge: true }));
        return;
      }
      // The path is copied only where a value differs: most of a record's values are the fold's same objects.
      for (let i = 0; i < after.length; i++) if (was[i] !== after[i]) patch(set, [...path, i], was[i], after[i]);
      return;
    }
    for (const k of Object.keys(after)) if (before[k] !== after[k]) patch(set, [...path, k], before[k], after[k]);
    for (const k of Object.keys(before)) if (!(k in after)) set(...path, k, undefined);
    return;
  }
  // A value of another shape: Solid would merge an object into the object it replaces, so clear it first.
  if (isObject(before)) set(...path, undefined);
  set(...path, isObject(after) ? structuredClone(after) : after);
}

/** Each game store's signal of the fold's own snapshot (see `folded`): beside the store, not in it, where Solid would wrap it in proxies. */
const foldedOf = new WeakMap<GameSnapshot, () => GameSnapshot>();

/**
 * The snapshot the store shows, as the fold handed it out (its own objects, never changed once handed out),
 * tracked as one value: a view that reads many records (the header's totals: every planet of a seat, its
 * counters, the council) computes from plain objects instead of through the store's proxies, and re-runs
 * on every transaction (Solid does not write a number again that the screen already shows). Through the proxies the totals were about a quarter of a tap's script at 4× CPU (issue 33).
 * A snapshot that is not a game store (a test's, the TV's plain one) is its own.
 */
export function folded(state: GameSnapshot): GameSnapshot {
  return foldedOf.get(state)?.() ?? state;
}

/**
 * `owned`: a snapshot given over to this store, which keeps its objects instead of copying them when it is
 * the one the game shows (a start's first frame, whose kept view was parsed for that frame alone: its copy
 * was ~7 ms of the render before a start's first frame at 4× CPU, and its garbage a scavenge; issue 33).
 * Its parts are also the real game's view while that is painted from (GameCore.paintFrom): the store writes
 * to them only once the game shows other parts, that is once the fold has replaced the view and been
 * compared with it.
 */
export function createGameStore(game: Game, owned?: GameSnapshot): GameSnapshot {
  // At a start painted from a kept view, the view (GameCore.paintFrom): the real fold follows.
  let shown = game.snapshotOrUndefined() ?? game.snapshot();
  const [foldedNow, setFolded] = createSignal(shown);
  const { log: _log, ...rest } = shown;
  const parts = owned !== undefined && owned === shown ? rest : structuredClone(rest);
  const initial = Object.defineProperty(parts, 'log', { get: () => foldedNow().log, enumerable: true, configurable: true }) as GameSnapshot;
  // Solid's createStore first walks the whole value (unwrap) to swap nested store proxies for their raw
  // objects and copy frozen ones; a fresh structuredClone or parse holds neither, and at a start that walk of the
  // game's ~4,000 values was ~75 ms at 4× CPU (issue 33). A value that names itself as its raw object
  // is taken as it is.
  Object.defineProperty(initial, $RAW, { value: initial });
  const [state, setState] = createStore<GameSnapshot>(initial);
  const set = setState as unknown as SetAt;
  foldedOf.set(state, foldedNow);
  const refresh = () => {
    const next = game.snapshotOrUndefined();
    if (!next || next === shown) return;
    const before = shown as unknown as Record<string, unknown>;
    batch(() => {
      for (const [key, value] of Object.entries(next)) if (key !== 'log') patch(set, [key], before[key], value);
      // A part of the snapshot that is there only at times (`newer`, the fold stopped at a newer phone's
      // change, until the table goes on without it) leaves the screen when it leaves the snapshot.
      for (const key of Object.keys(before)) if (!(key in next)) set(key, undefined);
      setFolded(() => next);
    });
    shown = next;
  };
  game.doc.on('afterTransaction', refresh);
  // A start painted from a kept view: the real fold replaces it without a transaction.
  const stopRefold = game.onRefold(refresh);
  onCleanup(() => {
    game.doc.off('afterTransaction', refresh);
    stopRefold();
  });
  return state;
}
