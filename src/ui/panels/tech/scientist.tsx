import { For, Show, createSignal } from 'solid-js';
import type { Technology } from '../../../data/types';
import type { GameSnapshot } from '../../../doc';
import { planetsOf } from '../../../doc/planets';
import { checkScientist, hasFreeScientist, techOffer } from '../../../doc/sheet';

/**
 * 001 "Scientist": her free Scientist's planet, exhausted before the purchase, lets her ignore a prerequisite
 * of its colour. The choice of planet, and each technology's offer as the purchase would see it (that
 * planet exhausted: it neither pays nor discounts; the prerequisite counted as met). Used by the Tech tab
 * and by Technology's Advanced Research.
 */
export function createScientist(props: { state: GameSnapshot; seat: string }) {
  const [planet, setPlanet] = createSignal('');
  const planets = () => (hasFreeScientist(props.state, props.seat) ? planetsOf(props.state, props.seat).filter((p) => !p.exhausted && p.specialties.length) : []);
  const chosen = () => planets().find((p) => p.id === planet());
  const waives = (t: Technology) => !!chosen() && checkScientist(props.state, props.seat, planet(), t.id).ok;
  /** The table as the purchase sees it: with the Scientist's planet exhausted, its specialty gives no discount. */
  const view = (t: Technology): GameSnapshot => {
    const card = chosen();
    return card && waives(t) ? { ...props.state, planets: { ...props.state.planets, [card.id]: { ...card, exhausted: true } } } : props.state;
  };
  const offer = (t: Technology, basePrice: number) => {
    const o = techOffer(view(t), props.seat, t, basePrice);
    return waives(t) ? { ...o, prerequisites: { ok: true as const } } : o;
  };
  /** The planet to name with the purchase, when the Scientist waives this technology's prerequisite. */
  const used = (t: Technology) => (waives(t) ? planet() : undefined);
  return { planet, setPlanet, planets, chosen, waives, view, offer, used };
}

/** The Scientist's choice: which of her refreshed planets with a specialty to exhaust, or none. */
export function ScientistChoice(props: { id: string; scientist: ReturnType<typeof createScientist> }) {
  return (
    <Show when={props.scientist.planets().length}>
      <label for={props.id}>Scientist: ignore a prerequisite</label>
      <select id={props.id} value={props.scientist.planet()} onChange={(e) => props.scientist.setPlanet(e.currentTarget.value)}>
        <option value="">No</option>
        <For each={props.scientist.planets()}>{(p) => <option value={p.id}>Exhaust {p.name} ({p.specialties.join(', ')})</option>}</For>
      </select>
    </Show>
  );
}
