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
  /**
   * A snapshot's state again, in parts a start applies one task each (snapshotParts.ts), with their checksums
   * joined by commas. Used only where this phone sealed them as its own (persistence.ts); `u` is the rest's.
   */
  parts?: Uint8Array[];
  partsSum?: string;
}

/**
 * 64 bits of SHA-256: damage (a flipped bit, a torn write, a zeroed tail) is caught, not an attacker.
 * WebCrypto's where the page has it: lib0's took about 70 ms for a 130 KB game at a cold start.
 */
export async function checksum(bytes: Uint8Array): Promise<string> {
  // A small change is hashed at once: its save should not wait for a round trip to the browser.
  const subtle = bytes.byteLength >= 16 * 1024 ? globalThis.crypto?.subtle : undefined;
  const hash = subtle ? new Uint8Array(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)) : digest(bytes);
  return toHexString(hash.subarray(0, 8));
}

export const sealEntry = async (u: Uint8Array, at = Date.now()): Promise<StoredEntry> => ({ u, sum: await checksum(u), at });

/** The checksums of a snapshot's parts, as `partsSum` holds them. */
export const partsChecksum = async (parts: readonly Uint8Array[]): Promise<string> => (await Promise.all(parts.map(checksum))).join(',');

/** Whether `value` is a stored entry whose bytes still match its checksum. */
export const intact = async (value: unknown): Promise<boolean> => {
  const entry = value as Partial<StoredEntry> | null | undefined;
  return !!entry && Object.prototype.toString.call(entry.u) === '[object Uint8Array]' && typeof entry.sum === 'string' && (await checksum(entry.u as Uint8Array)) === entry.sum;
};
