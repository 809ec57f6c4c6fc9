import { Show, createSignal, onCleanup, onMount } from 'solid-js';
import type { DeviceInfo } from '../../secret/device';
import { parseJoin } from '../../sync/joinLink';
import { getSummary } from '../../sync/library';
import type { PeerStatus } from '../../sync/peer';
import { openSession } from '../../sync/session';
import type { GameSession } from '../../sync/session';
import { rememberSecret } from '../../sync/settings';
import { go } from '../shell/route';

const HINT_AFTER_MS = 12_000;

/** Opened from a join link or QR code: receives the whole game from the table, then opens it. */
export function JoinScreen(props: { query: string; device: DeviceInfo }) {
  // The route remounts this screen for another link, so the query is read once.
  // eslint-disable-next-line solid/reactivity
  const info = parseJoin(props.query);
  const [status, setStatus] = createSignal<PeerStatus>();
  const [slow, setSlow] = createSignal(false);
  let session: GameSession | undefined;
  let closed = false;

  onMount(async () => {
    if (!info) return;
    await rememberSecret(info.gameId, info.secret);
    // A phone that already holds the game just opens it: it reconnects by itself.
    if (await getSummary(info.gameId)) return go(`/game/${info.gameId}`);
    session = await openSession(info.gameId, props.device);
    if (closed) return void session.close();
    const s = session;
    const timer = setTimeout(() => setSlow(true), HINT_AFTER_MS);
    onCleanup(() => clearTimeout(timer));
    if (s.peers) {
      setStatus(s.peers.status);
      onCleanup(s.peers.onStatus(setStatus));
    }
    const arrived = async () => {
      if (!s.game.snapshotOrUndefined()) return;
      s.game.doc.off('update', arrived);
      await s.persistence.whenSaved();
      await s.close();
      go(`/game/${info.gameId}`);
    };
    s.game.doc.on('update', arrived);
    void arrived();
  });
  onCleanup(() => {
    closed = true;
    void session?.close();
  });

  return (
    <main>
      {/* Not TopBar: importing it would tie the pairing chunk to the game screen's (15 KB gzip). */}
      <div class="topbar">
        <a class="button" href="#/" aria-label="Back to saved games">←</a>
        <h1>Join a game</h1>
      </div>
      <Show when={info} fallback={<p class="alert" role="alert"><strong>This join link is incomplete.</strong> Ask the host to show the QR code again, or copy the whole link.</p>}>
        <p role="status">
          {status()?.peers ? `Connected to ${status()?.peers} phone(s); receiving the game…` : status()?.signalingConnected ? 'Looking for the other phones…' : 'Connecting to the table…'}
        </p>
        <Show when={slow()}>
          <div class="card">
            <strong>Taking long?</strong>
            <ul>
              <li>Both phones must be on the same Wi-Fi (or one phone's hotspot).</li>
              <li>The host's phone must have the game open.</li>
              <li>This phone must reach the server the app came from (the one started with <code>npm start</code>); with no server at all, use "Link phones" once it exists.</li>
            </ul>
          </div>
        </Show>
      </Show>
    </main>
  );
}
