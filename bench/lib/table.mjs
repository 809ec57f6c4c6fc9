// Shared by the sync and pairing benchmarks: a phone with the app's test handle (`__tt`, the open
// game session) enabled, and the simulated 16-round game put on it as if it had been played there.
import { idbGet, storeGame } from './app.mjs';

/** A phone (own context) with the test handle enabled, on the home screen. */
export async function tablePhone(ctx, browser) {
  const { context, page } = await ctx.newPhone(browser);
  await context.addInitScript(() => localStorage.setItem('tt-debug', '1'));
  await page.goto(ctx.appUrl);
  await page.getByRole('heading', { name: 'Twilight Table' }).waitFor();
  return { context, page };
}

/** Stores the simulated game on `page`'s phone, this phone holding the first seat; returns its id, name and secret. */
export async function seedSimulatedGame(ctx, page) {
  const sim = await ctx.simulation();
  const m = await ctx.importTs('bench/simulate.ts');
  const device = await page.evaluate(idbGet, { db: 'tt-private', store: 'kv', key: 'device' });
  if (!device?.tag) throw new Error('the app did not create its device identity');
  const game = m.replicaOf(sim.games[0], device.tag);
  const { id, name } = await storeGame(page, m, game);
  return { id, name, secret: game.root.meta.get('secret'), seats: sim.seats };
}

/**
 * Opens a game and waits for its heading and the test handle; with `seat`, the phone then takes that
 * seat (a claim signed with the phone's own key, which only the page holds).
 */
export async function openGame(ctx, page, id, name, seat) {
  await page.goto(`${ctx.appUrl}/#/game/${id}`);
  await page.getByRole('heading', { name }).waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !!globalThis.__tt);
  if (seat) await page.evaluate((s) => globalThis.__tt.game.claimSeat(s), seat);
}

export const indicatorText = (page) => page.locator('button.conn').textContent();
