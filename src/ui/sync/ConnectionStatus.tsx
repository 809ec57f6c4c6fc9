import { For, Show, createSignal, lazy, onCleanup } from 'solid-js';
import type { GameSnapshot } from '../../doc/snapshot';
import type { PeerStatus, PeerSync } from '../../sync/peer';
import { ConnectionSettingsForm } from './ConnectionSettingsForm';
import './sync.css';

const ShareGame = lazy(() => import('./ShareGame').then((m) => ({ default: m.ShareGame })));

function ago(ms: number | null, now: number): string {
  if (ms === null) return 'never';
  const s = Math.max(0, Math.round((now - ms) / 1000));
  return s < 5 ? 'just now' : s < 90 ? `${s} s ago` : `${Math.round(s / 60)} min ago`;
}

const LABEL = (s: PeerStatus) => (s.state === 'connected' ? `${s.peers} ${s.peers === 1 ? 'phone' : 'phones'}` : s.state === 'connecting' ? 'Connecting…' : 'Offline');

/** The connection indicator of the top bar, and the panel it opens: who is here, invite, settings. */
export function ConnectionStatus(props: { peers: PeerSync | undefined; state: GameSnapshot; secret: string | undefined; device: string }) {
  const [status, setStatus] = createSignal<PeerStatus | undefined>(props.peers?.status);
  const [open, setOpen] = createSignal(false);
  const [now, setNow] = createSignal(Date.now());
  const clock = setInterval(() => setNow(Date.now()), 5000);
  onCleanup(() => clearInterval(clock));
  // The session (and its PeerSync) is fixed for the life of the game screen.
  // eslint-disable-next-line solid/reactivity
  const peers = props.peers;
  if (peers) onCleanup(peers.onStatus(setStatus));
  const connectedSeats = () => new Set((status()?.presence ?? []).map((p) => p.seat).filter((s): s is string => !!s));

  return (
    <>
      <button type="button" class={`conn conn-${status()?.state ?? 'offline'}`} aria-expanded={open()} aria-controls="connection-panel" onClick={() => setOpen(!open())}>
        <span class="dot" aria-hidden="true" />
        {status() ? LABEL(status() as PeerStatus) : 'Not shared'}
      </button>
      <Show when={open()}>
        <section id="connection-panel" class="sheet" aria-label="Connection">
          <div class="row spread">
            <h2>Phones at the table</h2>
            <button type="button" onClick={() => setOpen(false)}>Close</button>
          </div>
          <Show when={status()} fallback={<p>This game is not shared: this phone does not know its join secret.</p>}>
            {(s) => (
              <>
                <p role="status">
                  {s().state === 'connected' ? `Connected to ${s().peers} other ${s().peers === 1 ? 'phone' : 'phones'}.` : s().state === 'connecting' ? 'Looking for the other phones…' : 'Offline: changes are saved here and sent when the phones meet again.'}{' '}
                  Last change received: {ago(s().lastSyncAt, now())}.
                </p>
                <Show when={s().catchingUp}><p class="alert">Some changes from another phone are missing; the table was asked to send them again.</p></Show>
                <Show when={s().unencryptedReason}>{(why) => <p class="muted">{why()}</p>}</Show>
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
          <ConnectionSettingsForm />
        </section>
      </Show>
    </>
  );
}
