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
  /** Returns false to drop a message; the caller reports why. */
  checkData?: (data: Uint8Array) => boolean;
  [option: string]: unknown;
}

export default class CheckedPeer extends Peer {
  readonly #checkData: ((data: Uint8Array) => boolean) | undefined;

  constructor(opts: CheckedPeerOptions = {}) {
    super(opts);
    this.#checkData = opts.checkData;
  }

  override emit(event: string, ...args: unknown[]): void {
    if (event === 'data' && this.#checkData && !this.#checkData(args[0] as Uint8Array)) return;
    super.emit(event, ...args);
  }
}
