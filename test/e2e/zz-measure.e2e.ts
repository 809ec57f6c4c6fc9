import { describe, it } from 'vitest';
import { realParts, createGameThroughUI } from './browser';
import { WEBRTC_ARGS, openPhone, command } from './phones';

const real = realParts(WEBRTC_ARGS);
describe('shot', () => {
  it('tv', async () => {
    const host = await openPhone(real.browser, 'Ana', real.app.url);
    const id = await createGameThroughUI(host.page, 'Saturday at Ben’s', [
      { name: 'Ana', race: 'sol' }, { name: 'Ben', race: 'hacan' }, { name: 'Cleo', race: 'xxcha' }, { name: 'Dan', race: 'letnev' }, { name: 'Eva', race: 'jol-nar' }, { name: 'Finn', race: 'l1z1x' },
    ]);
    await host.page.getByRole('button', { name: /This phone is Ana/ }).click();
    await host.page.evaluate(() => {
      const __tt = (globalThis as unknown as { __tt: { game: { makeMove(move: unknown, ...args: unknown[]): void; moves: { round: { pick: unknown } } } } }).__tt;
      __tt.game.makeMove(__tt.game.moves.round.pick, 's1', 1);
    });
    await command(host.page, 'round.setRound', { round: 1, phase: 'action', step: null });
    await host.page.setViewportSize({ width: 1920, height: 1080 });
    await host.page.goto(`${real.app.url}/#/table/${id}`);
    await host.page.getByRole('list', { name: 'Players' }).waitFor();
    await new Promise((r) => setTimeout(r, 1500));
    await host.page.screenshot({ path: '/tmp/h26b-tv.png' });
    await host.page.setViewportSize({ width: 360, height: 740 });
    await host.page.screenshot({ path: '/tmp/h26b-tv-phone.png', fullPage: true });
  });
});
