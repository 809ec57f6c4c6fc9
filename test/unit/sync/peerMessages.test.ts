import { describe, expect, it } from 'vitest';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import * as syncProtocol from 'y-protocols/sync';
import { checkPeerMessage, hasMissingUpdates, MAX_MESSAGE_BYTES, MESSAGE_SYNC } from '../../../src/sync/peerMessages';
import { newGame } from '../doc/fixtures';

function syncMessage(write: (e: encoding.Encoder) => void): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_SYNC);
  write(e);
  return encoding.toUint8Array(e);
}

describe('checking messages from peers before they reach the document', () => {
  const game = newGame();
  const update = Y.encodeStateAsUpdate(game.doc);

  it('accepts the three sync messages a real peer sends', () => {
    expect(checkPeerMessage(syncMessage((e) => syncProtocol.writeSyncStep1(e, game.doc)))).toMatchObject({ ok: true, kind: 'sync-step-1' });
    expect(checkPeerMessage(syncMessage((e) => syncProtocol.writeSyncStep2(e, game.doc)))).toMatchObject({ ok: true, kind: 'sync-step-2' });
    expect(checkPeerMessage(syncMessage((e) => syncProtocol.writeUpdate(e, update)))).toMatchObject({ ok: true, kind: 'update', updateBytes: update.byteLength });
  });

  it('refuses an update whose bytes were damaged, before Yjs applies it', () => {
    const damaged = update.slice(0, Math.floor(update.length / 2));
    const check = checkPeerMessage(syncMessage((e) => syncProtocol.writeUpdate(e, damaged)));
    expect(check).toMatchObject({ ok: false, reason: expect.stringMatching(/cannot be decoded/) });
  });

  it('lets through only damaged updates that Yjs can still apply without throwing (300 mutants)', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    let refused = 0;
    for (let i = 0; i < 300; i++) {
      const mutant = update.slice(0, rand(update.length) + 1);
      for (let j = 0; j < 3; j++) mutant[rand(mutant.length)] = rand(256);
      const check = checkPeerMessage(syncMessage((e) => syncProtocol.writeUpdate(e, mutant)));
      if (!check.ok) {
        refused++;
        continue;
      }
      expect(() => Y.applyUpdate(new Y.Doc(), mutant)).not.toThrow();
    }
    expect(refused).toBeGreaterThan(200);
  });

  it.each([
    ['an empty message', new Uint8Array([])],
    ['an unknown message type', new Uint8Array([9, 0])],
    ['an unknown sync type', new Uint8Array([0, 7, 0])],
    ['a truncated length', new Uint8Array([0, 2, 200])],
    ['a message over 256 KiB', new Uint8Array(MAX_MESSAGE_BYTES + 1)],
  ])('refuses %s', (_why, bytes) => {
    expect(checkPeerMessage(bytes).ok).toBe(false);
  });

  it('notices updates that wait for an earlier one that never arrived', () => {
    const a = newGame();
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a.doc));
    const sv = Y.encodeStateVector(a.doc);
    a.adjustCounter('s1', 'vp', 1);
    const lost = Y.encodeStateAsUpdate(a.doc, sv);
    const sv2 = Y.encodeStateVector(a.doc);
    a.adjustCounter('s1', 'vp', 1);
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a.doc, sv2));
    expect(hasMissingUpdates(b)).toBe(true);
    Y.applyUpdate(b, lost);
    expect(hasMissingUpdates(b)).toBe(false);
  });
});
