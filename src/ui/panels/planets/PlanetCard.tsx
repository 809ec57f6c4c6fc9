import { For, Show, createSignal } from 'solid-js';
import { amountOf } from '../../../doc';
import type { Game, PlanetCard } from '../../../doc';
import { planetState } from '../../../doc/planets';
import { planetInfluence, planetResources } from '../../../rules/planets';
import { act } from '../../widgets/errors';

/** One planet card: values with the facility counted, specialties, refresh ability; tap to exhaust. */
export function PlanetCardView(props: { card: PlanetCard; game: Game; mine: boolean; run: (fn: () => void) => boolean }) {
  const [open, setOpen] = createSignal(false);
  const res = () => planetResources(planetState(props.card));
  const inf = () => planetInfluence(planetState(props.card));
  const values = () => `${amountOf(res(), 'resources')}, ${inf()} influence`;
  const body = () => (
    <>
      <span class="pname">{props.card.name}</span>{' '}
      <span class="pvals" aria-hidden="true">
        <span class="res">{res()}</span>/<span class="inf">{inf()}</span>
      </span>
      <span class="specs" aria-hidden="true">
        <For each={props.card.specialties}>{(c) => <span class={`spec ${c}`} />}</For>
      </span>
      <Show when={props.card.facility}>
        {(f) => (
          <>
            {' '}
            <span class="tag facility">{f()}</span>
          </>
        )}
      </Show>
      <Show when={props.card.exhausted}>
        {' '}
        <span class="tag">exhausted</span>
      </Show>
    </>
  );
  // The accessible name holds the visible text, in order (WCAG "label in name").
  const label = () =>
    [`${props.card.exhausted ? 'Refresh' : 'Exhaust'} ${props.card.name} ${res()}/${inf()}`, props.card.facility, props.card.exhausted ? 'exhausted' : null]
      .filter(Boolean)
      .join(', ');
  return (
    <li class={props.card.exhausted ? 'planet exhausted' : 'planet'}>
      <span class="sr-only" id={`vals-${props.card.id}`}>{values()}{props.card.specialties.length ? `, ${props.card.specialties.join(' and ')} specialty` : ''}</span>
      <div class="row nowrap">
        <Show when={props.mine} fallback={<div class="planet-main">{body()}</div>}>
          <button
            type="button"
            class="planet-main"
            aria-pressed={props.card.exhausted}
            aria-label={label()}
            aria-describedby={`vals-${props.card.id}`}
            onClick={() => act(props, () => props.game.setExhausted(props.card.id, !props.card.exhausted))}
          >
            {body()}
          </button>
        </Show>
        <button type="button" class="more" aria-expanded={open()} aria-label={`Details of ${props.card.name}`} onClick={() => setOpen(!open())}>
          ⋯
        </button>
      </div>
      <Show when={props.card.refreshAbility}>
        {(ability) => <p class="refresh-ability small muted">Refresh ability: {ability()}</p>}
      </Show>
      <Show when={open()}>
        <div class="planet-details small">
          <p>
            {amountOf(props.card.resources, 'resources')}, {props.card.influence} influence printed
            {props.card.specialties.length ? `; specialties: ${props.card.specialties.join(', ')}` : ''}
            {props.card.custom ? ' (custom planet)' : ''}
          </p>
          <p>Facility: {props.card.facility ?? 'none'}{props.card.homeOf ? ' (home system: no facility)' : props.card.tradeStation ? ' (trade station: no facility)' : ''}</p>
          <Show when={props.mine}>
            <div class="row">
              <Show when={!props.card.facility && !props.card.homeOf && !props.card.tradeStation}>
                <button type="button" onClick={() => act(props, () => props.game.buildFacility(props.card.id, 'colony'))}>Build colony</button>
                <button type="button" onClick={() => act(props, () => props.game.buildFacility(props.card.id, 'refinery'))}>Build refinery</button>
              </Show>
              <button type="button" class="danger" onClick={() => act(props, () => props.game.releasePlanet(props.card.id))}>Give up {props.card.name}</button>
            </div>
          </Show>
        </div>
      </Show>
    </li>
  );
}
