import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import * as syncProtocol from 'y-protocols/sync';
import { roomName } from '../../../src/sync/joinLink';
import { encrypt, encryptJson, roomKey, unseal } from '../../../src/sync/roomCrypto';
import { subscribe, unsubscribe } from '../../../src/sync/tabChannel';
import { sendGameToNewTabs } from '../../../src/sync/webrtc';

// Node's BroadcastChannel is the browsers': a second channel of the room's name stands for another tab of the phone.
const SECRET = 'abcdefghijklmnopqrstuv';
const otherTabs: BroadcastChannel[] = [];
afterEach(() => otherTabs.splice(0).forEach((bc) => bc.close()));

function otherTab(room: string) {
  const bc = new BroadcastChannel(room);
  otherTabs.push(bc);
  const heard: Uint8Array[] = [];
  bc.onmessage = (e: MessageEvent<Uint8Array>) => heard.push(new Uint8Array(e.data));
  return { bc, heard };
}

/** Whether `p` settled within a few turns of the event loop. */
async function settles(p: PromiseLike<unknown>): Promise<boolean> {
  let settled = false;
  void Promise.resolve(p).then(() => (settled = true));
  await new Promise((r) => setTimeout(r, 30));
  return settled;
}

const tick = () => new Promise((r) => setTimeout(r, 30));
const change = new Uint8Array([0, 2, 5, 1, 2, 3, 4, 5]);
const step1 = new Uint8Array([0, 0, 1, 0]);
const step2 = new Uint8Array([0, 1, 2, 0, 0]);

describe("a phone's other tabs, when it has the game open in one", () => {
  it('leaves a change and the whole game unsealed and unsent while no other tab has spoken; seals the sync step 1 that makes other tabs speak, signaling, and the game once another tab spoke', async () => {
    const room = roomName('game-alone', SECRET);
    const key = roomKey(SECRET, room);
    const sub = subscribe(room, () => undefined);
    expect(await settles(encrypt(change, key))).toBe(false);
    expect(await settles(encrypt(step2, key))).toBe(false);
    expect(await settles(encrypt(step1, key))).toBe(true);
    expect(await settles(encryptJson({ type: 'announce', from: 'p1' }, key))).toBe(true);
    otherTab(room).bc.postMessage(step1);
    await tick();
    expect(unseal(await encrypt(change, key), key)).toEqual(change);
    expect(unseal(await encrypt(step2, key), key)).toEqual(step2);
    unsubscribe(room, sub);
  });

  it('sends its whole game, sealed, to the first tab it hears after leaving changes unsent, and only then', async () => {
    const room = roomName('game-new-tab', SECRET);
    const key = roomKey(SECRET, room);
    const doc = new Y.Doc();
    doc.getArray<string>('log').push(['exhausted Mecatol Rex']);
    const sub = subscribe(room, () => undefined);
    const stop = sendGameToNewTabs(doc, room, SECRET);
    void encrypt(change, key);
    doc.getArray<string>('log').push(['refreshed Jord']);
    const tab = otherTab(room);
    tab.bc.postMessage(step1);
    await tick();
    expect(tab.heard).toHaveLength(1);
    const message = unseal(tab.heard[0]!, key);
    expect(message).not.toBeNull();
    const d = decoding.createDecoder(message!);
    expect(decoding.readVarUint(d)).toBe(0);
    const copy = new Y.Doc();
    syncProtocol.readSyncMessage(d, { length: 0 } as never, copy, 'tab');
    expect(copy.getArray('log').toArray()).toEqual(['exhausted Mecatol Rex', 'refreshed Jord']);
    tab.bc.postMessage(step1);
    await tick();
    expect(tab.heard).toHaveLength(1);
    stop();
    unsubscribe(room, sub);
  });
});
