import { For, Show, createSignal } from 'solid-js';
import { amountOf } from '../../../doc';
import type { UpgradeOffer } from '../../../doc/sheet';
import { upgradeOffers } from '../../../doc/sheet';
import * as sheetMoves from '../../../doc/sheet/moves';
import { PayDialog } from '../../widgets/PayDialog';
import type { PanelProps } from '../types';

/**
 * Racial upgrades with their price right now: base − VP + base costs already unlocked (001 "Unlock
 * Racial Upgrades"), recomputed whenever her VP or upgrades change; unlocking pays through the helper.
 * `compact` (status step 4): the text on demand, so "Done with step" stays on the first screen.
 */
export function Upgrades(props: PanelProps & { compact?: boolean }) {
  const offers = () => upgradeOffers(props.state, props.seat);
  const [paying, setPaying] = createSignal<UpgradeOffer>();
  const unlock = (o: UpgradeOffer) => (
    <button type="button" aria-label={`Unlock ${o.upgrade.name} for ${amountOf(o.cost, 'resources')}`} onClick={() => setPaying(o)}>
      Unlock…
    </button>
  );
  return (
    <section aria-labelledby="upgrades-h">
      <h3 id="upgrades-h">Racial upgrades</h3>
      <ul class="list">
        <For each={offers()}>
          {(o) => (
            <li class="card" aria-label={o.upgrade.name}>
              <div class="row spread">
                <strong>{o.upgrade.name}</strong>
                <Show when={!o.unlocked} fallback={<span class="ok">Unlocked</span>}>
                  <span data-testid="upgrade-cost">Costs {o.cost} (base {o.upgrade.baseCost})</span>
                </Show>
                <Show when={props.compact && props.mine && !o.unlocked}>{unlock(o)}</Show>
              </div>
              <Show when={props.compact} fallback={<p class="small">{o.upgrade.text}</p>}>
                <details class="small">
                  <summary>What it does</summary>
                  <p>{o.upgrade.text}</p>
                </details>
              </Show>
              <Show when={!props.compact && props.mine && !o.unlocked}>{unlock(o)}</Show>
            </li>
          )}
        </For>
      </ul>
      <Show when={paying()}>
        {(o) => (
          <PayDialog
            state={props.state}
            seat={props.seat}
            title={`Unlock ${o().upgrade.name}`}
            kind="resources"
            amount={offers().find((x) => x.upgrade.id === o().upgrade.id)?.cost ?? o().cost}
            onPay={(_kind, _amount, choice) => props.game.move(sheetMoves.unlockUpgrade, props.seat, o().upgrade.id, choice)}
            onClose={() => setPaying(undefined)}
          />
        )}
      </Show>
    </section>
  );
}
