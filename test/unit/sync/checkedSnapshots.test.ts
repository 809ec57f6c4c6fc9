/**
 * The snapshots a phone wrote or already checked are not held to the guard again at its next start (issue 33:
 * a cold check of a long game's snapshot made a 60–80 ms task at 4× CPU), and only a list sealed by this
 * phone's key says which (secret/checkedSnapshots.ts). To see the skip, a hostile snapshot is named in the
 * list as if this phone had checked it: the guard then never sees it.
 */
import 'fake-indexeddb/auto';
import { createStore, entries, get, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { gameRoot } from '../../../src/doc';
import { keepCheckedSnapshot, loadCheckedSnapshots } from '../../../src/secret/checkedSnapshots';
import { privateStore } from '../../../src/secret/device';
import { sealEntry } from '../../../src/sync/persistence';
import type { StoredEntry } from '../../../src/sync/persistence';
import { played, reopen } from './savedGames';

let n = 0;
const freshId = () => `checked${n++}`;
const storeOf = (id: string) => createStore(`tt-game-${id}`, 'updates');

/** The newest stored snapshot's key and entry. */
async function newestSnapshot(id: string): Promise<[string, StoredEntry]> {
  const all = (await entries(storeOf(id))).filter(([k]) => /^s\d+-/.test(String(k)));
  all.sort(([a], [b]) => Number(/^s(\d+)/.exec(String(b))?.[1]) - Number(/^s(\d+)/.exec(String(a))?.[1]));
  const [key, entry] = all[0] as [IDBValidKey, StoredEntry];
  return [String(key), entry];
}

/** The newest snapshot with its log deleted, written over it and sealed (its checksum matches); its checksum. */
async function plantWithoutLog(id: string): Promise<string> {
  const [key, entry] = await newestSnapshot(id);
  const doc = new Y.Doc();
  Y.applyUpdateV2(doc, entry.u);
  const { log } = gameRoot(doc);
  log.delete(0, log.length);
  const hostile = await sealEntry(Y.encodeStateAsUpdateV2(doc));
  await set(key, hostile, storeOf(id));
  return hostile.sum;
}

describe('the snapshots this phone checked are kept, sealed (issue 33, issue 36 item 4)', () => {
  it('a snapshot this phone wrote is kept as checked, by its checksum', async () => {
    const id = freshId();
    await played(id, 25);
    const [, entry] = await newestSnapshot(id);
    expect((await loadCheckedSnapshots(id)).has(entry.sum)).toBe(true);
  });

  it('a snapshot named in the sealed list is not held to the guard again (shown with a hostile one named there)', async () => {
    const id = freshId();
    const original = await played(id, 25);
    const sum = await plantWithoutLog(id);
    await keepCheckedSnapshot(id, sum);

    const { report, game } = await reopen(id);
    expect(report.skipped).toEqual([]);
    // Only the changes saved after that snapshot are left of the log: the guard never saw the deletion.
    expect(game.snapshot().log.length).toBeLessThan(original.snapshot().log.length / 2);
  });

  it('a list edited without this phone\'s key is ignored whole: the hostile snapshot is checked and refused', async () => {
    const id = freshId();
    await played(id, 25);
    const sum = await plantWithoutLog(id);
    const key = `checked-snapshots:${id}`;
    const list = await get<{ sums: string[] }>(key, privateStore());
    expect(list?.sums.length).toBeGreaterThan(0);
    await set(key, { ...list, sums: [...(list?.sums ?? []), sum] }, privateStore());

    const { report, game } = await reopen(id);
    expect(report.skipped).toEqual([expect.stringMatching(/was refused: it deletes \d+ entries of the game log/)]);
    expect(game.snapshot().players.s1?.counters.tradeGoods).toBe(25);
  });

  it('another game\'s list does not vouch for this one\'s snapshots', async () => {
    const [id, other] = [freshId(), freshId()];
    await played(id, 25);
    await played(other, 3);
    const sum = await plantWithoutLog(id);
    await keepCheckedSnapshot(other, sum);
    await set(`checked-snapshots:${id}`, await get(`checked-snapshots:${other}`, privateStore()), privateStore());

    const { report } = await reopen(id);
    expect(report.skipped).toEqual([expect.stringMatching(/was refused: it deletes \d+ entries of the game log/)]);
  });
});
