/**
 * The crypto engine of a secret deal between phones without a dealer ("mental poker", SRA commutative
 * encryption in the quadratic residues of RFC 3526 group 14). Every phone in turn locks every card with
 * its own exponent and shuffles the deck, so as long as one player is honest nobody can know the final
 * order, and a card's face shows only once every other player has removed their layer and its recipient
 * removes the last one. A dishonest player can output garbage or replace cards: that is caught by
 * verifyLock / verifyUnlock once keys are revealed, and before that by identify failing for the
 * recipient. Pure: no DOM, Yjs or storage; randomness is injectable so tests can be deterministic.
 */
import { digest } from 'lib0/hash/sha256';
import { fromBase64url, toBase64url } from './signedBytes';

/** A source of `n` random bytes. */
export type RandomBytes = (n: number) => Uint8Array;

const cryptoRandom: RandomBytes = (n) => crypto.getRandomValues(new Uint8Array(n));

// RFC 3526 §3, the 2048-bit MODP group (id 14), exactly as printed there.
const GROUP_14_HEX = `
  FFFFFFFF FFFFFFFF C90FDAA2 2168C234 C4C6628B 80DC1CD1
  29024E08 8A67CC74 020BBEA6 3B139B22 514A0879 8E3404DD
  EF9519B3 CD3A431B 302B0A6D F25F1437 4FE1356D 6D51C245
  E485B576 625E7EC6 F44C42E9 A637ED6B 0BFF5CB6 F406B7ED
  EE386BFB 5A899FA5 AE9F2411 7C4B1FE6 49286651 ECE45B3D
  C2007CB8 A163BF05 98DA4836 1C55D39A 69163FA8 FD24CF5F
  83655D23 DCA3AD96 1C62F356 208552BB 9ED52907 7096966D
  670C354E 4ABC9804 F1746C08 CA18217C 32905E46 2E36CE3B
  E39E772C 180E8603 9B2783A2 EC07A28F B5C55DF0 6F4C52C9
  DE2BCBF6 95581718 3995497C EA956AE5 15D22618 98FA0510
  15728E5A 8AACAA68 FFFFFFFF FFFFFFFF`;

/** RFC 3526 2048-bit MODP group 14: p = 2q + 1, q prime. Cards live in the subgroup of quadratic residues (order q). */
export const P: bigint = BigInt(`0x${GROUP_14_HEX.replace(/\s+/g, '')}`);
export const Q: bigint = (P - 1n) / 2n;

const CARD_BYTES = 256;
const KEY_BYTES = 32;
// A bounded number of draws, so a broken random source (all zeros, all ones) fails loudly instead of looping forever.
const MAX_DRAWS = 64;

/** (b^e) mod m, square-and-multiply with a fixed window (e.g. 4-bit); e >= 0. */
export function modPow(b: bigint, e: bigint, m: bigint): bigint {
  if (e < 0n) throw new RangeError('modPow needs a non-negative exponent.');
  if (m <= 0n) throw new RangeError('modPow needs a positive modulus.');
  if (m === 1n) return 0n;
  const base = ((b % m) + m) % m;
  // A fixed 4-bit window: 15 precomputed powers, then per nibble four squarings and at most one product,
  // about 1.25 products per exponent bit instead of 1.5 for plain square-and-multiply.
  const table: bigint[] = [1n, base];
  for (let i = 2; i < 16; i++) table.push(((table[i - 1] ?? 1n) * base) % m);
  const nibbles = e.toString(16);
  let r = 1n;
  for (let i = 0; i < nibbles.length; i++) {
    if (i > 0) {
      r = (r * r) % m;
      r = (r * r) % m;
      r = (r * r) % m;
      r = (r * r) % m;
    }
    const w = parseInt(nibbles[i] ?? '0', 16);
    if (w !== 0) r = (r * (table[w] ?? 1n)) % m;
  }
  return r;
}

function bytesToBigint(bytes: Uint8Array): bigint {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex === '' ? 0n : BigInt(`0x${hex}`);
}

function bigintToBytes(x: bigint, width: number): Uint8Array {
  if (x < 0n || x >= 1n << BigInt(width * 8)) throw new RangeError(`${width} bytes cannot hold this number.`);
  const hex = x.toString(16).padStart(width * 2, '0');
  const out = new Uint8Array(width);
  for (let i = 0; i < width; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

const encoder = new TextEncoder();

/**
 * A card's plaintext: SHA-256 in counter mode of "twilight-table/card/" + id, expanded to 2048+128 bits,
 * reduced mod p, then squared mod p (so it is a quadratic residue: this defeats the Legendre-symbol leak of
 * plain SRA). Never 0 or 1.
 */
export function encodeCard(id: string): bigint {
  const text = encoder.encode(`twilight-table/card/${id}`);
  // 128 bits beyond p's width make the reduction mod p as good as uniform.
  const wanted = CARD_BYTES + 16;
  const stream = new Uint8Array(Math.ceil(wanted / 32) * 32);
  const input = new Uint8Array(text.length + 4);
  input.set(text);
  for (let block = 0; block * 32 < wanted; block++) {
    new DataView(input.buffer).setUint32(text.length, block);
    stream.set(digest(input), block * 32);
  }
  const root = bytesToBigint(stream.subarray(0, wanted)) % P;
  const plain = (root * root) % P;
  // Only a root of 0 or ±1 gives 0 or 1: one chance in 2^2000, but a card that locking cannot hide must never exist.
  if (plain <= 1n) throw new Error(`Card ${id} has no usable encoding.`);
  return plain;
}

/** n bytes from the source: a source that answers short would silently bias every draw. */
function drawBytes(random: RandomBytes, n: number): Uint8Array {
  const bytes = random(n);
  if (bytes.length !== n) throw new Error(`The random source returned ${bytes.length} bytes instead of ${n}.`);
  return bytes;
}

/**
 * A fresh locking key: a random 256-bit exponent, 1 < k < q (short exponents keep locking fast: ~1 ms vs
 * ~20 ms for a full one; still ~128-bit security against kangaroo attacks).
 */
export function newKey(random: RandomBytes = cryptoRandom): bigint {
  for (let i = 0; i < MAX_DRAWS; i++) {
    const k = bytesToBigint(drawBytes(random, KEY_BYTES));
    if (isKey(k)) return k;
  }
  throw new Error('The random source keeps returning unusable keys.');
}

function isKey(k: bigint): boolean {
  return k > 1n && k < Q;
}

function checkKey(k: bigint): void {
  // A key of 0 or 1 would "lock" in the clear, and one at or above q is another key in disguise.
  if (!isKey(k)) throw new RangeError('A locking key must be between 1 and q, both excluded.');
}

/** A whole number from 0 to n − 1, each equally likely (rejects the top of the 32-bit range). */
function below(n: number, random: RandomBytes): number {
  const limit = 2 ** 32 - (2 ** 32 % n);
  for (let i = 0; i < MAX_DRAWS; i++) {
    const bytes = drawBytes(random, 4);
    const v = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
    if (v < limit) return v % n;
  }
  throw new Error('The random source keeps returning out-of-range values.');
}

/**
 * Locks every card with `key` (card^key mod p) and puts them in a uniformly random order (Fisher–Yates with
 * rejection sampling from `random`).
 */
export function lockAndShuffle(deck: readonly bigint[], key: bigint, random: RandomBytes = cryptoRandom): bigint[] {
  checkKey(key);
  const out = deck.map((card) => modPow(card, key, P));
  for (let i = out.length - 1; i > 0; i--) {
    const j = below(i + 1, random);
    const a = out[i] as bigint;
    out[i] = out[j] as bigint;
    out[j] = a;
  }
  return out;
}

function productMod(keys: readonly bigint[], m: bigint): bigint {
  let product = 1n;
  for (const k of keys) product = (product * k) % m;
  return product;
}

/** The inverse of a mod a prime m (Fermat would cost a full exponentiation; the extended Euclid is cheaper). */
function invert(a: bigint, m: bigint): bigint {
  let [oldR, r] = [((a % m) + m) % m, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const quotient = oldR / r;
    [oldR, r] = [r, oldR - quotient * r];
    [oldS, s] = [s, oldS - quotient * s];
  }
  if (oldR !== 1n) throw new RangeError('This number has no inverse.');
  return ((oldS % m) + m) % m;
}

/**
 * Removes the layers of `keys` (all this phone's keys on that card) from one card: card^(inverse of the
 * product of keys mod q) mod p.
 */
export function unlock(card: bigint, keys: readonly bigint[]): bigint {
  keys.forEach(checkKey);
  // Exponents act mod q only because every card is a quadratic residue; the inverse is a full-width
  // exponent, so unlocking costs a full exponentiation however short the keys are.
  return modPow(card, invert(productMod(keys, Q), Q), P);
}

/** The id among `candidates` whose encodeCard equals `plain`, or undefined (a damaged or forged card). */
export function identify(plain: bigint, candidates: readonly string[]): string | undefined {
  return candidates.find((id) => encodeCard(id) === plain);
}

/**
 * Whether `output` is `input` locked with `key` and reordered: the multisets {input_i^key} and {output_j}
 * are equal and the lengths match.
 */
export function verifyLock(input: readonly bigint[], output: readonly bigint[], key: bigint): boolean {
  if (!isKey(key) || input.length !== output.length) return false;
  const expected = new Map<bigint, number>();
  for (const card of input) {
    const locked = modPow(card, key, P);
    expected.set(locked, (expected.get(locked) ?? 0) + 1);
  }
  for (const card of output) {
    const left = expected.get(card) ?? 0;
    if (left === 0) return false;
    expected.set(card, left - 1);
  }
  return true;
}

/**
 * Whether `output` is `input` with the layers of `keys` removed: output^(product of keys) == input (mod p),
 * checked with short exponents only.
 */
export function verifyUnlock(input: bigint, output: bigint, keys: readonly bigint[]): boolean {
  if (!keys.every(isKey)) return false;
  // Only the canonical residue counts: output + p would pass the equation yet is not what unlock returns.
  if (!(output > 1n && output < P - 1n)) return false;
  // Raising to each key in turn keeps every exponent short; the product itself would be as long as all keys together.
  let x = output;
  for (const k of keys) x = modPow(x, k, P);
  return x === input;
}

/**
 * The bytes of an unpadded base64url string of exactly `width` bytes, or undefined. Only the canonical form is
 * read (the unused low bits of the last character zero, as `toBase64url` writes it), so each number has exactly
 * one wire form.
 */
function fromBase64Url(s: unknown, width: number): Uint8Array | undefined {
  // The length is checked before anything else so an oversized string costs nothing to refuse.
  if (typeof s !== 'string' || s.length !== Math.ceil((width * 8) / 6)) return undefined;
  const out = fromBase64url(s);
  return out?.length === width && toBase64url(out) === s ? out : undefined;
}

/** Fixed-width base64url (no padding) of a number below p: 256 bytes → 342 characters. */
export function toWire(x: bigint): string {
  if (x < 0n || x >= P) throw new RangeError('Only numbers below p go on the wire.');
  return toBase64url(bigintToBytes(x, CARD_BYTES));
}

/**
 * The number of a wire string, or undefined unless it is exactly that width, valid base64url, and
 * 1 < x < p - 1. Never throws, bounded time.
 */
export function fromWire(s: unknown): bigint | undefined {
  const bytes = fromBase64Url(s, CARD_BYTES);
  if (bytes === undefined) return undefined;
  const x = bytesToBigint(bytes);
  // 0, 1 and p − 1 are the elements locking cannot hide (fixed points or order 2).
  return x > 1n && x < P - 1n ? x : undefined;
}

/** A key as wire text (fixed width, 32 bytes → 43 base64url chars). */
export function keyToWire(k: bigint): string {
  checkKey(k);
  return toBase64url(bigintToBytes(k, KEY_BYTES));
}

/** A key from wire text, or undefined if malformed or not 1 < k < q. */
export function keyFromWire(s: unknown): bigint | undefined {
  const bytes = fromBase64Url(s, KEY_BYTES);
  if (bytes === undefined) return undefined;
  const k = bytesToBigint(bytes);
  return isKey(k) ? k : undefined;
}
