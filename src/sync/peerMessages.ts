/**
 * Checks a message from a peer before the sync protocol touches the document. Peers are untrusted:
 * a malformed update must be dropped and reported, never applied, and must never hang the app
 * (yjs #479: some garbage updates loop forever inside applyUpdate; decodeUpdate rejects them first).
 *
 * Messages follow y-webrtc's framing: varuint message type, then for sync messages a varuint sync
 * type and, for step 2 and updates, a length-prefixed Yjs update (v1).
 */
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export const MESSAGE_QUERY_AWARENESS = 3;
export const MESSAGE_BC_PEER_ID = 4;
const SYNC_STEP_1 = 0;
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/** WebRTC data channels carry at most 256 KiB per message in Chromium; anything larger is not ours. */
export const MAX_MESSAGE_BYTES = 256 * 1024;

export type PeerMessageCheck = { ok: true; kind: 'sync-step-1' | 'sync-step-2' | 'update' | 'awareness' | 'other'; updateBytes: number } | { ok: false; reason: string };

export function checkPeerMessage(message: Uint8Array): PeerMessageCheck {
  if (message.byteLength > MAX_MESSAGE_BYTES) return { ok: false, reason: `a message of ${message.byteLength} bytes is larger than any valid one` };
  try {
    const decoder = decoding.createDecoder(message);
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_AWARENESS) {
      decoding.readVarUint8Array(decoder);
      return { ok: true, kind: 'awareness', updateBytes: 0 };
    }
    if (type === MESSAGE_QUERY_AWARENESS || type === MESSAGE_BC_PEER_ID) return { ok: true, kind: 'other', updateBytes: 0 };
    if (type !== MESSAGE_SYNC) return { ok: false, reason: `unknown message type ${type}` };
    const syncType = decoding.readVarUint(decoder);
    if (syncType === SYNC_STEP_1) {
      decoding.readVarUint8Array(decoder);
      return { ok: true, kind: 'sync-step-1', updateBytes: 0 };
    }
    if (syncType !== SYNC_STEP_2 && syncType !== SYNC_UPDATE) return { ok: false, reason: `unknown sync message type ${syncType}` };
    const update = decoding.readVarUint8Array(decoder);
    Y.decodeUpdate(update);
    return { ok: true, kind: syncType === SYNC_STEP_2 ? 'sync-step-2' : 'update', updateBytes: update.byteLength };
  } catch (e) {
    return { ok: false, reason: `the update cannot be decoded (${(e as Error).message})` };
  }
}

/** True while the document holds updates it cannot integrate because earlier ones never arrived. */
export function hasMissingUpdates(doc: Y.Doc): boolean {
  return doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
}
