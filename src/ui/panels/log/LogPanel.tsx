import { For, Show, createMemo, createSignal } from 'solid-js';
import { describeEvent } from '../../../doc/describe';
import type { GameSnapshot, LogEntry } from '../../../doc/snapshot';

const PAGE = 50;

/** The game's history, newest first, the same on every phone: "Sol exhausted Jord for 4 resources". */
export function LogPanel(props: { state: GameSnapshot }) {
  const [shown, setShown] = createSignal(PAGE);
  const entries = createMemo(() => props.state.log.slice(-shown()).reverse());
  const when = (e: LogEntry) => new Date(props.state.meta.createdAt + e.t * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <section aria-labelledby="log-h">
      <h2 id="log-h">Game log</h2>
      <ol class="list log" aria-label="Game log, newest first">
        <For each={entries()}>
          {(e) => (
            <li>
              <span class="muted small">{when(e)} · {props.state.devices[e.dev] ?? e.dev}</span>
              <br />
              {describeEvent(e, props.state)}
            </li>
          )}
        </For>
      </ol>
      <Show when={props.state.log.length > shown()}>
        <button type="button" onClick={() => setShown(shown() + PAGE)}>Show older</button>
      </Show>
    </section>
  );
}
