import { For, Show, createEffect, createMemo, createSignal, on } from 'solid-js';
import { amountOf } from '../../doc/views';
import type { PayKind, PaymentChoice } from '../../doc/planets';
import type { GameSnapshot } from '../../doc';
import { planetPays, planetsOf, planetState, tradeGoodWorthOf } from '../../doc/planets/views';
import { planPayment } from '../../rules';
import { Stepper } from './Counter';
import { Dialog } from './Dialog';
import { createErrorReporter } from './errors';

/**
 * "Pay…": a cost in resources or influence, the pay helper's suggestion (001 "Spending Resources and
 * Influence"), planets and trade goods she can adjust, and one confirm that writes it all at once.
 * `kind` and `amount` are fixed when the price comes from the rules (an upgrade, a technology).
 */
export function PayDialog(props: {
  state: GameSnapshot;
  seat: string;
  title: string;
  kind?: PayKind;
  amount?: number;
  /** Pays: a move's refusal returned (`game.move`), or a command's thrown, is shown in the dialog. */
  onPay: (kind: PayKind, amount: number, choice: PaymentChoice) => unknown;
  onClose: () => void;
}) {
  const errors = createErrorReporter();
  const [kindChoice, setKind] = createSignal<PayKind>('resources');
  const [typed, setTyped] = createSignal('');
  const kind = () => props.kind ?? kindChoice();
  const amount = () => props.amount ?? (Number.parseInt(typed(), 10) || 0);
  const refreshed = createMemo(() => planetsOf(props.state, props.seat).filter((p) => !p.exhausted));
  const tradeGoods = () => props.state.players[props.seat]?.counters.tradeGoods ?? 0;
  const valueOf = (id: string) => {
    const card = props.state.planets[id];
    return card ? planetPays(card, kind(), props.state.round) : 0;
  };
  // 2 for the Mentak with Mirror Computing (rules/raceAbilities.ts), 1 otherwise.
  const worth = () => tradeGoodWorthOf(props.state, props.seat);
  const plan = createMemo(() => planPayment({ cost: amount(), kind: kind(), planets: refreshed().map((card) => planetState(card, props.state.round)), tradeGoods: tradeGoods(), goodWorth: worth() }));
  const [picked, setPicked] = createSignal<ReadonlySet<string>>(new Set());
  const [goods, setGoods] = createSignal(0);
  // A new cost or kind starts again from the helper's suggestion.
  createEffect(
    on([kind, amount], () => {
      const p = plan();
      setPicked(new Set(p.ok ? p.planetIds : []));
      setGoods(p.ok ? p.tradeGoods : 0);
    }),
  );
  const paid = createMemo(() => {
    let sum = goods() * worth();
    for (const id of picked()) sum += valueOf(id);
    return sum;
  });
  const toggle = (id: string) => {
    const next = new Set(picked());
    if (!next.delete(id)) next.add(id);
    setPicked(next);
  };
  const confirm = () => {
    const choice = { planets: refreshed().filter((p) => picked().has(p.id)).map((p) => p.id), tradeGoods: goods() };
    const [onPay, k, n] = [props.onPay, kind(), amount()];
    if (errors.run(() => onPay(k, n, choice))) props.onClose();
  };

  return (
    <Dialog title={props.title} onClose={props.onClose}>
      <Show when={props.kind === undefined}>
        <div class="row" role="group" aria-label="Pay with">
          <For each={['resources', 'influence'] as const}>
            {(k) => (
              <button type="button" class="grow" aria-pressed={kind() === k} onClick={() => setKind(k)}>
                {k === 'resources' ? 'Resources' : 'Influence'}
              </button>
            )}
          </For>
        </div>
      </Show>
      <Show when={props.amount === undefined} fallback={<p>Cost: <strong>{amountOf(amount(), kind())}</strong></p>}>
        <label for="pay-cost">Cost in {kind()}</label>
        <input id="pay-cost" type="number" inputmode="numeric" min="0" max="99" value={typed()} onInput={(e) => setTyped(e.currentTarget.value)} />
      </Show>
      <Show when={!plan().ok && amount() > 0}>
        <p class="muted">{(plan() as { reason?: string }).reason}</p>
      </Show>
      <fieldset>
        <legend>Planets to exhaust</legend>
        <Show when={refreshed().length} fallback={<p class="muted">No refreshed planet.</p>}>
          <For each={refreshed()}>
            {(p) => (
              <label class="check">
                <input type="checkbox" checked={picked().has(p.id)} onChange={() => toggle(p.id)} />
                <span class="grow">{p.name}</span>
                <span>{valueOf(p.id)}</span>
              </label>
            )}
          </For>
        </Show>
      </fieldset>
      <Stepper label="Trade goods" unit="trade good" value={goods()} max={tradeGoods()} onChange={setGoods} />
      <Show when={worth() > 1}>
        <p class="small">Mirror Computing: each trade good pays {worth()}.</p>
      </Show>
      <p role="status">
        Paying {paid()} of {amountOf(amount(), kind())}
        {paid() > amount() && amount() > 0 ? ` (${paid() - amount()} lost)` : ''}
      </p>
      <Show when={errors.message()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
      <div class="row">
        <button type="button" class="primary grow" onClick={confirm}>
          Pay {amountOf(amount(), kind())}
        </button>
        <button type="button" onClick={() => props.onClose()}>Cancel</button>
      </div>
    </Dialog>
  );
}
