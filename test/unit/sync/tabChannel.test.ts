import { afterEach, describe, expect, it } from 'vitest';
import { onOtherTab, publish, skipAlone, subscribe, unsubscribe } from '../../../src/sync/tabChannel';

// Node has the same BroadcastChannel as browsers: a second channel of the same name stands for another tab.
const otherTabs: BroadcastChannel[] = [];
const otherTab = (room: string) => {
  const bc = new BroadcastChannel(room);
  otherTabs.push(bc);
  return bc;
};
const nextMessage = (bc: BroadcastChannel) => new Promise<unknown>((done) => (bc.onmessage = (e) => done(e.data)));
const tick = () => new Promise((done) => setTimeout(done, 20));

afterEach(() => otherTabs.splice(0).forEach((bc) => bc.close()));

describe('the tab channel y-webrtc talks to other tabs through', () => {
  it('sends what this tab publishes to the other tabs, not back to this tab', async () => {
    const heard: unknown[] = [];
    const sub = subscribe('room-a', (data) => heard.push(data));
    const received = nextMessage(otherTab('room-a'));
    publish('room-a', new Uint8Array([1, 2, 3]));
    expect(await received).toEqual(new Uint8Array([1, 2, 3]));
    await tick();
    expect(heard).toEqual([]);
    unsubscribe('room-a', sub);
  });

  it("hands another tab's message to every subscriber of the room, and to no other room", async () => {
    const a: unknown[] = [];
    const b: unknown[] = [];
    const other: unknown[] = [];
    const subs = [subscribe('room-b', (d) => a.push(d)), subscribe('room-b', (d) => b.push(d)), subscribe('room-c', (d) => other.push(d))];
    otherTab('room-b').postMessage('hello');
    await tick();
    expect([a, b, other]).toEqual([['hello'], ['hello'], []]);
    unsubscribe('room-b', subs[0]!);
    unsubscribe('room-b', subs[1]!);
    unsubscribe('room-c', subs[2]!);
  });

  it('stops hearing other tabs once the last subscriber leaves', async () => {
    const heard: unknown[] = [];
    const sub = subscribe('room-d', (d) => heard.push(d));
    expect(unsubscribe('room-d', sub)).toBe(true);
    expect(unsubscribe('room-d', sub)).toBe(false);
    otherTab('room-d').postMessage('late');
    await tick();
    expect(heard).toEqual([]);
  });

  it('leaves changes unsent while no other tab has spoken, and once one speaks sends the game once and leaves nothing unsent', async () => {
    const sub = subscribe('room-e', () => undefined);
    const sends: number[] = [];
    const stop = onOtherTab('room-e', () => sends.push(1));
    expect(skipAlone('room-e')).toBe(true);
    expect(skipAlone('room-e')).toBe(true);
    const other = otherTab('room-e');
    other.postMessage(new Uint8Array([0, 0]));
    await tick();
    expect(sends).toEqual([1]);
    expect(skipAlone('room-e')).toBe(false);
    other.postMessage(new Uint8Array([0, 2]));
    await tick();
    expect(sends).toEqual([1]);
    stop();
    unsubscribe('room-e', sub);
  });

  it('sends nothing extra to a tab that appears when nothing was left unsent', async () => {
    const sub = subscribe('room-f', () => undefined);
    const sends: number[] = [];
    const stop = onOtherTab('room-f', () => sends.push(1));
    otherTab('room-f').postMessage(new Uint8Array([0, 0]));
    await tick();
    expect(sends).toEqual([]);
    expect(skipAlone('room-f')).toBe(false);
    stop();
    unsubscribe('room-f', sub);
  });

  it('leaves nothing unsent for a room whose channel this tab has not joined', () => {
    expect(skipAlone('room-never-joined')).toBe(false);
  });

  it('keeps hearing for the game sender after y-webrtc leaves the channel, and closes it when both have left', async () => {
    const sub = subscribe('room-g', () => undefined);
    const sends: number[] = [];
    const stop = onOtherTab('room-g', () => sends.push(1));
    unsubscribe('room-g', sub);
    expect(skipAlone('room-g')).toBe(true);
    stop();
    expect(skipAlone('room-g')).toBe(false);
    otherTab('room-g').postMessage(new Uint8Array([0, 0]));
    await tick();
    expect(sends).toEqual([]);
  });
});
