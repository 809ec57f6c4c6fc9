/**
 * Checks a message from a peer before the sync protocol touches the document. Peers are untrusted:
 * every message is read within bounds (a declared length larger than the bytes left is refused before
 * anything is allocated), a sync update must pass the input guard (src/doc/core/guard.ts: no deleted
 * log, no rewritten meta or seats, nothing unknown) against the document as it is, and presence
 * (awareness) must be the small record this app announces. Nothing here throws.
 *
 * Messages follow y-webrtc's framing: varuint message type, then for sync messages a varuint sync
 * type and a length-prefixed state vector (step 1) or Yjs update (v1; step 2 and updates).
 */
import { MAX_MESSAGE_BYTES } from './link/frames';
import * as decoding from 'lib0/decoding';
import type * as Y from 'yjs';
import { checkUpdate } from '../doc/core/guard';
import { gameRoot } from '../doc/core/schema';
import { readStateVector } from '../doc/core/updateReader';

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export const MESSAGE_QUERY_AWARENESS = 3;
export const MESSAGE_BC_PEER_ID = 4;
const SYNC_STEP_1 = 0;
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/**
 * WebRTC data channels carry at most 256 KiB per message in Chromium: a larger message arrives in
 * frames and is put back together first (checkedPeer.ts), up to the frames' own limit.
 */
export { MAX_MESSAGE_BYTES };
/** Presence entries in one message: one per phone at the table, with room to spare. */
const MAX_PRESENCE = 32;

export type PeerMessageCheck =
  | { ok: true; kind: 'sync-step-1' | 'sync-step-2' | 'update' | 'awareness' | 'other'; updateBytes: number; presence?: PresenceEntry[] }
  | { ok: false; reason: string }
  /** An update that builds on changes this phone has not received yet: dropped, and a resync asked for. */
  | { ok: 'later'; kind: 'sync-step-2' | 'update' };

export interface PresenceEntry {
  clientId: number;
  state: { device: string; name: string; seat: string | null } | null;
}

const short = (v: unknown, max: number) => typeof v === 'string' && v.length <= max;

/** The awareness update y-protocols would apply, read and checked first (it JSON-parses each state). */
function readPresence(bytes: Uint8Array): PresenceEntry[] {
  const d = decoding.createDecoder(bytes);
  const n = decoding.readVarUint(d);
  if (n > MAX_PRESENCE || n * 3 > bytes.length) throw new Error(`it declares ${n} phones present`);
  const entries: PresenceEntry[] = [];
  for (let i = 0; i < n; i++) {
    const clientId = decoding.readVarUint(d);
    decoding.readVarUint(d);
    const json = decoding.readVarString(d);
    if (json.length > 1000) throw new Error('a presence of more than 1000 characters');
    const state = JSON.parse(json) as unknown;
    if (state === null) {
      entries.push({ clientId, state: null });
      continue;
    }
    const s = state as Record<string, unknown>;
    if (typeof s !== 'object' || Array.isArray(s) || !short(s.device, 40) || !short(s.name, 40) || !(s.seat === null || short(s.seat, 80))) {
      throw new Error('a presence that is not a phone, its name and its seat');
    }
    entries.push({ clientId, state: { device: s.device as string, name: s.name as string, seat: s.seat as string | null } });
  }
  return entries;
}

export function checkPeerMessage(message: Uint8Array, doc: Y.Doc): PeerMessageCheck {
  if (message.byteLength > MAX_MESSAGE_BYTES) return { ok: false, reason: `a message of ${message.byteLength} bytes is larger than any valid one` };
  let stage = 'message';
  try {
    const decoder = decoding.createDecoder(message);
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_AWARENESS) {
      stage = 'presence';
      return { ok: true, kind: 'awareness', updateBytes: 0, presence: readPresence(decoding.readVarUint8Array(decoder)) };
    }
    if (type === MESSAGE_QUERY_AWARENESS) return { ok: true, kind: 'other', updateBytes: 0 };
    // Peer ids travel between tabs of one phone (BroadcastChannel), never over WebRTC: one arriving
    // there would make y-webrtc ignore a phone's signaling.
    if (type === MESSAGE_BC_PEER_ID) return { ok: false, reason: 'a message only tabs of one phone send each other' };
    if (type !== MESSAGE_SYNC) return { ok: false, reason: `unknown message type ${type}` };
    const syncType = decoding.readVarUint(decoder);
    if (syncType === SYNC_STEP_1) {
      readStateVector(decoding.readVarUint8Array(decoder));
      return { ok: true, kind: 'sync-step-1', updateBytes: 0 };
    }
    if (syncType !== SYNC_STEP_2 && syncType !== SYNC_UPDATE) return { ok: false, reason: `unknown sync message type ${syncType}` };
    const kind = syncType === SYNC_STEP_2 ? 'sync-step-2' : 'update';
    const update = decoding.readVarUint8Array(decoder);
    const verdict = checkUpdate(doc, update, false);
    if (verdict.ok === 'later') return { ok: 'later', kind };
    if (!verdict.ok) return { ok: false, reason: `an update that ${verdict.reason}` };
    return { ok: true, kind, updateBytes: update.byteLength };
  } catch (e) {
    return { ok: false, reason: `a ${stage} that cannot be read (${(e as Error).message})` };
  }
}

/**
 * How a refusal names the phone that sent it: by the player of the seat it says it holds (the name the
 * table knows), else by the phone's own name.
 */
export function phoneLabel(doc: Y.Doc, presence: { name: string; seat: string | null } | undefined): string {
  const seat = presence?.seat ? gameRoot(doc).seats.get(presence.seat) : undefined;
  const player = typeof seat === 'object' && seat !== null ? (seat as { name?: unknown }).name : undefined;
  if (typeof player === 'string' && player) return `${player}'s phone`;
  return presence?.name ? `The phone "${presence.name}"` : 'A phone not introduced yet';
}

/** True while the document holds updates it cannot integrate because earlier ones never arrived. */
export function hasMissingUpdates(doc: Y.Doc): boolean {
  return doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
}
