/**
 * What live sync loads on demand (peer.ts): y-webrtc, with its crypto and tab channel swapped for this
 * app's (roomCrypto.ts, tabChannel.ts), and the one message this app adds to what it sends other tabs.
 */
import type * as Y from 'yjs';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { MESSAGE_SYNC } from './peerMessages';
import { encrypt, roomKey } from './roomCrypto';
import { onOtherTab, publish } from './tabChannel';

export { WebrtcProvider } from 'y-webrtc';

/**
 * While this tab was alone on the room's channel it left its changes unsent (tabChannel.ts). A tab that
 * appears since has this tab's game as it was when this tab joined the channel (its connect sent it), or
 * when that tab asked (its sync step 1): when it is first heard, this tab sends its whole game once,
 * sealed like y-webrtc's own messages. Returns the stop.
 */
export function sendGameToNewTabs(doc: Y.Doc, room: string, secret: string): () => void {
  const key = roomKey(secret, room);
  return onOtherTab(room, () => {
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, MESSAGE_SYNC);
    syncProtocol.writeSyncStep2(e, doc);
    void encrypt(encoding.toUint8Array(e), key).then((sealed) => publish(room, sealed));
  });
}
