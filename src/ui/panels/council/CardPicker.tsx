import { For, Show, createSignal } from 'solid-js';

/**
 * A select over a card list with an "other…" choice that opens a text field. `action` submits the
 * choice to `onPick`; `also`, when given, is a second way to use the same choice (a card she already
 * holds, or one she just drew).
 */
export function CardPicker(props: { id: string; label: string; options: { id: string; name: string }[]; onPick: (card: string) => void; action: string; also?: { action: string; onPick: (card: string) => void } | undefined }) {
  const [choice, setChoice] = createSignal('');
  const [other, setOther] = createSignal('');
  const value = () => (choice() === '__other' ? other().trim() : choice());
  const use = (pick: (card: string) => void) => {
    if (!value()) return;
    pick(value());
    setChoice('');
    setOther('');
  };
  return (
    <form
      class="stack"
      onSubmit={(e) => {
        e.preventDefault();
        use(props.onPick);
      }}
    >
      <label for={props.id}>{props.label}</label>
      <select id={props.id} value={choice()} onChange={(e) => setChoice(e.currentTarget.value)}>
        <option value="">Choose…</option>
        <For each={props.options}>{(o) => <option value={o.id}>{o.name}</option>}</For>
        <option value="__other">Other…</option>
      </select>
      <Show when={choice() === '__other'}>
        <label for={`${props.id}-other`}>Card name</label>
        <input id={`${props.id}-other`} maxLength={80} value={other()} onInput={(e) => setOther(e.currentTarget.value)} />
      </Show>
      <div class="row">
        <button type="submit" disabled={!value()}>{props.action}</button>
        <Show when={props.also}>{(also) => <button type="button" disabled={!value()} onClick={() => use(also().onPick)}>{also().action}</button>}</Show>
      </div>
    </form>
  );
}
