import { For, Show, createSignal } from 'solid-js';
import { playersIn } from '../../../doc';
import type { Agreement, TradeCard } from '../../../doc/trade';
import * as tradeMoves from '../../../doc/trade/moves';
import { canUseTradeOptionB } from '../../../rules/trade';
import { Dialog } from '../../widgets/Dialog';
import { act, createErrorReporter } from '../../widgets/errors';
import type { PanelProps } from '../types';
import { goods, seatName } from './words';

/**
 * The table's trade view: who trades with whom, the value of each card and the goods lying on it, the
 * same on every phone. On a player's own panel, the two effects of the Trade strategy card that touch
 * every agreement: place trade goods on all of them, and option b (break them all).
 */
export function TradeTable(props: PanelProps) {
  const [confirming, setConfirming] = createSignal(false);
  const name = (id: string) => seatName(props.state, id);
  const lying = () => props.state.trade.agreements.reduce((n, x) => n + x.onA.goods + (x.onB?.goods ?? 0), 0);
  const line = (holder: string, card: TradeCard) =>
    `${name(holder)} holds ${card.owner === holder ? `${name(holder)}'s own` : `${name(card.owner)}'s`} contract ${card.contract + 1}: value ${card.value}, ${goods(card.goods)}`;
  const title = (x: Agreement) => (x.a === x.b ? `${name(x.a)}: self-trade` : `${name(x.a)} ⇄ ${name(x.b)}`);
  return (
    <section aria-labelledby="trade-table-h">
      <h2 id="trade-table-h">Trade at the table</h2>
      <Show when={props.state.trade.agreements.length} fallback={<p class="muted">Nobody trades yet.</p>}>
        <p class="muted small" role="status" aria-label="Trade summary">
          {props.state.trade.agreements.length} agreement{props.state.trade.agreements.length === 1 ? '' : 's'}, {goods(lying())} lying on them
        </p>
        <ul class="list" aria-label="Every trade agreement">
          <For each={props.state.trade.agreements}>
            {(x) => (
              <li class="card" aria-label={title(x)}>
                <strong>{title(x)}</strong>
                <ul class="trade-lines">
                  <li data-card={`${x.id}:a`}>{line(x.a, x.onA)}</li>
                  <Show when={x.onB}>{(card) => <li data-card={`${x.id}:b`}>{line(x.b, card())}</li>}</Show>
                </ul>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <Show when={props.mine}>
        <div class="row">
          <button type="button" class="grow" onClick={() => act(props, () => props.game.move(tradeMoves.placeGoods, props.seat))}>
            Place trade goods on every agreement
          </button>
          <button type="button" class="grow" onClick={() => setConfirming(true)}>Trade card b: break all…</button>
        </div>
      </Show>
      <Show when={confirming()}>
        <BreakAllDialog {...props} onClose={() => setConfirming(false)} />
      </Show>
    </section>
  );
}

function BreakAllDialog(props: PanelProps & { onClose: () => void }) {
  const errors = createErrorReporter();
  const refusal = () => {
    const check = canUseTradeOptionB(playersIn(props.state));
    return check.ok ? undefined : check.reason;
  };
  const confirm = () => {
    const [game, seat] = [props.game, props.seat];
    if (errors.run(() => game.move(tradeMoves.breakAll, seat))) props.onClose();
  };
  return (
    <Dialog title="Break every trade agreement" onClose={props.onClose}>
      <p>
        Option b of the Trade strategy card: every agreement at the table breaks. Each player collects half (rounded down) of the trade goods on the
        cards she holds; the rest is discarded, and the cards go back to their owners.
      </p>
      <Show when={refusal()}>{(why) => <p class="warn">{why()}</p>}</Show>
      <Show when={errors.message()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
      <div class="row">
        <button type="button" class="primary grow" onClick={confirm}>Break all agreements</button>
        <button type="button" onClick={() => props.onClose()}>Cancel</button>
      </div>
    </Dialog>
  );
}
