/**
 * How a game's updates are stored on this phone (issue 18): with a checksum of their bytes, checked
 * before they are decoded, and the time they were saved, to name one that is damaged.
 */
import { toHexString } from 'lib0/buffer';
import { digest } from 'lib0/hash/sha256';

export interface StoredEntry {
  u: Uint8Array;
  sum: string;
  at: number;
}

/** 64 bits of SHA-256: damage (a flipped bit, a torn write, a zeroed tail) is caught, not an attacker. */
export const checksum = (bytes: Uint8Array): string => toHexString(digest(bytes).subarray(0, 8));

export const sealEntry = (u: Uint8Array, at = Date.now()): StoredEntry => ({ u, sum: checksum(u), at });
