import { For, Show, createMemo, createSignal } from 'solid-js';
import type { PlanetCard } from '../../../doc';
import { planetsOf, reversalCheck } from '../../../doc/planets/views';
import { mayTakeActionNow } from '../../../doc/round/views';
import { PayDialog } from '../../widgets/PayDialog';
import type { PanelProps } from '../types';
import { AddPlanet } from './AddPlanet';
import { PlanetCardView } from './PlanetCard';
import { act } from '../../widgets/errors';
import { AfterFrame } from '../../widgets/AfterFrame';

/**
 * The cards a phone's first screen shows (a 740-px screen holds four below the header, fewer under the things to
 * check): the rest mount after the frame, as the parts below the fold do, `LATER_GROUP` cards a frame (issue 33:
 * each card is a share of a start's first render and layout, about 0.3 ms per box laid out at 4× CPU, and all
 * the rest in one frame made its style and layout a long task).
 */
const ON_FIRST_FRAME = 4;
const LATER_GROUP = 4;

/**
 * Her planet cards: one tap exhausts or refreshes; pay through the helper; refresh all; add and take. On her turn
 * the Yin may reverse a planet's values as her action, once a round (003 Appendix 2; the command checks it all).
 */
export function PlanetsPanel(props: PanelProps) {
  const planets = createMemo(() => planetsOf(props.state, props.seat));
  // The Yin's reversal, offered on a card exactly when the command would take it. Whether her turn is free is
  // one question for all her cards (issue 33: asked by each card, it was a tenth of the panel's first render),
  // read through the store so that a tap on a card, which changes nothing it reads, does not ask it again.
  const turnFree = createMemo(() => props.mine && mayTakeActionNow(props.state, props.seat));
  const reverse = (card: PlanetCard) => turnFree() && reversalCheck(props.state, props.seat, card).ok;
  const [paying, setPaying] = createSignal(false);
  // The first card of each group mounted after the frame, by index: a group stays mounted while the count changes.
  const laterGroups = createMemo(() => Array.from({ length: Math.max(0, Math.ceil((planets().length - ON_FIRST_FRAME) / LATER_GROUP)) }, (_, i) => ON_FIRST_FRAME + i * LATER_GROUP));
  const cardView = (card: PlanetCard) => <PlanetCardView card={card} game={props.game} seat={props.seat} round={props.state.round} mine={props.mine} reverse={reverse(card)} run={props.run} />;
  return (
    <div class="stack">
      <Show when={props.mine}>
        <div class="row">
          <button type="button" class="primary grow" onClick={() => setPaying(true)}>Pay…</button>
          <button type="button" class="grow" onClick={() => act(props, () => props.game.move(props.game.moves.planets.refreshAll, props.seat))}>Refresh all</button>
        </div>
      </Show>
      <h2>Planets ({planets().length})</h2>
      <ul class="list planets" aria-label="Planet cards">
        <For each={planets().slice(0, ON_FIRST_FRAME)} fallback={<li class="muted">No planets.</li>}>
          {cardView}
        </For>
        <For each={laterGroups()}>
          {(from) => (
            <AfterFrame>
              <For each={planets().slice(from, from + LATER_GROUP)}>{cardView}</For>
            </AfterFrame>
          )}
        </For>
      </ul>
      <Show when={props.mine}>
        <AfterFrame>
          <AddPlanet {...props} />
        </AfterFrame>
      </Show>
      <Show when={paying()}>
        <PayDialog
          state={props.state}
          seat={props.seat}
          title="Pay"
          onPay={(kind, amount, choice) => props.game.move(props.game.moves.planets.pay, props.seat, kind, amount, choice)}
          onClose={() => setPaying(false)}
        />
      </Show>
    </div>
  );
}
