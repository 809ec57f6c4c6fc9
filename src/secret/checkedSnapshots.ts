/**
 * The stored snapshots of a game that this phone wrote itself or has already held to the guard (issue 36
 * item 4), kept between starts: the guard's check of a 16-round game's snapshot, run cold at every start,
 * made a task of 60–80 ms at 4× CPU right after the first frame (issue 33). A snapshot is named by its
 * checksum (src/sync/storedEntry.ts), which every start checks against its bytes anyway; one named here
 * skips only the guard.
 *
 * The list is sealed with this phone's HMAC key (verdicts.ts): a list edited, or copied from another game or
 * another phone, fails its seal and is ignored whole, so every snapshot is checked as before. Where
 * WebCrypto or IndexedDB is missing, nothing is kept.
 */
import { get, set } from 'idb-keyval';
import { privateStore } from './device';
import { sealKey } from './verdicts';

const listKey = (gameId: string) => `checked-snapshots:${gameId}`;
/** A phone keeps two snapshots of a game at most (persistence.ts compact()): a few more cover a race. */
const MAX_KEPT = 8;

interface SealedList {
  version: 1;
  gameId: string;
  sums: string[];
  mac: ArrayBuffer;
}

const sealed = (gameId: string, sums: readonly string[]) => new TextEncoder().encode(JSON.stringify(['checked-snapshots', 1, gameId, sums]));

async function read(gameId: string): Promise<string[]> {
  const list = await get<SealedList>(listKey(gameId), privateStore());
  if (!list || list.version !== 1 || list.gameId !== gameId || !Array.isArray(list.sums) || list.sums.length > MAX_KEPT) return [];
  if (!list.sums.every((v) => typeof v === 'string') || !(list.mac instanceof ArrayBuffer)) return [];
  const key = await sealKey(false);
  if (!key || !(await crypto.subtle.verify('HMAC', key, list.mac, sealed(gameId, list.sums)))) {
    console.warn('The list of saved copies this phone checked before does not match its seal: each is checked again.');
    return [];
  }
  return list.sums;
}

const early = new Map<string, Promise<ReadonlySet<string>>>();

/**
 * Starts reading the list as the route names the game (App.tsx, beside the early read of its entries): read
 * when the stored game is opened, its seal's check left a task of its own that the snapshot's apply then
 * waited for, and that apply, alone in a later task, made one more long task after the first frame (issue 33).
 */
export function readCheckedSnapshotsEarly(gameId: string): void {
  if (!early.has(gameId)) early.set(gameId, loadCheckedSnapshots(gameId));
}

/** The checksums of `gameId`'s snapshots this phone sealed as checked; empty when none, or refused. */
export async function loadCheckedSnapshots(gameId: string): Promise<ReadonlySet<string>> {
  const started = early.get(gameId);
  if (started) {
    early.delete(gameId);
    return started;
  }
  try {
    return new Set(await read(gameId));
  } catch {
    return new Set();
  }
}

/** Seals the snapshot of `gameId` with checksum `sum` as checked (the guard accepted it, or this phone wrote it). */
export async function keepCheckedSnapshot(gameId: string, sum: string): Promise<void> {
  try {
    const sums = [...(await read(gameId)).filter((s) => s !== sum), sum].slice(-MAX_KEPT);
    const key = await sealKey(true);
    if (!key) return;
    const mac = await crypto.subtle.sign('HMAC', key, sealed(gameId, sums));
    await set(listKey(gameId), { version: 1, gameId, sums, mac } satisfies SealedList, privateStore());
  } catch {
    // Not kept: the next start checks the snapshot again.
  }
}
