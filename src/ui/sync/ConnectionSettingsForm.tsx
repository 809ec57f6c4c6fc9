import { Show, createResource, createSignal } from 'solid-js';
import { manner, setManner } from '../shell/awake';
import { defaultSignaling, loadSettings, parseSettings, requestPersistentStorage, saveSettings } from '../../sync/settings';

/** Signaling servers and ICE servers for this phone; changes apply the next time a game is opened. */
export function ConnectionSettingsForm() {
  const [settings] = createResource(loadSettings);
  const [message, setMessage] = createSignal<{ ok: boolean; text: string }>();
  let signaling!: HTMLTextAreaElement;
  let ice!: HTMLTextAreaElement;
  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    try {
      await saveSettings(parseSettings(signaling.value, ice.value));
      setMessage({ ok: true, text: 'Saved. Reopen the game to use them.' });
    } catch (err) {
      setMessage({ ok: false, text: (err as Error).message });
    }
  };
  // Asked again here (browsers remember the answer): a phone that only ever joined games never created one.
  const [kept] = createResource(requestPersistentStorage);
  return (
    <details class="card">
      <summary>Settings</summary>
      <Show when={kept() === false}>
        <p role="status">This browser did not grant persistent storage: it may clear this phone's saved games when it runs low on space. Export a backup file now and then, or add the app to the home screen (browsers keep an installed app's storage).</p>
      </Show>
      <Show when={kept()}>
        <p class="muted">Saved games are kept: the browser will not clear them to free space.</p>
      </Show>
      <fieldset>
        <legend>This phone</legend>
        <label class="check"><input type="checkbox" checked={manner('awake')} onChange={(e) => setManner('awake', e.currentTarget.checked)} /> Keep the screen on while a game is open</label>
        <label class="check"><input type="checkbox" checked={manner('vibrate')} onChange={(e) => setManner('vibrate', e.currentTarget.checked)} /> Vibrate when the table waits on me</label>
      </fieldset>
      <Show when={settings()}>
        {(s) => (
          <form onSubmit={(e) => void save(e)}>
            <label for="signaling-urls">Signaling servers (one a line; empty: {defaultSignaling().join(', ') || 'none'})</label>
            <textarea id="signaling-urls" ref={(el) => (signaling = el)} rows="2" value={(s().signaling ?? []).join('\n')} />
            <label for="ice-servers">STUN/TURN servers (one a line; empty: none, enough on one Wi-Fi)</label>
            <textarea id="ice-servers" ref={(el) => (ice = el)} rows="2" value={s().iceServers.map((i) => String(i.urls)).join('\n')} />
            <p><button type="submit">Save connection settings</button></p>
            <Show when={message()}>{(m) => <p role={m().ok ? 'status' : 'alert'} class={m().ok ? '' : 'alert'}>{m().text}</p>}</Show>
          </form>
        )}
      </Show>
    </details>
  );
}
