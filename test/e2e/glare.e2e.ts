/**
 * Two phones that hear of each other at once both dial (glare). y-webrtc settles it by the tokens of
 * their offers: one phone drops the other's offer, the other feeds it to its own dialling peer, and
 * Chromium rolls that peer's offer back and answers. The connection opens with two data channels, one
 * made by each phone. Here the app's WebRTC peer (src/sync/checkedPeer.ts, bundled on the spot) goes
 * through that dance in real Chromium, and must carry messages both ways, small and framed.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import type { Rolldown } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { WEBRTC_ARGS } from './phones';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  const entry = fileURLToPath(new URL('../../src/sync/checkedPeer.ts', import.meta.url));
  const [built] = [await build({ configFile: false, logLevel: 'silent', build: { write: false, minify: false, lib: { entry, formats: ['es'], fileName: 'checkedPeer' } } })].flat() as Rolldown.RolldownOutput[];
  const source = (built?.output[0] as { code: string }).code;
  browser = await launchBrowser(WEBRTC_ARGS);
  page = await browser.newPage();
  await page.goto('data:text/html,<title>glare</title>');
  // A string, so that vitest leaves this import() alone: it runs in the page.
  await page.evaluate(`import(${JSON.stringify(`data:text/javascript,${encodeURIComponent(source)}`)}).then((m) => { globalThis.CheckedPeer = m.default; })`);
});
afterAll(async () => {
  await browser?.close();
});

interface Outcome {
  /** What y-webrtc's rules did with each offer. */
  settled: string[];
  connected: [boolean, boolean];
  /** Sizes of the messages each phone received (after the check). */
  received: [number[], number[]];
}

describe('two phones that dial each other at once (glare), settled as y-webrtc settles it', () => {
  it('connect once and talk both ways: small messages and one cut into frames', async () => {
    const outcome = await page.evaluate(async (): Promise<Outcome> => {
      type Signal = { type?: string };
      type PeerLike = { initiator: boolean; connected: boolean; on(e: string, f: (...a: unknown[]) => void): void; signal(s: unknown): void; send(d: Uint8Array): void; destroy(): void };
      type PeerClass = new (opts: Record<string, unknown>) => PeerLike;
      const Peer = (globalThis as unknown as { CheckedPeer: PeerClass }).CheckedPeer;
      const settled: string[] = [];
      interface Side { name: string; peer: PeerLike; token: number | undefined; connected: boolean; received: number[]; other?: Side; outbox: { signal: Signal; token: number }[] }
      // Each phone's signals are held until both have made their offer: both dialled before either heard the other.
      let flowing = false;
      const flush = (s: Side) => {
        for (const m of s.outbox.splice(0)) deliver(s.other as Side, m);
      };
      const make = (name: string): Side => {
        const side = { name, token: undefined, connected: false, received: [], outbox: [] } as unknown as Side;
        side.peer = new Peer({ initiator: true, config: { iceServers: [] }, checkData: (d: unknown) => d instanceof Uint8Array });
        side.peer.on('signal', (signal) => {
          side.token ??= Date.now() + Math.random();
          side.outbox.push({ signal: signal as Signal, token: side.token });
          if (flowing) flush(side);
        });
        side.peer.on('connect', () => {
          side.connected = true;
        });
        side.peer.on('data', (d) => side.received.push((d as Uint8Array).byteLength));
        return side;
      };
      // y-webrtc's handling of a signal from a phone it already dials (y-webrtc.js, SignalingConn).
      const deliver = (to: Side, { signal, token }: { signal: Signal; token: number }) => {
        if (signal.type === 'offer') {
          if (to.token && to.token > token) return void settled.push(`${to.name} drops the offer`);
          settled.push(`${to.name} feeds the offer to its dialling peer`);
          to.token = undefined;
        }
        if (signal.type === 'answer') to.token = undefined;
        to.peer.signal(signal);
      };
      const a = make('A');
      const b = make('B');
      a.other = b;
      b.other = a;
      const until = async (ok: () => boolean, ms: number) => {
        for (const end = Date.now() + ms; !ok() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
      };
      await until(() => a.outbox.some((m) => m.signal.type === 'offer') && b.outbox.some((m) => m.signal.type === 'offer'), 10_000);
      flowing = true;
      flush(a);
      flush(b);
      await until(() => a.connected && b.connected, 15_000);
      for (const s of [a, b]) {
        if (!s.connected) continue;
        s.peer.send(new Uint8Array([0, 1, 0])); // a sync step 1 with an empty state vector
        s.peer.send(new Uint8Array(200_000).fill(7)); // larger than a frame: cut, sent, put back together
      }
      await until(() => a.received.length >= 2 && b.received.length >= 2, 5_000);
      a.peer.destroy();
      b.peer.destroy();
      return { settled, connected: [a.connected, b.connected], received: [a.received, b.received] };
    });
    // The case this is about: one phone fed the other's offer to the peer that had dialled.
    expect(outcome.settled.sort()).toEqual(expect.arrayContaining([expect.stringMatching(/drops the offer/), expect.stringMatching(/feeds the offer to its dialling peer/)]));
    expect(outcome.connected).toEqual([true, true]);
    expect(outcome.received).toEqual([[3, 200_000], [3, 200_000]]);
  });
});
