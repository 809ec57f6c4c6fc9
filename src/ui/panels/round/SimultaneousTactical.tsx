import { Show, createSignal } from 'solid-js';
import type { Game, GameSnapshot } from '../../../doc';
import { checkSimultaneousAct } from '../../../doc/round';
import { SYSTEMS_MAX, simultaneousCost } from '../../../rules/variants';
import { Stepper } from '../../widgets/Counter';
import { Dialog } from '../../widgets/Dialog';
import { createErrorReporter } from '../../widgets/errors';
import { plural } from './words';
import * as roundMoves from '../../../doc/round/moves';

/**
 * The Simultaneous Tactical Action (that game option, 001 "Simultaneous Tactical Action System"): how
 * many systems she activates of each kind, since a system without friendly ships or a space dock costs 2
 * command counters instead of 1. The cost is shown as she counts, and a pool too small says why before
 * anything is written; the fold checks the same count on every phone.
 */
export function SimultaneousTactical(props: { game: Game; state: GameSnapshot; seat: string }) {
  const [open, setOpen] = createSignal(false);
  return (
    <>
      <button type="button" class="wide" onClick={() => setOpen(true)}>
        Simultaneous tactical action…
      </button>
      <Show when={open()}>
        <SystemsDialog {...props} onClose={() => setOpen(false)} />
      </Show>
    </>
  );
}

function SystemsDialog(props: { game: Game; state: GameSnapshot; seat: string; onClose: () => void }) {
  const errors = createErrorReporter();
  const [friendly, setFriendly] = createSignal(2);
  const [other, setOther] = createSignal(0);
  const systems = () => ({ friendly: friendly(), other: other() });
  const pool = () => props.state.players[props.seat]?.counters.commandPool ?? 0;
  const check = () => checkSimultaneousAct(props.state.meta.options, systems(), pool());
  const reason = () => {
    const c = check();
    return c.ok ? '' : c.reason;
  };
  const activate = () => {
    const [game, seat, s] = [props.game, props.seat, systems()];
    if (errors.run(() => game.move(roundMoves.simultaneousTactical, seat, s))) props.onClose();
  };
  return (
    <Dialog title="Simultaneous tactical action" onClose={props.onClose}>
      <p class="small">Activate as many systems as you like: 1 command counter for each system with your ships or space dock, 2 for each other system. Then carry out each step in every activated system before the next step.</p>
      <Stepper label="Systems with your ships or space dock" unit="system" max={SYSTEMS_MAX} value={friendly()} onChange={setFriendly} />
      <Stepper label="Systems without them" unit="system" max={SYSTEMS_MAX} value={other()} onChange={setOther} />
      <p class="small" role="status" aria-label="Cost">
        {plural(friendly() + other(), 'system')}: {plural(simultaneousCost(systems()), 'command counter')} from your command pool ({pool()} there).
      </p>
      <Show when={reason()}>{(r) => <p class="alert small">{r()}</p>}</Show>
      <Show when={errors.message()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
      <div class="row">
        <button type="button" class="primary grow" disabled={!check().ok} onClick={activate}>
          Activate ({plural(simultaneousCost(systems()), 'command counter')})
        </button>
        <button type="button" onClick={() => props.onClose()}>Cancel</button>
      </div>
    </Dialog>
  );
}
