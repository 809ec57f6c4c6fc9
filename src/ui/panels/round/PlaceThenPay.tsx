import { Show, createSignal } from 'solid-js';
import type { JSX } from 'solid-js';
import type { GameSnapshot } from '../../../doc';
import type { PaymentChoice } from '../../../doc/planets';
import type { CounterAreas } from '../../../doc/sheet';
import { PayDialog } from '../../widgets/PayDialog';
import { AreasDialog } from '../counters/AreasDialog';

/**
 * Command counters bought: she places them where she picks, then pays their price through the pay helper;
 * both land in one change (`onPay`). Leadership's Executive Commands, and the Nekro's counters in place of
 * Technology's technologies. `price` is undefined for a number of counters that cannot be bought (`why`).
 */
export function PlaceThenPay(props: {
  state: GameSnapshot;
  seat: string;
  label: JSX.Element;
  suggested: number;
  note: string;
  kind: 'resources' | 'influence';
  price: (counters: number) => number | undefined;
  why: string;
  title: (counters: number) => string;
  onPay: (areas: CounterAreas, choice: PaymentChoice) => unknown;
}) {
  const [areas, setAreas] = createSignal<CounterAreas>();
  const [choosing, setChoosing] = createSignal(false);
  const count = (a: CounterAreas) => a.pool + a.fleet + a.strat;
  return (
    <>
      <button type="button" class="primary grow" onClick={() => setChoosing(true)}>{props.label}</button>
      <Show when={choosing()}>
        <AreasDialog
          mode="receive"
          now={{ pool: 0, fleet: 0, strat: 0 }}
          suggested={props.suggested}
          note={props.note}
          onConfirm={(a) => {
            if (props.price(count(a)) === undefined) throw new Error(props.why);
            setAreas(a);
          }}
          onClose={() => setChoosing(false)}
        />
      </Show>
      <Show when={areas()}>
        {(a) => (
          <PayDialog
            state={props.state}
            seat={props.seat}
            title={props.title(count(a()))}
            kind={props.kind}
            amount={props.price(count(a())) ?? 0}
            onPay={(_k, _a, choice) => props.onPay(a(), choice)}
            onClose={() => setAreas(undefined)}
          />
        )}
      </Show>
    </>
  );
}
