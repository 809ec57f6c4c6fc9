import { For, Match, Show, Switch, createMemo, createSignal, lazy, onMount } from 'solid-js';
import type { Game, GameSnapshot } from '../../doc';
import { raceOf } from '../../doc/views';
import { seatTotals } from '../../doc/sheet/views';
import { folded } from '../store';
import { Tabs } from '../widgets/Tabs';
import { PlanetsPanel } from './planets/PlanetsPanel';
import { NowBar, revealNow } from '../widgets/NowBar';
import type { Now } from '../../doc/round/views';
import { whenSettled } from '../../later';

// The game opens on Planets. The other tabs' code (one chunk) loads once the game has been on screen
// for a moment, so a slow phone compiles less before it shows the game (issue 9, start time) and a tap
// on a tab then finds its panel loaded (a tab tapped earlier loads it at once).
const panels = () => import('./otherPanels');
const RaceSheet = lazy(() => panels().then((m) => ({ default: m.RaceSheet })));
const CountersPanel = lazy(() => panels().then((m) => ({ default: m.CountersPanel })));
const TechPanel = lazy(() => panels().then((m) => ({ default: m.TechPanel })));
const TradePanel = lazy(() => panels().then((m) => ({ default: m.TradePanel })));
const CouncilPanel = lazy(() => panels().then((m) => ({ default: m.CouncilPanel })));
const RoundPanel = lazy(() => panels().then((m) => ({ default: m.RoundPanel })));
const LogPanel = lazy(() => panels().then((m) => ({ default: m.LogPanel })));

/** Loads every tab's panel; once it resolves, they all render at once when their tab is picked. */
export function preloadPanels(): Promise<unknown> {
  return Promise.all([RaceSheet, CountersPanel, TechPanel, TradePanel, CouncilPanel, RoundPanel, LogPanel].map((c) => c.preload()));
}

type Tab = 'sheet' | 'planets' | 'counters' | 'tech' | 'trade' | 'council' | 'round' | 'log';
const TABS = [
  { id: 'sheet', label: 'Sheet' },
  { id: 'planets', label: 'Planets' },
  { id: 'counters', label: 'Counters' },
  { id: 'tech', label: 'Tech' },
  { id: 'trade', label: 'Trade' },
  { id: 'council', label: 'Council' },
  { id: 'round', label: 'Round' },
  { id: 'log', label: 'Log' },
] as const;

/**
 * A player's panels: her own seat with every control, any other seat read-only (the seat switcher),
 * the header totals, the tabs, and the now bar (what the table waits on, and undo of her last change).
 */
export function PlayerView(props: { game: Game; state: GameSnapshot; mySeat: string | undefined; run: (fn: () => void) => boolean }) {
  const [viewed, setViewed] = createSignal<string>();
  const [tab, setTab] = createSignal<Tab>('planets');
  const seat = () => viewed() ?? props.mySeat ?? props.state.seats[0]?.id ?? '';
  const mine = () => seat() === props.mySeat;
  const name = (id: string) => props.state.seats.find((s) => s.id === id)?.name ?? id;
  onMount(() => whenSettled(() => void preloadPanels()));
  // The now bar's tap: her own panels, the tab where it is done, and its control on screen.
  const go = (now: Now) => {
    setViewed(undefined);
    setTab(now.tab);
    revealNow(now);
  };
  return (
    <section aria-label={`${name(seat())}'s panels`}>
      <div class="seat-switch row" role="group" aria-label="Show the panels of">
        <For each={props.state.seats}>
          {(s) => (
            <button type="button" aria-pressed={seat() === s.id} onClick={() => setViewed(s.id)} aria-label={`${s.name}${s.id === props.mySeat ? ' (you)' : ''}, ${raceOf(props.state, s.id)?.shortName ?? s.name}`}>
              <span class="swatch" style={{ background: s.color }} aria-hidden="true" /> {s.name}
            </button>
          )}
        </For>
      </div>
      <Show when={!mine()}>
        <p class="muted small">Viewing {name(seat())}'s panels (read only).</p>
      </Show>
      <div class="sticky-head">
        <Totals state={props.state} seat={seat()} />
      </div>
      <Tabs label="Panels" tabs={TABS} selected={tab()} onSelect={setTab} />
      <div role="tabpanel" id={`panel-${tab()}`} aria-labelledby={`tab-${tab()}`}>
        <Switch>
          <Match when={tab() === 'sheet'}>
            <RaceSheet game={props.game} state={props.state} seat={seat()} mine={mine()} run={props.run} />
          </Match>
          <Match when={tab() === 'planets'}>
            <PlanetsPanel game={props.game} state={props.state} seat={seat()} mine={mine()} run={props.run} />
          </Match>
          <Match when={tab() === 'counters'}>
            <CountersPanel game={props.game} state={props.state} seat={seat()} mine={mine()} run={props.run} />
          </Match>
          <Match when={tab() === 'tech'}>
            <TechPanel game={props.game} state={props.state} seat={seat()} mine={mine()} run={props.run} />
          </Match>
          <Match when={tab() === 'trade'}>
            <TradePanel game={props.game} state={props.state} seat={seat()} mine={mine()} run={props.run} />
          </Match>
          <Match when={tab() === 'council'}>
            <CouncilPanel game={props.game} state={props.state} seat={seat()} mine={mine()} run={props.run} />
          </Match>
          <Match when={tab() === 'round'}>
            <RoundPanel game={props.game} state={props.state} mySeat={props.mySeat} run={props.run} />
          </Match>
          <Match when={tab() === 'log'}>
            <LogPanel game={props.game} state={props.state} mySeat={props.mySeat} />
          </Match>
        </Switch>
      </div>
      <NowBar game={props.game} state={props.state} mySeat={props.mySeat} run={props.run} onGo={go} />
    </section>
  );
}

/** Spendable resources and influence, votes, trade goods: recomputed by the rules from the document. */
function Totals(props: { state: GameSnapshot; seat: string }) {
  // From the fold's own objects, once per transaction; a number shown that did not change is not written again.
  const t = createMemo(() => seatTotals(folded(props.state), props.seat));
  return (
    <dl class="totals" aria-label="Totals">
      <div><dt>Resources</dt><dd data-total="resources">{t().resources}</dd></div>
      <div><dt>Influence</dt><dd data-total="influence">{t().influence}</dd></div>
      <div><dt>Votes</dt><dd data-total="votes">{t().votes}</dd></div>
      <div><dt>Trade goods</dt><dd data-total="tradeGoods">{t().tradeGoods}</dd></div>
    </dl>
  );
}
