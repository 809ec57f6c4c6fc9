/**
 * Live sync with the other phones over WebRTC (y-webrtc), for a game that is open on this phone.
 *
 * What this adds around y-webrtc, from the measured pitfalls in the sync notes:
 * - every message from a peer is checked before the sync protocol sees it (checkPeerMessage: bounded
 *   reading and the input guard); a bad one is dropped and reported with the name of the phone that
 *   sent it, and the document is untouched; an update that builds on changes not received yet waits
 *   for a resync instead of lying in Yjs's pending structs, where no check would see it again;
 * - updates that cannot be integrated because an earlier one was lost (y-webrtc drops oversized
 *   messages silently) are noticed, and the phone asks every peer for a full resync;
 * - the room name is a hash of game id and secret (the signaling server sees room names in clear), and
 *   everything y-webrtc sends through the signaling server or to other tabs is encrypted with a key
 *   from the secret, in every browser (roomCrypto.ts, swapped in for y-webrtc's WebCrypto by an alias);
 * - who is connected, and which seat each phone holds, travels in awareness, never in the document.
 *
 * y-webrtc is loaded on demand so the first screen does not pay for WebRTC.
 */
import type * as Y from 'yjs';
import type { WebrtcProvider } from 'y-webrtc';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { checkPeerMessage, hasMissingUpdates, MESSAGE_SYNC, phoneLabel } from './peerMessages';
import type { PresenceEntry } from './peerMessages';
import { roomName } from './joinLink';
import { whenSettled } from '../later';
import { announcedVersion, EVENTS_VERSION } from '../doc/core/versions';

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
  /** The events version its app announces (doc/core/versions.ts): 1 for an app from before they were announced. */
  v: number;
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

/**
 * y-webrtc reads what the signaling server relays without a check, and anyone who knows the room name
 * can publish there: a message it cannot read (say, data that is not base64) would throw in the
 * WebSocket's handler, uncaught. Each signaling connection (shared by the games of this tab) reports
 * such errors instead.
 */
const guardedConns = new WeakSet<object>();
function guardSignaling(conn: { emit(name: string, args: unknown[]): void }): void {
  if (guardedConns.has(conn)) return;
  guardedConns.add(conn);
  const emit = conn.emit.bind(conn);
  conn.emit = (name, args) => {
    try {
      emit(name, args);
    } catch (e) {
      console.warn(`Twilight Table refused a message from the signaling server: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
}

export class PeerSync {
  #provider: WebrtcProvider | undefined;
  #listeners = new Set<(s: PeerStatus) => void>();
  #status: PeerStatus;
  #firstSeen = new WeakMap<object, number>();
  #timers: ReturnType<typeof setTimeout>[] = [];
  #cancelStart: (() => void) | undefined;
  #resyncTimer: ReturnType<typeof setTimeout> | undefined;
  #stopTabs: (() => void) | undefined;
  #destroyed = false;

  private constructor(
    readonly doc: Y.Doc,
    readonly config: PeerConfig,
  ) {
    this.#status = {
      state: 'offline',
      peers: 0,
      signalingConnected: false,
      presence: [],
      lastSyncAt: null,
      catchingUp: false,
      rejected: [],
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
    const { WebrtcProvider, sendGameToNewTabs } = await import('./webrtc');
    if (this.#destroyed) return;
    const config = this.config;
    const room = roomName(config.gameId, config.secret);
    this.#stopTabs = sendGameToNewTabs(this.doc, room, config.secret);
    const provider = new WebrtcProvider(room, this.doc, {
      signaling: config.signaling,
      // Encrypts signaling and tab messages (roomCrypto.ts), also where WebCrypto is missing (plain http).
      password: config.secret,
      // checkedPeer.ts runs checkData on every message before y-webrtc's handler sees it.
      peerOpts: { config: { iceServers: config.iceServers }, checkData: this.#checkData, onDataError: this.#onDataError },
      maxConns: 20,
      filterBcConns: true,
    });
    this.#provider = provider;
    for (const conn of provider.signalingConns) guardSignaling(conn);
    provider.awareness.setLocalState(this.#announced());
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
    this.#provider?.awareness.setLocalState(this.#announced());
  }

  /**
   * This phone's presence with its events version: a phone of another version tells its player which of the
   * two must update (issue 36 item 7). Older apps check only the other fields, so they still read it.
   */
  #announced(): (PresenceState & { v: number }) | null {
    return this.#presence && { ...this.#presence, v: EVENTS_VERSION };
  }

  #conns(): ConnLike[] {
    const room = this.#provider?.room as { webrtcConns: Map<string, ConnLike> } | null | undefined;
    return room ? [...room.webrtcConns.values()] : [];
  }

  /**
   * The connections that carry the game. A channel's messages may arrive before its own 'connect'
   * event (simple-peer waits for its statistics first): a peer that sent its sync step 1 is talking,
   * so the game that arrived with it is not shown as "Connecting…".
   */
  #talking(): ConnLike[] {
    return this.#conns().filter((c) => c.connected || this.#greeted.has(c.peer));
  }

  /**
   * Who a peer is. When it connects, y-webrtc sends sync step 1 and then every presence it knows, its
   * own first; before that, the same channel may already carry presence it relays for other phones. So
   * the first presence after its step 1 names it, followed by that client id as it picks a seat.
   */
  #names = new WeakMap<object, PresenceEntry>();
  #greeted = new WeakSet<object>();

  #checkData = (data: unknown, peer: object): boolean => {
    if (!(data instanceof Uint8Array)) return this.#reject(peer, 'a message that is not binary');
    const check = checkPeerMessage(data, this.doc);
    if (check.ok === 'later') {
      this.#waiting = true;
      this.#watchMissing();
      return false;
    }
    if (!check.ok) return this.#reject(peer, check.reason);
    if (check.kind === 'sync-step-2') this.#waiting = false;
    if (check.kind === 'sync-step-1') this.#greeted.add(peer);
    const known = this.#names.get(peer);
    if (!known && !this.#greeted.has(peer)) return true;
    const entry = check.presence?.find((p) => p.state && (!known || p.clientId === known.clientId));
    if (entry?.state) {
      // Named by the last seat it held: a phone whose game broke (or that left its seat) keeps its name.
      this.#names.set(peer, { clientId: entry.clientId, state: { ...entry.state, seat: entry.state.seat ?? known?.state?.seat ?? null } });
    }
    return true;
  };

  #onDataError = (e: unknown, peer: object): void => {
    this.#reject(peer, `a message that failed to apply (${e instanceof Error ? e.message : String(e)})`);
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

  #reject(peer: object, what: string): false {
    const reason = `${phoneLabel(this.doc, this.#names.get(peer)?.state ?? undefined)} sent ${what}`;
    const rejected = [...this.#status.rejected, { at: Date.now(), reason }].slice(-20);
    console.warn(`Twilight Table refused a message: ${reason}`);
    this.#update({ rejected });
    return false;
  }

  #onUpdate = (_update: Uint8Array, origin: unknown): void => {
    if (!this.#provider || origin !== this.#provider.room) return;
    this.#update({ lastSyncAt: Date.now() });
    this.#watchMissing();
  };

  /** An update was put aside because it builds on changes this phone has not received. */
  #waiting = false;

  #missing(): boolean {
    return this.#waiting || hasMissingUpdates(this.doc);
  }

  /** Missing updates that do not arrive by themselves within a second are asked for again. */
  #watchMissing(): void {
    if (!this.#missing()) {
      if (this.#status.catchingUp) this.#update({ catchingUp: false });
      return;
    }
    if (this.#resyncTimer) return;
    this.#resyncTimer = setTimeout(() => {
      this.#resyncTimer = undefined;
      if (this.#missing()) {
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
    const conns = this.#talking();
    for (const conn of conns) conn.peer.send(bytes);
    return conns.length;
  }

  #refresh(): void {
    const provider = this.#provider;
    if (!provider) return;
    const peers = this.#talking().length;
    const signalingConnected = provider.signalingConns.some((c) => c.connected);
    const presence: PeerPresence[] = [];
    provider.awareness.getStates().forEach((state, clientId) => {
      const s = state as Partial<PresenceState> & { v?: unknown };
      if (typeof s.device === 'string') presence.push({ clientId, device: s.device, name: String(s.name ?? ''), seat: typeof s.seat === 'string' ? s.seat : null, v: announcedVersion(s.v) });
    });
    const state: ConnectionState = peers > 0 ? 'connected' : signalingConnected || provider.connected ? 'connecting' : 'offline';
    if (this.#missing()) this.#watchMissing();
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
    this.#stopTabs?.();
    this.#listeners.clear();
  }
}
