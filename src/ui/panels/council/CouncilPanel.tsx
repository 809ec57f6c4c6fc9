/* eslint-disable solid/reactivity -- the callbacks given to our own components here (onPick, onDice, the async runner) are event handlers, which the rule cannot tell apart from reads during render. */
import { For, Show } from 'solid-js';
import type { Game, GameSnapshot } from '../../../doc';
import { cardName } from '../../../doc/council';
import * as councilMoves from '../../../doc/council/moves';
import * as sheetMoves from '../../../doc/sheet/moves';
import { createPrivateHand } from '../../widgets/privateHand';
import { Agendas } from './Agendas';
import { CardPicker } from './CardPicker';
import { Hand } from './Hand';
import { POLITICAL_OPTIONS } from './cards';
import { createAsyncRunner } from './useAsync';
import { VotePanel } from './VotePanel';

/** The Twilight Council tab: her private hand, the agendas, the secret vote, laws in force. */
export function CouncilPanel(props: { game: Game; state: GameSnapshot; seat: string; mine: boolean; run: (fn: () => void) => boolean }) {
  const runner = createAsyncRunner();
  const hand = createPrivateHand(() => (props.mine ? { gameId: props.state.meta.id, seat: props.seat } : undefined));
  const voice = () => props.state.seats.find((s) => s.id === props.state.council.voice)?.name;
  const counters = () => props.state.players[props.seat]?.counters;
  // Her agenda, placed from her hand and not revealed yet: the table still counts it in her hand.
  const faceDown = () => hand.hand().placed.filter((p) => props.state.council.agendas.some((a) => a.key === p.key && !a.revealed)).length;
  // While a vote is open it comes first: the ballot and its Lock in on the tab's first screen (issue 26).
  const voting = () => props.state.council.sessions.some((v) => !v.results);
  const vote = () => <VotePanel game={props.game} state={props.state} seat={props.seat} mine={props.mine} runner={runner} />;
  return (
    <div class="stack">
      <Show when={runner.error() && !runner.origin()}>
        <p class="alert" role="alert">{runner.error()}</p>
      </Show>
      <Show when={voting()}>{vote()}</Show>
      <Show when={voice()}>{(v) => <p>Voice of the Council: <strong>{v()}</strong> (+5 votes, +3 with 2 players)</p>}</Show>
      <Show when={props.mine && hand.loaded()}>
        <Hand
          hand={hand.hand()}
          update={(change) => void hand.update(change)}
          counts={{ politicalCards: counters()?.politicalCards ?? 0, actionCards: counters()?.actionCards ?? 0 }}
          faceDown={faceDown()}
          onCount={(counter, delta) => props.run(() => props.game.move(sheetMoves.adjustCounter, props.seat, counter, delta))}
        />
      </Show>
      <Agendas game={props.game} state={props.state} seat={props.seat} mine={props.mine} handCards={props.mine ? hand.hand().political : []} runner={runner} />
      <Show when={!voting()}>{vote()}</Show>
      <section aria-labelledby="laws-title" class="card">
        <h2 id="laws-title">Laws in force</h2>
        <ul class="list">
          <For each={props.state.council.laws} fallback={<li class="muted">None.</li>}>
            {(law) => (
              <li class="row spread">
                <span>{cardName(law)}</span>
                <button type="button" aria-label={`Remove the law ${cardName(law)}`} onClick={() => props.run(() => props.game.move(councilMoves.setLaw, law, false))}>Remove</button>
              </li>
            )}
          </For>
        </ul>
        <CardPicker id="law-add" label="Put a law in force by hand" options={POLITICAL_OPTIONS} action="Add law" onPick={(c) => props.run(() => props.game.move(councilMoves.setLaw, c, true))} />
      </section>
    </div>
  );
}
