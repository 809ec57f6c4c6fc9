/**
 * Local-first persistence: every update a game's Y.Doc sees (local or from a peer) is appended to an
 * update log in IndexedDB, one database per game, and the log is compacted into one snapshot when it
 * grows. Updates are stored in the v2 encoding (much smaller for overwritten keys, see the sync notes).
 *
 * Keys: 'snapshot' holds the compacted state; every other key is `u<session>-<n>`, unique per tab, so two
 * tabs of the same game never overwrite each other's entries. Yjs updates commute and are idempotent, so
 * load order does not matter and duplicates (a crash between writing a snapshot and deleting what it
 * covers) are harmless.
 */
import { entries, promisifyRequest } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import * as Y from 'yjs';
import { gameDbName, gameStore, takeEarlyRead } from './gameStore';

/** The origin of updates applied from the local store, so they are not written back. */
export const STORE_ORIGIN = Symbol('local-store');
export const COMPACT_AFTER = 200;
const SNAPSHOT = 'snapshot';

export interface LoadReport {
  applied: number;
  /** Player-facing descriptions of entries that could not be read; the rest of the game loaded. */
  skipped: string[];
}

export type SaveState = 'saved' | 'saving' | 'error';

const randomTag = () => Math.random().toString(36).slice(2, 8);

/** How many persistences of each game are open (or opening) in this page: see openGameEarly. */
const openCount = new Map<string, number>();
const holdOpen = (gameId: string) => openCount.set(gameId, (openCount.get(gameId) ?? 0) + 1);
function releaseOpen(gameId: string): void {
  const left = (openCount.get(gameId) ?? 1) - 1;
  if (left > 0) openCount.set(gameId, left);
  else openCount.delete(gameId);
}

/** The entry as update bytes, if it is bytes at all; throws a message for the report otherwise. */
function storedBytes(key: IDBValidKey, value: unknown): Uint8Array {
  // Checked by tag, not instanceof: a structured clone may come from another realm.
  if (Object.prototype.toString.call(value) !== '[object Uint8Array]') throw new Error(`entry ${String(key)} is not an update`);
  return new Uint8Array((value as Uint8Array).buffer, (value as Uint8Array).byteOffset, (value as Uint8Array).byteLength);
}

/**
 * Applies the entries as one merged update: a single transaction, and no cost for the order
 * IndexedDB returns them in (applied one by one, out of order, many would wait as pending structs).
 *
 * Nothing is decoded twice on the way: Yjs reads every struct of an update before it integrates one,
 * so a damaged entry throws here with the document untouched (the rare damage past the structs, in
 * the delete set, leaves the entry's well-formed changes applied, which is what a player would want).
 * Only then is each entry checked and applied alone, to name and skip the bad ones. A separate check
 * of every entry first cost a second decode of the whole game at every start (issue 9).
 */
function applyAll(doc: Y.Doc, entries: [IDBValidKey, Uint8Array][], report: LoadReport): void {
  if (!entries.length) return;
  try {
    Y.applyUpdateV2(doc, entries.length === 1 ? (entries[0] as [IDBValidKey, Uint8Array])[1] : Y.mergeUpdatesV2(entries.map(([, u]) => u)), STORE_ORIGIN);
    report.applied += entries.length;
    return;
  } catch {
    // One entry at least is damaged: find it below.
  }
  for (const [key, u] of entries) {
    try {
      // decodeUpdateV2 rejects almost every malformed update without touching the document.
      Y.decodeUpdateV2(u);
      Y.applyUpdateV2(doc, u, STORE_ORIGIN);
      report.applied++;
    } catch (e) {
      report.skipped.push(`entry ${String(key)} is corrupted (${(e as Error).message})`);
    }
  }
}

export class GamePersistence {
  readonly session = randomTag();
  #seq = 0;
  #written: string[] = [];
  #queue: Uint8Array[] = [];
  #flushing: Promise<void> = Promise.resolve();
  #state: SaveState = 'saved';
  #listeners = new Set<(s: SaveState, error?: Error) => void>();
  #destroyed = false;

  private constructor(
    readonly doc: Y.Doc,
    readonly store: UseStore,
    private readonly compactAfter: number,
    private readonly gameId: string,
  ) {
    doc.on('updateV2', this.#onUpdate);
  }

  /** Loads whatever the device has for this game into `doc`, then keeps saving every update. */
  static async open(gameId: string, doc: Y.Doc, compactAfter = COMPACT_AFTER): Promise<{ persistence: GamePersistence; report: LoadReport }> {
    holdOpen(gameId);
    const store = gameStore(gameId);
    const report: LoadReport = { applied: 0, skipped: [] };
    let stored: [IDBValidKey, unknown][] = [];
    try {
      stored = await (takeEarlyRead(gameId) ?? entries(store));
    } catch (e) {
      report.skipped.push(`the saved game could not be read (${(e as Error).message})`);
    }
    const good: [IDBValidKey, Uint8Array][] = [];
    for (const [key, value] of stored) {
      try {
        good.push([key, storedBytes(key, value)]);
      } catch (e) {
        report.skipped.push((e as Error).message);
      }
    }
    applyAll(doc, good, report);
    const persistence = new GamePersistence(doc, store, compactAfter, gameId);
    persistence.#written = stored.map(([k]) => String(k)).filter((k) => k !== SNAPSHOT);
    // A document that loaded from many entries is compacted right away.
    if (persistence.#written.length >= compactAfter) await persistence.compact();
    return { persistence, report };
  }

  get state(): SaveState {
    return this.#state;
  }

  onState(listener: (s: SaveState, error?: Error) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #setState(s: SaveState, error?: Error): void {
    this.#state = s;
    for (const l of this.#listeners) l(s, error);
  }

  #onUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin === STORE_ORIGIN || this.#destroyed) return;
    this.#queue.push(update);
    this.#setState('saving');
    // Chain the flushes: one IndexedDB transaction per burst of updates, in order.
    this.#flushing = this.#flushing.then(() => this.#flush());
  };

  async #flush(): Promise<void> {
    if (!this.#queue.length) return;
    const batch = this.#queue.splice(0);
    const keyed = batch.map((u) => [`u${this.session}-${this.#seq++}`, u] as const);
    try {
      await this.store('readwrite', (s) => {
        for (const [k, u] of keyed) s.put(u, k);
        return promisifyRequest(s.transaction);
      });
      this.#written.push(...keyed.map(([k]) => k));
      if (this.#written.length >= this.compactAfter) await this.compact();
      if (!this.#queue.length) this.#setState('saved');
    } catch (e) {
      // Put the batch back so the next update retries it; the player sees that saving failed.
      this.#queue.unshift(...batch);
      this.#setState('error', e as Error);
    }
  }

  /** Resolves when everything the document has seen so far is on disk (or rejects if saving failed). */
  async whenSaved(): Promise<void> {
    await this.#flushing;
    if (this.#state === 'error') throw new Error('The game could not be saved on this device.');
  }

  /** Replaces the logged entries with one snapshot, in one IndexedDB transaction. */
  async compact(): Promise<void> {
    const covered = this.#written.splice(0);
    const snapshot = Y.encodeStateAsUpdateV2(this.doc);
    try {
      await this.store('readwrite', (s) => {
        s.put(snapshot, SNAPSHOT);
        for (const k of covered) s.delete(k);
        return promisifyRequest(s.transaction);
      });
    } catch (e) {
      this.#written.unshift(...covered);
      throw e;
    }
  }

  /** Number of entries besides the snapshot (for tests and the benchmark). */
  get pendingEntries(): number {
    return this.#written.length;
  }

  /** Stops saving after the last write lands, and closes the database so it can be deleted. */
  async destroy(): Promise<void> {
    if (!this.#destroyed) releaseOpen(this.gameId);
    this.#destroyed = true;
    this.doc.off('updateV2', this.#onUpdate);
    await this.#flushing;
    const db = await this.store('readonly', (s) => s.transaction.db);
    db.close();
  }
}

type Opened = { persistence: GamePersistence; report: LoadReport };
const earlyOpens = new Map<string, Promise<Opened>>();
const EARLY_OPEN_TTL_MS = 10_000;

/**
 * Opens a game (reads it and applies it to a new document) as soon as this module has loaded at app
 * start, while the game screen's scripts are still arriving; the session takes it (takeEarlyOpen)
 * instead of opening the game itself (issue 9, start time). Nothing happens if the game is open
 * already (the session got there first: a second load would only repeat it). Not taken within 10 s
 * (the player went elsewhere), it is closed, and a later open reads afresh.
 */
export function openGameEarly(gameId: string): void {
  if (earlyOpens.has(gameId) || openCount.has(gameId)) return;
  const opening = GamePersistence.open(gameId, new Y.Doc());
  opening.catch(() => undefined); // reported by the session that takes it
  earlyOpens.set(gameId, opening);
  setTimeout(() => {
    if (earlyOpens.get(gameId) !== opening) return;
    earlyOpens.delete(gameId);
    opening.then(({ persistence }) => persistence.destroy().then(() => persistence.doc.destroy())).catch(() => undefined);
  }, EARLY_OPEN_TTL_MS);
}

/** The early open of a game, once (see openGameEarly). */
export function takeEarlyOpen(gameId: string): Promise<Opened> | undefined {
  const opening = earlyOpens.get(gameId);
  earlyOpens.delete(gameId);
  return opening;
}

/** Deletes a game's database. */
export async function deleteGameData(gameId: string): Promise<void> {
  await promisifyRequest(indexedDB.deleteDatabase(gameDbName(gameId)));
}

/** Asks the browser not to evict our data (phones evict under storage pressure); returns what it said. */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}
