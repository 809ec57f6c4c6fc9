import { For, Index, Match, Show, Switch, createSignal } from 'solid-js';
import type { JSX } from 'solid-js';
import { OBJECTIVES, TECHNOLOGIES } from '../../../data';
import { amountOf } from '../../../doc';
import type { Game, GameSnapshot } from '../../../doc';
import { prerequisiteText, techOffer } from '../../../doc/sheet';
import type { CounterAreas } from '../../../doc/sheet';
import type { PrerequisiteCheck } from '../../../rules/tech';
import type { PaymentChoice } from '../../../doc/planets';
import * as roundMoves from '../../../doc/round/moves';
import type { PrimaryExtras } from '../../../doc/round/moves';
import type { OptionAsks, PrimaryOption } from '../../../rules/strategyCards';
import { act } from '../../widgets/errors';
import { PayDialog } from '../../widgets/PayDialog';
import { AreasDialog } from '../counters/AreasDialog';
import { PlaceThenPay } from './PlaceThenPay';
import { cardTitle, seatName } from './words';

interface Props {
  game: Game;
  state: GameSnapshot;
  mySeat: string;
  run: (fn: () => void) => boolean;
  card: number;
  option: PrimaryOption;
  label: string;
}

/** What the option asks, in the words of its button: "take the Speaker token", "gain 1 technology (free)". */
export function askedWords(asks: OptionAsks): string {
  if ('speaker' in asks) return asks.speaker === 'self' ? 'take the Speaker token' : 'give the Speaker token to another player';
  if ('research' in asks) return asks.research.price ? `up to ${asks.research.most} technologies at ${asks.research.price} resources each less discounts, no counter` : 'gain 1 technology (prerequisites needed), free';
  if ('keep' in asks) return 'keep a Stage I objective by your race sheet (only you may claim it)';
  if ('forgo' in asks) return `for 1 to ${asks.forgo.most} technologies forgone, ${asks.forgo.price} resources each`;
  return `place a Stage I objective face up; flip the rotation cycler for ${asks.flipFor} influence if you like`;
}

/**
 * An option of a primary ability that asks for a choice before it is recorded (rules/strategyCards.ts
 * `OptionAsks`): its button opens the choice below it, and one confirmation records the option, the choice
 * and any payment in one change. Assembly a needs no choice and records at once.
 */
export function AskedOption(props: Props) {
  const [open, setOpen] = createSignal(false);
  const asks = () => props.option.asks as OptionAsks;
  const resolve = (areas?: CounterAreas, extra?: PrimaryExtras) => props.game.move(roundMoves.primary, props.mySeat, props.card, props.option.id, areas, extra);
  const immediate = () => {
    const a = asks();
    return 'speaker' in a && a.speaker === 'self';
  };
  const research = () => {
    const a = asks();
    return 'research' in a ? a.research : undefined;
  };
  const flipFor = () => {
    const a = asks();
    return 'flipFor' in a ? a.flipFor : undefined;
  };
  const forgo = () => {
    const a = asks();
    return 'forgo' in a ? a.forgo : undefined;
  };
  return (
    <>
      <button type="button" class="wide" aria-expanded={immediate() ? undefined : open()} onClick={() => (immediate() ? act(props, () => resolve()) : setOpen(!open()))}>
        {props.label}
      </button>
      <Show when={open()}>
        <div class="stack card">
          <Switch>
            <Match when={'speaker' in asks()}>
              {/* eslint-disable-next-line solid/reactivity -- a callback prop, called from a click handler */}
              <SpeakerChoice {...props} onPick={(speaker) => act(props, () => resolve(undefined, { speaker }))} />
            </Match>
            <Match when={research()}>{(r) => <ResearchChoice {...props} most={r().most} price={r().price} resolve={(techs, choice) => resolve(undefined, { techs, choice })} />}</Match>
            <Match when={'keep' in asks()}>
              {/* eslint-disable-next-line solid/reactivity -- a callback prop, called from a click handler */}
              <ObjectiveChoice {...props} verb="Keep it by your race sheet" onPick={(objective) => act(props, () => resolve(undefined, { objective }))} />
            </Match>
            <Match when={flipFor()}>{(f) => <BureaucracyChoice {...props} flipFor={f()} resolve={resolve} />}</Match>
            <Match when={forgo()}>{(f) => <ForgoChoice {...props} most={f().most} price={f().price} resolve={resolve} />}</Match>
          </Switch>
        </div>
      </Show>
    </>
  );
}

/** Assembly b: the other players, one to receive the Speaker token. */
function SpeakerChoice(props: Props & { onPick: (seat: string) => void }) {
  const [to, setTo] = createSignal('');
  const others = () => props.state.seats.filter((s) => s.id !== props.mySeat);
  return (
    <fieldset class="stack">
      <legend>Give the Speaker token to</legend>
      <For each={others()}>
        {(s) => (
          <label class="row">
            <input type="radio" name={`speaker-${props.card}`} value={s.id} checked={to() === s.id} onChange={() => setTo(s.id)} />
            {seatName(props.state, s.id)}
          </label>
        )}
      </For>
      <button type="button" class="primary" disabled={!to()} onClick={() => props.onPick(to())}>
        Give it and resolve {cardTitle(props.card)}
      </button>
    </fieldset>
  );
}

/** Stage I objectives not yet face up nor kept: one to place face up (Bureaucracy) or keep (Prospect a). */
function ObjectiveChoice(props: Props & { verb: string; optional?: boolean; onPick: (objective: string) => void; children?: JSX.Element }) {
  const [pick, setPick] = createSignal('');
  const t = () => props.state.tracker;
  const options = () => OBJECTIVES.filter((o) => o.stage === 'stage1' && !t().revealed.includes(o.id) && !t().kept.some((k) => k.objective === o.id));
  const id = () => `objective-${props.card}-${props.option.id}`;
  return (
    <div class="stack">
      <label for={id()}>Stage I objective drawn</label>
      <select id={id()} value={pick()} onChange={(e) => setPick(e.currentTarget.value)}>
        <option value="">{props.optional ? 'None (the deck is empty)' : 'Choose…'}</option>
        <For each={options()}>{(o) => <option value={o.id}>{o.name === o.text ? o.name : `${o.name}: ${o.text}`}</option>}</For>
      </select>
      {props.children}
      <button type="button" class="primary" disabled={!pick() && !props.optional} onClick={() => props.onPick(pick())}>
        {props.verb}
      </button>
    </div>
  );
}

/**
 * Technology: the technologies she may gain (1 free with option a; up to 3 with option b, each priced at
 * Advanced Research's 5 less her discounts), then one payment for them all through the pay helper.
 */
function ResearchChoice(props: Props & { most: number; price: number; resolve: (techs: string[], choice?: PaymentChoice) => unknown }) {
  const [picks, setPicks] = createSignal<string[]>([]);
  const slots = () => {
    const p = picks();
    return Array.from({ length: props.most }, (_, i) => p[i] ?? '');
  };
  const [paying, setPaying] = createSignal(false);
  // Slot i lists what she may take once the technologies above it are hers (one may be the prerequisite of
  // the next): never one the rules would refuse after the tap (issue 35 item 3).
  const notOwnedAt = (i: number) => {
    const p = props.state.players[props.mySeat];
    const before = picks().slice(0, i).filter(Boolean);
    const view = p && before.length ? { ...props.state, players: { ...props.state.players, [props.mySeat]: { ...p, techs: [...p.techs, ...before] } } } : props.state;
    return TECHNOLOGIES.map((t) => techOffer(view, props.mySeat, t, props.price))
      .filter((o) => !o.owned)
      .sort((a, b) => a.tech.name.localeCompare(b.tech.name));
  };
  const offersAt = (i: number) => notOwnedAt(i).filter((o) => o.prerequisites.ok);
  // The rest, greyed, each with what it lacks: she sees why a technology is not offered (issue 35, "Choices
  // that cannot be refused").
  const lockedAt = (i: number) => notOwnedAt(i).filter((o) => !o.prerequisites.ok);
  const lacks = (p: PrerequisiteCheck) => (p.ok ? '' : prerequisiteText(p.missing, p.logic));
  const chosen = () => picks().filter(Boolean);
  const total = () => {
    let sum = 0;
    for (const [i, id] of picks().entries()) sum += offersAt(i).find((o) => o.tech.id === id)?.price.cost ?? 0;
    return sum;
  };
  return (
    <div class="stack">
      <Index each={slots()}>
        {(value, i) => (
          <>
            <label for={`research-${props.option.id}-${i}`}>{props.most === 1 ? 'Technology to gain' : `Technology ${i + 1}${i ? ' (optional; may need the one above)' : ''}`}</label>
            <select id={`research-${props.option.id}-${i}`} value={value()} onChange={(e) => setPicks(slots().map((p, j) => (j === i ? e.currentTarget.value : p)))}>
              <option value="">{i ? 'None' : 'Choose…'}</option>
              <For each={offersAt(i)}>{(o) => <option value={o.tech.id}>{props.price ? `${o.tech.name} (${amountOf(o.price.cost, 'resources')})` : o.tech.name}</option>}</For>
              <Show when={lockedAt(i).length}>
                <optgroup label="Not yet: a prerequisite is missing">
                  <For each={lockedAt(i)}>
                    {(o) => <option value={`locked:${o.tech.id}`} disabled>{`${o.tech.name}: needs ${lacks(o.prerequisites)}`}</option>}
                  </For>
                </optgroup>
              </Show>
            </select>
          </>
        )}
      </Index>
      <button type="button" class="primary" disabled={!chosen().length} onClick={() => (total() > 0 ? setPaying(true) : act(props, () => props.resolve(chosen())))}>
        {props.price ? `Research for ${amountOf(total(), 'resources')}…` : 'Gain it'}
      </button>
      <Show when={paying()}>
        <PayDialog
          state={props.state}
          seat={props.mySeat}
          title={`${cardTitle(props.card)}: ${chosen().length} ${chosen().length === 1 ? 'technology' : 'technologies'}`}
          kind="resources"
          amount={total()}
          onPay={(_k, _a, choice) => props.resolve(chosen(), choice)}
          onClose={() => setPaying(false)}
        />
      </Show>
    </div>
  );
}

/**
 * Technology b for the Nekro Virus (003 Nekro): the command counters of 1 to `most` technologies forgone,
 * placed, then their price paid; all in one change.
 */
function ForgoChoice(props: Props & { most: number; price: number; resolve: (areas?: CounterAreas, extra?: { choice?: PaymentChoice }) => unknown }) {
  const each = () => props.option.gain.counters;
  const forgone = (n: number) => (Number.isInteger(n / each()) && n >= each() && n <= each() * props.most ? n / each() : undefined);
  return (
    <PlaceThenPay
      state={props.state}
      seat={props.mySeat}
      label={`Place ${each()} command counters for each technology forgone…`}
      suggested={each()}
      note={`${cardTitle(props.card)}: ${each()} command counters for each technology forgone, 1 to ${props.most}`}
      kind="resources"
      price={(n) => {
        const k = forgone(n);
        return k === undefined ? undefined : k * props.price;
      }}
      why={`Place ${each()}, ${each() * 2} or ${each() * 3} command counters.`}
      title={(n) => `${cardTitle(props.card)}: ${n} command counters`}
      onPay={(areas, choice) => props.resolve(areas, { choice })}
    />
  );
}

/**
 * Bureaucracy: the objective placed face up and, if she likes, the cycler flipped; then her counter placed,
 * then the influence paid for the flip; all of it recorded in one change.
 */
function BureaucracyChoice(props: Props & { flipFor: number; resolve: (areas?: CounterAreas, extra?: { objective?: string; flip?: boolean; choice?: PaymentChoice }) => unknown }) {
  const [flip, setFlip] = createSignal(false);
  const [objective, setObjective] = createSignal('');
  // 'areas' while she places the counter; then 'pay' (with her areas) when she flips the cycler.
  const [step, setStep] = createSignal<'choose' | 'areas' | { pay: CounterAreas }>('choose');
  const extra = (choice?: PaymentChoice) => ({ objective: objective() || undefined, flip: flip(), choice });
  const paying = () => {
    const s = step();
    return typeof s === 'object' ? s.pay : undefined;
  };
  return (
    <>
      <ObjectiveChoice
        {...props}
        optional
        verb={`Place ${props.option.gain.counters} command counter…`}
        onPick={(id) => {
          setObjective(id);
          setStep('areas');
        }}
      >
        <label class="row">
          <input type="checkbox" checked={flip()} onChange={(e) => setFlip(e.currentTarget.checked)} />
          Flip the rotation cycler ({amountOf(props.flipFor, 'influence')})
        </label>
      </ObjectiveChoice>
      <Show when={step() === 'areas'}>
        <AreasDialog
          mode="receive"
          now={{ pool: 0, fleet: 0, strat: 0 }}
          suggested={props.option.gain.counters}
          note={`${cardTitle(props.card)} gives ${props.option.gain.counters}`}
          onConfirm={(a) => (flip() ? setStep({ pay: a }) : props.resolve(a, extra()))}
          onClose={() => setStep((s) => (s === 'areas' ? 'choose' : s))}
        />
      </Show>
      <Show when={paying()}>
        {(a) => (
          <PayDialog
            state={props.state}
            seat={props.mySeat}
            title="Flipping the rotation cycler"
            kind="influence"
            amount={props.flipFor}
            onPay={(_k, _a, choice) => props.resolve(a(), extra(choice))}
            onClose={() => setStep('choose')}
          />
        )}
      </Show>
    </>
  );
}
