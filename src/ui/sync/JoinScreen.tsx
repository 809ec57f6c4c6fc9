import { Show, createSignal, onCleanup, onMount } from 'solid-js';
import type { DeviceInfo } from '../../secret/device';
import { parseJoin } from '../../sync/joinLink';
import { getSummary } from '../../sync/library';
import type { PeerStatus } from '../../sync/peer';
import { onGameChange } from '../../runtime/afterChanges';
import { openSession } from '../../runtime/session';
import type { GameSession } from '../../runtime/session';
import { rememberSecret } from '../../sync/settings';
import { go } from '../shell/route';

/**
 * A join that has not reached another phone by then says so, with what to try (issue 26: within 10 s
 * of opening the link, and this screen can take 3 s to appear on a slow or busy phone). A phone on the
 * same Wi-Fi as the table is connected about 1 s after this screen appears.
 */
const CANNOT_CONNECT_MS = 5_000;

/** Opened from a join link or QR code: receives the whole game from the table, then opens it. */
export function JoinScreen(props: { query: string; device: DeviceInfo }) {
  // The route remounts this screen for another link, so the query is read once.
  // eslint-disable-next-line solid/reactivity
  const info = parseJoin(props.query);
  const [status, setStatus] = createSignal<PeerStatus>();
  const [stuck, setStuck] = createSignal(false);
  let session: GameSession | undefined;
  let closed = false;
  let stopArrival = () => {};

  onMount(async () => {
    if (!info) return;
    const timer = setTimeout(() => setStuck(true), CANNOT_CONNECT_MS);
    onCleanup(() => clearTimeout(timer));
    await rememberSecret(info.gameId, info.secret);
    // A phone that already holds the game just opens it: it reconnects by itself.
    if (await getSummary(info.gameId)) return go(`/game/${info.gameId}`);
    session = await openSession(info.gameId, props.device);
    if (closed) return void session.close();
    const s = session;
    if (s.peers) {
      setStatus(s.peers.status);
      onCleanup(s.peers.onStatus(setStatus));
    }
    const arrived = () => {
      if (closed || !s.game.snapshotOrUndefined()) return;
      stopArrival();
      // The game screen takes over this same session (openSession shares it by game id, and this
      // screen's close() leaves it open for a moment): its seats show at once, still connected. Waiting
      // here for the disk and for that moment to pass cost 1.5 s and a reconnection (issue 26).
      go(`/game/${info.gameId}`);
    };
    // Also a large update, folded once the browser has checked its signatures (GameCore's warming).
    stopArrival = onGameChange(s.game, arrived);
    arrived();
  });
  onCleanup(() => {
    closed = true;
    stopArrival();
    void session?.close();
  });

  const connected = () => (status()?.peers ?? 0) > 0;
  return (
    <main>
      {/* Not TopBar: importing it would tie the pairing chunk to the game screen's (15 KB gzip). */}
      <div class="topbar">
        <a class="button" href="#/" aria-label="Back to saved games">←</a>
        <h1>Join a game</h1>
      </div>
      <Show when={info} fallback={<p class="alert" role="alert"><strong>This join link is incomplete.</strong> Ask the host to show the QR code again, or copy the whole link.</p>}>
        <p role="status">
          {connected() ? `Connected to ${status()?.peers} phone(s); receiving the game…` : status()?.signalingConnected ? 'Looking for the other phones…' : 'Connecting to the table…'}
        </p>
        <Show when={stuck() && !connected()}>
          <div class="alert" role="alert">
            <strong>{status()?.signalingConnected ? 'No phone of this table answered yet.' : "This phone cannot reach the table's server."}</strong> It keeps trying. Meanwhile:
            <ul>
              <Show when={status()?.signalingConnected} fallback={<li>Join the same Wi-Fi as the table (or the hotspot of one of its phones), then reload this page.</li>}>
                <li>The host's phone must have this game open, with its screen on.</li>
              </Show>
              <li>This phone must reach the server the app came from (the laptop running <code>npm start</code>).</li>
              <li>No server at all? On a phone already at the table, tap the connection button, then <em>Link phones</em>, and scan its code with <em>Join a game</em> on this phone's home screen.</li>
            </ul>
          </div>
        </Show>
      </Show>
    </main>
  );
}
