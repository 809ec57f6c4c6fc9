/**
 * The signer of this phone's stored key (device.ts). Apart from device.ts because a software key signs
 * with @noble/ed25519, which a start's first frame does not need (issue 33).
 */
import { softwareSigner } from '../crypto/signature';
import type { Signer } from '../crypto/signature';

/** This phone's signing key as device.ts keeps it in IndexedDB. */
export type StoredKey = { kind: 'webcrypto'; privateKey: CryptoKey; publicKey: string } | { kind: 'software'; secret: Uint8Array };

export function signerOf(key: StoredKey): Signer {
  if (key.kind === 'software') return softwareSigner(key.secret);
  return {
    publicKey: key.publicKey,
    sign: async (message) => new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, key.privateKey, message as Uint8Array<ArrayBuffer>)),
  };
}
