import { Show, createSignal } from 'solid-js';
import type { CounterAreas } from '../../../doc/sheet';
import { Stepper } from '../../widgets/Counter';
import { Dialog } from '../../widgets/Dialog';
import { createErrorReporter } from '../../widgets/errors';

/**
 * Where counters go. 'receive': how many she places in each area (001: "she must place it on her race
 * sheet in one of the three areas (she chooses which)"). 'move': the new split, same total.
 */
export function AreasDialog(props: {
  mode: 'receive' | 'move';
  now: CounterAreas;
  suggested: number;
  /** What the counters come from, when not the status phase (a strategy card). */
  note?: string;
  /** 'receive': the split to start from (how she placed them last round); nothing placed otherwise. */
  initial?: CounterAreas | undefined;
  onConfirm: (areas: CounterAreas) => unknown;
  onClose: () => void;
}) {
  const errors = createErrorReporter();
  // A form: starts from the current split (or the one given, or nothing received) and writes nothing until confirmed.
  // eslint-disable-next-line solid/reactivity
  const [areas, setAreas] = createSignal<CounterAreas>(props.mode === 'move' ? { ...props.now } : { ...(props.initial ?? { pool: 0, fleet: 0, strat: 0 }) });
  const total = () => areas().pool + areas().fleet + areas().strat;
  const had = () => props.now.pool + props.now.fleet + props.now.strat;
  const set = (key: keyof CounterAreas) => (n: number) => setAreas({ ...areas(), [key]: n });
  const confirm = () => {
    const [chosen, onConfirm] = [areas(), props.onConfirm];
    if (errors.run(() => onConfirm(chosen))) props.onClose();
  };
  return (
    <Dialog title={props.mode === 'move' ? 'Move counters between areas' : 'Receive command counters'} onClose={props.onClose}>
      <p class="muted small">
        {props.mode === 'move'
          ? `Status phase step 7: redistribute your ${had()} counters.`
          : `Where do they go? (${props.note ?? `The status phase gives ${props.suggested}`}.)`}
      </p>
      <Stepper label="Command pool" unit="counter" value={areas().pool} onChange={set('pool')} />
      <Stepper label="Fleet supply" unit="counter" value={areas().fleet} onChange={set('fleet')} />
      <Stepper label="Strategy allocation" unit="counter" value={areas().strat} onChange={set('strat')} />
      <p role="status">
        {props.mode === 'move' ? `${total()} of ${had()} counters placed` : `${total()} counters to receive`}
      </p>
      <Show when={errors.message()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
      <div class="row">
        <button type="button" class="primary grow" onClick={confirm}>
          {props.mode === 'move' ? 'Move counters' : `Receive ${total()}`}
        </button>
        <button type="button" onClick={() => props.onClose()}>Cancel</button>
      </div>
    </Dialog>
  );
}
