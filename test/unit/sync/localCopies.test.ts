/**
 * Earlier copies of a game on this phone (issue 18): kept at each checked compaction, the last few per
 * game, and restored by merging, so a deleted or ruined game comes back and a restore never loses a change.
 */
import 'fake-indexeddb/auto';
import { createStore, get, keys, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/doc';
import { listGames } from '../../../src/sync/library';
import { COPIES_KEPT, listLocalCopies } from '../../../src/sync/localCopies';
import type { LocalCopy } from '../../../src/sync/localCopies';
import { deleteGameData } from '../../../src/sync/persistence';
import { restoreLocalCopy } from '../../../src/runtime/session';
import { played, reopen } from './savedGames';

let n = 0;
const freshId = () => `copies${n++}`;

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 5));
}


const copiesOf = async (id: string) => (await listLocalCopies()).filter((c) => c.gameId === id);
const tradeGoods = (g: Game) => g.snapshot().players.s1?.counters.tradeGoods;

describe('earlier copies on this phone (issue 18)', () => {
  it(`every checked compaction keeps a copy of the game, the last ${COPIES_KEPT} per game, newest first`, async () => {
    const id = freshId();
    await played(id, 55);
    await until(async () => (await copiesOf(id)).length === COPIES_KEPT);
    const copies = await copiesOf(id);
    expect(copies).toHaveLength(COPIES_KEPT);
    expect(copies.map((c) => c.name)).toEqual(Array(COPIES_KEPT).fill('Friday night'));
    expect([...copies].sort((a, b) => b.at - a.at)).toEqual(copies);
  });

  it('a game deleted from this phone by mistake comes back from its newest copy, and is listed again', async () => {
    const id = freshId();
    await played(id, 25);
    await until(async () => (await copiesOf(id)).length > 0);
    await deleteGameData(id);
    expect((await reopen(id)).game.snapshotOrUndefined()).toBeUndefined();
    const [newest] = (await copiesOf(id)) as [LocalCopy];
    expect(await restoreLocalCopy(newest)).toBe(id);
    // Everything up to the last compaction: the setup and 19 taps made 20 entries.
    expect(tradeGoods((await reopen(id)).game)).toBe(19);
    expect((await listGames()).some((g) => g.id === id)).toBe(true);
  });

  it('restoring an older copy into the game as it is now loses no change made since: it only adds', async () => {
    const id = freshId();
    await played(id, 35);
    await until(async () => (await copiesOf(id)).length === COPIES_KEPT);
    const oldest = (await copiesOf(id)).at(-1) as LocalCopy;
    await restoreLocalCopy(oldest);
    expect(tradeGoods((await reopen(id)).game)).toBe(35);
  });

  it('a damaged copy is refused with a message, and the game is left as it was', async () => {
    const id = freshId();
    await played(id, 15);
    await until(async () => (await copiesOf(id)).length > 0);
    const [copy] = (await copiesOf(id)) as [LocalCopy];
    const store = createStore('tt-copies', 'copies');
    const key = (await keys(store)).find((k) => Array.isArray(k) && k[0] === id && k[1] === copy.at) as IDBValidKey;
    const record = (await get<{ u: Uint8Array }>(key, store))!;
    await set(key, { ...record, u: record.u.map((b, i) => (i === 10 ? b ^ 1 : b)) }, store);
    await expect(restoreLocalCopy(copy)).rejects.toThrow('This copy is damaged or gone: choose another one.');
    expect(tradeGoods((await reopen(id)).game)).toBe(15);
  });
});
