import { Show, createSignal } from 'solid-js';
import type { Game, GameSnapshot } from '../../../doc';
import { OBJECTIVES_BY_ID } from '../../../doc/objectives';
import type { PaymentChoice } from '../../../doc/planets';
import { claimDefaults } from '../../../doc/objectives';
import * as objectiveMoves from '../../../doc/objectives/moves';
import { costWords, objectiveCost } from '../../../rules/objectives';
import type { ObjectiveCost } from '../../../rules/objectives';
import { Stepper } from '../../widgets/Counter';
import { Dialog } from '../../widgets/Dialog';
import { act, createErrorReporter } from '../../widgets/errors';
import { PayDialog } from '../../widgets/PayDialog';
import { plural } from './words';

interface Props {
  game: Game;
  state: GameSnapshot;
  seat: string;
  objective: string;
  label: string;
  run: (fn: () => void) => boolean;
}

/**
 * Claiming an objective: one tap, or for one that costs ("spend 6 influence"), its price paid in the same
 * change: how an "either" cost splits and which counters go, then the pay helper for resources and for
 * influence (the planets paying resources are not offered again for influence).
 */
export function ClaimObjective(props: Props) {
  const cost = () => objectiveCost(OBJECTIVES_BY_ID.get(props.objective)?.text ?? '');
  const [paying, setPaying] = createSignal(false);
  return (
    <>
      <button
        type="button"
        class="wide"
        onClick={() => (cost() ? setPaying(true) : act(props, () => props.game.move(objectiveMoves.claim, props.seat, props.objective)))}
      >
        {props.label}
        <Show when={cost()}>{(c) => ` · pay ${costWords(c())}…`}</Show>
      </button>
      <Show when={paying() && cost()}>{(c) => <ClaimPayment {...props} cost={c()} onClose={() => setPaying(false)} />}</Show>
    </>
  );
}

function ClaimPayment(props: Props & { cost: ObjectiveCost; onClose: () => void }) {
  const errors = createErrorReporter();
  const c = () => props.state.players[props.seat]?.counters;
  // The dialog opens on what she can pay (issue 35 item 5: it proposed 3 counters from a strategy allocation of 2).
  // eslint-disable-next-line solid/reactivity -- the starting values of a form, read once when it opens
  const start = claimDefaults(props.state, props.seat, props.cost);
  const [inResources, setInResources] = createSignal(start.inResources);
  const [fromPool, setFromPool] = createSignal(start.fromPool);
  const [step, setStep] = createSignal<'form' | 'resources' | 'influence'>('form');
  const [resources, setResources] = createSignal<PaymentChoice>();
  const amounts = () => ({ resources: props.cost.resources + inResources(), influence: props.cost.influence + props.cost.either - inResources() });
  const claim = (paid: { resources?: PaymentChoice | undefined; influence?: PaymentChoice | undefined }) => {
    const counters = { pool: fromPool(), strat: props.cost.counters - fromPool() };
    return props.game.move(objectiveMoves.claim, props.seat, props.objective, { ...paid, eitherResources: inResources(), counters });
  };
  const next = () => {
    if (amounts().resources > 0) setStep('resources');
    else if (amounts().influence > 0) setStep('influence');
    else {
      const pay = claim;
      if (errors.run(() => pay({}))) props.onClose();
    }
  };
  // The planets that pay resources are exhausted for the influence step's suggestion.
  const afterResources = (): GameSnapshot => {
    const [state, used] = [props.state, resources()?.planets ?? []];
    const planets = { ...state.planets };
    for (const id of used) {
      const card = planets[id];
      if (card) planets[id] = { ...card, exhausted: true };
    }
    return { ...state, planets };
  };
  return (
    <>
      <Show when={step() === 'form'}>
        <Dialog title={`Claim ${OBJECTIVES_BY_ID.get(props.objective)?.name ?? props.objective}`} onClose={props.onClose}>
          <p>It costs {costWords(props.cost)}.</p>
          <Show when={props.cost.either}>
            <Stepper label="Paid in resources" unit="resource" value={inResources()} max={props.cost.either} onChange={setInResources} />
            <p class="small muted">The rest, {props.cost.either - inResources()}, in influence.</p>
          </Show>
          <Show when={props.cost.counters}>
            <Stepper label="From your command pool" unit="counter" value={fromPool()} max={Math.min(props.cost.counters, c()?.commandPool ?? 0)} onChange={setFromPool} />
            <p class="small muted">{plural(props.cost.counters - fromPool(), 'counter')} from your strategy allocation.</p>
          </Show>
          <Show when={errors.message()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
          <div class="row">
            <button type="button" class="primary grow" onClick={next}>
              {amounts().resources + amounts().influence > 0 ? 'Pay…' : 'Pay and claim'}
            </button>
            <button type="button" onClick={() => props.onClose()}>Cancel</button>
          </div>
        </Dialog>
      </Show>
      <Show when={step() === 'resources'}>
        <PayDialog
          state={props.state}
          seat={props.seat}
          title="Claim: the resources"
          kind="resources"
          amount={amounts().resources}
          onPay={(_k, _a, choice) => {
            if (amounts().influence <= 0) return claim({ resources: choice });
            setResources(choice);
            setStep('influence');
            return undefined;
          }}
          onClose={() => (step() === 'resources' ? props.onClose() : undefined)}
        />
      </Show>
      <Show when={step() === 'influence'}>
        <PayDialog
          state={afterResources()}
          seat={props.seat}
          title="Claim: the influence"
          kind="influence"
          amount={amounts().influence}
          onPay={(_k, _a, choice) => claim({ resources: resources(), influence: choice })}
          onClose={() => props.onClose()}
        />
      </Show>
    </>
  );
}
