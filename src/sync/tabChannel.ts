// Stands in for lib0/broadcastchannel, which only y-webrtc uses (an alias in vite.config.ts).
//
// lib0's publish also hands each message to the subscribers of the tab that sent it. When y-webrtc
// connects it publishes the whole document to the other tabs (sync step 2), so every start
// encrypted, decrypted and re-applied the game to itself: about 30 ms of a slow phone's start, in
// the window where the first taps land (issue 9). y-webrtc allows one provider per room in a tab and
// ignores its own peer id, so its own messages are of no use to it: only the other tabs get them.
type Subscriber = (data: ArrayBuffer, origin: unknown) => void;

const channels = new Map<string, { bc: BroadcastChannel | null; subs: Set<Subscriber> }>();

function channel(room: string) {
  let c = channels.get(room);
  if (!c) {
    // No BroadcastChannel (browsers before 2022): this tab simply hears no other tab.
    const bc = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(room);
    const subs = new Set<Subscriber>();
    if (bc) bc.onmessage = (e: MessageEvent<ArrayBuffer>) => subs.forEach((sub) => sub(e.data, 'broadcastchannel'));
    channels.set(room, (c = { bc, subs }));
  }
  return c;
}

export function subscribe(room: string, f: Subscriber): Subscriber {
  channel(room).subs.add(f);
  return f;
}

export function unsubscribe(room: string, f: Subscriber): boolean {
  const c = channels.get(room);
  if (!c) return false;
  const removed = c.subs.delete(f);
  if (removed && c.subs.size === 0) {
    c.bc?.close();
    channels.delete(room);
  }
  return removed;
}

/** Sends to the other tabs of this origin (not to this one: see above). */
export function publish(room: string, data: ArrayBuffer | Uint8Array, _origin?: unknown): void {
  channel(room).bc?.postMessage(data);
}
