import { describe, expect, it } from 'vitest';
import { newerNotice } from '../../../src/doc/core/versions';
import type { LinkStatus } from '../../../src/sync/link/tableLink';
import type { PeerStatus } from '../../../src/sync/peer';
import { versionNotices } from '../../../src/ui/sync/VersionNotices';
import { newGame } from '../doc/fixtures';

const peers = (presence: PeerStatus['presence']): PeerStatus => ({ state: 'connected', peers: presence.length, signalingConnected: true, presence, lastSyncAt: null, catchingUp: false, rejected: [] });
const link = (links: LinkStatus['links']): LinkStatus => ({ links, lastSyncAt: null, rejected: [], bytesIn: 0, bytesOut: 0 });

describe('phones of two versions at one table say so (issue 36 item 7)', () => {
  it('names each phone of another version once, over either transport, by its player or its own name', () => {
    const s = newGame().snapshot(); // dev1 holds no seat; Ben's seat is s2
    const notices = versionNotices(
      s,
      peers([
        { clientId: 1, device: 'me', name: 'Mine', seat: 's1', v: 3 },
        { clientId: 2, device: 'ben', name: 'Pixel', seat: 's2', v: 1 },
        { clientId: 3, device: 'cleo', name: 'Cleo phone', seat: 's3', v: 3 },
      ]),
      link([
        { id: 'ben', state: 'open', name: 'Pixel', seat: 's2', v: 1 },
        { id: 'tab', state: 'open', name: 'Kitchen tablet', seat: null, v: 5 },
        { id: 'slow', state: 'connecting', name: 'Slow', seat: null, v: 5 },
      ]),
      'me',
    );
    expect(notices).toEqual(["Ben's phone runs an older Twilight Table: update it, then reopen the game.", 'The phone "Kitchen tablet" runs a newer Twilight Table: update this one.']);
    expect(versionNotices(s, undefined, link([]), 'me')).toEqual([]);
  });

  it('says which phone wrote what this one cannot read', () => {
    const s = newGame().snapshot();
    expect(newerNotice(s)).toBeUndefined();
    expect(newerNotice({ ...s, claims: { s2: 'ben' }, newer: { index: 90, version: 4, dev: 'ben' } })).toBe(
      "Ben's phone runs a newer Twilight Table and wrote a change this one cannot read. The game is shown as it was before that change, and nothing is lost: update this app, then reopen the game.",
    );
  });
});
