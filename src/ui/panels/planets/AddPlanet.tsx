import { For, Show, createMemo, createSignal } from 'solid-js';
import { searchPlanets } from '../../../data';
import type { PanelProps } from '../types';
import { CustomPlanetForm } from './CustomPlanetForm';
import { act } from '../../widgets/errors';

/** Add a planet by typing a few letters (or take one another seat holds), or add a custom planet. */
export function AddPlanet(props: PanelProps) {
  const [query, setQuery] = createSignal('');
  const hits = createMemo(() => searchPlanets(query(), 8));
  const ownerName = (seat: string | null | undefined) => props.state.seats.find((s) => s.id === seat)?.name;
  const add = (id: string, take: boolean) => {
    const [game, seat] = [props.game, props.seat];
    const ok = act(props, () => (take ? game.move(game.moves.planets.takePlanet, seat, id) : game.move(game.moves.planets.addPlanet, seat, id)));
    if (ok) setQuery('');
  };
  return (
    <section aria-labelledby="add-planet-h">
      <h3 id="add-planet-h">Add a planet</h3>
      <label for="planet-search">Find a planet</label>
      <input id="planet-search" type="search" autocomplete="off" placeholder="A few letters, e.g. aby" value={query()} onInput={(e) => setQuery(e.currentTarget.value)} />
      <ul class="list" aria-label="Matching planets">
        <For each={hits()}>
          {(p) => {
            const owner = () => props.state.planets[p.id]?.owner ?? null;
            return (
              <li>
                <Show
                  when={owner() !== props.seat}
                  fallback={<span class="muted">{p.name}: already yours</span>}
                >
                  <button type="button" class="wide" onClick={() => add(p.id, owner() !== null)}>
                    {owner() ? `Take ${p.name} from ${ownerName(owner())}` : `Add ${p.name}`}
                    <span class="muted"> {p.resources}/{p.influence}</span>
                  </button>
                </Show>
              </li>
            );
          }}
        </For>
      </ul>
      <Show when={query().trim() && !hits().length}>
        <p class="muted">No planet in the table matches "{query()}". Add it as a custom planet below.</p>
      </Show>
      <CustomPlanetForm {...props} />
    </section>
  );
}
