/**
 * This phone's identity and preferences: device-only, never in a game document. The tag is short
 * because it is written into every log entry.
 *
 * The phone's signing key (issue 17) is an Ed25519 key pair made with WebCrypto, its private half not
 * extractable, kept here in IndexedDB (a CryptoKey is stored as itself, never as bytes). Where WebCrypto
 * has no Ed25519, or no WebCrypto at all (a page served over plain http on the LAN), the key is made by
 * @noble/ed25519 and its secret bytes are kept here instead: still never in a game, but readable by a
 * script running in this app on this phone. A new phone's tag is made from its public key (signature.ts
 * `tagOf`), so no other phone can claim a seat under its name.
 */
import { createStore, get, set } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import { tagOf, toBase64url } from '../crypto/signedBytes';
import type { StoredKey } from './signer';

export interface DeviceInfo {
  tag: string;
  name: string;
  /** Missing on phones from before signatures until they next open the app. */
  key?: StoredKey;
}

// One connection for the page's lifetime: createStore opens a new one on every call.
let store: UseStore | undefined;
export const privateStore = () => (store ??= createStore('tt-private', 'kv'));

export function randomId(bytes: number): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buf, (b) => (b % 36).toString(36)).join('');
}

/** A new signing key: WebCrypto's, not extractable, where the browser makes Ed25519 keys. */
async function newKey(): Promise<{ key: StoredKey; publicKey: () => string }> {
  try {
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
    const publicKey = toBase64url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
    return { key: { kind: 'webcrypto', privateKey: pair.privateKey, publicKey }, publicKey: () => publicKey };
  } catch {
    // No crypto.subtle (not a secure context) or no Ed25519 in it: the audited library's key. (Loaded
    // only here: a start's first frame reads the device, and the curve is not on its path.)
    const { softwareSigner } = await import('../crypto/signature');
    const signer = softwareSigner();
    // Derived only when asked for (a new phone's tag): it builds the curve's base-point table.
    return { key: { kind: 'software', secret: signer.secret }, publicKey: () => signer.publicKey };
  }
}

const validKey = (k: unknown): k is StoredKey => {
  const key = k as Partial<{ kind: string; privateKey: unknown; publicKey: unknown; secret: unknown }> | undefined;
  return (key?.kind === 'webcrypto' && typeof key.publicKey === 'string' && typeof CryptoKey !== 'undefined' && key.privateKey instanceof CryptoKey) || (key?.kind === 'software' && key.secret instanceof Uint8Array && key.secret.length === 32);
};

export async function loadDevice(): Promise<DeviceInfo & { key: StoredKey }> {
  const store = privateStore();
  const known = await get<DeviceInfo>('device', store);
  if (known && typeof known.tag === 'string' && typeof known.name === 'string') {
    if (validKey(known.key)) return known as DeviceInfo & { key: StoredKey };
    // A phone from before signatures keeps its tag (it holds seats under it) and gets a key now.
    const device = { ...known, key: (await newKey()).key };
    await set('device', device, store);
    return device;
  }
  const { key, publicKey } = await newKey();
  const device = { tag: tagOf(publicKey()), name: 'My phone', key };
  await set('device', device, store);
  return device;
}

export async function saveDeviceName(name: string): Promise<DeviceInfo> {
  const device = { ...(await loadDevice()), name };
  await set('device', device, privateStore());
  return device;
}
