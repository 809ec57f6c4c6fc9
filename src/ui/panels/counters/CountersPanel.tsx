import { Show, createMemo, createSignal } from 'solid-js';
import { amountOf, fail } from '../../../doc';
import { statusIncomeOf, upkeepDue } from '../../../doc/round';
import * as sheetMoves from '../../../doc/sheet/moves';
import { canMoveCommandCounters } from '../../../rules';
import { Counter } from '../../widgets/Counter';
import type { PanelProps } from '../types';
import { AreasDialog } from './AreasDialog';
import { TradeGoods } from './TradeGoods';
import { act } from '../../widgets/errors';
import { UpkeepDialog } from './UpkeepDialog';

/**
 * Command counters (001 "Command Counters"): the three areas with +/−, one-tap spending for a tactical
 * action or a secondary ability, receiving (she picks the areas), reallocating (status phase step 7
 * only), and the fleet supply upkeep beyond 8. Trade goods below.
 */
export function CountersPanel(props: PanelProps) {
  const c = () => props.state.players[props.seat]?.counters;
  const upkeep = createMemo(() => upkeepDue(props.state, props.seat));
  const [dialog, setDialog] = createSignal<'receive' | 'move' | 'upkeep'>();
  const adjust = (counter: 'commandPool' | 'fleetSupply' | 'strategyAllocation', delta: number) => {
    const [game, seat] = [props.game, props.seat];
    return props.mine ? () => act(props, () => game.move(sheetMoves.adjustCounter, seat, counter, delta)) : undefined;
  };
  const reallocate = () => {
    const check = canMoveCommandCounters(props.state.round);
    // Say why instead of opening a form that would be refused.
    if (!check.ok) return act(props, () => fail('not-allowed', check.reason));
    setDialog('move');
    return true;
  };
  return (
    <div class="stack">
      <h2>Command counters</h2>
      <Counter label="Command pool" unit="command pool counter" value={c()?.commandPool ?? 0} onAdd={adjust('commandPool', 1)} onRemove={adjust('commandPool', -1)} />
      <Counter label="Fleet supply" unit="fleet supply counter" value={c()?.fleetSupply ?? 0} onAdd={adjust('fleetSupply', 1)} onRemove={adjust('fleetSupply', -1)} />
      <Counter label="Strategy allocation" unit="strategy allocation counter" value={c()?.strategyAllocation ?? 0} onAdd={adjust('strategyAllocation', 1)} onRemove={adjust('strategyAllocation', -1)} />
      <Show when={upkeep() > 0}>
        <p class="alert" role="status">
          <strong>Fleet supply upkeep:</strong> {amountOf(upkeep(), 'resources')} at status phase step 7 (1 per counter beyond 8); unpaid counters are lost.
          <Show when={props.mine}>
            {' '}<button type="button" onClick={() => setDialog('upkeep')}>Pay upkeep…</button>
          </Show>
        </p>
      </Show>
      <Show when={props.mine}>
        <div class="row">
          <button type="button" class="grow" onClick={() => act(props, () => props.game.move(sheetMoves.spendTactical, props.seat))}>Tactical action (−1 command pool)</button>
          <button type="button" class="grow" onClick={() => act(props, () => props.game.move(sheetMoves.spendSecondary, props.seat))}>Secondary ability (−1 strategy allocation)</button>
        </div>
        <div class="row">
          <button type="button" class="grow" onClick={() => setDialog('receive')}>Receive counters…</button>
          <button type="button" class="grow" onClick={reallocate}>Move between areas…</button>
        </div>
      </Show>
      <Show when={dialog() === 'receive' || dialog() === 'move'}>
        <AreasDialog
          mode={dialog() === 'move' ? 'move' : 'receive'}
          now={{ pool: c()?.commandPool ?? 0, fleet: c()?.fleetSupply ?? 0, strat: c()?.strategyAllocation ?? 0 }}
          suggested={statusIncomeOf(props.state, props.seat).counters}
          onConfirm={(areas) =>
            dialog() === 'move' ? props.game.move(props.game.moves.sheet.reallocateCounters, props.seat, areas) : props.game.move(props.game.moves.sheet.receiveCounters, props.seat, areas)
          }
          onClose={() => setDialog(undefined)}
        />
      </Show>
      <Show when={dialog() === 'upkeep'}>
        <UpkeepDialog game={props.game} state={props.state} seat={props.seat} amount={upkeep()} onClose={() => setDialog(undefined)} />
      </Show>
      <TradeGoods {...props} />
    </div>
  );
}
