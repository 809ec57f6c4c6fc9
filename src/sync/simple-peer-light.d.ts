// simple-peer-light ships no types; this is the part of its simple-peer API that checkedPeer.ts uses.
declare module 'simple-peer-light' {
  export default class Peer {
    constructor(opts?: Record<string, unknown>);
    readonly connected: boolean;
    readonly initiator: boolean;
    readonly destroyed: boolean;
    /** simple-peer's own connection (not part of its documented API; checkedPeer.ts listens to it for glare). */
    readonly _pc: RTCPeerConnection | null;
    on(event: string, listener: (...args: unknown[]) => void): void;
    off(event: string, listener: (...args: unknown[]) => void): void;
    emit(event: string, ...args: unknown[]): void;
    signal(data: unknown): void;
    send(data: Uint8Array | string): void;
    destroy(err?: Error): void;
  }
}
