import { For, Show, createSignal } from 'solid-js';
import { amountOf } from '../../../doc';
import { TECHNOLOGIES, TECH_COLORS } from '../../../data';
import type { TechColor, Technology } from '../../../data/types';
import { prerequisiteText, prerequisiteWaiver } from '../../../doc/sheet';
import * as sheetMoves from '../../../doc/sheet/moves';
import { PayDialog } from '../../widgets/PayDialog';
import type { PanelProps } from '../types';
import { Artifacts } from './Artifacts';
import { ScientistChoice, createScientist } from './scientist';
import { act } from '../../widgets/errors';

const COLOR_NAMES: Record<TechColor, string> = { red: 'Red · Warfare', green: 'Green · Biotechnology', blue: 'Blue · Propulsion', yellow: 'Yellow · Economic' };
const PRICES = [
  { base: 5, label: 'Technology secondary: 5 resources' },
  { base: 0, label: 'Free (Technological Focus or another effect)' },
] as const;

/**
 * The SA technology tree by colour: owned ones marked, prerequisites shown, the price after the
 * discounts of her refreshed planets' specialties and her artifacts (001 "Acquisition of
 * Technologies"), and Research, which pays through the helper and records the technology.
 */
export function TechPanel(props: PanelProps) {
  const [base, setBase] = createSignal(5);
  const [researching, setResearching] = createSignal<Technology>();
  const scientist = createScientist(props);
  const offer = (t: Technology) => scientist.offer(t, base());
  const waiver = () => prerequisiteWaiver(props.state, props.seat);
  /** What researching costs her, with the race's surcharge for skipping missing prerequisites. */
  const priceOf = (t: Technology) => offer(t).price.cost + (offer(t).prerequisites.ok ? 0 : (waiver()?.extraCost ?? 0));
  return (
    <div class="stack">
      <Show when={props.mine}>
        <label for="tech-price">Price before discounts</label>
        <select id="tech-price" value={String(base())} onChange={(e) => setBase(Number(e.currentTarget.value))}>
          <For each={PRICES}>{(p) => <option value={String(p.base)}>{p.label}</option>}</For>
        </select>
      </Show>
      <Show when={props.mine}>
        <ScientistChoice id="tech-scientist" scientist={scientist} />
      </Show>
      <Artifacts {...props} />
      <For each={TECH_COLORS}>
        {(color) => (
          <section aria-label={COLOR_NAMES[color]}>
            <h2 class={`tech-h ${color}`}>{COLOR_NAMES[color]}</h2>
            <ul class="list">
              <For each={TECHNOLOGIES.filter((t) => t.color === color)}>
                {(t) => {
                  const o = () => offer(t);
                  const missing = () => {
                    const p = o().prerequisites;
                    return p.ok ? '' : `Needs ${prerequisiteText(p.missing, p.logic)}`;
                  };
                  return (
                    <li class={o().owned ? 'tech owned' : missing() ? 'tech locked' : 'tech'} aria-label={`${t.name}${o().owned ? ' (owned)' : ''}`}>
                      <div class="row spread nowrap">
                        <span>
                          <Show when={o().owned}><span aria-hidden="true">✓ </span></Show>
                          <strong>{t.name}</strong>
                          <Show when={!o().owned}>
                            <span class="muted"> · {amountOf(o().price.cost, 'resources')}</span>
                          </Show>
                        </span>
                        <Show when={!o().owned && props.mine}>
                          <button
                            type="button"
                            aria-disabled={!!missing() && !waiver()}
                            aria-label={`Research ${t.name} for ${amountOf(priceOf(t), 'resources')}${missing() && waiver() ? ', ignoring its prerequisites' : scientist.waives(t) ? `, the Scientist exhausting ${scientist.chosen()?.name ?? ''}` : ''}`}
                            onClick={() => (missing() && !waiver() ? act(props, () => props.game.move(sheetMoves.research, props.seat, t.id, base(), { planets: [], tradeGoods: 0 })) : setResearching(t))}
                          >
                            Research
                          </button>
                        </Show>
                      </div>
                      <div class="small muted">
                        {t.prerequisites.length ? `Prerequisites: ${prerequisiteText(t.prerequisites, t.prereqLogic)}` : 'No prerequisite'}
                        <Show when={!o().owned && missing()}> · <span class="warn">{missing()}</span></Show>
                        <Show when={!o().owned && o().price.specialtyDiscount + o().price.artifactDiscount > 0}>
                          {' '}· −{o().price.specialtyDiscount + o().price.artifactDiscount} from {o().price.specialtyDiscount ? 'specialties' : ''}
                          {o().price.specialtyDiscount && o().price.artifactDiscount ? ' and ' : ''}
                          {o().price.artifactDiscount ? 'the artifact' : ''}
                        </Show>
                      </div>
                    </li>
                  );
                }}
              </For>
            </ul>
          </section>
        )}
      </For>
      <Show when={researching()}>
        {(t) => (
          <PayDialog
            state={scientist.view(t())}
            seat={props.seat}
            title={`Research ${t().name}${offer(t()).prerequisites.ok ? '' : ' (ignoring its prerequisites)'}`}
            kind="resources"
            amount={priceOf(t())}
            onPay={(_k, _a, choice) => props.game.move(sheetMoves.research, props.seat, t().id, base(), choice, !offer(t()).prerequisites.ok, scientist.used(t()))}
            onClose={() => setResearching(undefined)}
          />
        )}
      </Show>
    </div>
  );
}
