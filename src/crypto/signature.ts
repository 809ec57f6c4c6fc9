/**
 * Signatures on the events consent and secrecy rest on (issue 17): seat claims, commitments, trade
 * proposals and acceptances, closing a vote. A device tag is only a name a phone gives itself; the
 * signature is what stops one phone from writing those events under another's name.
 *
 * Ed25519 throughout. Phones sign with a WebCrypto key where the browser has one (`secret/device.ts`),
 * but every phone *verifies* here, synchronously, with @noble/ed25519: the fold must reach the same
 * verdict on every phone, at once and also where WebCrypto is missing (a plain-http LAN address).
 *
 * A signed entry is its tuple `[code, time, device, ...fields]` followed by the 64 signature bytes; the
 * bytes signed are the game id and the tuple as JSON (binary fields in base64url), so an entry cannot be
 * moved to another game, and changing any field breaks it.
 */
import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { fromBase64url, KEY_BYTES, signatureOf, signedBytes, toBase64url } from './signedBytes';
import type { Signer } from './signedBytes';

ed.hashes.sha512 = sha512;

export * from './signedBytes';

// Refolds (a concurrent entry merged before the end of the log) meet the same signatures again: each is
// verified once per page. Bounded so a hostile flood cannot grow it without end.
const verdicts = new Map<string, boolean>();
const latin1 = new TextDecoder('latin1');
// Each byte as one character (latin1 maps bytes to distinct characters), natively: base64 here in
// JavaScript cost a long game's start about 20 ms at 4× CPU. The lengths in front keep two different
// triples from making the same key, whatever a hostile phone puts in them.
const verdictKey = (signature: Uint8Array, message: Uint8Array, publicKey: string) => `${publicKey.length}:${publicKey}${signature.length}:${latin1.decode(signature)}${latin1.decode(message)}`;
const MAX_VERDICTS = 20_000;

/**
 * The verdicts found true so far whose message is one of `gameId`'s (what a phone signs starts with the
 * game's id: `signedBytes`), to be kept between starts (secret/verdicts.ts seals them).
 */
export function checkedVerdicts(gameId: string): string[] {
  const mark = JSON.stringify([gameId]).slice(0, -1);
  return [...verdicts].flatMap(([memo, ok]) => (ok && memo.includes(mark) ? [memo] : []));
}

/** Forgets every verdict of this page (tests: a new start). */
export function forgetVerdicts(): void {
  verdicts.clear();
}

/** Takes verdicts this phone found true before (read back from its sealed list) as known. */
export function seedVerdicts(memos: readonly string[]): void {
  for (const memo of memos) if (verdicts.size < MAX_VERDICTS) verdicts.set(memo, true);
}

/** Whether `signature` is `publicKey`'s (base64url) on `message`. Never throws. */
export function verify(signature: Uint8Array, message: Uint8Array, publicKey: string): boolean {
  const memo = verdictKey(signature, message, publicKey);
  const known = verdicts.get(memo);
  if (known !== undefined) return known;
  const key = fromBase64url(publicKey);
  let ok: boolean;
  try {
    ok = key?.length === KEY_BYTES && ed.verify(signature, message, key);
  } catch {
    ok = false; // not a point on the curve, or a malformed signature: a forgery like any other
  }
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(memo, ok);
  return ok;
}

/**
 * Fills the verdicts for `entries` with WebCrypto, where the browser verifies Ed25519 itself, before the
 * first fold needs them: opening a long game then folds from verdicts already known instead of
 * verifying each signature in JavaScript (about 0.25 ms each, more on a slow phone). `keysOf` gives the
 * keys an entry may be signed with; the fold still decides which key counts, so a guess here is harmless.
 */
export async function prewarmVerdicts(gameId: string, entries: readonly unknown[][], keysOf: (raw: readonly unknown[]) => readonly string[]): Promise<void> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return;
  const imported = new Map<string, Promise<CryptoKey>>();
  const keyFor = (publicKey: string) => {
    let key = imported.get(publicKey);
    if (!key) imported.set(publicKey, (key = subtle.importKey('raw', fromBase64url(publicKey) as Uint8Array<ArrayBuffer>, { name: 'Ed25519' }, false, ['verify'])));
    return key;
  };
  try {
    await Promise.all(
      entries.flatMap((raw) => {
        const signature = signatureOf(raw);
        if (!signature) return [];
        const message = signedBytes(gameId, raw.slice(0, -1));
        return keysOf(raw).map(async (publicKey) => {
          const memo = verdictKey(signature, message, publicKey);
          if (verdicts.has(memo) || fromBase64url(publicKey)?.length !== KEY_BYTES) return;
          const ok = await subtle.verify({ name: 'Ed25519' }, await keyFor(publicKey), signature as Uint8Array<ArrayBuffer>, message as Uint8Array<ArrayBuffer>);
          if (verdicts.size < MAX_VERDICTS) verdicts.set(memo, ok);
        });
      }),
    );
  } catch {
    // No Ed25519 in this WebCrypto (or a key it will not import): the fold verifies in JavaScript.
  }
}

/** A signer whose secret lives in this page's memory: tests, and phones without WebCrypto Ed25519 (see secret/device.ts). */
export function softwareSigner(secret: Uint8Array = ed.utils.randomSecretKey()): Signer & { readonly secret: Uint8Array; signNow(message: Uint8Array): Uint8Array } {
  let publicKey: string | undefined;
  // Derived when first asked for (a claim, or warmSigner once the game is on screen): the first
  // derivation of the page also builds noble's table for the base point, about 130 ms of a start at 4×
  // CPU spent before the game could show (bench, start).
  const publicKeyOf = () => (publicKey ??= toBase64url(ed.getPublicKey(secret)));
  // What this page signed needs no verifying when it meets it again (its own write's check, its fold).
  const signNow = (message: Uint8Array): Uint8Array => {
    const signature = ed.sign(message, secret);
    if (verdicts.size < MAX_VERDICTS) verdicts.set(verdictKey(signature, message, publicKeyOf()), true);
    return signature;
  };
  return {
    secret,
    get publicKey() {
      return publicKeyOf();
    },
    sign: (message) => Promise.resolve(signNow(message)),
    signNow,
  };
}

/**
 * Does a key's one-time work ahead of its first use: for a key in this page's memory, deriving its public
 * half, which builds the base-point table its first signature needs too. A WebCrypto key has none.
 */
export function warmSigner(signer: Signer): void {
  void signer.publicKey;
}
