import { For, Show, createSignal, lazy, onCleanup } from 'solid-js';
import type { GameSnapshot } from '../../doc';
import type { LinkStatus, TableLink } from '../../sync/link/tableLink';
import type { PeerStatus, PeerSync } from '../../sync/peer';

// Shown only once the panel is opened; with them the QR encoder and the link's screens load then.
const ShareGame = lazy(() => import('./ShareGame').then((m) => ({ default: m.ShareGame })));
const ConnectionSettingsForm = lazy(() => import('./ConnectionSettingsForm').then((m) => ({ default: m.ConnectionSettingsForm })));
const LinkPhones = lazy(() => import('./LinkPhones').then((m) => ({ default: m.LinkPhones })));

function ago(ms: number | null, now: number): string {
  if (ms === null) return 'never';
  const s = Math.max(0, Math.round((now - ms) / 1000));
  return s < 5 ? 'just now' : s < 90 ? `${s} s ago` : `${Math.round(s / 60)} min ago`;
}

/**
 * Phones this one is connected to, over either transport (the signaling-server sync or the table
 * link), counted once each.
 */
function connectedPhones(peers: PeerStatus | undefined, link: LinkStatus, me: string): Set<string> {
  const phones = new Set(link.links.filter((l) => l.state === 'open').map((l) => l.id));
  if (peers?.state === 'connected') for (const p of peers.presence) if (p.device !== me) phones.add(p.device);
  return phones;
}

/** The connection indicator of the top bar, and the panel it opens: who is here, invite, link, settings. */
export function ConnectionStatus(props: { peers: PeerSync | undefined; link: TableLink; state: GameSnapshot; secret: string | undefined; device: string }) {
  // The session's transports are fixed for the life of the game screen: read once, then follow events.
  // eslint-disable-next-line solid/reactivity
  const [peers, link] = [props.peers, props.link];
  const [status, setStatus] = createSignal<PeerStatus | undefined>(peers?.status);
  const [linkStatus, setLinkStatus] = createSignal<LinkStatus>(link.status);
  const [open, setOpen] = createSignal(false);
  const [now, setNow] = createSignal(Date.now());
  const clock = setInterval(() => setNow(Date.now()), 5000);
  onCleanup(() => clearInterval(clock));
  if (peers) onCleanup(peers.onStatus(setStatus));
  onCleanup(link.onStatus(setLinkStatus));
  const phones = () => connectedPhones(status(), linkStatus(), props.device);
  const label = () => {
    const n = phones().size;
    if (n > 0) return `${n} ${n === 1 ? 'phone' : 'phones'}`;
    return status()?.state === 'connecting' || linkStatus().links.length ? 'Connecting…' : 'Offline';
  };
  const connectedSeats = () =>
    new Set([...(status()?.state === 'connected' ? status()?.presence ?? [] : []), ...linkStatus().links.filter((l) => l.state === 'open')].map((p) => p.seat).filter((s): s is string => !!s));

  return (
    <>
      <button type="button" class={`conn ${phones().size ? 'conn-connected' : label() === 'Offline' ? 'conn-offline' : 'conn-connecting'}`} aria-expanded={open()} aria-controls="connection-panel" aria-label={`Connection: ${label()}`} onClick={() => setOpen(!open())}>
        <span class="dot" aria-hidden="true" />
        {label()}
      </button>
      <Show when={open()}>
        <section id="connection-panel" class="sheet" aria-label="Connection">
          <div class="row spread">
            <h2>Phones at the table</h2>
            <button type="button" onClick={() => setOpen(false)}>Close</button>
          </div>
          <Show when={status()} fallback={<p>No signaling server for this game on this phone: use "Link phones" below.</p>}>
            {(s) => (
              <>
                <p role="status">
                  {s().state === 'connected' ? `Connected to ${s().peers} other ${s().peers === 1 ? 'phone' : 'phones'}.` : s().state === 'connecting' ? 'Looking for the other phones…' : 'Offline: changes are saved here and sent when the phones meet again.'}{' '}
                  Last change received: {ago(s().lastSyncAt, now())}.
                </p>
                <Show when={s().catchingUp}><p class="alert">Some changes from another phone are missing; the table was asked to send them again.</p></Show>
                <ul class="list" aria-label="Seats">
                  <For each={props.state.seats}>
                    {(seat) => (
                      <li class="row">
                        <span class="swatch" style={{ background: seat.color }} aria-hidden="true" />
                        <span class="grow">{seat.name}</span>
                        <span>{props.state.claims[seat.id] === props.device ? 'this phone' : connectedSeats().has(seat.id) ? 'connected' : 'not connected'}</span>
                      </li>
                    )}
                  </For>
                </ul>
                <Show when={s().rejected.length}>
                  <div class="alert" role="alert">
                    <strong>Refused {s().rejected.length} bad message(s) from another phone.</strong> The game here is intact.
                    <ul><For each={s().rejected}>{(r) => <li>{r.reason}</li>}</For></ul>
                  </div>
                </Show>
              </>
            )}
          </Show>
          <Show when={props.secret}>{(secret) => <ShareGame gameId={props.state.meta.id} secret={secret()} gameName={props.state.meta.name} />}</Show>
          <LinkPhones link={props.link} />
          <ConnectionSettingsForm />
        </section>
      </Show>
    </>
  );
}
