import { For } from 'solid-js';
import type { LeaderStatus } from '../../../doc';
import { raceOf } from '../../../doc';
import type { PanelProps } from '../types';
import { act } from '../../widgets/errors';

const encode = (s: LeaderStatus | undefined) => (s === undefined || s === 'free' ? 'free' : s === 'killed' ? 'killed' : `@${s.capturedBy}`);
const decode = (v: string): LeaderStatus => (v === 'free' || v === 'killed' ? v : { capturedBy: v.slice(1) });

/** Her leaders: free, captured by another seat (the captor shown), or killed. */
export function Leaders(props: PanelProps) {
  const slots = () => raceOf(props.state, props.seat)?.leaders ?? [];
  const statuses = () => props.state.players[props.seat]?.leaders ?? [];
  const others = () => props.state.seats.filter((s) => s.id !== props.seat);
  const nameOf = (id: string) => props.state.seats.find((s) => s.id === id)?.name ?? id;
  const statusText = (s: LeaderStatus | undefined) => (s === undefined || s === 'free' ? 'Free' : s === 'killed' ? 'Killed' : `Captured by ${nameOf(s.capturedBy)}`);
  return (
    <section aria-labelledby="leaders-h">
      <h3 id="leaders-h">Leaders</h3>
      <ul class="list">
        <For each={slots()}>
          {(slot, i) => {
            const label = () => `${slot.type}${slot.name ? ` ${slot.name}` : ''}`;
            return (
              <li class="row spread">
                <span>{label()}</span>
                {props.mine ? (
                  <select
                    class="fit"
                    aria-label={`${label()}: status`}
                    value={encode(statuses()[i()])}
                    onChange={(e) => {
                      const select = e.currentTarget;
                      if (!act(props, () => props.game.setLeader(props.seat, i(), decode(select.value)))) select.value = encode(statuses()[i()]);
                    }}
                  >
                    <option value="free">Free</option>
                    <option value="killed">Killed</option>
                    <For each={others()}>{(s) => <option value={`@${s.id}`}>Captured by {s.name}</option>}</For>
                  </select>
                ) : (
                  <span class="muted">{statusText(statuses()[i()])}</span>
                )}
              </li>
            );
          }}
        </For>
      </ul>
    </section>
  );
}
