import { For, Show, createSignal, onCleanup } from 'solid-js';
import { EVENTS_VERSION, phoneCalled, versionNotice } from '../../doc/views';
import type { GameSnapshot } from '../../doc/views';
import type { LinkStatus, TableLink } from '../../sync/link/tableLink';
import type { PeerStatus, PeerSync } from '../../sync/peer';

/**
 * Phones of another version at the table, in words (issue 36 item 7): a phone of a newer version may write
 * events this one cannot read (then it shows the game read only), and one of an older version cannot read
 * this one's. Both phones say it, each naming the other, over either transport (presence, the link's greeting).
 */
export function versionNotices(state: GameSnapshot, peers: PeerStatus | undefined, link: LinkStatus, me: string): string[] {
  const seen = new Map<string, string>();
  const note = (tag: string, v: number, seat: string | null, name: string) => {
    const words = versionNotice(phoneCalled(state, tag, seat, name), v, EVENTS_VERSION);
    if (words && !seen.has(tag)) seen.set(tag, words);
  };
  for (const p of peers?.presence ?? []) if (p.device !== me) note(p.device, p.v, p.seat, p.name);
  // A link's id is the other phone's device tag (session.ts).
  for (const l of link.links) if (l.state === 'open' && l.id !== me) note(l.id, l.v, l.seat, l.name);
  return [...seen.values()];
}

export function VersionNotices(props: { peers: PeerSync | undefined; link: TableLink; state: GameSnapshot; device: string }) {
  // The session's transports are fixed for the life of the game screen: read once, then follow events.
  // eslint-disable-next-line solid/reactivity
  const [peers, link] = [props.peers, props.link];
  const [status, setStatus] = createSignal<PeerStatus | undefined>(peers?.status);
  const [linkStatus, setLinkStatus] = createSignal<LinkStatus>(link.status);
  if (peers) onCleanup(peers.onStatus(setStatus));
  onCleanup(link.onStatus(setLinkStatus));
  const notices = () => versionNotices(props.state, status(), linkStatus(), props.device);
  return (
    <Show when={notices().length}>
      <div class="alert" role="alert" aria-label="Versions at the table">
        <For each={notices()}>{(n) => <p>{n}</p>}</For>
      </div>
    </Show>
  );
}
