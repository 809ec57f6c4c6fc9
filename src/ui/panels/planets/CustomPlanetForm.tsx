import { For, createSignal } from 'solid-js';
import { TECH_COLORS } from '../../../data/types';
import type { TechColor } from '../../../data/types';
import type { PanelProps } from '../types';
import { act } from '../../widgets/errors';

/** A planet the table does not know (a new tile, a house rule): name, values, specialties. */
export function CustomPlanetForm(props: PanelProps) {
  const [name, setName] = createSignal('');
  const [res, setRes] = createSignal('0');
  const [inf, setInf] = createSignal('0');
  const [specs, setSpecs] = createSignal<TechColor[]>([]);
  const toggle = (c: TechColor) => setSpecs(specs().includes(c) ? specs().filter((x) => x !== c) : [...specs(), c]);
  const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
  const submit = (e: Event) => {
    e.preventDefault();
    const def = { name: name(), resources: num(res()), influence: num(inf()), specialties: specs() };
    const [game, seat] = [props.game, props.seat];
    if (act(props, () => game.move(game.moves.planets.addCustomPlanet, seat, def))) {
      setName('');
      setRes('0');
      setInf('0');
      setSpecs([]);
    }
  };
  return (
    <details>
      <summary>Add a custom planet</summary>
      <form onSubmit={submit}>
        <label for="custom-name">Planet name</label>
        <input id="custom-name" value={name()} maxlength="40" onInput={(e) => setName(e.currentTarget.value)} />
        <div class="row nowrap">
          <div class="grow">
            <label for="custom-res">Resources</label>
            <input id="custom-res" type="number" inputmode="numeric" min="0" max="20" value={res()} onInput={(e) => setRes(e.currentTarget.value)} />
          </div>
          <div class="grow">
            <label for="custom-inf">Influence</label>
            <input id="custom-inf" type="number" inputmode="numeric" min="0" max="20" value={inf()} onInput={(e) => setInf(e.currentTarget.value)} />
          </div>
        </div>
        <fieldset>
          <legend>Specialties</legend>
          <div class="row">
            <For each={TECH_COLORS}>
              {(c) => (
                <label class="check">
                  <input type="checkbox" checked={specs().includes(c)} onChange={() => toggle(c)} /> {c}
                </label>
              )}
            </For>
          </div>
        </fieldset>
        <button type="submit" class="primary">Add custom planet</button>
      </form>
    </details>
  );
}
