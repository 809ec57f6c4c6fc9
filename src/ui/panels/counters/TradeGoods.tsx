import { For, Show, createSignal } from 'solid-js';
import * as sheetMoves from '../../../doc/sheet/moves';
import { Counter, Stepper } from '../../widgets/Counter';
import { Dialog } from '../../widgets/Dialog';
import { act, createErrorReporter } from '../../widgets/errors';
import type { PanelProps } from '../types';

/** Trade goods (001 "Trade Goods"): +/−, and give to another seat (both counters change at once). */
export function TradeGoods(props: PanelProps) {
  const [giving, setGiving] = createSignal(false);
  const has = () => props.state.players[props.seat]?.counters.tradeGoods ?? 0;
  const adjust = (delta: number) => {
    const [game, seat] = [props.game, props.seat];
    return props.mine ? () => act(props, () => game.move(sheetMoves.adjustCounter, seat, 'tradeGoods', delta)) : undefined;
  };
  return (
    <section aria-labelledby="tg-h">
      <h2 id="tg-h">Trade goods</h2>
      <Counter label="Trade goods" unit="trade good" value={has()} onAdd={adjust(1)} onRemove={adjust(-1)} />
      <Show when={props.mine}>
        {/* With none to give, the dialog would only refuse after the tap (issue 35 item 7). */}
        <button type="button" disabled={has() < 1} aria-describedby={has() < 1 ? 'tg-none' : undefined} onClick={() => setGiving(true)}>Give trade goods…</button>
        <Show when={has() < 1}>
          <p id="tg-none" class="muted small">No trade good to give.</p>
        </Show>
        <p class="muted small">To spend them on a cost, use Pay… on the Planets tab.</p>
      </Show>
      <Show when={giving()}>
        <GiveDialog {...props} has={has()} onClose={() => setGiving(false)} />
      </Show>
    </section>
  );
}

function GiveDialog(props: PanelProps & { has: number; onClose: () => void }) {
  const errors = createErrorReporter();
  const others = () => props.state.seats.filter((s) => s.id !== props.seat);
  const [to, setTo] = createSignal(others()[0]?.id ?? '');
  const [amount, setAmount] = createSignal(1);
  const give = () => {
    const [game, from, seat, n] = [props.game, props.seat, to(), amount()];
    if (errors.run(() => game.move(sheetMoves.giveTradeGoods, from, seat, n))) props.onClose();
  };
  return (
    <Dialog title="Give trade goods" onClose={props.onClose}>
      <label for="give-to">To</label>
      <select id="give-to" value={to()} onChange={(e) => setTo(e.currentTarget.value)}>
        <For each={others()}>{(s) => <option value={s.id}>{s.name}</option>}</For>
      </select>
      <Stepper label="How many" unit="trade good" value={amount()} min={1} max={Math.max(1, props.has)} onChange={setAmount} />
      <Show when={errors.message()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
      <div class="row">
        <button type="button" class="primary grow" onClick={give}>Give {amount()}</button>
        <button type="button" onClick={() => props.onClose()}>Cancel</button>
      </div>
    </Dialog>
  );
}
