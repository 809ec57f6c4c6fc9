import { For, Show, createSignal } from 'solid-js';
import type { LeaderStatus } from '../../../doc';
import { raceOf } from '../../../doc';
import { leaderName, restedUntil } from '../../../doc/sheet';
import * as sheetMoves from '../../../doc/sheet/moves';
import { planetsOf } from '../../../doc/planets';
import { RESTING_ABILITIES } from '../../../rules/leaders';
import type { PanelProps } from '../types';
import { act } from '../../widgets/errors';

const encode = (s: LeaderStatus | undefined) => (s === undefined || s === 'free' ? 'free' : s === 'killed' ? 'killed' : `@${s.capturedBy}`);
const decode = (v: string): LeaderStatus => (v === 'free' || v === 'killed' ? v : { capturedBy: v.slice(1) });

/**
 * Her leaders: free, captured by another seat (the captor shown), or killed; the abilities that rest this
 * round and the next, with the round each is ready again (001 "Leader Abilities"); and the captives she
 * holds, released or executed for a planet (001 "Executions and Releases").
 */
export function Leaders(props: PanelProps) {
  const slots = () => raceOf(props.state, props.seat)?.leaders ?? [];
  const statuses = () => props.state.players[props.seat]?.leaders ?? [];
  const others = () => props.state.seats.filter((s) => s.id !== props.seat);
  const nameOf = (id: string) => props.state.seats.find((s) => s.id === id)?.name ?? id;
  const statusText = (s: LeaderStatus | undefined) => (s === undefined || s === 'free' ? 'Free' : s === 'killed' ? 'Killed' : `Captured by ${nameOf(s.capturedBy)}`);
  const captives = () =>
    others().flatMap((s) => (props.state.players[s.id]?.leaders ?? []).flatMap((st, i) => (typeof st === 'object' && st.capturedBy === props.seat ? [{ seat: s.id, leader: i }] : [])));
  return (
    <section aria-labelledby="leaders-h">
      <h3 id="leaders-h">Leaders</h3>
      <ul class="list">
        <For each={slots()}>
          {(slot, i) => {
            const label = () => `${slot.type}${slot.name ? ` ${slot.name}` : ''}`;
            const ability = RESTING_ABILITIES[slot.type];
            return (
              <li class="stack">
                <div class="row spread">
                  <span>{label()}</span>
                  {props.mine ? (
                    <select
                      class="fit"
                      aria-label={`${label()}: status`}
                      value={encode(statuses()[i()])}
                      onChange={(e) => {
                        const select = e.currentTarget;
                        if (!act(props, () => props.game.move(sheetMoves.setLeader, props.seat, i(), decode(select.value)))) select.value = encode(statuses()[i()]);
                      }}
                    >
                      <option value="free">Free</option>
                      <option value="killed">Killed</option>
                      <For each={others()}>{(s) => <option value={`@${s.id}`}>Captured by {s.name}</option>}</For>
                    </select>
                  ) : (
                    <span class="muted">{statusText(statuses()[i()])}</span>
                  )}
                </div>
                <Show when={ability && statuses()[i()] === 'free' && ability}>{(a) => <RestingAbility {...props} leader={i()} label={label()} name={a().name} onPlanet={a().onPlanet} />}</Show>
              </li>
            );
          }}
        </For>
      </ul>
      <Show when={captives().length}>
        <h3 id="captives-h">Captives</h3>
        <ul class="list" aria-labelledby="captives-h">
          <For each={captives()}>{(c) => <Captive {...props} of={c.seat} leader={c.leader} />}</For>
        </ul>
      </Show>
    </section>
  );
}

/** "Sabotage an action card", or the round it is ready again; a Diplomat's names the planet it defends. */
function RestingAbility(props: PanelProps & { leader: number; label: string; name: string; onPlanet: boolean }) {
  const mine = () => planetsOf(props.state, props.seat);
  const [planet, setPlanet] = createSignal('');
  const chosen = () => (props.onPlanet ? planet() || mine()[0]?.id || null : null);
  const until = () => restedUntil(props.state, props.seat, props.leader, chosen());
  return (
    <div class="row">
      <Show when={props.onPlanet}>
        <select class="fit" aria-label={`Planet the ${props.label} defends`} value={chosen() ?? ''} onChange={(e) => setPlanet(e.currentTarget.value)}>
          <For each={mine()}>{(p) => <option value={p.id}>{p.name}</option>}</For>
        </select>
      </Show>
      <Show when={until()} fallback={
        <Show when={props.mine}>
          <button type="button" aria-label={`${props.name} with the ${props.label}`} onClick={() => act(props, () => props.game.move(sheetMoves.useLeader, props.seat, props.leader, chosen()))}>{props.name}</button>
        </Show>
      }>
        {(round) => <span class="small muted">{props.name}: resting, ready again in round {round()}</span>}
      </Show>
    </div>
  );
}

/** A captive she holds: released (it escapes) or executed for one of her planets, exhausted or given up. */
function Captive(props: PanelProps & { of: string; leader: number }) {
  const name = () => leaderName(props.state, props.of, props.leader);
  const choices = () => planetsOf(props.state, props.seat).flatMap((p) => [...(p.exhausted ? [] : [{ value: `x:${p.id}`, text: `Exhaust ${p.name}` }]), { value: `l:${p.id}`, text: `Give up ${p.name}` }]);
  const [pay, setPay] = createSignal('');
  const chosen = () => pay() || choices()[0]?.value || '';
  return (
    <li class="stack">
      <span>{name()}</span>
      <Show when={props.mine}>
        <div class="row">
          <Show when={!choices().length}><span class="small muted">No planet to pay for an execution.</span></Show>
          <button type="button" aria-label={`Release ${name()}`} onClick={() => act(props, () => props.game.move(sheetMoves.decideCaptive, props.seat, props.of, props.leader))}>Release</button>
          <Show when={choices().length}>
            <select class="fit" aria-label={`Planet paid for executing ${name()}`} value={chosen()} onChange={(e) => setPay(e.currentTarget.value)}>
              <For each={choices()}>{(c) => <option value={c.value}>{c.text}</option>}</For>
            </select>
            <button type="button" class="danger" aria-label={`Execute ${name()}`} onClick={() => act(props, () => props.game.move(sheetMoves.decideCaptive, props.seat, props.of, props.leader, chosen().slice(2), chosen().startsWith('l:')))}>
              Execute
            </button>
          </Show>
        </div>
      </Show>
    </li>
  );
}
