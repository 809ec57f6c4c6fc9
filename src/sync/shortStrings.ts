/**
 * The short strings of a Yjs update, read without the browser's TextDecoder (issue 33). A game's log is
 * thousands of small arrays of short ASCII strings (kinds, ids, tags), each read by lib0's
 * `readVarString`, which calls `TextDecoder.decode` on a new view of the bytes every time: about a tenth
 * of a stored game's apply at a cold start, where that apply is the last long task after the first frame.
 * vite.config.ts (`lib0ShortStrings`) makes lib0 ask this first; anything longer, not ASCII, or past the
 * end of the bytes still goes to the TextDecoder, exactly as before.
 */

/** Longest string read here: past it, one TextDecoder call costs less than the loop. */
export const SHORT_STRING_MAX = 48;

/** The `len` bytes of `bytes` at `start` as a string when they are few and all ASCII; otherwise undefined. */
export function shortAscii(bytes: Uint8Array, start: number, len: number): string | undefined {
  if (len > SHORT_STRING_MAX || start + len > bytes.length) return undefined;
  let s = '';
  for (let i = start; i < start + len; i++) {
    const b = bytes[i] as number;
    if (b > 0x7f) return undefined;
    s += String.fromCharCode(b);
  }
  return s;
}
