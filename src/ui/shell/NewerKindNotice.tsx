import { Show, createSignal } from 'solid-js';
import { lookForUpdate } from './serviceWorker';
import { ConfirmDialog } from '../widgets/Dialog';

/**
 * The game is read only: a phone of a newer version wrote what this one cannot read. Asks to update and can
 * look for it; when no update can be had (offline at the table, or a change no version of the app reads, as
 * a hostile phone may write), the table can go on without that change (issue 36 item 7): every phone then
 * skips it, the newer ones too, so all still fold the same game. Loaded only when shown: it is rare, and the
 * game screen's chunk is what a start waits for (issue 33).
 */
export function NewerKindNotice(props: { words: string; goOn: () => void }) {
  const [looked, setLooked] = createSignal<string>();
  const [asking, setAsking] = createSignal(false);
  const look = async () => {
    setLooked('Looking for an update…');
    setLooked((await lookForUpdate()) ? 'Asked for the newest version: "Update now" appears once it has loaded.' : 'No update can be asked for here: connect this phone to the address the app came from, and try again.');
  };
  return (
    <div class="alert" role="alert" aria-label="Read only">
      <p><strong>Read only.</strong> {props.words}</p>
      <div class="row">
        <button type="button" onClick={() => void look()}>Look for an update</button>
        <button type="button" onClick={() => setAsking(true)}>Go on without it</button>
      </div>
      <Show when={looked()}>{(text) => <p role="status">{text()}</p>}</Show>
      <Show when={asking()}>
        <ConfirmDialog title="Go on without that change?" confirm="Go on without it" onConfirm={props.goOn} onClose={() => setAsking(false)}>
          <p>
            Every phone at the table skips it from now on, the phone that wrote it too, and the game goes on as this phone shows it. Do it only when no
            phone can be updated now: what that change did is lost to the game (it stays in the document, and the log says the table went on without it).
          </p>
        </ConfirmDialog>
      </Show>
    </div>
  );
}
