import { For, Show, createSignal } from 'solid-js';
import { PLANETS, TECHNOLOGIES } from '../../../data';
import { amountOf, raceOf } from '../../../doc';
import type { Game, GameSnapshot } from '../../../doc';
import { currentCard, holderMayBuyCounters, specialNow } from '../../../doc/round';
import { ADVANCED_RESEARCH_PRICE, ANNEXATION_INFLUENCE, executiveCommandsCost, LEADERSHIP, TECHNOLOGY, TRADE, WARFARE } from '../../../rules/strategyCards';
import { primaryOptionsFor } from '../../../rules/strategy';
import { raceEffects } from '../../../rules/raceAbilities';
import { techOffer } from '../../../doc/sheet';
import { awaitingHerApproval, tradeHolder } from '../../../doc/trade';
import type { PrimaryOption } from '../../../rules/strategyCards';
import { act } from '../../widgets/errors';
import { PayDialog } from '../../widgets/PayDialog';
import { AreasDialog } from '../counters/AreasDialog';
import { AskedOption, askedWords } from './AskedOption';
import { ScientistChoice, createScientist } from '../tech/scientist';
import { PlaceThenPay } from './PlaceThenPay';
import { cardInfo, cardTitle, plural } from './words';
import * as roundMoves from '../../../doc/round/moves';

interface Props {
  game: Game;
  state: GameSnapshot;
  mySeat: string;
  run: (fn: () => void) => boolean;
}

/** "Option a: +3 trade goods, then collect your agreements for free": what the tap records. */
function optionLabel(o: PrimaryOption): string {
  const g = o.gain;
  const gains: [number, string][] = [[g.tradeGoods, 'trade good'], [g.counters, 'command counter'], [g.actionCards, 'action card'], [g.politicalCards, 'political card']];
  const parts = gains.filter(([n]) => n > 0).map(([n, what]) => `+${plural(n, what)}`);
  if (o.freeSecondary) parts.push('then collect your agreements for free');
  if (o.breaksAgreements) parts.push('break every trade agreement');
  if (o.asks) parts.push(askedWords(o.asks));
  return `Option ${o.id}: ${parts.length ? parts.join(', ') : 'done on the board'}`;
}

/**
 * The primary ability of the card she has just played, on her phone: its options (the card's text on
 * demand), each recording its bookkeeping in one tap (counters placed where she picks, trade goods, cards); the
 * rest of the text is hers to do on the board (rules/strategyCards.ts).
 */
export function PrimaryChoices(props: Props & { which: 'current' | 'earlier' }) {
  const [placing, setPlacing] = createSignal<{ card: number; option: PrimaryOption }>();
  const t = () => props.state.tracker;
  // The card of this strategic action is the last one whose secondary she offered; an earlier card left
  // unresolved comes after "End turn", so the decision of the moment stays on the first screen.
  const current = () => currentCard(props.state, props.mySeat);
  const waiting = () =>
    t().cards.filter((c) => c.holder === props.mySeat && c.played && !t().resolved.includes(c.initiative) && options(c.initiative).length && (c.initiative === current()) === (props.which === 'current'));
  const options = (card: number) => primaryOptionsFor(card, raceOf(props.state, props.mySeat)?.id);
  const effects = () => raceEffects(raceOf(props.state, props.mySeat)?.id);
  return (
    <>
      <For each={waiting()}>
        {(c) => (
          <section class="card stack" aria-label={`Resolve ${cardTitle(c.initiative)}`}>
            <h4>Resolve {cardTitle(c.initiative)}</h4>
            {/* The options first; the card's text (what the board holds) on demand. */}
            <details class="small">
              <summary>What {cardTitle(c.initiative)} does</summary>
              <p>{cardInfo(c.initiative)?.primary}</p>
            </details>
            <Show when={c.initiative === TECHNOLOGY && effects().countersInsteadOfCardTech}>
              <p class="small" role="note">Your race takes command counters instead of each technology a strategy card would give it.</p>
            </Show>
            <For each={options(c.initiative)}>
              {(o) => (
                <Show when={!o.asks} fallback={<AskedOption {...props} card={c.initiative} option={o} label={optionLabel(o)} />}>
                <button
                  type="button"
                  class="wide"
                  onClick={() => (o.gain.counters ? setPlacing({ card: c.initiative, option: o }) : act(props, () => props.game.move(roundMoves.primary, props.mySeat, c.initiative, o.id)))}
                >
                  {optionLabel(o)}
                </button>
                </Show>
              )}
            </For>
          </section>
        )}
      </For>
      <Show when={placing()}>
        {(p) => (
          <AreasDialog
            mode="receive"
            now={{ pool: 0, fleet: 0, strat: 0 }}
            suggested={p().option.gain.counters}
            note={`${cardTitle(p().card)} gives ${p().option.gain.counters}`}
            onConfirm={(areas) => props.game.move(roundMoves.primary, props.mySeat, p().card, p().option.id, areas)}
            onClose={() => setPlacing(undefined)}
          />
        )}
      </Show>
    </>
  );
}

/**
 * What her resolved cards still offer her during this strategic action, where each card says (001): more
 * counters from Leadership, Trade's goods on every agreement once everyone has answered Realize Profits,
 * Warfare's tactical action from reinforcements once everyone has answered Dispatch (a line for the board).
 */
export function CardSpecials(props: Props) {
  const mine = () => props.state.tracker.cards.filter((c) => c.holder === props.mySeat && c.played).map((c) => c.initiative);
  const special = (card: number) => specialNow(props.state, props.mySeat, card);
  return (
    <>
      <Show when={holderMayBuyCounters(props.state, props.mySeat)}>
        <ExecutiveCommands {...props} label="Leadership: buy more command counters with influence…" />
      </Show>
      {/* 003:1514 "You must approve all new trade agreements": while she plays Trade, on her Trade tab. */}
      <Show when={tradeHolder(props.state) === props.mySeat}>
        <p class="small" role="note">
          Trade: every new trade agreement needs your approval while you play it (the Hacan's need none).{' '}
          {awaitingHerApproval(props.state, props.mySeat).length ? `${plural(awaitingHerApproval(props.state, props.mySeat).length, 'proposal')} waiting for it on your Trade tab.` : 'None is waiting for it.'}
        </p>
      </Show>
      <Show when={mine().includes(TRADE) && special(TRADE)}>
        {(state) => (
          <Show when={state() === 'ready'} fallback={<p class="small" role="note">{state() === 'waiting' ? 'Trade: once every player has answered Realize Profits, place trade goods on every agreement (on your phone, whenever it comes).' : 'Trade: its goods lie on every agreement.'}</p>}>
            <TradeSpecial {...props} />
          </Show>
        )}
      </Show>
      <Show when={mine().includes(WARFARE) && special(WARFARE)}>
        {(state) => (
          <p class="small" role="note">
            {state() === 'waiting' ? 'Warfare: once every player has answered Dispatch, you may take one tactical action.' : 'Warfare: you may now take one tactical action, its command counter taken from your reinforcements (not your command pool). Do it on the board.'}
          </p>
        )}
      </Show>
    </>
  );
}

/**
 * Trade's special, once every other player has answered Realize Profits: shown on the holder's phone whenever
 * that comes (during her action, on a later turn or after she passed), never only in the turn that played it,
 * which the last answer may come after.
 */
export function TradeSpecial(props: Props) {
  return (
    <Show when={specialNow(props.state, props.mySeat, TRADE) === 'ready' && props.state.trade.agreements.length > 0}>
      <button type="button" class="primary wide" onClick={() => act(props, () => props.game.move(roundMoves.tradeSpecial, props.mySeat))}>
        Trade's special: place trade goods on every agreement
      </button>
    </Show>
  );
}

/** Leadership's secondary, Executive Commands: 1, 3, 6 or 10 influence for 1 to 4 counters, placed then paid. */
export function ExecutiveCommands(props: Props & { label: string }) {
  return (
    <PlaceThenPay
      state={props.state}
      seat={props.mySeat}
      label={props.label}
      suggested={1}
      note={`${cardTitle(LEADERSHIP)}: 1 counter for 1 influence, 2 for 3, 3 for 6, 4 for 10`}
      kind="influence"
      price={executiveCommandsCost}
      why="Buy 1 to 4 counters."
      title={(n) => `Executive Commands: ${plural(n, 'counter')}`}
      onPay={(areas, choice) => props.game.move(roundMoves.executiveCommands, props.mySeat, areas, choice)}
    />
  );
}

/**
 * Technology's secondary, Advanced Research: she picks a technology whose prerequisites she has, sees its
 * price (5 less her discounts), and pays through the pay helper; answer, payment and technology in one change.
 */
export function AdvancedResearch(props: Props & { cost: string }) {
  const effects = () => raceEffects(raceOf(props.state, props.mySeat)?.id);
  return (
    <Show when={effects().countersInsteadOfCardTech} fallback={<ResearchATechnology {...props} withPrimary={effects().technologyPrimaryWithSecondary} />}>
      {(counters) => <CountersInsteadOfResearch {...props} counters={counters()} />}
    </Show>
  );
}

/** Advanced Research for the Nekro Virus (003 Nekro): the command counters instead of the technology, placed, then paid. */
function CountersInsteadOfResearch(props: Props & { cost: string; counters: number }) {
  return (
    <PlaceThenPay
      state={props.state}
      seat={props.mySeat}
      label={`Advanced Research: ${props.counters} command counters instead of a technology, ${amountOf(ADVANCED_RESEARCH_PRICE, 'resources')}${props.cost}…`}
      suggested={props.counters}
      note={`${cardTitle(TECHNOLOGY)}: ${props.counters} command counters instead of a technology (Nekro)`}
      kind="resources"
      price={(n) => (n === props.counters ? ADVANCED_RESEARCH_PRICE : undefined)}
      why={`Place ${props.counters} command counters.`}
      title={() => `Advanced Research: ${props.counters} command counters`}
      onPay={(areas, choice) => props.game.move(roundMoves.advancedResearchCounters, props.mySeat, areas, choice)}
    />
  );
}

/**
 * A technology at Advanced Research's price; for Jol-Nar (`withPrimary`, 003 Jol-Nar) also Technology's primary
 * in the same change: 1 technology free, its prerequisites met with the one she buys.
 */
function ResearchATechnology(props: Props & { cost: string; withPrimary: boolean }) {
  const scientist = createScientist({ get state() { return props.state; }, get seat() { return props.mySeat; } });
  const offers = () =>
    TECHNOLOGIES.map((t) => scientist.offer(t, ADVANCED_RESEARCH_PRICE))
      .filter((o) => !o.owned && o.prerequisites.ok)
      .sort((a, b) => a.tech.name.localeCompare(b.tech.name));
  const [tech, setTech] = createSignal('');
  const [free, setFree] = createSignal('');
  const [paying, setPaying] = createSignal(false);
  const chosen = () => offers().find((o) => o.tech.id === tech());
  // With the technology she buys counted as hers: what the primary's free technology may be.
  const freeOffers = () => {
    const bought = tech();
    const p = props.state.players[props.mySeat];
    if (!bought || !p) return [];
    const view = { ...props.state, players: { ...props.state.players, [props.mySeat]: { ...p, techs: [...p.techs, bought] } } };
    return TECHNOLOGIES.map((t) => techOffer(view, props.mySeat, t, 0))
      .filter((o) => !o.owned && o.prerequisites.ok)
      .sort((a, b) => a.tech.name.localeCompare(b.tech.name));
  };
  const freeTech = () => freeOffers().find((o) => o.tech.id === free())?.tech.id;
  return (
    <div class="stack grow">
      <ScientistChoice id="advanced-research-scientist" scientist={scientist} />
      <label for="advanced-research">Technology to research</label>
      <select id="advanced-research" value={tech()} onChange={(e) => setTech(e.currentTarget.value)}>
        <option value="">Choose…</option>
        <For each={offers()}>{(o) => <option value={o.tech.id}>{o.tech.name} ({amountOf(o.price.cost, 'resources')})</option>}</For>
      </select>
      <Show when={props.withPrimary}>
        <label for="advanced-research-primary">Jol-Nar: also Technology's primary, 1 technology free</label>
        <select id="advanced-research-primary" value={free()} disabled={!tech()} onChange={(e) => setFree(e.currentTarget.value)}>
          <option value="">None</option>
          <For each={freeOffers()}>{(o) => <option value={o.tech.id}>{o.tech.name}</option>}</For>
        </select>
      </Show>
      <button type="button" class="primary" disabled={!chosen()} onClick={() => setPaying(true)}>
        Research {chosen()?.tech.name ?? 'it'}{props.cost}…
      </button>
      <Show when={paying() && chosen()}>
        {(o) => (
          <PayDialog
            state={scientist.view(o().tech)}
            seat={props.mySeat}
            title={`Advanced Research: ${o().tech.name}`}
            kind="resources"
            amount={o().price.cost}
            onPay={(_k, _a, choice) => props.game.move(roundMoves.advancedResearch, props.mySeat, o().tech.id, choice, scientist.used(o().tech), freeTech())}
            onClose={() => setPaying(false)}
          />
        )}
      </Show>
    </div>
  );
}

/**
 * Diplomacy's secondary, Annexation Treaty: she picks the empty planet the board allows (next to her
 * planets or units; not a home system planet, not the holder's) and pays 2 influence through the pay helper.
 */
export function Annexation(props: Props & { cost: string; holder: string | null }) {
  const planets = () =>
    PLANETS.filter((p) => !p.homeOf && props.state.planets[p.id]?.owner !== props.mySeat && (props.holder === null || props.state.planets[p.id]?.owner !== props.holder));
  const [planet, setPlanet] = createSignal('');
  const [paying, setPaying] = createSignal(false);
  const chosen = () => planets().find((p) => p.id === planet());
  return (
    <div class="stack grow">
      <label for="annex-planet">Planet to claim</label>
      <select id="annex-planet" value={planet()} onChange={(e) => setPlanet(e.currentTarget.value)}>
        <option value="">Choose…</option>
        <For each={planets()}>{(p) => <option value={p.id}>{p.name}</option>}</For>
      </select>
      <button type="button" class="primary" disabled={!chosen()} onClick={() => setPaying(true)}>
        Claim {chosen()?.name ?? 'it'} for {ANNEXATION_INFLUENCE} influence{props.cost}…
      </button>
      <Show when={paying() && chosen()}>
        {(p) => (
          <PayDialog
            state={props.state}
            seat={props.mySeat}
            title={`Annexation Treaty: ${p().name}`}
            kind="influence"
            amount={ANNEXATION_INFLUENCE}
            onPay={(_k, _a, choice) => props.game.move(roundMoves.annex, props.mySeat, p().id, choice)}
            onClose={() => setPaying(false)}
          />
        )}
      </Show>
    </div>
  );
}
