import { For, Show, createResource } from 'solid-js';
import { EMPTY_HAND, loadHand, saveHand } from '../../../secret/privateStore';
import type { Hand as HandCards } from '../../../secret/privateStore';
import { ACTION_OPTIONS, POLITICAL_OPTIONS, SECRET_OPTIONS, cardLabel } from './cards';
import { CardPicker } from './CardPicker';

type Kind = keyof HandCards;
const KINDS: { kind: Kind; title: string; options: { id: string; name: string }[]; counter?: 'politicalCards' | 'actionCards' }[] = [
  { kind: 'political', title: 'Political cards', options: POLITICAL_OPTIONS, counter: 'politicalCards' },
  { kind: 'action', title: 'Action cards', options: ACTION_OPTIONS, counter: 'actionCards' },
  { kind: 'secretObjectives', title: 'Secret objectives', options: SECRET_OPTIONS },
];

/**
 * Her hand, on this phone only (never in the shared game): which cards she holds. The table sees only
 * the counts, which follow when she adds or discards a card here.
 */
export function Hand(props: { gameId: string; seat: string; counts: { politicalCards: number; actionCards: number }; onCount: (counter: 'politicalCards' | 'actionCards', delta: number) => boolean }) {
  const [hand, { mutate }] = createResource(() => [props.gameId, props.seat] as const, ([g, s]) => loadHand(g, s));
  const update = async (next: HandCards) => {
    mutate(next);
    await saveHand(props.gameId, props.seat, next);
  };
  const add = (kind: Kind, card: string, counter?: 'politicalCards' | 'actionCards') => {
    if (counter && !props.onCount(counter, 1)) return;
    const h = hand() ?? EMPTY_HAND;
    void update({ ...h, [kind]: [...h[kind], card] });
  };
  const remove = (kind: Kind, index: number, counter?: 'politicalCards' | 'actionCards') => {
    if (counter && !props.onCount(counter, -1)) return;
    const h = hand() ?? EMPTY_HAND;
    void update({ ...h, [kind]: h[kind].filter((_, i) => i !== index) });
  };
  return (
    <section aria-labelledby="hand-title" class="card">
      <h2 id="hand-title">Your hand (only on this phone)</h2>
      <For each={KINDS}>
        {(k) => (
          <details>
            <summary>
              {k.title}: {(hand() ?? EMPTY_HAND)[k.kind].length}
              <Show when={k.counter && (hand() ?? EMPTY_HAND)[k.kind].length !== props.counts[k.counter as 'politicalCards']}>
                <span class="muted small"> (the table sees {props.counts[k.counter as 'politicalCards']})</span>
              </Show>
            </summary>
            <ul class="list">
              <For each={(hand() ?? EMPTY_HAND)[k.kind]}>
                {(card, i) => (
                  <li class="row spread">
                    <span>{cardLabel(card)}</span>
                    <button type="button" aria-label={`Discard ${cardLabel(card)}`} onClick={() => remove(k.kind, i(), k.counter)}>Discard</button>
                  </li>
                )}
              </For>
            </ul>
            <CardPicker id={`hand-${k.kind}`} label={`Add a card to your ${k.title.toLowerCase()}`} options={k.options} action="Add to hand" onPick={(c) => add(k.kind, c, k.counter)} />
            <Show when={k.kind === 'political' && (hand() ?? EMPTY_HAND).political.length >= 2}>
              <CardPicker
                id="hand-swap"
                label="Discard two (your first two listed) to draw one (001 Agenda step)"
                options={POLITICAL_OPTIONS}
                action="Discard two, draw this one"
                onPick={(drawn) => {
                  const h = hand() ?? EMPTY_HAND;
                  if (!props.onCount('politicalCards', -1)) return;
                  void update({ ...h, political: [...h.political.slice(2), drawn] });
                }}
              />
            </Show>
          </details>
        )}
      </For>
    </section>
  );
}
