import { For, Show, createMemo, createSignal } from 'solid-js';
import { amountOf, plural } from '../../../doc/views';
import type { Game, PlanetCard } from '../../../doc';
import { REFRESH_STEP, type RoundState } from '../../../rules/round';
import { planetState, reversedNow } from '../../../doc/planets/views';
import { planetInfluence, planetResources } from '../../../rules/planets';
import { act } from '../../widgets/errors';

/**
 * One planet card: values with the facility counted, specialties, refresh ability; tap to exhaust. At the
 * Refresh Planets step her exhausted planet's refresh ability is one tap (001 "Refresh Abilities"), and
 * Natural Wealth on it is taken one trade good at a time. `reverse`: the Yin may reverse its values now, as her
 * action (003 Appendix 2); a reversed planet shows the values it has until the round ends.
 */
export function PlanetCardView(props: { card: PlanetCard; game: Game; seat: string; round: RoundState; mine: boolean; reverse?: boolean; run: (fn: () => void) => boolean }) {
  const [open, setOpen] = createSignal(false);
  const usedNow = () => props.card.refreshUsed === props.round.round && props.round.phase === 'status';
  const canUse = () => props.mine && props.card.exhausted && props.round.phase === 'status' && props.round.step === REFRESH_STEP && !usedNow();
  // Read by the label, the hidden description and the body: computed once per change of the card.
  const valuesNow = createMemo(() => {
    const state = planetState(props.card, props.round);
    return { res: planetResources(state), inf: planetInfluence(state) };
  });
  const res = () => valuesNow().res;
  const inf = () => valuesNow().inf;
  const reversed = () => reversedNow(props.card, props.round);
  const values = () => `${amountOf(res(), 'resources')}, ${inf()} influence${reversed() ? ', reversed until the end of the round' : ''}`;
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
      {/* Always there, shown by the card's `exhausted` class (styles.css): a tap flips a class, it does not make and
          drop a node (issue 33). */}
      {' '}
      <span class="tag when-exhausted">exhausted</span>
      <Show when={reversed()}>
        {' '}
        <span class="tag">reversed</span>
      </Show>
    </>
  );
  // The accessible name holds the visible text, in order (WCAG "label in name").
  const label = () =>
    [`${props.card.exhausted ? 'Refresh' : 'Exhaust'} ${props.card.name} ${res()}/${inf()}`, props.card.facility, props.card.exhausted ? 'exhausted' : null, reversed() ? 'reversed' : null]
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
            onClick={() => act(props, () => props.game.move(props.game.moves.planets.setExhausted, props.card.id, !props.card.exhausted))}
          >
            {body()}
          </button>
        </Show>
        <button type="button" class="more" aria-expanded={open()} aria-label={`Details of ${props.card.name}`} onClick={() => setOpen(!open())}>
          ⋯
        </button>
      </div>
      <Show when={props.card.refreshAbility}>
        {(ability) => (
          <Show when={canUse()} fallback={<p class="refresh-ability small muted">Refresh ability: {ability()}{usedNow() ? ' (used this round)' : ''}</p>}>
            <button type="button" class="refresh-use" aria-label={`Use ${ability()} instead of refreshing ${props.card.name}`} onClick={() => act(props, () => props.game.move(props.game.moves.planets.useRefreshAbility, props.seat, props.card.id))}>
              Use {ability()} instead of refreshing
            </button>
          </Show>
        )}
      </Show>
      <Show when={props.reverse}>
        <button type="button" class="refresh-use" aria-label={`Reverse resources and influence of ${props.card.name}: ${inf()}/${res()} until the end of the round (your action)`} onClick={() => act(props, () => props.game.move(props.game.moves.round.reversePlanet, props.seat, props.card.id))}>
          Reverse resources and influence
        </button>
      </Show>
      <Show when={props.card.wealth > 0}>
        <div class="row spread">
          <span class="small">Natural Wealth: {plural(props.card.wealth, 'trade good', 'trade goods')}</span>
          <Show when={props.mine}>
            <button type="button" aria-label={`Take 1 trade good of Natural Wealth from ${props.card.name}`} onClick={() => act(props, () => props.game.move(props.game.moves.planets.takeNaturalWealth, props.seat, props.card.id))}>
              Take 1 trade good
            </button>
          </Show>
        </div>
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
                <button type="button" onClick={() => act(props, () => props.game.move(props.game.moves.planets.buildFacility, props.card.id, 'colony'))}>Build colony</button>
                <button type="button" onClick={() => act(props, () => props.game.move(props.game.moves.planets.buildFacility, props.card.id, 'refinery'))}>Build refinery</button>
              </Show>
              {/* 001 "Trade Stations": no Natural Wealth may exist on one. */}
              <Show when={!props.card.tradeStation}>
                <button type="button" onClick={() => act(props, () => props.game.move(props.game.moves.planets.placeNaturalWealth, props.card.id, 1))}>Place 1 trade good of Natural Wealth</button>
              </Show>
              <button type="button" class="danger" onClick={() => act(props, () => props.game.move(props.game.moves.planets.releasePlanet, props.card.id))}>Give up {props.card.name}</button>
            </div>
          </Show>
        </div>
      </Show>
    </li>
  );
}
