/**
 * Earlier copies of each game on this phone (issue 18): every snapshot a compaction has written and
 * read back intact is also kept here, the last few per game, so a game whose own store is damaged past
 * its fallback, or deleted by mistake, can be brought back from the home screen.
 *
 * Restoring merges the copy into the game as it is now (Yjs merges, it never overwrites): a copy only
 * adds what the game lacks, so restoring the wrong one loses nothing.
 */
import { createStore, del, get, keys, set } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import type { StoredEntry } from './storedEntry';

/** Copies kept per game: with compaction every 200 changes, about the last hour or two of play. */
export const COPIES_KEPT = 3;

let store: UseStore | undefined;
const copies = () => (store ??= createStore('tt-copies', 'copies'));

/** What the home screen lists; the key holds it all, so listing reads no game bytes. */
export interface LocalCopy {
  gameId: string;
  name: string;
  at: number;
}

type CopyKey = [gameId: string, at: number, name: string];
const isCopyKey = (k: IDBValidKey): k is CopyKey => Array.isArray(k) && typeof k[0] === 'string' && typeof k[1] === 'number' && typeof k[2] === 'string';

export async function listLocalCopies(): Promise<LocalCopy[]> {
  const all = (await keys(copies())).filter(isCopyKey);
  return all.map(([gameId, at, name]) => ({ gameId, at, name })).sort((a, b) => b.at - a.at);
}

/** Keeps `record` (a checked snapshot) as the newest copy of the game, and forgets the oldest beyond COPIES_KEPT. */
export async function saveLocalCopy(gameId: string, name: string, record: StoredEntry): Promise<void> {
  await set([gameId, record.at, name] satisfies CopyKey, record, copies());
  const mine = (await keys(copies())).filter(isCopyKey).filter(([g]) => g === gameId).sort((a, b) => b[1] - a[1]);
  for (const old of mine.slice(COPIES_KEPT)) await del(old, copies());
}

/** The stored copy, as it was saved (its checksum is checked by the one who reads it). */
export async function loadLocalCopy(copy: LocalCopy): Promise<StoredEntry | undefined> {
  return get<StoredEntry>([copy.gameId, copy.at, copy.name] satisfies CopyKey, copies());
}
