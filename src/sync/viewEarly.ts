/**
 * Reads the view of a game kept at its last open (viewCache.ts) while a start's scripts load: the first
 * screen starts it, so this module is kept small (the rest of the view cache loads with the game).
 */
import { get } from 'idb-keyval';
import { privateStore } from '../secret/device';
import { entriesTag, peekEarlyRead } from './gameStore';

declare const __TT_BUILD__: string | undefined;
/** The build that folded a view: a view from another build of the app is never shown. */
export const BUILD = typeof __TT_BUILD__ === 'string' ? __TT_BUILD__ : 'dev';

export interface KeptView {
  build: string;
  /** Base64 of Y.encodeStateVector of the document the view was folded from. */
  sv: string;
  /** JSON of the snapshot without its log. */
  view: string;
  /** The tag of the stored entries the document was loaded from (gameStore.ts `entriesTag`), when known. */
  entries?: string;
}

export const viewKey = (gameId: string) => `view:${gameId}`;
const early = new Map<string, Promise<KeptView | undefined>>();

function read(gameId: string): Promise<KeptView | undefined> {
  return get<KeptView>(viewKey(gameId), privateStore()).catch(() => undefined);
}

/** Starts reading the kept view of a game the app opens on, while its scripts load. */
export function readViewEarly(gameId: string): void {
  if (!early.has(gameId)) early.set(gameId, read(gameId));
}

/** The early read of the kept view without taking it: a start's first frame reads it too (firstFrame.ts). */
export function peekView(gameId: string): Promise<KeptView | undefined> | undefined {
  return early.get(gameId);
}

/** The kept view of `gameId`: the early read if one was started (once), else a read now. */
export function readView(gameId: string): Promise<KeptView | undefined> {
  const pending = early.get(gameId);
  early.delete(gameId);
  return pending ?? read(gameId);
}

/** `earlyViewFits`'s answer per early read of the entries. */
const checked = new WeakMap<Promise<unknown>, Promise<boolean>>();

/**
 * Whether the early reads of a game (its stored entries, its kept view) hold a view this build kept for
 * exactly those entries: the start then paints it before loading the session (firstFrame.ts), and loads
 * Yjs and the rest after that frame instead of beside it (App.tsx). False when no early read was started.
 */
export function earlyViewFits(gameId: string): Promise<boolean> {
  const [stored, kept] = [peekEarlyRead(gameId), early.get(gameId)];
  if (!stored || !kept) return Promise.resolve(false);
  // App.tsx and the game screen both ask: the entries are hashed once per early read.
  let fits = checked.get(stored);
  if (!fits) {
    fits = Promise.all([stored, kept]).then(([entries, view]) => view?.build === BUILD && view.entries !== undefined && view.entries === entriesTag(entries));
    checked.set(stored, fits);
  }
  return fits;
}
