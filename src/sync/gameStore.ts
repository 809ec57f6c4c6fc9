/**
 * Where a game's updates live on this phone (one IndexedDB database per game, see persistence.ts),
 * and a read of them that can start before the game's code has loaded.
 *
 * Opening a saved game on a slow phone waited for three things in a row: the game screen's scripts,
 * then IndexedDB, then the fold (issue 9, start time). This module is small and in the first
 * screen's script, so the app starts reading the game as soon as the route names it, while the
 * scripts load; GamePersistence.open then takes that read instead of starting its own.
 */
import { createStore, entries } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';

export const gameDbName = (gameId: string) => `tt-game-${gameId}`;

export function gameStore(gameId: string): UseStore {
  return createStore(gameDbName(gameId), 'updates');
}

const early = new Map<string, Promise<[IDBValidKey, unknown][]>>();

/** Starts reading a game's stored entries now, for the next GamePersistence.open of that game. */
export function readGameEarly(gameId: string): void {
  if (early.has(gameId)) return;
  const read = entries(gameStore(gameId));
  read.catch(() => undefined); // reported by the one that takes it
  early.set(gameId, read);
}

/**
 * The early read of a game's entries, once: a later open reads again, since the session it opens may
 * follow writes made after the early read.
 */
export function takeEarlyRead(gameId: string): Promise<[IDBValidKey, unknown][]> | undefined {
  const read = early.get(gameId);
  early.delete(gameId);
  return read;
}
