/**
 * Local-first persistence: every update a game's Y.Doc sees (local or from a peer) is appended to an
 * update log in IndexedDB, one database per game, and the log is compacted into a snapshot when it
 * grows. Updates are stored in the v2 encoding (much smaller for overwritten keys, see the sync notes).
 *
 * Keys: `s<generation>-<session>` holds a compacted state ('snapshot' in games saved before issue 18);
 * every other key is `u<session>-<n>`, unique per tab, so two tabs of the same game never overwrite each
 * other's entries. Yjs updates commute and are idempotent, so load order does not matter and duplicates
 * are harmless.
 *
 * Nothing damaged is ever applied (issue 18): each entry is stored with a checksum of its bytes, checked
 * before it is decoded. Compaction cannot lose: a new snapshot is read back and checked before anything
 * it replaces is deleted, and the previous snapshot, with the entries written between the two, is kept
 * until the next one is checked, so a snapshot damaged later falls back to the one before it plus the
 * entries since: the whole game, again.
 */
import { entries, get, promisifyRequest } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import * as Y from 'yjs';
import { checkSnapshot, checkUpdate } from '../doc/core/guard';
import { gameRoot, readMeta } from '../doc/core/schema';
import { readUpdate } from '../doc/core/updateReader';
import { afterPaint, nextTask } from '../later';
import { keepCheckedSnapshot, loadCheckedSnapshots } from '../secret/checkedSnapshots';
import { gameDbName, gameStore, takeEarlyRead } from './gameStore';
import { saveLocalCopy } from './localCopies';
import { checksum, intact, partsChecksum, sealEntry } from './storedEntry';
import { snapshotParts } from './snapshotParts';
import type { StoredEntry } from './storedEntry';

export { checksum, sealEntry };
export type { StoredEntry };

/** The origin of updates applied from the local store, so they are not written back. */
export const STORE_ORIGIN = Symbol('local-store');
export const COMPACT_AFTER = 200;
const LEGACY_SNAPSHOT = 'snapshot';
const STORED_LIMITS = { maxWork: 5_000_000, maxMs: 5_000 };

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

// Checked by tag, not instanceof: a structured clone may come from another realm.
const isBytes = (v: unknown): v is Uint8Array => Object.prototype.toString.call(v) === '[object Uint8Array]';
const when = (at: unknown) => (typeof at === 'number' && Number.isFinite(at) ? ` saved at ${new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}` : '');

/**
 * The entry's update bytes, checked; throws a sentence for the player otherwise. A checksummed entry is
 * checked by its checksum alone (a second decode of the whole game at every start cost too much, issue
 * 9); one from before checksums is read within bounds first, so that damage cannot hang the tab.
 */
async function storedBytes(key: IDBValidKey, value: unknown): Promise<Uint8Array> {
  const what = String(key).startsWith('u') ? 'a saved change' : 'a saved copy of the whole game';
  if (isBytes(value)) {
    const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    try {
      // This phone's own store: limits far above any game, there only so that damage cannot hang the tab.
      readUpdate(bytes, true, STORED_LIMITS);
    } catch (e) {
      throw new Error(`${what} (entry ${String(key)}) is corrupted (${(e as Error).message})`, { cause: e });
    }
    return bytes;
  }
  const entry = value as Partial<StoredEntry> | null;
  if (!entry || !isBytes(entry.u) || typeof entry.sum !== 'string') throw new Error(`entry ${String(key)} is not an update`);
  if (!(await intact(entry))) throw new Error(`${what}${when(entry.at)} is damaged (its checksum does not match) and was left out`);
  return new Uint8Array(entry.u.buffer, entry.u.byteOffset, entry.u.byteLength);
}

/**
 * A snapshot's bytes, checked as storedBytes checks them and then held to the guard (checkSnapshot): one
 * that passes its checksum may still be hostile (written by anything with access to this phone's storage, or
 * by a bug), and one that deletes the log or holds a nonsense meta would make the game not open, or open
 * without its log (issue 36 item 4). Throws a sentence for the player otherwise.
 */
async function snapshotBytes(key: IDBValidKey, value: unknown, checked: ReadonlySet<string>): Promise<{ bytes: Uint8Array; parts?: Uint8Array[]; newlyChecked?: string }> {
  const bytes = await storedBytes(key, value);
  // One this phone wrote or checked before (sealed, secret/checkedSnapshots.ts) is the same bytes: its checksum matched.
  const { sum, parts, partsSum } = (value ?? {}) as Partial<StoredEntry>;
  if (typeof sum === 'string' && typeof partsSum === 'string' && checked.has(`${sum}/${partsSum}`)) return { bytes, parts: await partsIntact(parts, partsSum) };
  if (typeof sum === 'string' && checked.has(sum)) return { bytes };
  const verdict = checkSnapshot(bytes, STORED_LIMITS);
  // One that waits (changes of a writer this phone never had) is applied: Yjs holds those parts back.
  if (verdict.ok === false) throw new Error(`a saved copy of the whole game (entry ${String(key)}) was refused: ${verdict.reason}`);
  return { bytes, newlyChecked: typeof sum === 'string' ? sum : undefined };
}

/**
 * A snapshot's parts (snapshotParts.ts) when they are what this phone sealed as its own and still match their
 * checksums; otherwise undefined, and the start applies the snapshot whole, as a build before parts did.
 */
async function partsIntact(parts: unknown, partsSum: string): Promise<Uint8Array[] | undefined> {
  if (!Array.isArray(parts) || !parts.length || !parts.every(isBytes)) return undefined;
  const bytes = parts.map((p: Uint8Array) => new Uint8Array(p.buffer, p.byteOffset, p.byteLength));
  return (await partsChecksum(bytes)) === partsSum ? bytes : undefined;
}

/** Where what a damaged or refused copy held comes back from: localCopies.ts, and the first sync with a peer. */
const COMES_BACK = 'an earlier copy (home screen, "Restore an earlier copy") or another phone at the table can bring back';

/** Snapshot keys, newest generation first ('snapshot', from before generations, is generation 0). */
const generation = (key: string): number => (key === LEGACY_SNAPSHOT ? 0 : Number(/^s(\d+)-/.exec(key)?.[1] ?? -1));
const isSnapshot = (key: string): boolean => generation(key) >= 0;

const mergedOf = (entries: [IDBValidKey, Uint8Array][]): Uint8Array => (entries.length === 1 ? (entries[0] as [IDBValidKey, Uint8Array])[1] : Y.mergeUpdatesV2(entries.map(([, u]) => u)));

/**
 * Applies the entries as one merged update: a single transaction, and no cost for the order
 * IndexedDB returns them in (applied one by one, out of order, many would wait as pending structs).
 * Every entry passed its checksum (or bounded read) already; should Yjs still refuse the merge, each
 * is applied alone, to name and skip the bad ones.
 */
function applyAll(doc: Y.Doc, entries: [IDBValidKey, Uint8Array][], report: LoadReport, merged?: Uint8Array): void {
  if (!entries.length) return;
  try {
    Y.applyUpdateV2(doc, merged ?? mergedOf(entries), STORE_ORIGIN);
    report.applied += entries.length;
    return;
  } catch {
    // One entry at least is damaged: find it below.
  }
  for (const [key, u] of entries) {
    try {
      Y.applyUpdateV2(doc, u, STORE_ORIGIN);
      report.applied++;
    } catch (e) {
      report.skipped.push(`entry ${String(key)} is corrupted (${(e as Error).message})`);
    }
  }
}

/**
 * A snapshot's parts (snapshotParts.ts), in order, a task each. Should Yjs refuse one, the snapshot is applied
 * whole after them: updates are idempotent, so what the parts brought is not brought twice.
 */
async function applyParts(doc: Y.Doc, parts: Uint8Array[], whole: [IDBValidKey, Uint8Array][], report: LoadReport): Promise<void> {
  try {
    for (const [i, part] of parts.entries()) {
      if (i) await nextTask();
      Y.applyUpdateV2(doc, part, STORE_ORIGIN);
    }
    report.applied += whole.length;
  } catch {
    applyAll(doc, whole, report);
  }
}

/**
 * The saved changes, held to the rules a peer's update is held to (doc/core/guard.ts) against the game as
 * its snapshot left it: an entry that passes its checksum may still be hostile (written by anything with
 * access to this phone's storage, or by a bug), and one that deletes the log or rewrites the game's meta
 * would otherwise make the game not open (issue 36 item 4). All at once first (one check, the common case);
 * when that is refused, entry by entry, so only the refused ones are left out, each named.
 */
function applyChanges(doc: Y.Doc, changes: [IDBValidKey, Uint8Array][], report: LoadReport): void {
  if (!changes.length) return;
  let merged: Uint8Array | undefined;
  try {
    merged = mergedOf(changes);
  } catch {
    // One entry at least does not merge: each is checked and applied alone below.
  }
  if (merged && checkUpdate(doc, merged, true, STORED_LIMITS, null).ok !== false) return applyAll(doc, changes, report, merged);
  // Entry by entry, until none that waits for another can go in any more.
  let left = changes;
  for (let progress = true; left.length && progress; ) {
    progress = false;
    const waiting: [IDBValidKey, Uint8Array][] = [];
    for (const [key, u] of left) {
      const verdict = checkUpdate(doc, u, true, STORED_LIMITS, null);
      if (verdict.ok === 'later') waiting.push([key, u]);
      else if (verdict.ok) {
        applyAll(doc, [[key, u]], report);
        progress = true;
      } else report.skipped.push(`a saved change (entry ${String(key)}) was refused: ${verdict.reason}; the game opened without it`);
    }
    left = waiting;
  }
  // What still waits for a change this phone never had: Yjs keeps it pending, as it would from a peer.
  applyAll(doc, left, report);
}

/**
 * Which stored entries to apply: the newest intact snapshot the guard accepts, and every intact change. A
 * damaged or refused newest snapshot is reported and the one before it is used, with the changes kept since
 * (see compact()).
 */
async function chooseEntries(stored: [IDBValidKey, unknown][], report: LoadReport, checked: ReadonlySet<string>): Promise<{ apply: [IDBValidKey, Uint8Array][]; snapshot: string | undefined; parts?: Uint8Array[]; retired: string[]; newlyChecked?: string }> {
  const snapshots = stored.filter(([k]) => isSnapshot(String(k))).sort(([a], [b]) => generation(String(b)) - generation(String(a)));
  let snapshot: [IDBValidKey, Uint8Array] | undefined;
  let parts: Uint8Array[] | undefined;
  let newlyChecked: string | undefined;
  const retired: string[] = [];
  const damaged: string[] = [];
  for (const [key, value] of snapshots) {
    if (snapshot) {
      retired.push(String(key));
      continue;
    }
    try {
      const chosen = await snapshotBytes(key, value, checked);
      [snapshot, parts, newlyChecked] = [[key, chosen.bytes], chosen.parts, chosen.newlyChecked];
    } catch (e) {
      damaged.push((e as Error).message);
      retired.push(String(key));
    }
  }
  const fallback = snapshot ? 'the game opened from the copy before it and the changes saved since' : `no earlier copy is left: the game opened from the changes saved since; ${COMES_BACK} the rest`;
  for (const message of damaged) report.skipped.push(`${message}; ${fallback}`);
  const apply: [IDBValidKey, Uint8Array][] = snapshot ? [snapshot] : [];
  for (const [key, value] of stored) {
    if (isSnapshot(String(key))) continue;
    try {
      apply.push([key, await storedBytes(key, value)]);
    } catch (e) {
      report.skipped.push((e as Error).message);
    }
  }
  return { apply, snapshot: snapshot && String(snapshot[0]), parts, retired, newlyChecked };
}

/**
 * The last resort against a snapshot that passed every check and still leaves no game this phone can read
 * (its meta held back by Yjs behind a change of another writer that never came, say): the screen would say
 * "Game not found" and nothing else; this names it.
 */
function reportNoGame(doc: Y.Doc, snapshot: string, report: LoadReport): void {
  if (readMeta(gameRoot(doc))) return;
  report.skipped.push(`a saved copy of the whole game (entry ${snapshot}) holds no game this phone can open (its name, players and rules are missing, or wait on changes this phone never had); ${COMES_BACK} the game`);
}

/**
 * How long a save waits at most for the frame after a change: a page hidden meanwhile produces no frames,
 * and a phone may put it away (and the system end it) right after a tap.
 */
const SAVE_WAIT_MS = 100;

/** Resolves after the next frame, or SAVE_WAIT_MS from now if that comes first. */
function frameOrSoon(): Promise<void> {
  return new Promise((done) => {
    afterPaint(done);
    setTimeout(done, SAVE_WAIT_MS);
  });
}

export class GamePersistence {
  readonly session = randomTag();
  #seq = 0;
  /** Change entries not yet covered by a snapshot of this tab. */
  #written: string[] = [];
  /** The newest snapshot this tab knows of, its generation, and what the next compaction deletes. */
  #snapshot: string | undefined;
  #generation = 0;
  #retired: string[] = [];
  #queue: Uint8Array[] = [];
  /** Whether a flush is chained that has not started: updates until it starts join its batch. */
  #flushQueued = false;
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
    const checkedRead = loadCheckedSnapshots(gameId);
    const report: LoadReport = { applied: 0, skipped: [] };
    let stored: [IDBValidKey, unknown][] = [];
    try {
      stored = await (takeEarlyRead(gameId) ?? entries(store));
    } catch (e) {
      report.skipped.push(`the saved game could not be read (${(e as Error).message})`);
    }
    const { apply, snapshot, parts, retired, newlyChecked } = await chooseEntries(stored, report, await checkedRead);
    if (newlyChecked) void keepCheckedSnapshot(gameId, newlyChecked);
    const base = snapshot ? apply.slice(0, 1) : [];
    // The snapshot's apply and the changes' check each take tens of milliseconds for a long game on a slow
    // phone: each in a task of its own, and the snapshot in parts of a task each where this phone wrote them,
    // so a tap on the first frame (painted from the view kept of the game, firstFrame.ts) waits behind a few
    // milliseconds at most (issue 33: the whole snapshot was one task of 50–90 ms at 4× CPU).
    await nextTask();
    if (parts) await applyParts(doc, parts, base, report);
    else applyAll(doc, base, report);
    // The last part has had its task: the changes after the snapshot, and the session's opening that follows,
    // get one of their own (issue 33: with the last part, a task of 45–55 ms at 4× CPU).
    if (parts || apply.length > base.length) await nextTask();
    applyChanges(doc, apply.slice(base.length), report);
    if (snapshot) reportNoGame(doc, snapshot, report);
    const persistence = new GamePersistence(doc, store, compactAfter, gameId);
    persistence.#written = stored.map(([k]) => String(k)).filter((k) => !isSnapshot(k));
    persistence.#snapshot = snapshot;
    persistence.#retired = retired;
    persistence.#generation = Math.max(0, ...stored.map(([k]) => generation(String(k))));
    // A document that loaded from many entries is compacted right away, and so is one saved before
    // checksums (its snapshot is then checked by its checksum at the next start, not read twice).
    if (persistence.#written.length >= compactAfter || snapshot === LEGACY_SNAPSHOT) await persistence.compact();
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
    if (this.#flushQueued) return;
    this.#flushQueued = true;
    // Chain the flushes: one IndexedDB transaction per burst of updates, in order. Each waits for the frame
    // that shows the change (its checksum and IndexedDB request were a tap's work before its paint, issue
    // 33), about 20 ms on a slow phone; the save label says "Saving…" once a save runs longer than that
    // is worth a word (ui/shell/saveStatus.ts), and a failure at once.
    this.#flushing = this.#flushing.then(frameOrSoon).then(() => {
      this.#flushQueued = false;
      return this.#flush();
    });
  };

  async #flush(): Promise<void> {
    if (!this.#queue.length) return;
    const batch = this.#queue.splice(0);
    const keyed = await Promise.all(batch.map(async (u) => [`u${this.session}-${this.#seq++}`, await sealEntry(u)] as const));
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

  /**
   * Writes the whole game as a new snapshot and reads it back; only once it reads back intact are the
   * snapshot before the previous one and the changes that one needed deleted. The previous snapshot and
   * the changes written since it stay until the next compaction: the fallback if this one is damaged.
   */
  async compact(): Promise<void> {
    const covered = this.#written.splice(0);
    const generation = this.#generation + 1;
    const key = `s${generation}-${this.session}`;
    const record: StoredEntry = await sealEntry(Y.encodeStateAsUpdateV2(this.doc));
    const parts = snapshotParts(this.doc, gameRoot(this.doc).log);
    if (parts) [record.parts, record.partsSum] = [parts, await partsChecksum(parts)];
    try {
      await this.store('readwrite', (s) => promisifyRequest(s.put(record, key)));
      const back = await get<unknown>(key, this.store);
      await storedBytes(key, back);
      const retired = this.#retired;
      if (retired.length) {
        await this.store('readwrite', (s) => {
          for (const k of retired) s.delete(k);
          return promisifyRequest(s.transaction);
        });
      }
      this.#retired = [...(this.#snapshot ? [this.#snapshot] : []), ...covered];
      // Written from this document, which holds only what the guard let in: the next start need not check it.
      // Its parts too, under a name of both: only parts this phone wrote are applied without the whole.
      void keepCheckedSnapshot(this.gameId, record.partsSum ? `${record.sum}/${record.partsSum}` : record.sum);
      this.#snapshot = key;
      this.#generation = generation;
      // And an earlier copy for the home screen, should this store ever be lost (localCopies.ts).
      const name = this.doc.getMap('meta').get('name');
      saveLocalCopy(this.gameId, typeof name === 'string' ? name : 'A game', { u: record.u, sum: record.sum, at: record.at }).catch((e: unknown) => console.warn('An earlier copy of the game could not be kept:', e));
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
