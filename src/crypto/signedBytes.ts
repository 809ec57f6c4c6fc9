/**
 * The bytes of a signed entry and of the keys in it, without the curve: a signed entry's layout, base64url,
 * what a phone signs, the tag a key gives its phone. Apart from `signature.ts` (which verifies and signs
 * with @noble/ed25519, 17 KB) because a start's first frame needs these and not the curve (issue 33: the
 * script before a stored game's first frame); `signature.ts` re-exports all of it.
 */

export const SIGNATURE_BYTES = 64;
export const KEY_BYTES = 32;

/** A phone's signing key: the public half as stored in a claim, and signing (asynchronous in WebCrypto). */
export interface Signer {
  /** The Ed25519 public key, base64url (43 characters). */
  readonly publicKey: string;
  sign(message: Uint8Array): Promise<Uint8Array>;
  /** A key in this page's memory signs at once: the command then writes before it returns (tests rely on it). */
  signNow?(message: Uint8Array): Uint8Array;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

export function toBase64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let c = 0; c < chars; c++) out += B64[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

/** The bytes of a base64url text, or undefined when it is not one. */
export function fromBase64url(text: string): Uint8Array | undefined {
  if (text.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const ch of text) {
    const v = B64_INDEX.get(ch);
    if (v === undefined) return undefined;
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

/** A signature stored at the end of an entry, if it ends with one. */
export function signatureOf(raw: readonly unknown[]): Uint8Array | undefined {
  const last = raw[raw.length - 1];
  return last instanceof Uint8Array && last.length === SIGNATURE_BYTES ? last : undefined;
}

const utf8 = new TextEncoder();

/** What a phone signs for an entry of this game. */
export function signedBytes(gameId: string, tuple: readonly unknown[]): Uint8Array {
  return utf8.encode(JSON.stringify([gameId, ...tuple.map((v) => (v instanceof Uint8Array ? toBase64url(v) : v))]));
}

/**
 * A device tag made from the public key (the first 42 bits of it): another phone cannot take this tag
 * in a claim of its own without finding an Ed25519 key that starts with the same bits, about 2^42
 * tries. Tags of phones made before keys (6 characters) are bound to the first key they claim with.
 */
export const tagOf = (publicKey: string): string => publicKey.slice(0, DERIVED_TAG_LENGTH);
export const DERIVED_TAG_LENGTH = 7;
