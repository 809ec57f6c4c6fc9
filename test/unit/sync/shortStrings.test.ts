import { describe, expect, it } from 'vitest';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { SHORT_STRING_MAX, shortAscii } from '../../../src/sync/shortStrings';

const utf8 = new TextDecoder();

describe('short strings read without the TextDecoder (lib0ShortStrings in vite.config.ts)', () => {
  it('reads every short ASCII string as the TextDecoder does', () => {
    for (const s of ['', 'a', 'exhaust', 'mecatol-rex', '{"k":[1,2]}', '\u0000\u007f', 'x'.repeat(SHORT_STRING_MAX)]) {
      const bytes = new TextEncoder().encode(`..${s}..`);
      expect(shortAscii(bytes, 2, s.length)).toBe(utf8.decode(bytes.subarray(2, 2 + s.length)));
    }
  });

  it('leaves to the TextDecoder a string with any byte past ASCII, a long one, and one running past the bytes', () => {
    const accented = new TextEncoder().encode('Jol-Nar é');
    expect(shortAscii(accented, 0, accented.length)).toBeUndefined();
    expect(shortAscii(new Uint8Array([0x61, 0x80]), 0, 2)).toBeUndefined();
    expect(shortAscii(new Uint8Array(SHORT_STRING_MAX + 1).fill(0x61), 0, SHORT_STRING_MAX + 1)).toBeUndefined();
    expect(shortAscii(new Uint8Array([0x61, 0x62]), 1, 2)).toBeUndefined();
  });

  it('agrees with lib0 on random bytes: each string read the same, or left to the TextDecoder (which alone refuses bytes that are not UTF-8)', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 2000; n++) {
      const len = next() % 60;
      const bytes = Uint8Array.from({ length: len }, () => (next() % 4 === 0 ? next() % 256 : 0x20 + (next() % 95)));
      const enc = encoding.createEncoder();
      encoding.writeVarUint8Array(enc, bytes);
      const read = shortAscii(bytes, 0, len);
      let lib0: string | Error;
      try {
        lib0 = decoding.readVarString(decoding.createDecoder(encoding.toUint8Array(enc)));
      } catch (e) {
        lib0 = e as Error; // lib0's decoder is fatal: bytes that are not UTF-8 throw, and still do
      }
      if (read !== undefined) expect(read).toBe(lib0);
    }
  });
});
