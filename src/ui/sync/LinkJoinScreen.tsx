import { Show, createSignal, onCleanup, onMount } from 'solid-js';
import type { DeviceInfo } from '../../secret/device';
import { pairingFromText } from '../../sync/link/sdpCodec';
import type { LinkStatus } from '../../sync/link/tableLink';
import { onGameChange } from '../../runtime/afterChanges';
import { openSession } from '../../runtime/session';
import type { GameSession } from '../../runtime/session';
import { go } from '../shell/route';
import { AnswerCode, LinkError } from './LinkPhones';

/**
 * A phone that scanned a table link code from Home: it answers, shows its answer code, and opens the
 * game as soon as the first changes arrive over the new link (the link stays up across the switch).
 */
export function LinkJoinScreen(props: { code: string; device: DeviceInfo }) {
  const [answer, setAnswer] = createSignal<string>();
  const [error, setError] = createSignal<string>();
  const [status, setStatus] = createSignal<LinkStatus>();
  let session: GameSession | undefined;
  let closed = false;
  let stopArrival = () => {};

  onMount(async () => {
    try {
      const offer = pairingFromText(props.code);
      if (offer.kind !== 'offer') throw new Error('This is an answer code: scan it with the phone that showed the first code.');
      session = await openSession(offer.gameId, props.device);
      if (closed) return void session.close();
      const s = session;
      onCleanup(s.link.onStatus(setStatus));
      setAnswer(await s.link.acceptOffer(props.code));
      const arrived = () => {
        if (closed || !s.game.snapshotOrUndefined()) return;
        stopArrival();
        go(`/game/${offer.gameId}`);
      };
      // Also a large update, folded once the browser has checked its signatures (GameCore's warming).
      stopArrival = onGameChange(s.game, arrived);
      arrived();
    } catch (e) {
      setError((e as Error).message);
    }
  });
  onCleanup(() => {
    closed = true;
    stopArrival();
    void session?.close();
  });

  return (
    <main>
      {/* Not TopBar: importing it would tie the pairing chunk to the game screen's (15 KB gzip). */}
      <div class="topbar">
        <a class="button" href="#/" aria-label="Back to saved games">←</a>
        <h1>Link to a table</h1>
      </div>
      <Show when={answer()}>{(code) => <AnswerCode code={code()} />}</Show>
      <Show when={answer() && !error()}>
        <p role="status">{status()?.links.some((l) => l.state === 'open') ? 'Linked: receiving the game…' : 'Waiting for the first phone to scan this answer…'}</p>
      </Show>
      <Show when={!answer() && !error()}><p role="status">Preparing this phone's answer…</p></Show>
      <Show when={error()}>{(m) => <LinkError message={m()} />}</Show>
    </main>
  );
}
