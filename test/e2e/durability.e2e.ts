/**
 * Issue 18 on the real parts: a game too big for one WebRTC message still joins over y-webrtc (sync
 * messages are cut into 64 KiB frames), and a phone whose saved game is damaged is repaired by another
 * phone over WebRTC, saying which.
 */
import { describe, expect, it } from 'vitest';
import { realParts } from './browser';
import { connectionButton, gameState, hostTable, openPhone, WEBRTC_ARGS, writeAllowedNotes } from './phones';
import type { TablePhone } from './phones';

const real = realParts(WEBRTC_ARGS);

type Handle = {
  __tt: { game: { device: string; origin: unknown; doc: { transact(f: () => void, origin: unknown): void }; root: { log: { length: number; push(e: unknown[]): void } }; snapshot(): { meta: { createdAt: number }; log: unknown[] } } };
};

describe('a long game over WebRTC (issue 18)', () => {
  it('a game past 256 KiB joins over y-webrtc: its sync message crosses in frames, not dropped at 256 KiB (measured)', async () => {
    const table = await hostTable(real.browser, real.app.url, 'Marathon', [
      { name: 'Ana', race: 'sol' },
      { name: 'Ben', race: 'hacan' },
    ]);
    const [ana, ben] = table.phones as [TablePhone, TablePhone];
    // The notes Ana's seat, Ben's and the table may write: 600 of 500 characters, past what one WebRTC message
    // carries. (One phone may not write a mebibyte of game any more: issue 36, README "Trust".)
    const before = await ana.page.evaluate(() => (globalThis as unknown as Handle).__tt.game.snapshot().log.length);
    const chars = (await ana.page.evaluate(writeAllowedNotes, ['s1', ''])) + (await ben.page.evaluate(writeAllowedNotes, ['s2']));
    expect(chars).toBeGreaterThan(256 * 1024);
    // Both wrote at once: each phone's state is read anew until the two agree, with all 600 notes in.
    const both = async () => [await gameState(ana.page), await gameState(ben.page)] as const;
    await expect.poll(async () => { const [a, b] = await both(); return a === b && a.includes(`"log":${before + 600}`); }, { timeout: 60_000 }).toBe(true);
    await ben.context.close();

    // A phone with nothing on it joins by the link: the whole game arrives at once.
    const start = Date.now();
    const cleo = await openPhone(real.browser, 'Cleo', table.link);
    await cleo.page.getByRole('heading', { name: 'Which player is this phone?' }).waitFor({ timeout: 90_000 });
    await expect.poll(() => cleo.page.evaluate(() => (globalThis as unknown as Handle).__tt?.game.root.log.length ?? 0), { timeout: 60_000 }).toBe(
      await ana.page.evaluate(() => (globalThis as unknown as Handle).__tt.game.root.log.length),
    );
    console.log(`A game with ${chars.toLocaleString('en-US')} characters of notes joined over y-webrtc in ${Date.now() - start} ms`);
    for (const p of [ana, cleo]) await p.context.close();
  });

  it('a phone whose saved game is damaged opens what is intact, says what was left out, and is repaired from another phone over WebRTC', async () => {
    const table = await hostTable(real.browser, real.app.url, 'Damaged night', [
      { name: 'Ana', race: 'sol' },
      { name: 'Ben', race: 'hacan' },
    ]);
    const [ana, ben] = table.phones as [TablePhone, TablePhone];
    await expect.poll(() => gameState(ben.page), { timeout: 30_000 }).toBe(await gameState(ana.page));
    // The newest change saved on Ben's phone (his seat claim, or what Ana sent) loses half its bytes, the
    // way a torn write does; its checksum stays.
    const damaged = await ben.page.evaluate(async (id) => {
      const db = await new Promise<IDBDatabase>((ok, ko) => {
        const r = indexedDB.open(`tt-game-${id}`);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => ko(r.error);
      });
      const tx = db.transaction('updates', 'readwrite');
      const store = tx.objectStore('updates');
      const all = await new Promise<[IDBValidKey, { u: Uint8Array; sum: string; at: number }][]>((ok) => {
        const out: [IDBValidKey, { u: Uint8Array; sum: string; at: number }][] = [];
        const cursor = store.openCursor();
        cursor.onsuccess = () => {
          const c = cursor.result;
          if (!c) return ok(out);
          out.push([c.key, c.value]);
          c.continue();
        };
      });
      const [key, value] = all.filter(([k]) => String(k).startsWith('u')).sort(([, a], [, b]) => b.at - a.at)[0]!;
      const u = value.u.slice();
      u.fill(0, Math.floor(u.length / 2));
      store.put({ ...value, u }, key);
      await new Promise((ok) => (tx.oncomplete = ok));
      db.close();
      return String(key);
    }, table.gameId);
    expect(damaged).toMatch(/^u/);
    await ben.page.reload();
    const alert = ben.page.getByRole('alert').filter({ hasText: 'Some saved changes could not be read' });
    await alert.getByText(/a saved change saved at .+ is damaged \(its checksum does not match\) and was left out/).waitFor({ timeout: 30_000 });
    await alert.getByText("Repaired from Ana's phone: this phone now has everything it has.").waitFor({ timeout: 30_000 });
    await expect.poll(() => gameState(ben.page), { timeout: 30_000 }).toBe(await gameState(ana.page));
    await expect.poll(() => connectionButton(ben).textContent()).toBe('1 phone');
    for (const p of table.phones) await p.context.close();
  });
});
