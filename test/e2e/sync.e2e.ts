import { describe, expect, it } from 'vitest';
import { realParts, untilControlledBySW } from './browser';
import { command, connectionButton, gameState, hostTable, repeat, WEBRTC_ARGS } from './phones';
import type { TablePhone } from './phones';

const real = realParts(WEBRTC_ARGS);

async function tradeGoods(p: TablePhone, seat: string): Promise<number> {
  return p.page.evaluate((s) => {
    const tt = (globalThis as unknown as { __tt: { game: { snapshot(): { players: Record<string, { counters: { tradeGoods: number } }> } } } }).__tt;
    return tt.game.snapshot().players[s]?.counters.tradeGoods ?? NaN;
  }, seat);
}

describe('three phones at one table, over real WebRTC through the bundled signaling server', () => {
  it('join by link, edit concurrently (one of them offline for a while) and converge with no increment lost; a malformed update is refused', async () => {
    const table = await hostTable(real.browser, real.app.url, 'Sync night', [
      { name: 'Ana', race: 'sol' },
      { name: 'Ben', race: 'hacan' },
      { name: 'Cleo', race: 'xxcha' },
    ]);
    const { gameId, link } = table;
    expect(link).toContain(`g=${gameId}`);
    const [host, ben, cleo] = table.phones as [TablePhone, TablePhone, TablePhone];
    const phones = [host, ben, cleo];
    for (const p of phones) await expect.poll(() => connectionButton(p).textContent(), { timeout: 30_000 }).toBe('2 phones');
    await untilControlledBySW(cleo.page);

    // Everyone at once, each on her own sheet (only a seat's phone writes for it): 40 trade goods each,
    // plus exhausts and a planet changing hands.
    await Promise.all([
      repeat(host.page, 40, 'sheet.adjustCounter', 's1', 'tradeGoods', 1),
      repeat(ben.page, 40, 'sheet.adjustCounter', 's2', 'tradeGoods', 1),
      repeat(cleo.page, 40, 'sheet.adjustCounter', 's3', 'tradeGoods', 1),
      command(host.page, 'planets.setExhausted', 'jord', true),
      command(ben.page, 'planets.addPlanet', 's2', 'abyz'),
      command(cleo.page, 'planets.setExhausted', 'archon-ren', true),
    ]);

    const converged = async (timeout: number) => expect.poll(async () => new Set(await Promise.all(phones.map((p) => gameState(p.page)))).size, { timeout }).toBe(1);
    await converged(20_000);

    // Cleo's phone goes offline (screen off, no network), keeps playing, then comes back.
    await cleo.page.close();
    await cleo.context.setOffline(true);
    cleo.page = await cleo.context.newPage();
    await cleo.page.goto(`${real.app.url}/#/game/${gameId}`);
    await cleo.page.getByRole('heading', { name: 'Sync night' }).waitFor();
    await repeat(cleo.page, 20, 'sheet.adjustCounter', 's3', 'tradeGoods', 1);
    await command(cleo.page, 'planets.takePlanet', 's3', 'abyz');
    await repeat(ben.page, 10, 'sheet.adjustCounter', 's2', 'tradeGoods', 1);
    expect(await connectionButton(cleo).textContent()).not.toMatch(/phone/);
    await cleo.context.setOffline(false);

    await converged(45_000);
    for (const p of phones) expect([await tradeGoods(p, 's1'), await tradeGoods(p, 's2'), await tradeGoods(p, 's3')]).toEqual([1 + 40, 1 + 40 + 10, 1 + 40 + 20]);
    const final = JSON.parse(await gameState(host.page)) as { planets: Record<string, { owner: string; exhausted: boolean }> };
    expect(final.planets.abyz?.owner).toBe('s3');
    expect(final.planets.jord?.exhausted).toBe(true);
    expect(final.planets['archon-ren']?.exhausted).toBe(true);

    // A misbehaving phone sends a damaged update: refused, reported, and the game is intact.
    const before = await gameState(ben.page);
    const sent = await host.page.evaluate(() => {
      const bad = new Uint8Array([0, 2, 12, 1, 200, 3, 255, 255, 255, 1, 9, 9, 9, 9]);
      return (globalThis as unknown as { __tt: { peers: { sendRaw(b: Uint8Array): number } } }).__tt.peers.sendRaw(bad);
    });
    expect(sent).toBe(2);
    await connectionButton(ben).click();
    await expect.poll(() => ben.page.getByRole('alert').filter({ hasText: 'bad message' }).count()).toBe(1);
    expect(await gameState(ben.page)).toBe(before);
    // …and the table keeps syncing afterwards.
    await command(host.page, 'sheet.adjustCounter', 's1', 'vp', 1);
    await converged(20_000);

    for (const p of phones) await p.context.close();
  });
});
