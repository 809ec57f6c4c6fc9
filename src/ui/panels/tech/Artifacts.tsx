import { For } from 'solid-js';
import { TECH_COLORS } from '../../../data';
import * as planetMoves from '../../../doc/planets/moves';
import type { PanelProps } from '../types';
import { act } from '../../widgets/errors';

/** The four artifacts (001 "Artifacts"): who controls each; hers discount technologies of their colour. */
export function Artifacts(props: PanelProps) {
  const holder = (seat: string | null) => props.state.seats.find((s) => s.id === seat)?.name;
  return (
    <fieldset>
      <legend>Artifacts</legend>
      <div class="row">
        <For each={TECH_COLORS}>
          {(color) => {
            const mine = () => props.state.artifacts[color] === props.seat;
            const other = () => (!mine() ? holder(props.state.artifacts[color]) : undefined);
            return props.mine ? (
              <button
                type="button"
                class={`artifact ${color}`}
                aria-pressed={mine()}
                aria-label={`You control the ${color} artifact`}
                onClick={() => act(props, () => props.game.move(planetMoves.setArtifact, color, mine() ? null : props.seat))}
              >
                {color}{other() ? ` (${other()})` : ''}
              </button>
            ) : (
              <span class={`tag artifact ${color}`}>{color}: {mine() ? 'yes' : 'no'}</span>
            );
          }}
        </For>
      </div>
    </fieldset>
  );
}
