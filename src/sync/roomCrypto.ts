// Stands in for y-webrtc's src/crypto.js (a plugin in vite.config.ts swaps it in): the same five
// functions, so y-webrtc encrypts its signaling messages and its messages to other tabs with the game's
// join secret in every browser.
//
// Why (issue 17): y-webrtc's own crypto.js uses WebCrypto, which browsers give only to secure contexts.
// A phone that opened the laptop's LAN address over plain http had no `crypto.subtle`, so it joined the
// room unencrypted, and a stranger on the same Wi-Fi who saw the room name (it travels in clear to the
// signaling server) joined too, read the game with its join secret, and wrote to it.
//
// The cipher is AES-256-GCM from @noble/ciphers (audited, no dependencies; only its AES module is
// bundled: 3.7 KB gzip, against 4.8 for its XChaCha20-Poly1305), the algorithm y-webrtc itself uses,
// with a random 12-byte nonce per message (far below the 2^32 messages one key could take):
// authenticated, so a message not sealed with this game's key is dropped before y-webrtc reads it. The key is SHA-256 over the room name and
// the secret; no slow key stretching, because the secret is random (22 characters of [a-z0-9], about
// 113 bits, randomId in src/secret/device.ts), not a password a person chose. The room name is itself
// a hash of game id and secret (joinLink.ts), so seeing it does not give the key.
//
// What the key protects: whoever lacks the secret cannot read the offers, answers and ICE candidates,
// nor make one that a phone of the game accepts, so it never gets a WebRTC connection to one. The data
// channels themselves are encrypted by WebRTC (DTLS), with certificates whose fingerprints travel only
// inside these sealed offers and answers: only holders of the secret are at either end.
import { gcm } from '@noble/ciphers/aes.js';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { digest } from 'lib0/hash/sha256';
import { afterPaint } from '../later';
import { skipAlone } from './tabChannel';

const ALGORITHM = 'AES-256-GCM';
const NONCE_BYTES = 12;

export interface RoomKey {
  readonly bytes: Uint8Array;
  /** The room it seals for: its tab channel says whether any other tab listens (tabChannel.ts). */
  readonly room?: string;
}

export function roomKey(secret: string, roomName: string): RoomKey {
  return { bytes: digest(new TextEncoder().encode(`twilight-table room key\u0000${roomName}\u0000${secret}`)), room: roomName };
}

/** The sealed layout, whichever implementation sealed it: algorithm name, nonce, ciphertext with its tag. */
function frame(nonce: Uint8Array, sealed: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, ALGORITHM);
  encoding.writeVarUint8Array(e, nonce);
  encoding.writeVarUint8Array(e, sealed);
  return encoding.toUint8Array(e);
}

/** The nonce and sealed bytes of a framed message, or null when it is not one. */
function unframe(data: Uint8Array): { nonce: Uint8Array; sealed: Uint8Array } | null {
  try {
    const d = decoding.createDecoder(data);
    if (decoding.readVarString(d) !== ALGORITHM) return null;
    const nonce = decoding.readVarUint8Array(d);
    return nonce.length === NONCE_BYTES ? { nonce, sealed: decoding.readVarUint8Array(d) } : null;
  } catch {
    return null;
  }
}

// getRandomValues, unlike crypto.subtle, exists in insecure contexts too.
const newNonce = () => crypto.getRandomValues(new Uint8Array(NONCE_BYTES));

export function seal(data: Uint8Array, key: RoomKey): Uint8Array {
  const nonce = newNonce();
  return frame(nonce, gcm(key.bytes, nonce).encrypt(data));
}

/** The plaintext, or null when the message was not sealed with this key (or was changed on the way). */
export function unseal(data: Uint8Array, key: RoomKey): Uint8Array | null {
  const parts = unframe(data);
  try {
    return parts && gcm(key.bytes, parts.nonce).decrypt(parts.sealed);
  } catch {
    return null;
  }
}

/** Messages dropped because they were not sealed with the key (a stranger in the room, or damage). */
export let refusedMessages = 0;

/** A promise that never settles: y-webrtc chains its handler on it, so a refused message goes nowhere. */
const dropped = <T>(): Promise<T> => {
  refusedMessages++;
  return new Promise<T>(() => undefined);
};

/**
 * The opened message, for y-webrtc's `.then(handler)`: a handler that throws on what a holder of the
 * secret sent (y-webrtc does, on an answer from a phone it never called) is reported here instead of
 * ending as an unhandled rejection.
 */
function guarded<T>(p: Promise<T>): PromiseLike<T> {
  return {
    then<A = T, B = never>(ok?: ((v: T) => A | PromiseLike<A>) | null, fail?: ((e: unknown) => B | PromiseLike<B>) | null): PromiseLike<A | B> {
      return p.then((v) => {
        try {
          return ok ? ok(v) : (v as unknown as A);
        } catch (e) {
          refusedMessages++;
          console.warn(`Twilight Table refused a signaling message: ${e instanceof Error ? e.message : String(e)}`);
          return undefined as A;
        }
      }, fail);
    },
  };
}

// ——— y-webrtc's crypto.js API ———

export const deriveKey = (secret: string, roomName: string): Promise<RoomKey> => Promise.resolve(roomKey(secret, roomName));

/**
 * Sealed and opened by WebCrypto where the page has it (a secure context): the same AES-256-GCM and layout,
 * on the browser's own thread. The library's GCM builds its key schedule and GHASH tables anew for every
 * message: about 80 ms for a 130 KB game, and 0.5–1 ms of main thread for each small change a tap sends to
 * this phone's other tabs (CPU profile of ten taps at 4×, issue 33). The library stays for plain-http pages.
 */
type NativeKey = RoomKey & { native?: Promise<CryptoKey> };
const nativeKey = (key: NativeKey): Promise<CryptoKey> =>
  (key.native ??= crypto.subtle.importKey('raw', key.bytes as Uint8Array<ArrayBuffer>, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']));
const hasNative = () => !!globalThis.crypto?.subtle;

async function sealNative(data: Uint8Array, key: RoomKey): Promise<Uint8Array> {
  const nonce = newNonce();
  return frame(nonce, new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, await nativeKey(key), data as Uint8Array<ArrayBuffer>)));
}

async function unsealNative(data: Uint8Array, key: RoomKey): Promise<Uint8Array | null> {
  const parts = unframe(data);
  if (!parts) return null;
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: parts.nonce as Uint8Array<ArrayBuffer> }, await nativeKey(key), parts.sealed as Uint8Array<ArrayBuffer>));
  } catch {
    return null;
  }
}

/**
 * y-webrtc's sync messages that carry the game: a change (y-protocols' update) or the whole of it (sync step
 * 2, which y-webrtc posts when it connects). Not its sync step 1, which a tab that joins always sends, so
 * that every tab there speaks.
 */
const carriesGame = (data: Uint8Array) => data[0] === 0 && (data[1] === 1 || data[1] === 2);

/**
 * What y-webrtc sends to this phone's other tabs (its signaling goes through `encryptJson`). The game is
 * neither sealed nor sent while no other tab has spoken on the channel (tabChannel.ts `skipAlone`): the
 * promise never settles, and y-webrtc's send chained on it never runs. Anything else is sealed after the
 * frame that shows the change (later.ts), not inside the tap that made it, where y-webrtc asks for it (issue 33).
 */
export const encrypt = (data: Uint8Array, key: RoomKey | null): Promise<Uint8Array> => {
  if (key?.room !== undefined && carriesGame(data) && skipAlone(key.room)) return new Promise<Uint8Array>(() => undefined);
  return sealLater(data, key);
};

const sealLater = (data: Uint8Array, key: RoomKey | null): Promise<Uint8Array> => {
  if (!key) return Promise.resolve(data);
  return new Promise((ok, fail) =>
    afterPaint(() => {
      try {
        if (hasNative()) sealNative(data, key).then(ok, fail);
        else ok(seal(data, key));
      } catch (e) {
        fail(e as Error);
      }
    }),
  );
};

export const encryptJson = (data: unknown, key: RoomKey | null): Promise<Uint8Array> => {
  const e = encoding.createEncoder();
  encoding.writeAny(e, data as Parameters<typeof encoding.writeAny>[1]);
  return sealLater(encoding.toUint8Array(e), key);
};

const open = (data: Uint8Array, key: RoomKey | null): Promise<Uint8Array> => {
  if (!key) return Promise.resolve(data);
  if (hasNative()) return unsealNative(data, key).then((plain) => plain ?? dropped());
  const plain = unseal(data, key);
  return plain ? Promise.resolve(plain) : dropped();
};

export const decrypt = (data: Uint8Array, key: RoomKey | null): PromiseLike<Uint8Array> => guarded(open(data, key));

const isStr = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 100;

/**
 * A signaling message y-webrtc can act on: an announce, or a signal (offer, answer, candidate) between
 * two peers. Anything else from a holder of the secret is dropped too: y-webrtc would throw on it.
 */
function signalingMessage(v: unknown): unknown {
  const m = v as Record<string, unknown> | null;
  if (typeof m !== 'object' || m === null || !isStr(m.from)) return null;
  if (m.type === 'announce') return m;
  const signal = m.signal as Record<string, unknown> | null;
  if (m.type === 'signal' && isStr(m.to) && typeof m.token === 'number' && typeof signal === 'object' && signal !== null && !Array.isArray(signal)) return m;
  return null;
}

export const decryptJson = (data: Uint8Array, key: RoomKey | null): PromiseLike<unknown> =>
  guarded(
    open(data, key).then((plain) => {
      try {
        return signalingMessage(decoding.readAny(decoding.createDecoder(plain)));
      } catch {
        return null;
      }
    }),
  );
