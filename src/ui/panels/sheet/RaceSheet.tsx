import { For, Show } from 'solid-js';
import { handIsUnlimited, victoryPoints } from '../../../doc/sheet';
import * as sheetMoves from '../../../doc/sheet/moves';
import { raceOf } from '../../../doc';
import { HAND_LIMIT } from '../../../rules/cards';
import { Counter } from '../../widgets/Counter';
import type { PanelProps } from '../types';
import { Leaders } from './Leaders';
import { Upgrades } from './Upgrades';
import { seatName } from '../trade/words';
import { act } from '../../widgets/errors';

/** The race sheet: VP, racial upgrades, card counts, leaders, and the race's printed reference. */
export function RaceSheet(props: PanelProps) {
  const race = () => raceOf(props.state, props.seat);
  const counters = () => props.state.players[props.seat]?.counters;
  const adjust = (counter: 'vp' | 'actionCards' | 'politicalCards', delta: number) => {
    const [game, seat] = [props.game, props.seat];
    return props.mine ? () => act(props, () => game.move(sheetMoves.adjustCounter, seat, counter, delta)) : undefined;
  };
  const handHint = (unlimited: boolean) => (unlimited ? '(no limit)' : `(limit ${HAND_LIMIT})`);
  return (
    <div class="stack">
      <h2>{race()?.name ?? 'Unknown race'}</h2>
      <Counter label="Victory points" unit="victory point" value={counters()?.vp ?? 0} onAdd={adjust('vp', 1)} onRemove={adjust('vp', -1)} hint={`of ${props.state.meta.vpGoal}`} />
      <Show when={victoryPoints(props.state, props.seat).penalty}>
        {(penalty) => (
          <p class="alert small" role="status">
            −{penalty()} VP while {props.mine ? 'you do' : `${seatName(props.state, props.seat)} does`} not control every planet of {props.mine ? 'your' : `${seatName(props.state, props.seat)}'s`} home system (001 "Home Systems"): {victoryPoints(props.state, props.seat).total} VP count. It goes as soon as they are taken back.
          </p>
        )}
      </Show>
      <Upgrades {...props} />
      <h3>Cards in hand</h3>
      <Counter label="Action cards" unit="action card" value={counters()?.actionCards ?? 0} hint={handHint(handIsUnlimited(props.state, props.seat))} onAdd={adjust('actionCards', 1)} onRemove={adjust('actionCards', -1)} />
      <Counter label="Political cards" unit="political card" value={counters()?.politicalCards ?? 0} hint={handHint(false)} onAdd={adjust('politicalCards', 1)} onRemove={adjust('politicalCards', -1)} />
      <Leaders {...props} />
      <h3>Abilities</h3>
      <ul class="abilities">
        <For each={race()?.abilities ?? []}>{(a) => <li>{a}</li>}</For>
      </ul>
      <Show when={race()?.flagship}>
        {(f) => (
          <p>
            <strong>Flagship: {f().name}</strong> <span class="muted">({f().summary})</span>
          </p>
        )}
      </Show>
      <details>
        <summary>Starting units</summary>
        <ul>
          <For each={Object.entries(race()?.startingUnits ?? {})}>{([unit, n]) => <li>{n} × {unit}</li>}</For>
        </ul>
      </details>
      <p class="muted small">Card counts are public; the cards themselves stay in the player's hand.</p>
    </div>
  );
}
