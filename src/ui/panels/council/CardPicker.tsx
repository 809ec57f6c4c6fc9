import { For, Show, createSignal } from 'solid-js';

/** A select over a card list with an "other…" choice that opens a text field. */
export function CardPicker(props: { id: string; label: string; options: { id: string; name: string }[]; onPick: (card: string) => void; action: string }) {
  const [choice, setChoice] = createSignal('');
  const [other, setOther] = createSignal('');
  const value = () => (choice() === '__other' ? other().trim() : choice());
  return (
    <form
      class="stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (!value()) return;
        props.onPick(value());
        setChoice('');
        setOther('');
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
      <button type="submit" disabled={!value()}>{props.action}</button>
    </form>
  );
}
