/**
 * Durability of the saved game (issue 18): what flash storage and killed tabs do to stored entries, and
 * what the phone opens afterwards. Nothing damaged is ever applied; a damaged snapshot falls back to the
 * previous one and the changes since; what is missing is said, and another phone brings it back.
 */
import 'fake-indexeddb/auto';
import { createStore, entries, get, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Game } from '../../../src/doc';
import type { StoredEntry } from '../../../src/sync/persistence';
import { newGame } from '../doc/fixtures';
import { played, reopen } from './savedGames';

let n = 0;
const freshId = () => `dur${n++}`;
const storeOf = (id: string) => createStore(`tt-game-${id}`, 'updates');


/** Damages a stored entry's bytes in place, keeping its checksum: what a failing flash cell does. */
async function damage(id: string, key: string, hurt: (u: Uint8Array) => Uint8Array) {
  const entry = (await get<StoredEntry>(key, storeOf(id))) as StoredEntry;
  await set(key, { ...entry, u: hurt(entry.u.slice()) }, storeOf(id));
}

const keysOf = async (id: string) => (await entries(storeOf(id))).map(([k]) => String(k));
const newestSnapshot = async (id: string) => (await keysOf(id)).filter((k) => /^s\d+-/.test(k)).sort((a, b) => Number(/^s(\d+)/.exec(b)?.[1]) - Number(/^s(\d+)/.exec(a)?.[1]))[0] as string;

const DAMAGE: [string, (u: Uint8Array) => Uint8Array][] = [
  ['random bytes', (u) => u.map((_, i) => (i * 7919 + 13) & 0xff)],
  ['truncated', (u) => u.slice(0, Math.floor(u.length / 2))],
  ['a flipped bit', (u) => ((u[Math.floor(u.length / 2)] = (u[Math.floor(u.length / 2)] as number) ^ 0x10), u)],
  ['a zeroed tail', (u) => (u.fill(0, Math.floor(u.length * 0.8)), u)],
];

describe('a damaged saved game (issue 18)', () => {
  it.each(DAMAGE)('a newest snapshot damaged by %s: the game opens from the copy before it and the changes since, every change intact, and says so', async (_what, hurt) => {
    const id = freshId();
    await played(id, 25);
    await damage(id, await newestSnapshot(id), hurt);
    const { report, game } = await reopen(id);
    expect(game.snapshot().players.s1?.counters.tradeGoods).toBe(25);
    expect(report.skipped).toEqual([expect.stringMatching(/^a saved copy of the whole game saved at .+ is damaged .*; the game opened from the copy before it and the changes saved since$/)]);
  });

  it('a later change damaged by one flipped bit (which Yjs would still decode) is left out, named, and never applied', async () => {
    const id = freshId();
    await played(id, 3, 1000);
    const changes = (await entries<IDBValidKey, StoredEntry>(storeOf(id))).filter(([k]) => String(k).startsWith('u')).sort(([, a], [, b]) => a.at - b.at);
    const [lastKey, last] = changes[changes.length - 1] as [IDBValidKey, StoredEntry];
    // Flip a bit inside the last change's value (+1 becomes another number): still a valid update.
    const flipped = last.u.slice();
    const at = flipped.lastIndexOf(1);
    flipped[at] = 3;
    expect(() => Y.decodeUpdateV2(flipped)).not.toThrow();
    await set(lastKey, { ...last, u: flipped }, storeOf(id));
    const { report, game } = await reopen(id);
    expect(game.snapshot().players.s1?.counters.tradeGoods).toBe(2);
    expect(report.skipped).toEqual([expect.stringMatching(/^a saved change saved at .+ is damaged \(its checksum does not match\) and was left out$/)]);
  });

  it('what a damaged entry held comes back, exactly, from another phone that has it', async () => {
    const id = freshId();
    const original = await played(id, 12, 1000);
    const [key] = (await keysOf(id)).filter((k) => k.startsWith('u')).slice(-1) as [string];
    await damage(id, key, (u) => u.map(() => 0));
    const { report, doc, game } = await reopen(id);
    expect(report.skipped).toHaveLength(1);
    // Ben's phone has the whole game: the sync every connection starts with sends what this one lacks.
    const ben = new Y.Doc();
    Y.applyUpdate(ben, Y.encodeStateAsUpdate(original.doc));
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(ben, Y.encodeStateVector(doc)));
    expect(JSON.stringify(game.snapshot())).toBe(JSON.stringify(new Game(ben, 'dev1').snapshot()));
  });

  it('a compaction keeps the snapshot before it, and the changes between the two, until the next one is written and read back', async () => {
    const id = freshId();
    await played(id, 25);
    const keys = await keysOf(id);
    const snapshots = keys.filter((k) => /^s\d+-/.test(k));
    expect(snapshots).toHaveLength(2);
    // With the newest deleted outright (not only damaged), the older one and the changes since still hold everything.
    await set(await newestSnapshot(id), undefined, storeOf(id));
    const { game } = await reopen(id);
    expect(game.snapshot().players.s1?.counters.tradeGoods).toBe(25);
  });

  it('a game saved before checksums (bare updates) still opens, and is rewritten with checksums at once', async () => {
    const id = freshId();
    await set('snapshot', Y.encodeStateAsUpdateV2(newGame().doc), storeOf(id));
    const { report, game } = await reopen(id);
    expect(report.skipped).toEqual([]);
    expect(game.snapshot().seats).toHaveLength(3);
    const stored = await entries(storeOf(id));
    expect(stored.find(([k]) => /^s1-/.test(String(k)))?.[1]).toMatchObject({ sum: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });
});
