// Shared by the sync and pairing benchmarks: put the simulated 16-round game on a phone, as if it had
// been played there, and reach the app's test handle (`__tt`, the open game session).
import { Buffer } from 'node:buffer';

/** In the page: writes entries into an IndexedDB object store the way idb-keyval lays it out. */
function idbPut({ db, store, entries }) {
  const decode = (v) => (v && v.b64 !== undefined ? Uint8Array.from(atob(v.b64), (c) => c.charCodeAt(0)) : v);
  return new Promise((ok, ko) => {
    const r = indexedDB.open(db);
    r.onupgradeneeded = () => r.result.createObjectStore(store);
    r.onerror = () => ko(r.error);
    r.onsuccess = () => {
      const d = r.result;
      const tx = d.transaction(store, 'readwrite');
      for (const [k, v] of entries) tx.objectStore(store).put(decode(v), k);
      tx.oncomplete = () => (d.close(), ok());
      tx.onerror = () => ko(tx.error);
    };
  });
}

function idbGet({ db, store, key }) {
  return new Promise((ok, ko) => {
    const r = indexedDB.open(db);
    r.onupgradeneeded = () => r.result.createObjectStore(store);
    r.onerror = () => ko(r.error);
    r.onsuccess = () => {
      const d = r.result;
      const g = d.transaction(store).objectStore(store).get(key);
      g.onsuccess = () => (d.close(), ok(g.result));
      g.onerror = () => ko(g.error);
    };
  });
}

/** A phone (own context) with the test handle enabled, on the home screen. */
export async function tablePhone(ctx, browser) {
  const { context, page } = await ctx.newPhone(browser);
  await context.addInitScript(() => localStorage.setItem('tt-debug', '1'));
  await page.goto(ctx.appUrl);
  await page.getByRole('heading', { name: 'Twilight Table' }).waitFor();
  return { context, page };
}

/** Stores the simulated game on `page`'s phone, this phone holding the first seat; returns its id and secret. */
export async function seedSimulatedGame(ctx, page) {
  const sim = await ctx.simulation();
  const m = await ctx.importTs('bench/simulate.ts');
  const device = await page.evaluate(idbGet, { db: 'tt-private', store: 'kv', key: 'device' });
  if (!device?.tag) throw new Error('the app did not create its device identity');
  const game = m.replicaOf(sim.games[0], device.tag);
  game.claimSeat(sim.seats[0]);
  const id = game.snapshot().meta.id;
  const secret = game.root.meta.get('secret');
  await page.evaluate(idbPut, { db: `tt-game-${id}`, store: 'updates', entries: [['snapshot', { b64: Buffer.from(m.encodeStateV2(game.doc)).toString('base64') }]] });
  await page.evaluate(idbPut, { db: 'tt-library', store: 'games', entries: [[id, m.summaryOf(game)]] });
  return { id, secret, name: game.snapshot().meta.name, seats: sim.seats };
}

/** Opens a game and waits for its heading. */
export async function openGame(ctx, page, id, name) {
  await page.goto(`${ctx.appUrl}/#/game/${id}`);
  await page.getByRole('heading', { name }).waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !!globalThis.__tt);
}

export const indicatorText = (page) => page.locator('button.conn').textContent();
