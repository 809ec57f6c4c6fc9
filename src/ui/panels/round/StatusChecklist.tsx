import { For, Match, Show, Switch, createMemo, createSignal } from 'solid-js';
import { amountOf, listWords } from '../../../doc';
import { OBJECTIVES } from '../../../data';
import type { Game, GameSnapshot } from '../../../doc';
import { awaited, lastIncome, leftBehind, statusIncomeOf, upkeepDue } from '../../../doc/round';
import { OBJECTIVES_BY_ID, claimCheck, claimable } from '../../../doc/objectives';
import * as objectiveMoves from '../../../doc/objectives/moves';
import { planetsOf } from '../../../doc/planets';
import * as planetMoves from '../../../doc/planets/moves';
import { STATUS_STEPS } from '../../../rules/round';
import { claimLimits } from '../../../rules/status';
import { without } from '../../../secret/privateStore';
import { createPrivateHand } from '../../widgets/privateHand';
import { Stepper } from '../../widgets/Counter';
import { ConfirmDialog } from '../../widgets/Dialog';
import { PayDialog } from '../../widgets/PayDialog';
import { act } from '../../widgets/errors';
import { AreasDialog } from '../counters/AreasDialog';
import { Upgrades } from '../sheet/Upgrades';
import { ClaimObjective } from './ClaimObjective';
import { PathOfFate } from './PathOfFate';
import { names, plural, seatName } from './words';
import { UpkeepDialog } from '../counters/UpkeepDialog';
import * as roundMoves from '../../../doc/round/moves';

interface Props {
  game: Game;
  state: GameSnapshot;
  mySeat: string | undefined;
  run: (fn: () => void) => boolean;
}

const STAGE_LABEL = { stage1: 'Stage I', stage2: 'Stage II', preliminary: 'Preliminary', secret: 'Secret', special: 'Special' } as const;

/**
 * Status phase (001 "Status Phase sequence") as a shared checklist: the current step first, with this
 * phone's controls for its own seat, "Done" and who the table is still waiting for; then the nine steps
 * in order. Step 2 (progression feedback) is applied by itself. "Next step without waiting" (after a
 * question) moves on for a seat whose phone is away; two phones doing it at once still move one step.
 */
export function StatusChecklist(props: Props) {
  const step = () => props.state.round.step ?? 1;
  const t = () => props.state.tracker;
  const waiting = createMemo(() => awaited(props.state));
  const done = () => !!props.mySeat && t().done.includes(props.mySeat);
  const run = (fn: () => void) => act(props, fn);
  const [skipping, setSkipping] = createSignal(false);
  const [leaving, setLeaving] = createSignal(false);
  const others = () => waiting().filter((id) => id !== props.mySeat);
  // What "Done" would leave behind in this step (issue 35 item 1): asked before, never dropped in silence.
  const owed = () => (props.mySeat ? leftBehind(props.state, props.mySeat, { by: 'done', step: step() }) : []);
  // eslint-disable-next-line solid/reactivity -- called from click handlers only
  const finish = () => run(() => props.game.move(roundMoves.done, props.mySeat as string));
  return (
    <section aria-labelledby="status-h">
      <h3 id="status-h">Status phase</h3>
      {/* The decision first: this step's controls and "Done", then the checklist for reference. */}
      <div class="card current-step" role="group" aria-label={`Step ${step()}: ${STATUS_STEPS[step() - 1] ?? ''}`}>
        <h4>Step {step()}: {STATUS_STEPS[step() - 1]}</h4>
        <Show when={props.mySeat} fallback={<p class="muted">Pick this phone's player to take part.</p>}>
          {(seat) => <StepControls {...props} seat={seat()} step={step()} />}
        </Show>
        <Show when={props.mySeat && !done()}>
          <button type="button" class="wide" classList={{ primary: !owed().length && !toRefresh(props.state, props.mySeat as string, step()) }} aria-label={`Done with step ${step()}: ${STATUS_STEPS[step() - 1] ?? ''}`} onClick={() => (owed().length ? setLeaving(true) : finish())}>
            Done with step {step()}
          </button>
        </Show>
        <Show when={leaving() && owed().length > 0}>
          <ConfirmDialog
            title={`Done with step ${step()} without ${listWords(owed())}?`}
            confirm={step() === 6 ? `Done without ${listWords(owed())}` : 'Done anyway'}
            onConfirm={finish}
            onClose={() => setLeaving(false)}
          >
            <p>The table moves on without {owed().length === 1 ? 'it' : 'them'} once everyone is done; nothing brings {owed().length === 1 ? 'it' : 'them'} back later.</p>
          </ConfirmDialog>
        </Show>
        <p role="status" aria-label="Waiting for" class="small">
          {waiting().length ? `Waiting for ${names(waiting().map((id) => (id === props.mySeat ? 'you' : seatName(props.state, id))))}.` : 'Everyone is done.'}
        </p>
      </div>
      <ol class="list checklist" aria-label="Status phase steps">
        <For each={STATUS_STEPS}>
          {(name, i) => {
            const n = () => i() + 1;
            return (
              <li classList={{ current: n() === step(), past: n() < step() }} aria-current={n() === step() ? 'step' : undefined}>
                <span class="step-num" aria-hidden="true">{n() < step() ? '✓' : n()}</span> {name}
                <Show when={n() === 2 && t().feedback}>
                  {(f) => <span class="small muted"> — {f().seat ? `${seatName(props.state, f().seat)} +${plural(f().tradeGoods, 'trade good')}` : 'nobody leads: no trade goods'}</span>}
                </Show>
              </li>
            );
          }}
        </For>
      </ol>
      {/* Away from "Done" and behind a question: it moves every phone on, skipping the others. */}
      <Show when={others().length}>
        <button type="button" class="wide" onClick={() => setSkipping(true)}>Next step without waiting…</button>
      </Show>
      {/* Gone by itself if the others finish meanwhile: nothing left to skip. */}
      <Show when={skipping() && others().length}>
        <ConfirmDialog
          title={`Move on without ${names(others().map((id) => seatName(props.state, id)))}?`}
          confirm="Move on without waiting"
          // eslint-disable-next-line solid/reactivity -- a click handler of the dialog's button
          onConfirm={() => run(() => props.game.move(roundMoves.advance, props.state.round))}
          onClose={() => setSkipping(false)}
        >
          <p>
            Step {step()} is not done for {names(others().map((id) => seatName(props.state, id)))}: every phone moves on to the next step without{' '}
            {others().length === 1 ? 'that player' : 'those players'}. Do this only for a phone that is away.
          </p>
        </ConfirmDialog>
      </Show>
    </section>
  );
}

/** Step 5 with planets of hers still exhausted: refreshing them is the step's main button, not "Done". */
const toRefresh = (s: GameSnapshot, seat: string, step: number): boolean => step === 5 && planetsOf(s, seat).some((p) => p.exhausted);

function StepControls(props: Props & { seat: string; step: number }) {
  const run = (fn: () => void) => act(props, fn);
  const [dialog, setDialog] = createSignal<'produce' | 'receive' | 'move' | 'upkeep'>();
  const [goods, setGoods] = createSignal(1);
  const c = () => props.state.players[props.seat]?.counters;
  const areas = () => ({ pool: c()?.commandPool ?? 0, fleet: c()?.fleetSupply ?? 0, strat: c()?.strategyAllocation ?? 0 });
  const upkeep = () => upkeepDue(props.state, props.seat);
  const income = () => statusIncomeOf(props.state, props.seat);
  const ccGiven = () => income().counters;
  const gains = () => `${plural(income().actionCards, 'action card')}, ${plural(income().politicalCards, 'political card')} and ${plural(ccGiven(), 'command counter')}`;
  const received = () => props.state.tracker.received.includes(props.seat);
  // Step 6 starts from how she split them last round, when it is the same number of counters.
  const lastSplit = () => {
    const last = lastIncome(props.state, props.seat);
    return last && last.pool + last.fleet + last.strat === ccGiven() ? last : undefined;
  };
  return (
    <div class="stack">
      <Switch>
        <Match when={props.step === 1}>
          <ClaimStep {...props} />
        </Match>
        <Match when={props.step === 3}>
          <p class="small">Spend resources for one trade good per two (exhaust planets).</p>
          <Stepper label="Trade goods to produce" unit="trade good" min={1} max={20} value={goods()} onChange={setGoods} />
          <button type="button" class="wide" onClick={() => setDialog('produce')}>
            Pay {goods() * 2} resources for {plural(goods(), 'trade good')}…
          </button>
        </Match>
        <Match when={props.step === 4}>
          <Upgrades game={props.game} state={props.state} seat={props.seat} mine={true} run={props.run} compact />
        </Match>
        <Match when={props.step === 5}>
          <p class="small">To build a facility or use a planet's refresh ability instead, do it on the Planets tab first: those planets stay exhausted.</p>
          <button type="button" class="wide" classList={{ primary: toRefresh(props.state, props.seat, props.step) }} onClick={() => run(() => props.game.move(planetMoves.refreshAll, props.seat))}>Refresh my planets</button>
        </Match>
        <Match when={props.step === 6}>
          <Show when={!received()} fallback={<p class="ok small">Received: {gains()}.</p>}>
            <button type="button" class="primary wide" onClick={() => setDialog('receive')}>
              Receive {gains()}…
            </button>
          </Show>
        </Match>
        <Match when={props.step === 7}>
          <button type="button" class="wide" onClick={() => setDialog('move')}>Move counters between areas…</button>
          <Show when={upkeep() > 0}>
            <p class="alert small">Fleet supply upkeep: {amountOf(upkeep(), 'resources')} (1 per counter beyond 8); unpaid counters are lost.</p>
            <button type="button" class="wide" onClick={() => setDialog('upkeep')}>Pay upkeep…</button>
          </Show>
        </Match>
        <Match when={props.step === 8}>
          <p class="small">Scuttle units on the board if you wish; break trade agreements on the Trade tab.</p>
        </Match>
        <Match when={props.step === 9}>
          <p class="small">Remove command counters from the board, repair units, take back agendas left in the Twilight Council, refresh space docks. The strategy cards go back to the table (their bonus counters stay).</p>
        </Match>
      </Switch>
      <Show when={dialog() === 'produce'}>
        <PayDialog
          state={props.state}
          seat={props.seat}
          title={`Produce ${plural(goods(), 'trade good')}`}
          kind="resources"
          amount={goods() * 2}
          onPay={(_kind, amount, choice) => props.game.move(roundMoves.produceTradeGoods, props.seat, amount, choice)}
          onClose={() => setDialog(undefined)}
        />
      </Show>
      <Show when={dialog() === 'receive' || dialog() === 'move'}>
        <AreasDialog
          mode={dialog() === 'move' ? 'move' : 'receive'}
          now={areas()}
          suggested={ccGiven()}
          initial={dialog() === 'receive' ? lastSplit() : undefined}
          onConfirm={(a) => (dialog() === 'move' ? props.game.move(props.game.moves.sheet.reallocateCounters, props.seat, a) : props.game.move(roundMoves.receive, props.seat, a))}
          onClose={() => setDialog(undefined)}
        />
      </Show>
      <Show when={dialog() === 'upkeep'}>
        <UpkeepDialog game={props.game} state={props.state} seat={props.seat} amount={upkeep()} onClose={() => setDialog(undefined)} />
      </Show>
    </div>
  );
}

/** Step 1: what she may still claim, one tap per objective she can claim, and her secret objective. */
function ClaimStep(props: Props & { seat: string }) {
  const t = () => props.state.tracker;
  const mine = () => t().claims.filter((c) => c.seat === props.seat && c.round === props.state.round.round && c.step);
  const left = () => claimLimits(mine().map((c) => OBJECTIVES_BY_ID.get(c.objective)?.stage ?? 'stage1'));
  const open = createMemo(() => claimable(props.state, props.seat));
  const secrets = createMemo(() => OBJECTIVES.filter((o) => o.stage === 'secret' && !t().claims.some((c) => c.objective === o.id)));
  // Her hand lives on this phone only (the Council tab's "Your hand"): its secret objectives come first.
  const hand = createPrivateHand(() => ({ gameId: props.state.meta.id, seat: props.seat }));
  const inHand = () => secrets().filter((o) => hand.hand().secretObjectives.includes(o.id));
  const others = () => secrets().filter((o) => !hand.hand().secretObjectives.includes(o.id));
  const [secret, setSecret] = createSignal('');
  const claimSecret = () => {
    const [game, seat, id] = [props.game, props.seat, secret()];
    if (!act(props, () => game.move(objectiveMoves.claim, seat, id))) return;
    setSecret('');
    // Claimed, it is public now: it leaves her private hand.
    void hand.update((h) => (h.secretObjectives.includes(id) ? { ...h, secretObjectives: without(h.secretObjectives, id) } : h));
  };
  return (
    <>
      <p class="small">
        You may still claim {plural(left().public, 'public objective')} (Stage I or II), {plural(left().secret, 'secret objective')} and the preliminary objective while it is open. Special objectives are claimed for you while you qualify.
      </p>
      <ul class="list" aria-label="Objectives you can claim">
        <For each={open()} fallback={<li class="muted small">No revealed objective you can claim now.</li>}>
          {(id) => {
            const o = () => OBJECTIVES_BY_ID.get(id);
            return (
              <li>
                <ClaimObjective {...props} objective={id} label={`Claim ${o()?.name} (${STAGE_LABEL[o()?.stage ?? 'stage1']}, +${o()?.vp} VP)`} />
              </li>
            );
          }}
        </For>
      </ul>
      {/* 001 "Path of Fate": a race-specific objective scored in this step leaves no room for a secret one. */}
      <Show when={left().secret > 0 && !t().fate.some((f) => f.seat === props.seat && f.round === props.state.round.round)}>
        <label for="secret-claim">A secret objective from your hand</label>
        <div class="row nowrap">
          <select id="secret-claim" class="grow" value={secret()} onChange={(e) => setSecret(e.currentTarget.value)}>
            <option value="">Choose…</option>
            <Show when={inHand().length}>
              <optgroup label="In your hand">
                <For each={inHand()}>{(o) => <option value={o.id}>{o.name}</option>}</For>
              </optgroup>
            </Show>
            <optgroup label={inHand().length ? 'Other secret objectives' : 'Secret objectives'}>
              <For each={others()}>{(o) => <option value={o.id}>{o.name}</option>}</For>
            </optgroup>
          </select>
          <button type="button" disabled={!secret() || !claimCheck(props.state, props.seat, secret()).ok} onClick={claimSecret}>Reveal and claim</button>
        </div>
        <p class="muted small">It becomes public only now, when you claim it.</p>
      </Show>
      <Show when={props.state.meta.options.pathOfFate}>
        <PathOfFate game={props.game} state={props.state} seat={props.seat} run={props.run} />
      </Show>
    </>
  );
}
