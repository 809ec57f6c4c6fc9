import { For, Show } from 'solid-js';
import type { Hand as HandCards } from '../../../secret/privateStore';
import { without } from '../../../secret/privateStore';
import { ACTION_OPTIONS, POLITICAL_OPTIONS, SECRET_OPTIONS, cardLabel } from './cards';
import { CardPicker } from './CardPicker';

type Kind = 'political' | 'action' | 'secretObjectives';
type Counter = 'politicalCards' | 'actionCards';
const KINDS: { kind: Kind; title: string; options: { id: string; name: string }[]; counter?: Counter }[] = [
  { kind: 'political', title: 'Political cards', options: POLITICAL_OPTIONS, counter: 'politicalCards' },
  { kind: 'action', title: 'Action cards', options: ACTION_OPTIONS, counter: 'actionCards' },
  { kind: 'secretObjectives', title: 'Secret objectives', options: SECRET_OPTIONS },
];

export const HOLD_ACTION = 'Already in my hand';
export const DRAW_ACTION = 'Drew it (the table sees one more)';

/**
 * Her hand, on this phone only (never in the shared game): which cards she holds. The table sees only
 * the counts. Naming a card she already holds (the ones dealt at setup, or received in the status
 * phase) leaves them alone; drawing, discarding or playing a card here changes them.
 */
export function Hand(props: {
  hand: HandCards;
  update: (change: (h: HandCards) => HandCards) => void;
  counts: Record<Counter, number>;
  /** Political cards she placed face down as her agenda: out of her hand, counted by the table until revealed. */
  faceDown: number;
  onCount: (counter: Counter, delta: number) => boolean;
}) {
  const named = (kind: Kind) => props.hand[kind].length + (kind === 'political' ? props.faceDown : 0);
  /** Cards the table counts that she has not named on this phone yet. */
  const unnamed = (k: (typeof KINDS)[number]) => (k.counter ? props.counts[k.counter] - named(k.kind) : 0);
  const add = (kind: Kind, card: string, counter?: Counter) => {
    if (counter && !props.onCount(counter, 1)) return;
    props.update((h) => ({ ...h, [kind]: [...h[kind], card] }));
  };
  const remove = (kind: Kind, card: string, counter?: Counter) => {
    if (counter && !props.onCount(counter, -1)) return;
    props.update((h) => ({ ...h, [kind]: without(h[kind], card) }));
  };
  return (
    <section aria-labelledby="hand-title" class="card">
      <h2 id="hand-title">Your hand (only on this phone)</h2>
      <For each={KINDS}>
        {(k) => (
          <details>
            <summary>
              {k.title}: {props.hand[k.kind].length}
              <Show when={unnamed(k) > 0}>
                <span class="muted small"> ({unnamed(k)} more the table counts, not named here yet)</span>
              </Show>
              <Show when={k.counter && unnamed(k) < 0}>
                <span class="muted small"> (the table sees {props.counts[k.counter as Counter]})</span>
              </Show>
            </summary>
            <Show when={k.kind === 'political' && props.faceDown > 0}>
              <p class="muted small">Your agenda lies face down in the Council: out of your hand, and counted by the table until it is revealed.</p>
            </Show>
            <ul class="list" aria-label={`${k.title} in your hand`}>
              <For each={props.hand[k.kind]}>
                {(card) => (
                  <li class="row spread">
                    <span>{cardLabel(card)}</span>
                    <button type="button" aria-label={`Discard ${cardLabel(card)}`} onClick={() => remove(k.kind, card, k.counter)}>Discard</button>
                  </li>
                )}
              </For>
            </ul>
            <Show
              when={unnamed(k) > 0}
              fallback={<CardPicker id={`hand-${k.kind}`} label={`Add a card to your ${k.title.toLowerCase()}`} options={k.options} action={k.counter ? DRAW_ACTION : 'Add to hand'} onPick={(c) => add(k.kind, c, k.counter)} />}
            >
              <CardPicker
                id={`hand-${k.kind}`}
                label={`Name a card you hold (the table already counts ${unnamed(k)} you have not named), or one you drew`}
                options={k.options}
                action={HOLD_ACTION}
                onPick={(c) => add(k.kind, c)}
                also={{ action: DRAW_ACTION, onPick: (c) => add(k.kind, c, k.counter) }}
              />
            </Show>
            <Show when={k.kind === 'political' && props.hand.political.length >= 2}>
              <CardPicker
                id="hand-swap"
                label="Discard two (your first two listed) to draw one (001 Agenda step)"
                options={POLITICAL_OPTIONS}
                action="Discard two, draw this one"
                onPick={(drawn) => {
                  if (!props.onCount('politicalCards', -1)) return;
                  props.update((h) => ({ ...h, political: [...h.political.slice(2), drawn] }));
                }}
              />
            </Show>
          </details>
        )}
      </For>
    </section>
  );
}
