/**
 * Chunking for the table link's data channels. A data channel message over 256 KiB throws in
 * Chromium (and y-webrtc swallows the error, see the sync notes); we cut every message into frames of
 * at most 64 KiB and put them back together on the other side, so a whole long game (or any size up
 * to MAX_MESSAGE_BYTES) crosses one link intact.
 *
 * Frame: varuint message id | varuint index | varuint count | payload.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

export const MAX_FRAME_BYTES = 64 * 1024;
const HEADER_ROOM = 16;
/** No legitimate message comes near this; a peer that claims more is refused. */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/**
 * What one peer's unfinished messages may hold at once (issue 36 item 2): an honest phone sends one large
 * message at a time (the whole game, at most MAX_MESSAGE_BYTES) and small ones that need no frames. Past
 * any of these bounds every unfinished message of that peer is dropped, and the caller names it.
 */
export const MAX_PENDING_MESSAGES = 4;
export const MAX_PENDING_BYTES = MAX_MESSAGE_BYTES + 4 * MAX_FRAME_BYTES;
/** An unfinished message whose next frame is this late is dropped: its peer stopped sending it. */
export const PENDING_MS = 60_000;

export function toFrames(messageId: number, message: Uint8Array): Uint8Array<ArrayBuffer>[] {
  const room = MAX_FRAME_BYTES - HEADER_ROOM;
  const count = Math.max(1, Math.ceil(message.byteLength / room));
  const frames: Uint8Array<ArrayBuffer>[] = [];
  for (let index = 0; index < count; index++) {
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, messageId);
    encoding.writeVarUint(e, index);
    encoding.writeVarUint(e, count);
    encoding.writeUint8Array(e, message.subarray(index * room, (index + 1) * room));
    frames.push(encoding.toUint8Array(e));
  }
  return frames;
}

export class FrameError extends Error {}

/** Collects frames from one peer; returns a whole message when its last frame arrives. */
export class Reassembler {
  #pending = new Map<number, { parts: (Uint8Array | undefined)[]; received: number; bytes: number; at: number }>();
  #bytes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Bytes held by this peer's unfinished messages. */
  get pendingBytes(): number {
    return this.#bytes;
  }

  /** Drops every unfinished message and says why: what a bound breached costs the peer. */
  #dropAll(why: string): never {
    const n = this.#pending.size;
    this.#pending.clear();
    this.#bytes = 0;
    throw new FrameError(`${why}: its ${n} unfinished message${n === 1 ? ' was' : 's were'} dropped`);
  }

  push(frame: Uint8Array): Uint8Array | undefined {
    const now = this.now();
    for (const [id, e] of this.#pending) {
      if (now - e.at > PENDING_MS) {
        this.#pending.delete(id);
        this.#bytes -= e.bytes;
      }
    }
    if (frame.byteLength > MAX_FRAME_BYTES) throw new FrameError(`a frame of ${frame.byteLength} bytes`);
    const d = decoding.createDecoder(frame);
    let id: number, index: number, count: number;
    try {
      [id, index, count] = [decoding.readVarUint(d), decoding.readVarUint(d), decoding.readVarUint(d)];
    } catch {
      throw new FrameError('a frame with no readable header');
    }
    const payload = frame.subarray(d.pos);
    if (count < 1 || index >= count || count * (MAX_FRAME_BYTES - HEADER_ROOM) > MAX_MESSAGE_BYTES + MAX_FRAME_BYTES) {
      throw new FrameError(`a frame numbered ${index} of ${count}`);
    }
    if (count === 1) return payload.slice();
    let entry = this.#pending.get(id);
    if (!entry) {
      if (this.#pending.size >= MAX_PENDING_MESSAGES) this.#dropAll(`more than ${MAX_PENDING_MESSAGES} unfinished messages at once`);
      entry = { parts: new Array<Uint8Array | undefined>(count), received: 0, bytes: 0, at: now };
      this.#pending.set(id, entry);
    }
    if (entry.parts.length !== count || entry.parts[index]) throw new FrameError(`a repeated or inconsistent frame ${index} of message ${id}`);
    if (entry.bytes + payload.byteLength > MAX_MESSAGE_BYTES) this.#dropAll('a message larger than any game');
    if (this.#bytes + payload.byteLength > MAX_PENDING_BYTES) this.#dropAll(`unfinished messages over ${Math.round(MAX_PENDING_BYTES / 1024 / 1024)} MiB`);
    entry.parts[index] = payload.slice();
    entry.received++;
    entry.bytes += payload.byteLength;
    entry.at = now;
    this.#bytes += payload.byteLength;
    if (entry.received < count) return undefined;
    this.#pending.delete(id);
    this.#bytes -= entry.bytes;
    const out = new Uint8Array(entry.bytes);
    let at = 0;
    for (const part of entry.parts as Uint8Array[]) {
      out.set(part, at);
      at += part.byteLength;
    }
    return out;
  }
}
