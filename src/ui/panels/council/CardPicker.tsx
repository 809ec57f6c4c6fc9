import { For, Show, createMemo, createSignal } from 'solid-js';
import { foldName, searchByName } from '../../../data';
import type { CardOption } from './cards';

/** Lists this short are shown whole (a hand of cards); longer ones are searched (159 political cards). */
const SHOW_ALL_UP_TO = 8;
/** Matches listed at once; past them the picker says how many more a longer name would narrow down. */
const MATCHES = 15;

/**
 * A card found by typing a few letters, as planets are added (AddPlanet, the same search): each match is a button, so
 * naming a card is a few letters and one tap instead of a 159-option select (issue 26). A name the list
 * misses can be used as typed. With one action, tapping a match does it (`action`: the words for the
 * screen reader, "Name it: Checks and Balances"); with a second one (`also`: a card she already holds,
 * or one she just drew), or when the action cannot be taken back (`confirm`: an agenda placed face
 * down), the tap picks the card and the actions show under it.
 */
export function CardPicker(props: {
  id: string;
  label: string;
  options: CardOption[];
  onPick: (card: string) => void;
  action: string;
  also?: { action: string; onPick: (card: string) => void } | undefined;
  /** Choices always offered before the matches ("The top card of the deck, unseen"). */
  fixed?: CardOption[];
  /** A tap only picks: the action is a second button (an agenda placed face down cannot be taken back). */
  confirm?: boolean;
  /** Only the list's cards may be picked (a turn's action card: 001 allows only those played "As an action"). */
  listOnly?: boolean;
  disabled?: boolean;
}) {
  const twoStep = () => !!props.also || !!props.confirm;
  const [query, setQuery] = createSignal('');
  const [chosen, setChosen] = createSignal<CardOption>();
  const found = createMemo(() => (props.options.length <= SHOW_ALL_UP_TO && !query().trim() ? props.options : searchByName(props.options, query(), props.options.length)));
  const matches = () => found().slice(0, MATCHES);
  // The typed name, when no card of the list has exactly that name.
  const typed = () => {
    const q = query().trim();
    return q && !props.listOnly && !props.options.some((o) => foldName(o.name) === foldName(q)) ? { id: q, name: q } : undefined;
  };
  const search = (text: string) => {
    setQuery(text);
    setChosen(undefined);
  };
  const choose = (card: CardOption) => {
    if (twoStep()) {
      setChosen(card);
      return;
    }
    props.onPick(card.id);
    setQuery('');
  };
  const use = (pick: (card: string) => void) => {
    const card = chosen();
    if (!card) return;
    pick(card.id);
    setChosen(undefined);
    setQuery('');
  };
  const option = (o: CardOption, words = o.name) => (
    <li>
      <button type="button" class="wide" aria-pressed={twoStep() ? chosen()?.id === o.id : undefined} aria-label={twoStep() ? undefined : `${props.action}: ${words}`} disabled={props.disabled} onClick={() => choose(o)}>
        {words}
      </button>
    </li>
  );
  return (
    <div class="stack card-picker" id={`${props.id}-picker`}>
      <label for={props.id}>{props.label}</label>
      <input id={props.id} type="search" autocomplete="off" placeholder="A few letters of its name" value={query()} onInput={(e) => search(e.currentTarget.value)} />
      <ul class="list" aria-label="Matching cards">
        <For each={props.fixed ?? []}>{(o) => option(o)}</For>
        <For each={matches()}>{(o) => option(o)}</For>
        <Show when={typed()}>{(t) => option(t(), `Use "${t().name}" (not in the list)`)}</Show>
      </ul>
      <Show when={found().length > MATCHES}>
        <p class="muted small">{found().length - MATCHES} more: type more of the name.</p>
      </Show>
      <Show when={twoStep()}>
        <div class="row">
          <button type="button" class="grow primary" disabled={!chosen() || props.disabled} onClick={() => use(props.onPick)}>{props.action}</button>
          <Show when={props.also}>{(also) => <button type="button" class="grow" disabled={!chosen() || props.disabled} onClick={() => use(also().onPick)}>{also().action}</button>}</Show>
        </div>
      </Show>
    </div>
  );
}
