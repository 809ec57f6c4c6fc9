/**
 * Reads the view of a game kept at its last open (viewCache.ts) while a start's scripts load: the first
 * screen starts it, so this module is kept small (the rest of the view cache loads with the game).
 */
import { get } from 'idb-keyval';
import { privateStore } from '../secret/device';

export interface KeptView {
  build: string;
  /** Base64 of Y.encodeStateVector of the document the view was folded from. */
  sv: string;
  /** JSON of the snapshot without its log. */
  view: string;
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

/** The kept view of `gameId`: the early read if one was started (once), else a read now. */
export function readView(gameId: string): Promise<KeptView | undefined> {
  const pending = early.get(gameId);
  early.delete(gameId);
  return pending ?? read(gameId);
}
