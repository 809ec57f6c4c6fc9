import { createSignal, Show } from 'solid-js';
import { applyUpdate, registerServiceWorker } from './serviceWorker';

/** "Update available": the new version waits until the player chooses to reload (never mid-vote). */
export function ReloadPrompt() {
  const [needRefresh, setNeedRefresh] = createSignal(false);
  registerServiceWorker(() => setNeedRefresh(true));
  return (
    <Show when={needRefresh()}>
      <div class="toast" role="alertdialog" aria-label="Update available">
        <p>A new version of Twilight Table is available.</p>
        <div class="row">
          <button type="button" class="primary" onClick={() => void applyUpdate()}>Update now</button>
          <button type="button" onClick={() => setNeedRefresh(false)}>Later</button>
        </div>
      </div>
    </Show>
  );
}
