/**
 * The stored snapshots of a game that this phone wrote itself or has already held to the guard (issue 36
 * item 4), kept between starts: the guard's check of a 16-round game's snapshot, run cold at every start,
 * made a task of 60–80 ms at 4× CPU right after the first frame (issue 33). A snapshot is named by its
 * checksum (src/sync/storedEntry.ts), which every start checks against its bytes anyway; one named here
 * skips only the guard.
 *
 * The list is sealed (sealedList.ts): a list edited, or copied from another game or another phone, fails its
 * seal and is ignored whole, so every snapshot is checked as before.
 */
import { readSealedList, writeSealedList } from './sealedList';
import type { SealedListKind } from './sealedList';

const CHECKED: SealedListKind = {
  storeKey: (gameId) => `checked-snapshots:${gameId}`,
  field: 'sums',
  // A phone keeps two snapshots of a game at most (persistence.ts compact()): a few more cover a race.
  max: 8,
  sealed: (gameId, sums) => new TextEncoder().encode(JSON.stringify(['checked-snapshots', 1, gameId, sums])),
  refused: 'The list of saved copies this phone checked before does not match its seal: each is checked again.',
};

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
  return new Set(await readSealedList(CHECKED, gameId));
}

/** Seals the snapshot of `gameId` with checksum `sum` as checked (the guard accepted it, or this phone wrote it). */
export async function keepCheckedSnapshot(gameId: string, sum: string): Promise<void> {
  const sums = (await readSealedList(CHECKED, gameId)).filter((s) => s !== sum);
  await writeSealedList(CHECKED, gameId, [...sums, sum]);
}
