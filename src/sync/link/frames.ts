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
const MAX_PENDING_MESSAGES = 16;

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
  #pending = new Map<number, { parts: (Uint8Array | undefined)[]; received: number; bytes: number }>();

  push(frame: Uint8Array): Uint8Array | undefined {
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
      if (this.#pending.size >= MAX_PENDING_MESSAGES) throw new FrameError('too many unfinished messages');
      entry = { parts: new Array<Uint8Array | undefined>(count), received: 0, bytes: 0 };
      this.#pending.set(id, entry);
    }
    if (entry.parts.length !== count || entry.parts[index]) throw new FrameError(`a repeated or inconsistent frame ${index} of message ${id}`);
    entry.parts[index] = payload.slice();
    entry.received++;
    entry.bytes += payload.byteLength;
    if (entry.bytes > MAX_MESSAGE_BYTES) throw new FrameError('a message larger than any game');
    if (entry.received < count) return undefined;
    this.#pending.delete(id);
    const out = new Uint8Array(entry.bytes);
    let at = 0;
    for (const part of entry.parts as Uint8Array[]) {
      out.set(part, at);
      at += part.byteLength;
    }
    return out;
  }
}
