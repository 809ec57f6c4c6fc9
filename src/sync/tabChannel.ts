// Stands in for lib0/broadcastchannel, which only y-webrtc uses (an alias in vite.config.ts).
//
// lib0's publish also hands each message to the subscribers of the tab that sent it. When y-webrtc
// connects it publishes the whole document to the other tabs (sync step 2), so every start
// encrypted, decrypted and re-applied the game to itself: about 30 ms of a slow phone's start, in
// the window where the first taps land (issue 9). y-webrtc allows one provider per room in a tab and
// ignores its own peer id, so its own messages are of no use to it: only the other tabs get them.
//
// Most of the time a phone has the game open in one tab, and y-webrtc still seals the whole game when it
// connects, and every change (each tap's, and every change another phone sends), and posts them for other
// tabs that are not there: about 1 ms of main thread per change without CPU throttling, a third of a tap's
// work after its frame (issue 33). So a tab leaves the game unsent until it has heard another tab on the
// room's channel (`skipAlone`), and when it first hears one after leaving some, it sends its whole game once
// (`onOtherTab`). Two tabs always hear each other: y-webrtc's connect posts a sync step 1, never left
// unsent, which every tab already there answers.
type Subscriber = (data: ArrayBuffer, origin: unknown) => void;

interface Channel {
  bc: BroadcastChannel | null;
  subs: Set<Subscriber>;
  /** Another tab has spoken on this channel since this tab joined it. */
  heard: boolean;
  /** A message was left unsent before that. */
  skipped: boolean;
  onHeard: Set<() => void>;
}

const channels = new Map<string, Channel>();

function channel(room: string): Channel {
  let c = channels.get(room);
  if (!c) {
    // No BroadcastChannel (browsers before 2022): this tab simply hears no other tab.
    const bc = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(room);
    const ch: Channel = { bc, subs: new Set(), heard: false, skipped: false, onHeard: new Set() };
    if (bc) {
      bc.onmessage = (e: MessageEvent<ArrayBuffer>) => {
        if (!ch.heard) {
          ch.heard = true;
          if (ch.skipped) ch.onHeard.forEach((f) => f());
        }
        ch.subs.forEach((sub) => sub(e.data, 'broadcastchannel'));
      };
    }
    channels.set(room, (c = ch));
  }
  return c;
}

/**
 * True when no other tab has spoken on the room's channel since this tab joined it: a change for the other
 * tabs may then be left unsent, and this tab remembers that it left one.
 */
export function skipAlone(room: string): boolean {
  const c = channels.get(room);
  if (!c || c.heard) return false;
  c.skipped = true;
  return true;
}

/**
 * Runs `f` when another tab first speaks on the room's channel, if this tab left changes unsent before
 * (`skipAlone`): the other tab has what this tab sent when it joined, not what it left since.
 */
export function onOtherTab(room: string, f: () => void): () => void {
  const c = channel(room);
  c.onHeard.add(f);
  return () => {
    c.onHeard.delete(f);
    closeIfUnused(room, c);
  };
}

function closeIfUnused(room: string, c: Channel): void {
  if (c.subs.size || c.onHeard.size || channels.get(room) !== c) return;
  c.bc?.close();
  channels.delete(room);
}

export function subscribe(room: string, f: Subscriber): Subscriber {
  channel(room).subs.add(f);
  return f;
}

export function unsubscribe(room: string, f: Subscriber): boolean {
  const c = channels.get(room);
  if (!c) return false;
  const removed = c.subs.delete(f);
  if (removed) closeIfUnused(room, c);
  return removed;
}

/** Sends to the other tabs of this origin (not to this one: see above). */
export function publish(room: string, data: ArrayBuffer | Uint8Array, _origin?: unknown): void {
  channel(room).bc?.postMessage(data);
}
