// Table link pairing, no server: the host holds the simulated 16-round 8-player game; a phone with
// nothing on it scans the host's code through Chromium's fake camera (a Y4M file showing the QR
// code), shows its answer, the host scans that (camera file rewritten), and the game comes over the
// new data channel.
//   pairing.offerBytes / answerBytes  length of the text the QR codes carry (ASCII: bytes)
//   pairing.scanToSyncedMs            guest taps "Join a game" with the host's code in front of its
//                                     camera → the whole game on its screen (seat picker); includes
//                                     both scans (instant here), ICE + DTLS, and the full sync
//   link.fullGameMs                   answer shown → game on screen: connect + deliver the whole game
//   link.fullGameBytes                bytes the guest received over the link for it
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedSimulatedGame, openGame, tablePhone } from '../lib/table.mjs';

export const keys = ['pairing.offerBytes', 'pairing.answerBytes', 'pairing.scanToSyncedMs', 'link.fullGameMs', 'link.fullGameBytes'];
export const targets = { 'pairing.offerBytes': { max: 200 }, 'pairing.answerBytes': { max: 200 } };
export const timeoutMs = 180_000;

const qrText = (page, name) => page.locator('[data-qr-text]', { has: page.getByRole('img', { name }) }).getAttribute('data-qr-text');

export async function run(ctx) {
  const { WEBRTC_ARGS } = await ctx.importTs('test/e2e/phones.ts');
  const { cameraArgs, showOnCamera } = await ctx.importTs('test/e2e/fakeCamera.ts');
  const dir = mkdtempSync(join(tmpdir(), 'tt-pairing-'));
  try {
    const cams = { host: join(dir, 'host.y4m'), guest: join(dir, 'guest.y4m') };
    showOnCamera(cams.host, null);
    showOnCamera(cams.guest, null);
    const hostBrowser = await ctx.launchChromium([...WEBRTC_ARGS, ...cameraArgs(cams.host)]);
    const guestBrowser = await ctx.launchChromium([...WEBRTC_ARGS, ...cameraArgs(cams.guest)]);
    const host = await tablePhone(ctx, hostBrowser);
    const game = await seedSimulatedGame(ctx, host.page);
    await openGame(ctx, host.page, game.id, game.name, game.seats[0]);
    const guest = await tablePhone(ctx, guestBrowser);

    await host.page.locator('button.conn').click();
    await host.page.getByRole('button', { name: 'Show my code' }).click();
    const offer = await qrText(host.page, "This phone's link code");
    showOnCamera(cams.guest, offer);
    const t0 = Date.now();
    await guest.page.getByRole('button', { name: 'Join a game' }).click();
    await guest.page.getByRole('img', { name: "This phone's answer code" }).waitFor({ timeout: 30_000 });
    const answer = await qrText(guest.page, "This phone's answer code");
    const t1 = Date.now();
    showOnCamera(cams.host, answer);
    await guest.page.getByRole('heading', { name: 'Which player is this phone?' }).waitFor({ timeout: 60_000 });
    const t2 = Date.now();
    const bytesIn = await guest.page.evaluate(() => globalThis.__tt.link.status.bytesIn);
    ctx.detail('codes', { offer, answer });
    ctx.note('pairing.scanToSyncedMs', 'fake camera: both scans are instant here; on phones add the time people take to hold the codes up');
    ctx.note('link.fullGameBytes', `${game.name}: the 16-round 8-player simulated game, v2 sync step 2 in 64 KiB frames plus the link's own messages`);
    return {
      'pairing.offerBytes': offer.length,
      'pairing.answerBytes': answer.length,
      'pairing.scanToSyncedMs': t2 - t0,
      'link.fullGameMs': t2 - t1,
      'link.fullGameBytes': bytesIn,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
