/* eslint-disable solid/reactivity -- the callbacks given to our own components here (onPick, onDice, the async runner) are event handlers, which the rule cannot tell apart from reads during render. */
import { For, Show, createResource } from 'solid-js';
import type { Game, GameSnapshot } from '../../../doc';
import { setLaw, cardName } from '../../../doc/council';
import { loadHand } from '../../../secret/privateStore';
import { Agendas } from './Agendas';
import { CardPicker } from './CardPicker';
import { Hand } from './Hand';
import { POLITICAL_OPTIONS } from './cards';
import { createAsyncRunner } from './useAsync';
import { VotePanel } from './VotePanel';

/** The Twilight Council tab: her private hand, the agendas, the secret vote, laws in force. */
export function CouncilPanel(props: { game: Game; state: GameSnapshot; seat: string; mine: boolean; run: (fn: () => void) => boolean }) {
  const runner = createAsyncRunner();
  const [hand, { refetch }] = createResource(() => (props.mine ? ([props.state.meta.id, props.seat] as const) : undefined), ([g, s]) => loadHand(g, s));
  const voice = () => props.state.seats.find((s) => s.id === props.state.council.voice)?.name;
  return (
    <div class="stack">
      <Show when={runner.error()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
      <Show when={voice()}>{(v) => <p>Voice of the Council: <strong>{v()}</strong> (+5 votes, +3 with 2 players)</p>}</Show>
      <Show when={props.mine}>
        <Hand
          gameId={props.state.meta.id}
          seat={props.seat}
          counts={{ politicalCards: props.state.players[props.seat]?.counters.politicalCards ?? 0, actionCards: props.state.players[props.seat]?.counters.actionCards ?? 0 }}
          onCount={(counter, delta) => {
            const ok = props.run(() => props.game.adjustCounter(props.seat, counter, delta));
            void refetch();
            return ok;
          }}
        />
      </Show>
      <Agendas game={props.game} state={props.state} seat={props.seat} mine={props.mine} handCards={hand()?.political ?? []} runner={runner} />
      <VotePanel game={props.game} state={props.state} seat={props.seat} mine={props.mine} runner={runner} />
      <section aria-labelledby="laws-title" class="card">
        <h2 id="laws-title">Laws in force</h2>
        <ul class="list">
          <For each={props.state.council.laws} fallback={<li class="muted">None.</li>}>
            {(law) => (
              <li class="row spread">
                <span>{cardName(law)}</span>
                <button type="button" aria-label={`Remove the law ${cardName(law)}`} onClick={() => props.run(() => setLaw(props.game, law, false))}>Remove</button>
              </li>
            )}
          </For>
        </ul>
        <CardPicker id="law-add" label="Put a law in force by hand" options={POLITICAL_OPTIONS} action="Add law" onPick={(c) => props.run(() => setLaw(props.game, c, true))} />
      </section>
    </div>
  );
}
