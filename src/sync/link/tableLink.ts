/**
 * The table link: phones sync a game over WebRTC data channels they set up themselves, with no server
 * and no internet. The first link between two phones is made by scanning codes (an offer, then its
 * answer: pairing.ts builds them); after that the phones pass WebRTC signaling for one another over
 * the links they have, so every pair connects directly (a mesh), the table survives the host leaving,
 * and a link that drops is dialled again through the others.
 *
 * On each link: Yjs sync step 1 / step 2 / updates in the v2 encoding, HELLO messages (who I am, which
 * seat, which phones I am linked to) and relayed signaling. Every message is cut into ≤ 64 KiB frames.
 * A phone applies what it receives and passes it on to its other links, so a star around one phone is
 * already a full table. Everything received is untrusted: read within bounds, updates checked by the
 * input guard (src/doc/core/guard.ts) against the document before Yjs sees them, control messages
 * checked field by field, and anything refused is reported with the name of the phone that sent it;
 * nothing a peer sends throws uncaught.
 */
import * as Y from 'yjs';
import * as encoding from 'lib0/encoding';
import { checkUpdate } from '../../doc/core/guard';
import { readStateVector } from '../../doc/core/updateReader';
import { hasMissingUpdates, phoneLabel } from '../peerMessages';
import { FrameError, Reassembler, toFrames } from './frames';
import { buildSdp, pairingFromText, pairingToText, parseSdp } from './sdpCodec';
import type { PairingCode } from './sdpCodec';
import { announcedVersion, EVENTS_VERSION } from '../../doc/core/versions';

const enum Msg {
  SyncStep1 = 0,
  SyncStep2 = 1,
  Update = 2,
  Hello = 4,
  Signal = 5,
}

const HELLO_EVERY_MS = 2500;
/**
 * A link that has been silent this long is dead even if WebRTC has not noticed yet (it can take half
 * a minute for ICE to give up on a phone that walked away), so it is closed and dialled again.
 */
const SILENT_AFTER_MS = 3 * HELLO_EVERY_MS + 500;
const DIAL_TIMEOUT_MS = 12_000;
/** A code shown or answered waits for people to bring the phones together and scan: minutes, not seconds. */
const PAIRING_TIMEOUT_MS = 10 * 60_000;
const GATHER_TIMEOUT_MS = 4000;
const RESYNC_AFTER_MS = 1000;
const SIGNAL_TTL = 4;
/** A HELLO or a relayed offer is a few hundred bytes; more is not a message of ours. */
const MAX_CONTROL_BYTES = 32 * 1024;

export interface LinkPresence {
  name: string;
  seat: string | null;
}

export interface LinkInfo extends LinkPresence {
  id: string;
  state: 'connecting' | 'open';
  /** The events version its greeting announces (doc/core/versions.ts); 1 from an app from before they were. */
  v: number;
}

export interface LinkStatus {
  links: LinkInfo[];
  lastSyncAt: number | null;
  rejected: { at: number; reason: string }[];
  /** Bytes received and sent over all links (for the benchmark and the curious). */
  bytesIn: number;
  bytesOut: number;
}

interface Peer {
  id: string;
  pc: RTCPeerConnection;
  channel: RTCDataChannel;
  state: 'connecting' | 'open';
  since: number;
  /** A connection still not open by then is dropped (and, in the mesh, dialled again). */
  deadline: number;
  /** Last time anything arrived on this link. */
  heard: number;
  frames: Reassembler;
  presence: LinkPresence & { v: number };
  /** Phones this peer says it is linked to (from its last HELLO). */
  knows: string[];
}

interface SignalMessage {
  id: string;
  from: string;
  to: string;
  ttl: number;
  kind: 'offer' | 'answer';
  sdp: string;
}

const shortText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

function isSignal(s: Partial<SignalMessage> | null): s is SignalMessage {
  if (typeof s !== 'object' || s === null) return false;
  const { id, from, to, ttl, kind, sdp } = s;
  return shortText(id, 120) && shortText(from, 40) && shortText(to, 40) && Number.isSafeInteger(ttl) && (ttl as number) >= 0 && (ttl as number) <= SIGNAL_TTL && (kind === 'offer' || kind === 'answer') && shortText(sdp, 16_000);
}

/** Waits for all ICE candidates: the codes are exchanged once, so nothing can trickle in later. */
async function gathered(pc: RTCPeerConnection): Promise<string> {
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((done) => {
      const timer = setTimeout(done, GATHER_TIMEOUT_MS);
      pc.addEventListener('icegatheringstatechange', () => {
        if (pc.iceGatheringState === 'complete') {
          clearTimeout(timer);
          done();
        }
      });
    });
  }
  return pc.localDescription?.sdp ?? '';
}

export class TableLink {
  #peers = new Map<string, Peer>();
  /** Offers shown as a code and not answered yet, by their ICE ufrag. */
  #pendingOffers = new Map<string, Peer>();
  #seenSignals = new Set<string>();
  #listeners = new Set<(s: LinkStatus) => void>();
  #status: LinkStatus = { links: [], lastSyncAt: null, rejected: [], bytesIn: 0, bytesOut: 0 };
  #messageId = 0;
  #timer: ReturnType<typeof setInterval>;
  #resyncTimer: ReturnType<typeof setTimeout> | undefined;
  #destroyed = false;

  constructor(
    readonly doc: Y.Doc,
    readonly peerId: string,
    readonly gameId: string,
    private presence: LinkPresence,
  ) {
    doc.on('updateV2', this.#onDocUpdate);
    this.#timer = setInterval(() => this.#tick(), HELLO_EVERY_MS);
  }

  get status(): LinkStatus {
    return this.#status;
  }

  onStatus(listener: (s: LinkStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  setPresence(presence: LinkPresence): void {
    this.presence = presence;
    this.#broadcast(Msg.Hello, this.#hello());
  }

  // ——— pairing by codes ———

  /** Host side: a new offer as a code to show; it waits for the matching answer. */
  async createOffer(): Promise<string> {
    const peer = this.#newPeer('?');
    await peer.pc.setLocalDescription(await peer.pc.createOffer());
    const fields = parseSdp(await gathered(peer.pc));
    this.#pendingOffers.set(fields.ufrag, peer);
    return pairingToText({ kind: 'offer', gameId: this.gameId, peerId: this.peerId, ref: '', ...fields });
  }

  /** Guest side: answers a scanned offer; returns the answer code to show to the host. */
  async acceptOffer(text: string): Promise<string> {
    const offer = pairingFromText(text);
    if (offer.kind !== 'offer') throw new Error('This is an answer code: scan it with the phone that showed the first code.');
    if (offer.gameId !== this.gameId) throw new Error('This code is for another game.');
    if (offer.peerId === this.peerId) throw new Error('This is this phone\'s own code.');
    this.#drop(offer.peerId);
    const peer = this.#newPeer(offer.peerId);
    peer.deadline = Date.now() + PAIRING_TIMEOUT_MS;
    this.#peers.set(peer.id, peer);
    await peer.pc.setRemoteDescription({ type: 'offer', sdp: buildSdp(offer) });
    await peer.pc.setLocalDescription(await peer.pc.createAnswer());
    const fields = parseSdp(await gathered(peer.pc));
    this.#emit();
    return pairingToText({ kind: 'answer', gameId: this.gameId, peerId: this.peerId, ref: offer.ufrag, ...fields });
  }

  /** Host side: completes the link with the guest's answer code. */
  async acceptAnswer(text: string): Promise<string> {
    const answer: PairingCode = pairingFromText(text);
    if (answer.kind !== 'answer') throw new Error('This is an offer code: it is scanned by the phone that joins.');
    if (answer.gameId !== this.gameId) throw new Error('This answer is for another game.');
    const peer = this.#pendingOffers.get(answer.ref);
    if (!peer) throw new Error('This answer belongs to an older code. Show a new code and scan its answer.');
    this.#pendingOffers.delete(answer.ref);
    this.#drop(answer.peerId);
    peer.id = answer.peerId;
    peer.deadline = Date.now() + DIAL_TIMEOUT_MS;
    this.#peers.set(peer.id, peer);
    await peer.pc.setRemoteDescription({ type: 'answer', sdp: buildSdp(answer) });
    this.#emit();
    return peer.id;
  }

  // ——— peers ———

  #newPeer(id: string): Peer {
    const pc = new RTCPeerConnection({ iceServers: [] });
    // Negotiated channel: both sides create it, so nobody waits for 'datachannel'.
    const channel = pc.createDataChannel('twilight-table', { negotiated: true, id: 0, ordered: true });
    channel.binaryType = 'arraybuffer';
    const peer: Peer = { id, pc, channel, state: 'connecting', since: Date.now(), deadline: Date.now() + DIAL_TIMEOUT_MS, heard: Date.now(), frames: new Reassembler(), presence: { name: '', seat: null, v: EVENTS_VERSION }, knows: [] };
    channel.onopen = () => {
      peer.state = 'open';
      peer.heard = Date.now();
      this.#send(peer, Msg.SyncStep1, Y.encodeStateVector(this.doc));
      this.#send(peer, Msg.Hello, this.#hello());
      this.#broadcast(Msg.Hello, this.#hello());
      this.#emit();
    };
    channel.onclose = () => this.#lost(peer);
    channel.onmessage = (e: MessageEvent<unknown>) => {
      if (e.data instanceof ArrayBuffer) this.#onFrame(peer, new Uint8Array(e.data));
      else this.#reject(peer, 'sent a message that is not binary');
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed' || pc.connectionState === 'closed') this.#lost(peer);
    };
    return peer;
  }

  #lost(peer: Peer): void {
    if (this.#peers.get(peer.id) !== peer) return;
    this.#peers.delete(peer.id);
    peer.pc.close();
    this.#emit();
  }

  #drop(id: string): void {
    const old = this.#peers.get(id);
    if (old) {
      this.#peers.delete(id);
      old.pc.close();
    }
  }

  #open(): Peer[] {
    return [...this.#peers.values()].filter((p) => p.state === 'open');
  }

  // ——— messages ———

  #send(peer: Peer, type: Msg, payload: Uint8Array): void {
    const e = encoding.createEncoder();
    encoding.writeUint8(e, type);
    encoding.writeUint8Array(e, payload);
    const message = encoding.toUint8Array(e);
    try {
      for (const frame of toFrames(this.#messageId++, message)) {
        peer.channel.send(frame);
        this.#status.bytesOut += frame.byteLength;
      }
    } catch {
      this.#lost(peer); // The channel is closing: the next HELLO round dials it again.
    }
  }

  #broadcast(type: Msg, payload: Uint8Array, except?: Peer): void {
    for (const peer of this.#open()) if (peer !== except) this.#send(peer, type, payload);
  }

  #onFrame(peer: Peer, frame: Uint8Array): void {
    this.#status.bytesIn += frame.byteLength;
    peer.heard = Date.now();
    let message: Uint8Array | undefined;
    try {
      message = peer.frames.push(frame);
    } catch (e) {
      return this.#reject(peer, e instanceof FrameError ? `sent ${e.message}` : 'sent an unreadable frame');
    }
    if (!message || message.byteLength < 1) return;
    const type = message[0] as Msg;
    const payload = message.subarray(1);
    if ((type === Msg.Hello || type === Msg.Signal) && payload.byteLength > MAX_CONTROL_BYTES) return this.#reject(peer, `sent a control message of ${payload.byteLength} bytes`);
    try {
      switch (type) {
        case Msg.SyncStep1:
          readStateVector(payload);
          return this.#send(peer, Msg.SyncStep2, Y.encodeStateAsUpdateV2(this.doc, payload));
        case Msg.SyncStep2:
        case Msg.Update:
          return this.#applyUpdate(peer, payload);
        case Msg.Hello:
          return this.#onHello(peer, payload);
        case Msg.Signal:
          return void this.#onSignal(peer, payload).catch((e: unknown) => this.#reject(peer, `sent a connection offer that failed (${(e as Error).message})`));
        default:
          return this.#reject(peer, `sent a message of unknown type ${type}`);
      }
    } catch (e) {
      this.#reject(peer, `sent a message that could not be read (${(e as Error).message})`);
    }
  }

  /** An update was put aside because it builds on changes this phone has not received yet. */
  #waiting = false;

  #applyUpdate(peer: Peer, update: Uint8Array): void {
    const verdict = checkUpdate(this.doc, update, true);
    if (verdict.ok === 'later') {
      // Not applied: in Yjs's pending structs it would be integrated later without a check.
      this.#waiting = true;
      return this.#watchMissing();
    }
    if (!verdict.ok) return this.#reject(peer, `sent an update that ${verdict.reason}`);
    try {
      Y.applyUpdateV2(this.doc, update, peer);
    } catch (e) {
      return this.#reject(peer, `sent an update that failed to apply (${(e as Error).message})`);
    }
    this.#waiting = false;
    this.#status.lastSyncAt = Date.now();
    this.#watchMissing();
    this.#emit();
  }

  /** Local changes, and changes from any other source, go to every link but the one they came from. */
  #onDocUpdate = (update: Uint8Array, origin: unknown): void => {
    const from = origin && typeof origin === 'object' && 'frames' in origin ? (origin as Peer) : undefined;
    this.#broadcast(Msg.Update, update, from);
  };

  #watchMissing(): void {
    const missing = () => this.#waiting || hasMissingUpdates(this.doc);
    if (!missing() || this.#resyncTimer) return;
    this.#resyncTimer = setTimeout(() => {
      this.#resyncTimer = undefined;
      if (missing()) this.#broadcast(Msg.SyncStep1, Y.encodeStateVector(this.doc));
    }, RESYNC_AFTER_MS);
  }

  #reject(peer: Peer, reason: string): void {
    const who = phoneLabel(this.doc, peer.presence.name || peer.presence.seat ? peer.presence : undefined);
    console.warn(`Twilight Table refused a message: ${who} ${reason}`);
    this.#status.rejected = [...this.#status.rejected, { at: Date.now(), reason: `${who} ${reason}` }].slice(-20);
    this.#emit();
  }

  // ——— presence and mesh ———

  #hello(): Uint8Array {
    const links = this.#open().map((p) => p.id);
    // With this app's events version: a phone of another version says which of the two must update. Older apps
    // read only the other fields.
    return new TextEncoder().encode(JSON.stringify({ id: this.peerId, name: this.presence.name, seat: this.presence.seat, links, v: EVENTS_VERSION }));
  }

  #onHello(peer: Peer, payload: Uint8Array): void {
    const hello = JSON.parse(new TextDecoder().decode(payload)) as { id?: unknown; name?: unknown; seat?: unknown; links?: unknown; v?: unknown } | null;
    if (typeof hello !== 'object' || hello === null) return this.#reject(peer, 'sent a greeting that is not one');
    if (hello.id !== peer.id) return this.#reject(peer, 'introduced itself under another name');
    peer.presence = { name: typeof hello.name === 'string' ? hello.name.slice(0, 40) : '', seat: typeof hello.seat === 'string' ? hello.seat.slice(0, 80) : null, v: announcedVersion(hello.v) };
    peer.knows = Array.isArray(hello.links) ? hello.links.filter((l): l is string => typeof l === 'string' && l.length <= 40).slice(0, 16) : [];
    this.#emit();
    this.#dialMissing();
  }

  /** Every phone a neighbour knows and we are not linked to is dialled, by the phone with the smaller id (so two never dial each other at once). */
  #dialMissing(): void {
    const known = new Set(this.#open().flatMap((p) => p.knows));
    for (const id of known) {
      if (id === this.peerId || this.#peers.has(id) || this.peerId > id) continue;
      this.#dial(id).catch(() => this.#drop(id)); // a connection that cannot start: dialled again at the next HELLO
    }
  }

  async #dial(id: string): Promise<void> {
    const peer = this.#newPeer(id);
    this.#peers.set(id, peer);
    await peer.pc.setLocalDescription(await peer.pc.createOffer());
    const sdp = await gathered(peer.pc);
    if (this.#peers.get(id) !== peer) return;
    this.#relay({ id: `${this.peerId}:${Date.now()}:${Math.random()}`, from: this.peerId, to: id, ttl: SIGNAL_TTL, kind: 'offer', sdp });
    this.#emit();
  }

  #relay(signal: SignalMessage, except?: Peer): void {
    this.#seenSignals.add(signal.id);
    const payload = new TextEncoder().encode(JSON.stringify(signal));
    const direct = this.#peers.get(signal.to);
    if (direct?.state === 'open') return this.#send(direct, Msg.Signal, payload);
    this.#broadcast(Msg.Signal, payload, except);
  }

  async #onSignal(from: Peer, payload: Uint8Array): Promise<void> {
    const s = JSON.parse(new TextDecoder().decode(payload)) as Partial<SignalMessage> | null;
    if (!isSignal(s)) return this.#reject(from, 'relayed a connection offer that is not one');
    if (this.#seenSignals.has(s.id)) return;
    if (s.to !== this.peerId) {
      if (s.ttl > 0) this.#relay({ ...s, ttl: s.ttl - 1 }, from);
      return;
    }
    this.#seenSignals.add(s.id);
    if (s.kind === 'offer') {
      this.#drop(s.from);
      const peer = this.#newPeer(s.from);
      this.#peers.set(s.from, peer);
      await peer.pc.setRemoteDescription({ type: 'offer', sdp: s.sdp });
      await peer.pc.setLocalDescription(await peer.pc.createAnswer());
      const sdp = await gathered(peer.pc);
      this.#relay({ id: `${this.peerId}:${Date.now()}:${Math.random()}`, from: this.peerId, to: s.from, ttl: SIGNAL_TTL, kind: 'answer', sdp });
    } else {
      const peer = this.#peers.get(s.from);
      if (peer && peer.pc.signalingState === 'have-local-offer') await peer.pc.setRemoteDescription({ type: 'answer', sdp: s.sdp });
    }
    this.#emit();
  }

  #tick(): void {
    const now = Date.now();
    for (const peer of [...this.#peers.values()]) {
      if (peer.state === 'connecting' && now > peer.deadline) this.#lost(peer);
      if (peer.state === 'open' && now - peer.heard > SILENT_AFTER_MS) this.#lost(peer);
    }
    for (const [ufrag, peer] of this.#pendingOffers) {
      if (now - peer.since > PAIRING_TIMEOUT_MS) {
        peer.pc.close();
        this.#pendingOffers.delete(ufrag);
      }
    }
    if (this.#seenSignals.size > 500) this.#seenSignals.clear();
    this.#broadcast(Msg.Hello, this.#hello());
    this.#dialMissing();
  }

  #emit(): void {
    const links: LinkInfo[] = [...this.#peers.values()].map((p) => ({ id: p.id, state: p.state, ...p.presence }));
    this.#status = { ...this.#status, links };
    for (const l of this.#listeners) l(this.#status);
  }

  /** For tests: the raw channel to one linked phone, to play a misbehaving peer or a dropped link. */
  debugPeer(id: string): { channel: RTCDataChannel; pc: RTCPeerConnection } | undefined {
    const p = this.#peers.get(id);
    return p && { channel: p.channel, pc: p.pc };
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    clearInterval(this.#timer);
    clearTimeout(this.#resyncTimer);
    this.doc.off('updateV2', this.#onDocUpdate);
    for (const p of [...this.#peers.values(), ...this.#pendingOffers.values()]) p.pc.close();
    this.#peers.clear();
    this.#pendingOffers.clear();
    this.#listeners.clear();
  }
}
