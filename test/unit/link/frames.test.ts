import { describe, expect, it } from 'vitest';
import { FrameError, MAX_FRAME_BYTES, MAX_PENDING_BYTES, MAX_PENDING_MESSAGES, PENDING_MS, Reassembler, toFrames } from '../../../src/sync/link/frames';

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 255);

describe('chunking table link messages', () => {
  it('cuts a 300 KiB message into frames of at most 64 KiB and puts it back together intact', () => {
    const message = bytes(300 * 1024);
    const frames = toFrames(7, message);
    expect(frames.length).toBe(5);
    for (const f of frames) expect(f.byteLength).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    const r = new Reassembler();
    const out = frames.map((f) => r.push(f));
    expect(out.slice(0, -1)).toEqual([undefined, undefined, undefined, undefined]);
    expect(out.at(-1)).toEqual(message);
  });

  it('reassembles interleaved messages and frames that arrive out of order', () => {
    const [a, b] = [bytes(150 * 1024), bytes(70 * 1024).reverse()];
    const fa = toFrames(1, a);
    const fb = toFrames(2, b);
    const r = new Reassembler();
    const results = [fa[2]!, fb[1]!, fa[0]!, fb[0]!, fa[1]!].map((f) => r.push(f)).filter(Boolean);
    expect(results).toEqual([b, a]);
  });

  it('passes a small message through as one frame', () => {
    const r = new Reassembler();
    expect(r.push(toFrames(3, bytes(10))[0]!)).toEqual(bytes(10));
  });

  it.each([
    ['a frame larger than 64 KiB', new Uint8Array(MAX_FRAME_BYTES + 1)],
    ['a frame with no header', new Uint8Array([255])],
    ['a frame numbered past its count', Uint8Array.from([1, 5, 2, 0])],
    ['a frame claiming a gigantic message', Uint8Array.from([1, 0, 255, 255, 3, 0])],
  ])('refuses %s', (_why, frame) => {
    expect(() => new Reassembler().push(frame)).toThrow(FrameError);
  });

  it('refuses the same frame twice', () => {
    const frames = toFrames(9, bytes(100 * 1024));
    const r = new Reassembler();
    r.push(frames[0]!);
    expect(() => r.push(frames[0]!)).toThrow(/repeated/);
  });
});

describe('what one peer may hold in unfinished messages (issue 36 item 2)', () => {
  /** Frames 0..count-2 of a message announced as `count` frames: the last one never comes. */
  const allButLast = (id: number, count: number) => toFrames(id, bytes(count * (MAX_FRAME_BYTES - 16))).slice(0, -1);

  it('a peer announcing 256 frames and sending 255, message after message, never holds more than the bound: past it, its unfinished messages are dropped and named', () => {
    const r = new Reassembler();
    let refused: Error | undefined;
    let held = 0;
    for (let id = 1; id <= 16 && !refused; id++) {
      for (const f of allButLast(id, 256)) {
        try {
          r.push(f);
        } catch (e) {
          refused = e as Error;
          break;
        }
        held = Math.max(held, r.pendingBytes);
      }
    }
    expect(held).toBeLessThanOrEqual(MAX_PENDING_BYTES);
    expect(refused?.message).toMatch(/unfinished messages over 16 MiB: its \d+ unfinished messages? (was|were) dropped/);
    expect(r.pendingBytes).toBe(0);
  });

  it('more than 4 unfinished messages at once drops them all, and a message that stopped for a minute is dropped by itself', () => {
    const r = new Reassembler();
    for (let id = 1; id <= MAX_PENDING_MESSAGES; id++) r.push(allButLast(id, 3)[0]!);
    expect(() => r.push(allButLast(99, 3)[0]!)).toThrow(/more than 4 unfinished messages at once: its 4 unfinished messages were dropped/);
    expect(r.pendingBytes).toBe(0);

    let now = 0;
    const timed = new Reassembler(() => now);
    const frames = toFrames(5, bytes(3 * (MAX_FRAME_BYTES - 16)));
    timed.push(frames[0]!);
    now = PENDING_MS + 1;
    timed.push(toFrames(6, bytes(10))[0]!);
    expect(timed.pendingBytes).toBe(0);
    // Its later frames start a message of their own, which an honest peer then completes.
    expect(timed.push(frames[1]!)).toBeUndefined();
  });

  it('an honest peer still sends a whole long game and small messages between its frames', () => {
    const r = new Reassembler();
    const game = bytes(2 * 1024 * 1024);
    const frames = toFrames(1, game);
    let out: Uint8Array | undefined;
    for (const [i, f] of frames.entries()) {
      out = r.push(f) ?? out;
      if (i % 5 === 0) expect(r.push(toFrames(100 + i, bytes(20))[0]!)).toEqual(bytes(20));
    }
    expect(out).toEqual(game);
    expect(r.pendingBytes).toBe(0);
  });
});
