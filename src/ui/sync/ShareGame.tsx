import { Show, createSignal } from 'solid-js';
import { appAddress, joinLink } from '../../sync/joinLink';
import { QrCode } from './QrCode';

/**
 * The host's invitation: a QR code and the same link as text. Anyone who scans it joins the game,
 * so it is meant for the people at the table.
 */
export function ShareGame(props: { gameId: string; secret: string; gameName: string }) {
  const link = () => joinLink(appAddress(), { gameId: props.gameId, secret: props.secret });
  const [copied, setCopied] = createSignal(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(link());
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  const share = () => void navigator.share?.({ title: `Join ${props.gameName}`, url: link() }).catch(() => undefined);
  return (
    <section aria-labelledby="share-title" class="card">
      <h2 id="share-title">Invite a phone</h2>
      <p class="muted">Scan with the other phone's camera (or its "Join a game" button). It receives the whole game and picks a free seat.</p>
      <QrCode text={link()} label={`QR code to join ${props.gameName}`} />
      <label for="join-link">Or send this link</label>
      <input id="join-link" readOnly value={link()} onFocus={(e) => e.currentTarget.select()} />
      <div class="row" style={{ 'margin-top': '8px' }}>
        <button type="button" onClick={() => void copy()}>{copied() ? 'Copied' : 'Copy link'}</button>
        <Show when={typeof navigator.share === 'function'}>
          <button type="button" onClick={share}>Share…</button>
        </Show>
      </div>
    </section>
  );
}
