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

/** The early read of a game's entries without taking it: a start's first frame reads it too (firstFrame.ts). */
export function peekEarlyRead(gameId: string): Promise<[IDBValidKey, unknown][]> | undefined {
  return early.get(gameId);
}

/**
 * A tag of exactly which entries a game's store holds (their keys and checksums): what a start's first
 * frame checks a kept view against before Yjs has loaded (issue 33), as the state vector is checked once
 * it has. Not a defence against a forged view (the real fold replaces any view moments later), so two
 * 32-bit FNV-1a hashes of the list are enough; undefined when an entry is of no kind this version stores.
 */
export function entriesTag(stored: readonly [IDBValidKey, unknown][]): string | undefined {
  const parts: string[] = [];
  for (const [key, value] of stored) {
    const sum = entrySum(value);
    if (sum === undefined) return undefined;
    parts.push(`${String(key)}:${sum}`);
  }
  const text = parts.sort().join('|');
  let [a, b] = [0x811c9dc5, 0x01000193];
  for (let i = 0; i < text.length; i++) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193);
    b = Math.imul(b ^ text.charCodeAt(text.length - 1 - i), 0x01000193);
  }
  return `${stored.length}-${(a >>> 0).toString(36)}-${(b >>> 0).toString(36)}`;
}

/** The tag (`entriesTag`) of the entries a game's store holds now. */
export async function readEntriesTag(gameId: string): Promise<string | undefined> {
  return entriesTag(await entries(gameStore(gameId)));
}

/**
 * An entry's checksum, or for one saved before checksums (issue 18; kept after its compaction as the
 * fallback) the length of its bytes: it is never rewritten under the same key.
 */
function entrySum(value: unknown): string | undefined {
  if (value instanceof Uint8Array) return `#${value.byteLength}`;
  const sum = (value as { sum?: unknown } | null)?.sum;
  return typeof sum === 'string' ? sum : undefined;
}
