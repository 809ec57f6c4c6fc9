import { describe, expect, it } from 'vitest';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import * as syncProtocol from 'y-protocols/sync';
import { checkPeerMessage, hasMissingUpdates, MAX_MESSAGE_BYTES, MESSAGE_SYNC } from '../../../src/sync/peerMessages';
import { newGame } from '../doc/fixtures';
import * as sheetMoves from '../../../src/doc/sheet/moves';

/** An awareness message (y-protocols' format): [client id, clock, state as JSON] per entry. */
function presence(entries: [number, number, string][]): Uint8Array {
  const inner = encoding.createEncoder();
  encoding.writeVarUint(inner, entries.length);
  for (const [id, clock, json] of entries) {
    encoding.writeVarUint(inner, id);
    encoding.writeVarUint(inner, clock);
    encoding.writeVarString(inner, json);
  }
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, 1);
  encoding.writeVarUint8Array(e, encoding.toUint8Array(inner));
  return encoding.toUint8Array(e);
}

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
    const empty = new Y.Doc();
    expect(checkPeerMessage(syncMessage((e) => syncProtocol.writeSyncStep1(e, game.doc)), empty)).toMatchObject({ ok: true, kind: 'sync-step-1' });
    expect(checkPeerMessage(syncMessage((e) => syncProtocol.writeSyncStep2(e, game.doc)), empty)).toMatchObject({ ok: true, kind: 'sync-step-2' });
    expect(checkPeerMessage(syncMessage((e) => syncProtocol.writeUpdate(e, update)), empty)).toMatchObject({ ok: true, kind: 'update', updateBytes: update.byteLength });
  });

  it('refuses an update whose bytes were damaged, before Yjs applies it', () => {
    const damaged = update.slice(0, Math.floor(update.length / 2));
    const check = checkPeerMessage(syncMessage((e) => syncProtocol.writeUpdate(e, damaged)), new Y.Doc());
    expect(check).toMatchObject({ ok: false, reason: expect.stringMatching(/an update that it cannot be read|declares/) });
  });

  it('refuses an update that deletes the log, and lets the sync protocol never see it', () => {
    const evil = new Y.Doc();
    Y.applyUpdate(evil, update);
    const deletion: Uint8Array[] = [];
    evil.on('update', (u: Uint8Array) => deletion.push(u));
    evil.getArray('log').delete(0, evil.getArray('log').length);
    const check = checkPeerMessage(syncMessage((e) => syncProtocol.writeUpdate(e, deletion[0] as Uint8Array)), game.doc);
    expect(check).toMatchObject({ ok: false, reason: expect.stringMatching(/^an update that it deletes \d+ entries of the game log$/) });
  });

  it('holds back (neither applies nor refuses) an update that builds on one this phone has not received', () => {
    const b = new Y.Doc();
    const sv = Y.encodeStateVector(game.doc);
    const a = new Y.Doc();
    Y.applyUpdate(a, update);
    a.getArray('log').push([['x', 0, 'dev']]);
    const first = Y.encodeStateAsUpdate(a, sv);
    const sv2 = Y.encodeStateVector(a);
    a.getArray('log').push([['x', 0, 'dev']]);
    Y.applyUpdate(b, update);
    expect(first.byteLength).toBeGreaterThan(0);
    expect(checkPeerMessage(syncMessage((e) => syncProtocol.writeUpdate(e, Y.encodeStateAsUpdate(a, sv2))), b)).toEqual({ ok: 'later', kind: 'update' });
  });

  it('lets through only damaged updates that Yjs can still apply without throwing (300 mutants)', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    let refused = 0;
    for (let i = 0; i < 300; i++) {
      const mutant = update.slice(0, rand(update.length) + 1);
      for (let j = 0; j < 3; j++) mutant[rand(mutant.length)] = rand(256);
      const check = checkPeerMessage(syncMessage((e) => syncProtocol.writeUpdate(e, mutant)), new Y.Doc());
      if (check.ok !== true) {
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
    ['a message over the 16 MiB a framed message may reach', new Uint8Array(MAX_MESSAGE_BYTES + 1)],
    ['a peer id, which only tabs of one phone send each other', new Uint8Array([4, 1, 3, 97, 98, 99])],
    ['a state vector declaring 1000 phones in 4 bytes', new Uint8Array([0, 0, 3, 232, 7, 1])],
    ['presence that is not JSON', presence([[1, 1, '{nope']])],
    ['presence that is not a phone', presence([[1, 1, JSON.stringify({ device: 'd', name: 'n', seat: { evil: true } })]])],
    ['presence of more than 1000 characters', presence([[1, 1, JSON.stringify({ device: 'd', name: 'x'.repeat(2000), seat: null })]])],
    ['presence declaring 1000 phones', new Uint8Array([1, 3, 232, 7, 0])],
  ])('refuses %s', (_why, bytes) => {
    expect(checkPeerMessage(bytes, game.doc).ok).toBe(false);
  });

  it("accepts a phone's presence and a phone leaving, and names the phone", () => {
    const check = checkPeerMessage(presence([[7, 1, JSON.stringify({ device: 'dev1', name: 'Ana', seat: 's1' })], [8, 2, 'null']]), game.doc);
    expect(check).toMatchObject({ ok: true, kind: 'awareness', presence: [{ clientId: 7, state: { name: 'Ana', seat: 's1' } }, { clientId: 8, state: null }] });
  });

  it('notices updates that wait for an earlier one that never arrived', () => {
    const a = newGame();
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a.doc));
    const sv = Y.encodeStateVector(a.doc);
    a.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 1);
    const lost = Y.encodeStateAsUpdate(a.doc, sv);
    const sv2 = Y.encodeStateVector(a.doc);
    a.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 1);
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a.doc, sv2));
    expect(hasMissingUpdates(b)).toBe(true);
    Y.applyUpdate(b, lost);
    expect(hasMissingUpdates(b)).toBe(false);
  });
});
