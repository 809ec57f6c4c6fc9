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
//
// Why frames (issue 18): a data channel message over 256 KiB is dropped (y-webrtc swallows the send's
// error), and a phone joining a long game receives the whole game as one sync message. Messages larger
// than a frame are cut as the table link cuts them (link/frames.ts), each frame behind a first byte
// that no y-webrtc message starts with, and put back together here before the check sees them.
//
// Why a second data channel (glare): two phones that hear of each other at once both dial, each
// with a peer that made its own data channel and offer. y-webrtc settles it by tokens: one phone
// drops the other's offer, the other feeds it to its dialling peer, and Chromium quietly rolls back
// that peer's own offer and answers. The connection opens with both channels, yet simple-peer reads
// and writes only the channel its side made: both phones show the other as connected, and neither
// receives a byte from it (measured on Chromium, test/e2e/glare.e2e.ts). A dialling peer that is
// handed the other phone's channel therefore reads it too, and writes on it: that phone reads it
// whichever version of the app it runs.
import Peer from 'simple-peer-light';
import { FrameError, MAX_FRAME_BYTES, Reassembler, toFrames } from './link/frames';

/** A y-webrtc message starts with its type as a varuint (0–3): 0xff would be a continuation byte. */
const FRAMED = 0xff;

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
  readonly #frames = new Reassembler();
  #messageId = 0;
  /** The data channel the other phone made, when both dialled at once (see above). */
  #theirs: RTCDataChannel | undefined;

  constructor(opts: CheckedPeerOptions = {}) {
    super(opts);
    this.#checkData = opts.checkData;
    this.#onDataError = opts.onDataError;
    // Only a dialling peer makes a channel of its own; an answering one takes the first it is given.
    if (this.initiator) this._pc?.addEventListener('datachannel', this.#onTheirChannel);
  }

  #onTheirChannel = ({ channel }: RTCDataChannelEvent): void => {
    channel.binaryType = 'arraybuffer';
    channel.addEventListener('message', ({ data }: MessageEvent<unknown>) => {
      if (!this.destroyed) this.emit('data', data instanceof ArrayBuffer ? new Uint8Array(data) : data);
    });
    this.#theirs = channel;
  };

  override send(data: Uint8Array | string): void {
    const theirs = this.#theirs?.readyState === 'open' ? this.#theirs : undefined;
    const send = (bytes: Uint8Array | string) => {
      if (!theirs) return super.send(bytes);
      // The DOM's send takes views over ArrayBuffer only; what y-webrtc hands us is one.
      if (typeof bytes === 'string') theirs.send(bytes);
      else theirs.send(bytes as Uint8Array<ArrayBuffer>);
    };
    if (!(data instanceof Uint8Array) || data.byteLength < MAX_FRAME_BYTES) return send(data);
    for (const frame of toFrames(this.#messageId++, data)) {
      const framed = new Uint8Array(frame.byteLength + 1);
      framed[0] = FRAMED;
      framed.set(frame, 1);
      send(framed);
    }
  }

  override emit(event: string, ...args: unknown[]): void {
    if (event !== 'data') return void super.emit(event, ...args);
    const data = args[0];
    if (data instanceof Uint8Array && data[0] === FRAMED) {
      let whole: Uint8Array | undefined;
      try {
        whole = this.#frames.push(data.subarray(1));
      } catch (e) {
        // A damaged or hostile frame: reported like a message that failed to apply.
        this.#onDataError?.(e instanceof FrameError ? new Error(`a broken frame (${e.message})`) : e, this);
        return;
      }
      if (whole) this.emit('data', whole);
      return;
    }
    if (this.#checkData && !this.#checkData(data, this)) return;
    try {
      super.emit(event, ...args);
    } catch (e) {
      // Without this, the error would surface in the data channel's event handler, uncaught.
      if (!this.#onDataError) throw e;
      this.#onDataError(e, this);
    }
  }
}
