import { For, Show, createSignal } from 'solid-js';
import type { Game, GameSnapshot } from '../../../doc';
import type { CardState } from '../../../doc/round';
import { picksEach, rotation } from '../../../doc/round';
import type { BonusSplit } from '../../../rules/strategy';
import { Stepper } from '../../widgets/Counter';
import { Dialog } from '../../widgets/Dialog';
import { act, createErrorReporter } from '../../widgets/errors';
import { cardInfo, cardTitle, names, plural, seatName } from './words';
import * as roundMoves from '../../../doc/round/moves';

interface Props {
  game: Game;
  state: GameSnapshot;
  mySeat: string | undefined;
  run: (fn: () => void) => boolean;
}

/**
 * Strategy phase (001 "Strategy Card Picking"): whose pick it is; on the picker's phone the free cards
 * first, one compact "Pick" each (the bonus counters converted in a small dialog when there are any);
 * then the cards in play with their bonus counters, who holds each, and what each does on demand.
 */
export function StrategySection(props: Props) {
  const t = () => props.state.tracker;
  const myPick = () => !!props.mySeat && t().picker === props.mySeat;
  const [converting, setConverting] = createSignal<CardState>();
  const pick = (card: CardState) => {
    if (card.bonus > 0) {
      setConverting(card);
      return;
    }
    const [game, seat] = [props.game, props.mySeat as string];
    act(props, () => game.move(roundMoves.pick, seat, card.initiative));
  };
  const each = () => picksEach(props.state);
  const free = () => t().cards.filter((c) => !c.holder && !c.nobody);
  return (
    <section aria-labelledby="strategy-h">
      <h3 id="strategy-h">Strategy cards</h3>
      <p class={myPick() ? 'yourturn' : 'waiting'} role="status" aria-label="Picking">
        {t().picker ? (myPick() ? 'Your pick: choose a strategy card.' : `Waiting for ${seatName(props.state, t().picker)} to pick.`) : 'Every card is picked.'}
      </p>
      {/* The decision first: the cards still free, compactly; what each does is in the list below. */}
      <Show when={myPick()}>
        <ul class="list pick-grid" aria-label="Cards you can pick">
          <For each={free()}>
            {(c) => (
              <li>
                <button type="button" class="primary" aria-label={`Pick ${c.initiative} ${cardTitle(c.initiative)}${c.bonus ? `, ${plural(c.bonus, 'bonus counter')}` : ''}`} onClick={() => pick(c)}>
                  <span class="sc-num" aria-hidden="true">{c.initiative}</span>
                  <span class="grow">{cardTitle(c.initiative)}<Show when={c.bonus > 0}><span class="small"> +{c.bonus}</span></Show></span>
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <p class="muted small">
        Picking order: {names(rotation(props.state).map((id) => seatName(props.state, id)))}
        {each() > 1 ? `, ${each()} cards each, one at a time` : ''}.
      </p>
      <ul class="list sc-list" aria-label="Strategy cards">
        <For each={t().cards}>
          {(c) => (
            <li class="card sc" classList={{ taken: !!c.holder }} aria-label={`${c.initiative} ${cardTitle(c.initiative)}`}>
              <div class="row">
                <span class="sc-num" aria-hidden="true">{c.initiative}</span>
                <strong class="grow">{cardTitle(c.initiative)}</strong>
                <Show when={c.bonus > 0}>
                  <span class="tag bonus">{plural(c.bonus, 'bonus counter')}</span>
                </Show>
                <span class="small">{c.holder ? seatName(props.state, c.holder) : c.nobody ? 'no player' : 'free'}</span>
              </div>
              <details class="small">
                <summary>What it does</summary>
                <p><strong>Primary:</strong> {cardInfo(c.initiative)?.primary}</p>
                <Show when={cardInfo(c.initiative)?.secondary}>
                  <p><strong>Secondary:</strong> {cardInfo(c.initiative)?.secondary}</p>
                </Show>
                <Show when={cardInfo(c.initiative)?.special}>
                  <p><strong>Special:</strong> {cardInfo(c.initiative)?.special}</p>
                </Show>
              </details>
            </li>
          )}
        </For>
      </ul>
      <Show when={converting()}>
        {(card) => <BonusDialog game={props.game} seat={props.mySeat as string} card={card()} onClose={() => setConverting(undefined)} />}
      </Show>
    </section>
  );
}

/** Each bonus counter on the card becomes a trade good or a command counter, as she chooses. */
function BonusDialog(props: { game: Game; seat: string; card: CardState; onClose: () => void }) {
  const errors = createErrorReporter();
  // A form: starts with every counter as a trade good and writes nothing until confirmed.
  // eslint-disable-next-line solid/reactivity
  const [split, setSplit] = createSignal<BonusSplit>({ tradeGoods: props.card.bonus, pool: 0, fleet: 0, strat: 0 });
  const total = () => split().tradeGoods + split().pool + split().fleet + split().strat;
  const set = (key: keyof BonusSplit) => (n: number) => setSplit({ ...split(), [key]: n });
  const confirm = () => {
    const [game, seat, card, chosen] = [props.game, props.seat, props.card.initiative, split()];
    if (errors.run(() => game.move(roundMoves.pick, seat, card, chosen))) props.onClose();
  };
  const max = () => props.card.bonus;
  return (
    <Dialog title={`Pick ${cardTitle(props.card.initiative)}`} onClose={props.onClose}>
      <p class="small">It carries {plural(props.card.bonus, 'bonus counter')}: take each as a trade good or a command counter.</p>
      <Stepper label="Trade goods" unit="trade good" value={split().tradeGoods} max={max()} onChange={set('tradeGoods')} />
      <Stepper label="Command pool" unit="counter" value={split().pool} max={max()} onChange={set('pool')} />
      <Stepper label="Fleet supply" unit="counter" value={split().fleet} max={max()} onChange={set('fleet')} />
      <Stepper label="Strategy allocation" unit="counter" value={split().strat} max={max()} onChange={set('strat')} />
      <p role="status">{total()} of {props.card.bonus} converted</p>
      <Show when={errors.message()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
      <div class="row">
        <button type="button" class="primary grow" onClick={confirm}>Pick {cardTitle(props.card.initiative)}</button>
        <button type="button" onClick={() => props.onClose()}>Cancel</button>
      </div>
    </Dialog>
  );
}
