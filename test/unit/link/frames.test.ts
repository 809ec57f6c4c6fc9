import { describe, expect, it } from 'vitest';
import { FrameError, MAX_FRAME_BYTES, Reassembler, toFrames } from '../../../src/sync/link/frames';

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
