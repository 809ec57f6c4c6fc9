/**
 * The table's shared randomness (issue 19): a seed from every seat's opened value, and the draws every phone
 * makes alike from it. lib0's SHA-256, as for the commitments (crypto/commit.ts): synchronous, so a fold
 * can derive the seed, and the same outside secure contexts.
 */
import { digest } from 'lib0/hash/sha256';
import type { Draws } from '../rules/setup';

const encoder = new TextEncoder();

/**
 * The table's seed: SHA-256 over the game id and every seat's opened value, in table order. Each value
 * was committed before any was opened, so the last phone to open cannot steer the result; binding the
 * game id keeps one game's seed from being replayed in another.
 */
export function combineSeed(gameId: string, openings: readonly { seat: string; value: string }[]): Uint8Array {
  const text = [gameId, ...openings.map((o) => `${o.seat}=${o.value}`)].join('\u0000');
  return digest(encoder.encode(text));
}

/**
 * Random numbers every phone draws alike from the seed: SHA-256 in counter mode (block i = SHA-256(seed ‖ i)),
 * four bytes at a time; `below(n)` rejects the top of the range so each outcome is equally likely.
 */
export class SeededRandom implements Draws {
  #block = new Uint8Array(0);
  #at = 0;
  #counter = 0;

  constructor(private readonly seed: Uint8Array) {}

  #next32(): number {
    if (this.#at + 4 > this.#block.length) {
      const input = new Uint8Array(this.seed.length + 4);
      input.set(this.seed);
      new DataView(input.buffer).setUint32(this.seed.length, this.#counter++);
      this.#block = digest(input);
      this.#at = 0;
    }
    const v = new DataView(this.#block.buffer, this.#block.byteOffset).getUint32(this.#at);
    this.#at += 4;
    return v;
  }

  /** A whole number from 0 to n − 1, each equally likely. */
  below(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`Cannot draw below ${n}.`);
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const v = this.#next32();
      if (v < limit) return v % n;
    }
  }
}

