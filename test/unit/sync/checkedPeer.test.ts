/**
 * The app's WebRTC peer when two phones dialled each other at once (glare): the connection opens with
 * a channel made by each phone, and the dialling peer must read the other phone's channel too, and
 * write on it. Here on a stand-in RTCPeerConnection; test/e2e/glare.e2e.ts goes through it in Chromium.
 */
import { afterEach, describe, expect, it } from 'vitest';
import CheckedPeer from '../../../src/sync/checkedPeer';

class FakeChannel extends EventTarget {
  binaryType = 'blob';
  bufferedAmountLowThreshold = 0;
  onmessage: ((e: MessageEvent) => void) | null = null;
  readonly sent: Uint8Array[] = [];
  constructor(
    readonly label: string,
    public readyState: RTCDataChannelState = 'connecting',
  ) {
    super();
  }
  send(data: Uint8Array): void {
    this.sent.push(data);
  }
  close(): void {
    this.readyState = 'closed';
  }
  /** A message from the other phone, as the browser hands it over: to `onmessage` and to listeners. */
  receive(bytes: number[]): void {
    const event = new MessageEvent('message', { data: new Uint8Array(bytes).buffer });
    this.onmessage?.(event);
    this.dispatchEvent(event);
  }
}

class FakeConnection extends EventTarget {
  static last: FakeConnection;
  ondatachannel: ((e: Event) => void) | null = null;
  own: FakeChannel | undefined;
  constructor() {
    super();
    FakeConnection.last = this;
  }
  createDataChannel(label: string): FakeChannel {
    this.own = new FakeChannel(label);
    return this.own;
  }
  /** Never answers: these tests hand over channels, not descriptions. */
  createOffer(): Promise<never> {
    return new Promise(() => undefined);
  }
  close(): void {}
  /** The other phone's channel arriving, as the browser announces it. */
  announce(channel: FakeChannel): void {
    const event = Object.assign(new Event('datachannel'), { channel });
    this.ondatachannel?.(event);
    this.dispatchEvent(event);
  }
}

const wrtc = { RTCPeerConnection: FakeConnection, RTCSessionDescription: class {}, RTCIceCandidate: class {} };
const peers: CheckedPeer[] = [];

function peer(initiator: boolean): { peer: CheckedPeer; pc: FakeConnection; got: Uint8Array[] } {
  // The check refuses anything starting with 9, as checkPeerMessage refuses an unknown message type.
  const p = new CheckedPeer({ initiator, wrtc, checkData: (d: unknown) => d instanceof Uint8Array && d[0] !== 9 });
  peers.push(p);
  const got: Uint8Array[] = [];
  p.on('data', (d) => got.push(d as Uint8Array));
  return { peer: p, pc: FakeConnection.last, got };
}

afterEach(() => {
  for (const p of peers.splice(0)) p.destroy();
});

describe('a peer of two phones that dialled each other at once (glare)', () => {
  it('reads the channel the other phone made, through the check, and writes on it', () => {
    const { peer: p, pc, got } = peer(true);
    const theirs = new FakeChannel('theirs', 'open');
    pc.announce(theirs);
    theirs.receive([0, 1, 0]);
    theirs.receive([9, 9, 9]);
    expect(got).toEqual([new Uint8Array([0, 1, 0])]);

    p.send(new Uint8Array([0, 2, 0]));
    p.send(new Uint8Array(200_000)); // cut into frames, all on the same channel
    expect(theirs.sent[0]).toEqual(new Uint8Array([0, 2, 0]));
    expect(theirs.sent.length).toBe(5);
    expect(theirs.sent.slice(1).every((f) => f[0] === 0xff)).toBe(true);
    expect(pc.own?.sent).toEqual([]);
  });

  it('still reads its own channel, and writes on it while the other phone\'s is not open', () => {
    const { peer: p, pc, got } = peer(true);
    const own = pc.own as FakeChannel;
    own.readyState = 'open';
    const theirs = new FakeChannel('theirs');
    pc.announce(theirs);
    own.receive([0, 1, 0]);
    expect(got).toEqual([new Uint8Array([0, 1, 0])]);
    p.send(new Uint8Array([1, 2]));
    expect(own.sent).toEqual([new Uint8Array([1, 2])]);
    expect(theirs.sent).toEqual([]);
  });

  it('leaves an answering peer as simple-peer made it: the channel it is given is its own, read once', () => {
    const { peer: p, pc, got } = peer(false);
    const given = new FakeChannel('given', 'open');
    pc.announce(given);
    given.receive([0, 1, 0]);
    expect(got).toEqual([new Uint8Array([0, 1, 0])]);
    p.send(new Uint8Array([3]));
    expect(given.sent).toEqual([new Uint8Array([3])]);
  });
});
