// The WebRTC peer y-webrtc uses, swapped in by an alias in vite.config.ts
// (unit tests never load y-webrtc; browser tests run the build).
//
// Why not y-webrtc's own simple-peer: its prebuilt bundle carries Node's Buffer, streams and events
// (28 KB gzip, the largest single part of the app, issue 9). simple-peer-light is the same class and
// API without them (5 KB). y-webrtc only uses on/signal/send/destroy/connected, which both have.
//
// Why a subclass: every message from another phone must be checked before y-webrtc's handler applies
// it to the document (issue 4). y-webrtc builds each peer as `new Peer({ initiator, ...peerOpts })`,
// so the check travels in peerOpts and runs from the first message, before any listener sees it.
import Peer from 'simple-peer-light';

export interface CheckedPeerOptions {
  /** Returns false to drop a message; the caller reports why. `peer` tells which phone sent it. */
  checkData?: (data: unknown, peer: object) => boolean;
  /** y-webrtc's handler threw on a message that passed the check: reported here, never uncaught. */
  onDataError?: (error: unknown, peer: object) => void;
  [option: string]: unknown;
}

export default class CheckedPeer extends Peer {
  readonly #checkData: CheckedPeerOptions['checkData'];
  readonly #onDataError: CheckedPeerOptions['onDataError'];

  constructor(opts: CheckedPeerOptions = {}) {
    super(opts);
    this.#checkData = opts.checkData;
    this.#onDataError = opts.onDataError;
  }

  override emit(event: string, ...args: unknown[]): void {
    if (event !== 'data') return void super.emit(event, ...args);
    if (this.#checkData && !this.#checkData(args[0], this)) return;
    try {
      super.emit(event, ...args);
    } catch (e) {
      // Without this, the error would surface in the data channel's event handler, uncaught.
      if (!this.#onDataError) throw e;
      this.#onDataError(e, this);
    }
  }
}
