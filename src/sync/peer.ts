/**
 * Live sync with the other phones over WebRTC (y-webrtc), for a game that is open on this phone.
 *
 * What this adds around y-webrtc, from the measured pitfalls in the sync notes:
 * - every message from a peer is checked before the sync protocol sees it (checkPeerMessage); a bad one
 *   is dropped and reported, and the document is untouched;
 * - updates that cannot be integrated because an earlier one was lost (y-webrtc drops oversized
 *   messages silently) are noticed, and the phone asks every peer for a full resync;
 * - the room name is a hash of game id and secret (the signaling server sees room names in clear);
 * - who is connected, and which seat each phone holds, travels in awareness, never in the document.
 *
 * y-webrtc is loaded on demand so the first screen does not pay for WebRTC.
 */
import type * as Y from 'yjs';
import type { WebrtcProvider } from 'y-webrtc';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { checkPeerMessage, hasMissingUpdates, MESSAGE_SYNC } from './peerMessages';
import { roomName } from './joinLink';
import { whenSettled } from '../later';

export interface PeerConfig {
  gameId: string;
  secret: string;
  signaling: string[];
  iceServers: RTCIceServer[];
}

export interface PresenceState {
  device: string;
  name: string;
  seat: string | null;
}

export interface PeerPresence extends PresenceState {
  clientId: number;
}

export type ConnectionState = 'offline' | 'connecting' | 'connected';

export interface PeerStatus {
  state: ConnectionState;
  /** Phones with an open data channel to this one. */
  peers: number;
  signalingConnected: boolean;
  /** Every phone present in the room (including this one), from awareness. */
  presence: PeerPresence[];
  /** Epoch ms of the last change received from a peer, or of the last full sync. */
  lastSyncAt: number | null;
  /** True while this phone waits for changes it knows it is missing. */
  catchingUp: boolean;
  /** Messages from peers that were refused, newest last (at most 20). */
  rejected: { at: number; reason: string }[];
  /** Why the data is not end-to-end encrypted on the signaling server, if it is not. */
  unencryptedReason: string | null;
}

/** How long missing updates may stay missing before every peer is asked for a full resync. */
const RESYNC_AFTER_MS = 1000;
const POLL_MS = 1000;
/**
 * A connection attempt that has not opened by then is dropped and dialled again. y-webrtc keeps a
 * failed attempt (lost offer, glare between two phones joining at once) in its map forever and then
 * ignores that phone's announcements, so without this two phones can stay unconnected all evening.
 */
const STALLED_AFTER_MS = 6000;

interface ConnLike {
  peer: { send(data: Uint8Array): void };
  connected: boolean;
  remotePeerId: string;
  destroy(): void;
}

export class PeerSync {
  #provider: WebrtcProvider | undefined;
  #listeners = new Set<(s: PeerStatus) => void>();
  #status: PeerStatus;
  #firstSeen = new WeakMap<object, number>();
  #timers: ReturnType<typeof setTimeout>[] = [];
  #cancelStart: (() => void) | undefined;
  #resyncTimer: ReturnType<typeof setTimeout> | undefined;
  #destroyed = false;

  private constructor(
    readonly doc: Y.Doc,
    readonly config: PeerConfig,
  ) {
    const encrypted = typeof crypto !== 'undefined' && !!crypto.subtle;
    this.#status = {
      state: 'offline',
      peers: 0,
      signalingConnected: false,
      presence: [],
      lastSyncAt: null,
      catchingUp: false,
      rejected: [],
      unencryptedReason: encrypted ? null : 'This page is not a secure context (open the app from https or localhost), so signaling messages are not encrypted.',
    };
  }

  /**
   * Connects the document to the game's room, in the background: the game screen does not wait for
   * WebRTC (its code is loaded on demand, after the first render). `ready` resolves once connected.
   */
  static create(doc: Y.Doc, config: PeerConfig, presence: PresenceState, delayMs = 0): PeerSync {
    const sync = new PeerSync(doc, config);
    sync.#presence = { ...presence };
    sync.ready = new Promise<void>((done) => {
      const go = () => void sync.#connect().finally(done);
      // y-webrtc is among the largest scripts of the app: load it once the phone is idle.
      sync.#cancelStart = whenSettled(go, delayMs, 3000);
    });
    return sync;
  }

  static async start(doc: Y.Doc, config: PeerConfig, presence: PresenceState): Promise<PeerSync> {
    const sync = PeerSync.create(doc, config, presence);
    await sync.ready;
    return sync;
  }

  ready: Promise<void> = Promise.resolve();
  #presence: PresenceState | null = null;

  async #connect(): Promise<void> {
    const { WebrtcProvider } = await import('y-webrtc');
    if (this.#destroyed) return;
    const config = this.config;
    const provider = new WebrtcProvider(roomName(config.gameId, config.secret), this.doc, {
      signaling: config.signaling,
      // WebCrypto is missing outside secure contexts; y-webrtc would then never open the room.
      password: this.#status.unencryptedReason ? undefined : config.secret,
      // checkedPeer.ts runs checkData on every message before y-webrtc's handler sees it.
      peerOpts: { config: { iceServers: config.iceServers }, checkData: this.#checkData },
      maxConns: 20,
      filterBcConns: true,
    });
    this.#provider = provider;
    provider.awareness.setLocalState({ ...this.#presence });
    provider.on('synced', () => this.#update({ lastSyncAt: Date.now() }));
    provider.awareness.on('change', () => this.#refresh());
    this.doc.on('update', this.#onUpdate);
    const poll = () => {
      this.#redialStalled();
      this.#refresh();
      if (!this.#destroyed) this.#timers.push(setTimeout(poll, POLL_MS));
    };
    poll();
  }

  get status(): PeerStatus {
    return this.#status;
  }

  onStatus(listener: (s: PeerStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  setPresence(presence: PresenceState): void {
    this.#presence = { ...presence };
    this.#provider?.awareness.setLocalState({ ...presence });
  }

  #conns(): ConnLike[] {
    const room = this.#provider?.room as { webrtcConns: Map<string, ConnLike> } | null | undefined;
    return room ? [...room.webrtcConns.values()] : [];
  }

  #checkData = (data: Uint8Array): boolean => {
    const check = checkPeerMessage(data);
    if (!check.ok) this.#reject(check.reason);
    return check.ok;
  };

  #redialStalled(): void {
    const now = Date.now();
    for (const conn of this.#conns()) {
      if (conn.connected) continue;
      const seen = this.#firstSeen.get(conn) ?? now;
      this.#firstSeen.set(conn, seen);
      // Destroying emits 'close': y-webrtc forgets the attempt and announces this phone again.
      if (now - seen > STALLED_AFTER_MS) conn.destroy();
    }
  }

  #reject(reason: string): void {
    const rejected = [...this.#status.rejected, { at: Date.now(), reason }].slice(-20);
    console.warn(`Twilight Table refused a message from a peer: ${reason}`);
    this.#update({ rejected });
  }

  #onUpdate = (_update: Uint8Array, origin: unknown): void => {
    if (!this.#provider || origin !== this.#provider.room) return;
    this.#update({ lastSyncAt: Date.now() });
    this.#watchMissing();
  };

  /** Missing updates that do not arrive by themselves within a second are asked for again. */
  #watchMissing(): void {
    if (!hasMissingUpdates(this.doc)) {
      if (this.#status.catchingUp) this.#update({ catchingUp: false });
      return;
    }
    if (this.#resyncTimer) return;
    this.#resyncTimer = setTimeout(() => {
      this.#resyncTimer = undefined;
      if (hasMissingUpdates(this.doc)) {
        this.#update({ catchingUp: true });
        this.requestResync();
      }
    }, RESYNC_AFTER_MS);
  }

  /** Sends sync step 1 (our state vector) to every peer: each answers with everything we lack. */
  requestResync(): void {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(encoder, this.doc);
    const message = encoding.toUint8Array(encoder);
    for (const conn of this.#conns()) {
      try {
        conn.peer.send(message);
      } catch {
        // A connection that is closing: the next poll no longer lists it.
      }
    }
  }

  /** For tests: sends raw bytes to every connected peer, as a misbehaving phone would. */
  sendRaw(bytes: Uint8Array): number {
    const conns = this.#conns().filter((c) => c.connected);
    for (const conn of conns) conn.peer.send(bytes);
    return conns.length;
  }

  #refresh(): void {
    const provider = this.#provider;
    if (!provider) return;
    const peers = this.#conns().filter((c) => c.connected).length;
    const signalingConnected = provider.signalingConns.some((c) => c.connected);
    const presence: PeerPresence[] = [];
    provider.awareness.getStates().forEach((state, clientId) => {
      const s = state as Partial<PresenceState>;
      if (typeof s.device === 'string') presence.push({ clientId, device: s.device, name: String(s.name ?? ''), seat: typeof s.seat === 'string' ? s.seat : null });
    });
    const state: ConnectionState = peers > 0 ? 'connected' : signalingConnected || provider.connected ? 'connecting' : 'offline';
    if (hasMissingUpdates(this.doc)) this.#watchMissing();
    this.#update({ peers, signalingConnected, presence, state });
  }

  #update(patch: Partial<PeerStatus>): void {
    const next = { ...this.#status, ...patch };
    if (JSON.stringify(next) === JSON.stringify(this.#status)) return;
    this.#status = next;
    for (const l of this.#listeners) l(next);
  }

  destroy(): void {
    this.#destroyed = true;
    this.#cancelStart?.();
    this.#timers.forEach(clearTimeout);
    clearTimeout(this.#resyncTimer);
    this.doc.off('update', this.#onUpdate);
    this.#provider?.awareness.setLocalState(null);
    // y-webrtc's destroy() leaves the room connected; disconnect() closes the peers and signaling.
    this.#provider?.disconnect();
    this.#provider?.destroy();
    this.#provider = undefined;
    this.#listeners.clear();
  }
}
