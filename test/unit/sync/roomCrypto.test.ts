import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { roomName } from '../../../src/sync/joinLink';
import { decrypt, decryptJson, deriveKey, encrypt, encryptJson, refusedMessages, roomKey, seal, unseal } from '../../../src/sync/roomCrypto';

const GAME = 'game123456';
const SECRET = 'abcdefghijklmnopqrstuv';
const room = roomName(GAME, SECRET);
const key = roomKey(SECRET, room);
const bytes = new TextEncoder().encode('sync step 1, or an offer');

/** A promise that has not settled after a few turns of the event loop (a refused message never does). */
async function unsettled(p: PromiseLike<unknown>): Promise<boolean> {
  let settled = false;
  void Promise.resolve(p).then(() => (settled = true), () => (settled = true));
  await new Promise((r) => setTimeout(r, 20));
  return !settled;
}

describe('signaling sealed with the join secret, in every browser (no WebCrypto needed)', () => {
  it('opens what it sealed, and each message gets its own nonce', () => {
    const a = seal(bytes, key);
    const b = seal(bytes, key);
    expect(unseal(a, key)).toEqual(bytes);
    expect(a).not.toEqual(b);
    expect(new TextDecoder('latin1').decode(a)).not.toContain('sync step 1');
  });

  it('a stranger who knows the room name (or the game id) but not the secret opens nothing', () => {
    const stranger = roomKey('guessed-secret-0000000', room);
    expect(unseal(seal(bytes, key), stranger)).toBeNull();
    // The room name is derived from the secret too: knowing the game id does not give it.
    expect(roomName(GAME, 'another-secret-0000000')).not.toBe(room);
  });

  it('refuses a sealed message changed on the way, or one that was never sealed', () => {
    const sealed = seal(bytes, key);
    sealed[sealed.length - 3] = (sealed[sealed.length - 3] as number) ^ 1;
    expect(unseal(sealed, key)).toBeNull();
    expect(unseal(bytes, key)).toBeNull();
    expect(unseal(new Uint8Array([200, 200, 200]), key)).toBeNull();
  });

  it("speaks y-webrtc's crypto.js API: a refused message never reaches y-webrtc's handler, and nothing rejects", async () => {
    const k = await deriveKey(SECRET, room);
    expect(await decrypt(await encrypt(bytes, k), k)).toEqual(bytes);
    const before = refusedMessages;
    const handler = { called: false };
    const pending = decrypt(bytes, k).then(() => (handler.called = true));
    expect(await unsettled(pending)).toBe(true);
    expect(handler.called).toBe(false);
    expect(refusedMessages).toBe(before + 1);
  });

  it('seals with WebCrypto where there is one, a whole game or a small change, in the same format: the library opens it, and the other way round; a changed one is refused', async () => {
    const k = await deriveKey(SECRET, room);
    const stranger = await deriveKey('another secret of 22 c', room);
    const game = Uint8Array.from({ length: 130_000 }, (_, i) => (i * 31) & 0xff);
    for (const data of [game, bytes]) {
      const native = await encrypt(data, k);
      expect(unseal(native, key)).toEqual(data);
      expect(await decrypt(seal(data, key), k)).toEqual(data);
      const changed = native.slice();
      changed[changed.length - 1] = (changed[changed.length - 1] as number) ^ 1;
      expect(await unsettled(decrypt(changed, k))).toBe(true);
      expect(await unsettled(decrypt(native, stranger))).toBe(true);
    }
  });

  it('a page without WebCrypto (plain http) seals and opens with the library, in the format WebCrypto reads', async () => {
    const k = await deriveKey(SECRET, room);
    const subtle = globalThis.crypto.subtle;
    const sealedHere = await (async () => {
      // The stub hides subtle only: getRandomValues exists in insecure contexts too.
      vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(a: T) => crypto.webcrypto.getRandomValues(a as never) });
      try {
        expect(globalThis.crypto.subtle).toBeUndefined();
        const sealed = await encrypt(bytes, k);
        expect(await decrypt(sealed, k)).toEqual(bytes);
        return sealed;
      } finally {
        vi.unstubAllGlobals();
      }
    })();
    expect(globalThis.crypto.subtle).toBe(subtle);
    expect(await decrypt(sealedHere, k)).toEqual(bytes);
  });

  it('passes y-webrtc only signaling messages it can act on (an announce, a signal between two peers)', async () => {
    const k = await deriveKey(SECRET, room);
    expect(await decryptJson(await encryptJson({ type: 'announce', from: 'p1' }, k), k)).toEqual({ type: 'announce', from: 'p1' });
    const signal = { type: 'signal', from: 'p1', to: 'p2', token: 1.5, signal: { type: 'offer', sdp: 'v=0' } };
    expect(await decryptJson(await encryptJson(signal, k), k)).toEqual(signal);
    for (const junk of [{ type: 'signal', from: 'p1', to: 'p2', token: 1 }, { type: 'announce' }, 'text', [1, 2]]) {
      expect(await decryptJson(await encryptJson(junk, k), k)).toBeNull();
    }
  });

  it("reports instead of rejecting when y-webrtc's handler throws on what a holder of the secret sent", async () => {
    const k = await deriveKey(SECRET, room);
    const before = refusedMessages;
    const result = await decryptJson(await encryptJson({ type: 'announce', from: 'p1' }, k), k).then(() => {
      throw new Error('y-webrtc: existingConn is undefined');
    });
    expect(result).toBeUndefined();
    expect(refusedMessages).toBe(before + 1);
  });
});
