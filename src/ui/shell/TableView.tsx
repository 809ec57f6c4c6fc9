import { For, Show, createResource, createSignal, onCleanup } from 'solid-js';
import { victoryPoints } from '../../doc/sheet';
import { RACES_BY_ID } from '../../data';
import { cardName } from '../../doc/council';
import type { Game, GameSnapshot } from '../../doc';
import { cardsOf, turnOrder } from '../../doc/round';
import { OBJECTIVES_BY_ID } from '../../doc/objectives';
import { describeRound } from '../../rules/round';
import type { DeviceInfo } from '../../secret/device';
import { openSession } from '../../runtime/session';
import { VictoryScreen } from '../panels/round/Victory';
import { RoundChart } from '../panels/round/RoundChart';
import { VoteNews } from '../panels/council/VoteNews';
import { actorLabel, cardTitle, clock, names, seatName } from '../panels/round/words';
import { createGameStore } from '../store';
import { whoseMove } from '../widgets/PhaseBar';
import { TopBar } from '../widgets/TopBar';

/**
 * The table view (`#/table/<game id>`): a TV or tablet everyone reads from their chair, 3 m away. Read
 * only: the round, whose move it is (or whom the council's vote waits for), the turn order as the round
 * plays it, every seat's VP, strategy cards, passed or active, trade goods, command counters and turn time
 * (ticking), the objectives, the council and a chart of everyone's VP round by round. On a landscape screen
 * it fits one screen for 3 to 8 players, its type scaled with it (28.8 px at 1920×1080, never under 18 px,
 * VP and whose turn larger; issues 26 and 35, round.css).
 */
export function TableView(props: { id: string; device: DeviceInfo }) {
  const [session] = createResource(() => props.id, (id) => openSession(id, props.device));
  onCleanup(() => void session()?.close());
  return (
    <Show when={session()} fallback={<p class="muted">{session.error ? `This game could not be opened: ${String(session.error)}` : 'Opening the game…'}</p>}>
      {(s) => (
        <Show
          when={s().game.snapshotOrUndefined()}
          fallback={
            <main>
              <h1>Game not found</h1>
              <p>This screen has no saved data for this game. Open the game's join link here (or scan its QR code), then choose "This is the table's screen".</p>
              <a class="button" href="#/">Back to saved games</a>
            </main>
          }
        >
          <TableBoard game={s().game} />
        </Show>
      )}
    </Show>
  );
}

/** Seconds since the game was created, as the round tracker counts, once a second. */
function createGameClock(createdAt: () => number) {
  const seconds = () => (Date.now() - createdAt()) / 1000;
  const [now, setNow] = createSignal(seconds());
  const timer = setInterval(() => setNow(seconds()), 1000);
  onCleanup(() => clearInterval(timer));
  return now;
}

/** The table view of one open game, read only (exported for the component tests). */
export function TableBoard(props: { game: Game }) {
  // The game is fixed for the life of this component.
  // eslint-disable-next-line solid/reactivity
  const state = createGameStore(props.game);
  const now = createGameClock(() => state.meta.createdAt);
  const t = () => state.tracker;
  const move = () => whoseMove(state, undefined);
  const vote = () => openVote(state);
  const layout = () => tvLayout(state.seats.length);
  return (
    <main class="table-view" classList={{ over: !!t().victory }} style={{ '--cols': layout().columns, '--rows': layout().rows }}>
      <TopBar title={state.meta.name} back={{ href: `#/game/${state.meta.id}`, label: 'Back to the game' }} />
      <header class="tv-head">
        <div class="tv-round">
          <p role="status" aria-label="Round and phase">{describeRound(state.round)}</p>
          <p>
            Speaker <strong>{seatName(state, t().speaker)}</strong> · first to {state.meta.vpGoal} VP
          </p>
        </div>
        <Show when={vote() ?? move()?.text}>{(text) => <p class="tv-move" role="status" aria-label="Whose move">{text()}</p>}</Show>
        <TurnOrder state={state} />
      </header>
      <Show when={t().victory}>{(v) => <VictoryScreen state={state} victory={v()} />}</Show>
      <ul class="tv-seats" aria-label="Players">
        <For each={state.seats}>{(seat) => <SeatTile state={state} seat={seat.id} now={now()} />}</For>
      </ul>
      <div class="tv-side">
        <VoteNews state={state} />
        {/* The victory screen above has its own charts. */}
        <Show when={!t().victory}>
          <section class="tv-glance" aria-labelledby="tv-glance">
            <h2 id="tv-glance">The game at a glance</h2>
            <RoundChart state={state} measure="vp" />
          </section>
        </Show>
        <section class="tv-objectives" aria-labelledby="tv-objectives">
          <h2 id="tv-objectives">Objectives</h2>
          <ul class="list">
            <For each={t().revealed} fallback={<li class="muted">None revealed yet.</li>}>
              {(id) => {
                const who = () => t().claims.filter((c) => c.objective === id).map((c) => seatName(state, c.seat));
                return (
                  <li>
                    <strong>{OBJECTIVES_BY_ID.get(id)?.name}</strong>{' '}
                    <span>
                      ({OBJECTIVES_BY_ID.get(id)?.vp} VP){who().length ? ` — ${names(who())}` : ''}
                    </span>
                  </li>
                );
              }}
            </For>
          </ul>
        </section>
        <Council state={state} />
      </div>
    </main>
  );
}

/**
 * The round's turn order (issue 35 item 6): by the initiative of the cards picked, as the round plays it,
 * the player (or card) acting or picking now marked; before any pick, the picking order from the Speaker.
 */
function TurnOrder(props: { state: GameSnapshot }) {
  const places = () => turnOrder(props.state);
  const picked = () => places().some((p) => p.initiative !== null);
  const inOrder = () => (picked() ? places().filter((p) => p.initiative !== null) : places());
  const toPick = () => (picked() ? places().filter((p) => p.initiative === null) : []);
  const now = () => props.state.tracker.active ?? props.state.tracker.picker;
  return (
    <div class="tv-order">
      <span id="tv-order">{picked() ? 'Turn order' : 'Picking order'}:</span>{' '}
      <ol aria-labelledby="tv-order">
        <For each={inOrder()}>
          {(p) => (
            <li classList={{ now: p.actor === now() }} aria-current={p.actor === now() ? 'true' : undefined}>
              <Show when={p.initiative !== null}>
                <strong>{p.initiative}</strong>{' '}
              </Show>
              {actorLabel(props.state, p.actor)}
            </li>
          )}
        </For>
      </ol>
      <Show when={toPick().length}>
        {' '}· still to pick: {names(toPick().map((p) => actorLabel(props.state, p.actor)))}
      </Show>
    </div>
  );
}

/**
 * How the seats fill the left of a landscape screen: one column of three, two columns from four seats on (8
 * seats in four rows). The rows set the table view's type size (round.css), so the seats and the round on
 * the left, the chart, objectives and council on the right, fit one 1920×1080 screen (issue 35 item 6).
 */
export function tvLayout(seats: number): { columns: number; rows: number } {
  const columns = seats <= 3 ? 1 : 2;
  return { columns, rows: Math.ceil(Math.max(1, seats) / columns) };
}

function SeatTile(props: { state: GameSnapshot; seat: string; now: number }) {
  const info = () => props.state.seats.find((s) => s.id === props.seat);
  const c = () => props.state.players[props.seat]?.counters;
  const t = () => props.state.tracker;
  const active = () => t().active === props.seat || t().picker === props.seat;
  const status = () => {
    const phase = props.state.round.phase;
    if (phase === 'strategy') return t().picker === props.seat ? 'Picking a card' : '';
    // Her tile says whose it is: "Her turn", or the action under way.
    if (phase === 'action') return t().active === props.seat ? (t().acting ? `${capitalize(t().acting ?? '')} action` : 'Her turn') : t().passed.includes(props.seat) ? 'Passed' : '';
    return t().done.includes(props.seat) ? `Done with step ${props.state.round.step}` : `On step ${props.state.round.step}`;
  };
  // Her time over the game so far, and the turn under way counted up to now.
  const time = () => {
    const running = t().active === props.seat && t().turnStart !== null ? props.now - (t().turnStart ?? 0) : 0;
    return (t().time[props.seat] ?? 0) + Math.max(0, running);
  };
  const vp = () => victoryPoints(props.state, props.seat);
  return (
    <li class="tv-seat" classList={{ active: active(), passed: t().passed.includes(props.seat) }} aria-label={info()?.name}>
      <div class="tv-seat-head">
        <h2>
          <span class="swatch" style={{ background: info()?.color }} aria-hidden="true" /> {info()?.name}{' '}
          <span class="muted">
            {RACES_BY_ID.get(info()?.race ?? '')?.shortName}
            {t().speaker === props.seat ? ' · Speaker' : ''}
          </span>
        </h2>
        <span class="tv-vp">{vp().total} VP</span>
      </div>
      <Show when={vp().penalty}>
        <p class="warn">−2 VP: home system lost</p>
      </Show>
      <p>{cardsOf(t(), props.seat).map((k) => `${k.initiative} ${cardTitle(k.initiative)}${k.played ? ' ✓' : ''}`).join(', ') || 'No strategy card'}</p>
      <p class="tv-now">
        <span>{status() || '\u00a0'}</span>
        <span role="timer" aria-label={`${info()?.name}'s turn time`}>Time {clock(time())}</span>
      </p>
      <p>
        {c()?.tradeGoods ?? 0} TG ·{' '}
        <span aria-hidden="true">
          {c()?.commandPool ?? 0}/{c()?.fleetSupply ?? 0}/{c()?.strategyAllocation ?? 0} <span class="muted">CC</span>
        </span>
        <span class="sr-only">
          command counters: {c()?.commandPool ?? 0} in the pool, {c()?.fleetSupply ?? 0} in fleet supply, {c()?.strategyAllocation ?? 0} in strategy allocation
        </span>
      </p>
    </li>
  );
}

/** The Twilight Council at a glance: the Voice, laws in force, this round's agendas and any vote under way. */
function Council(props: { state: GameSnapshot }) {
  const council = () => props.state.council;
  const agendas = () => council().agendas.filter((a) => a.round === props.state.round.round);
  return (
    <section aria-labelledby="tv-council">
      <h2 id="tv-council">Twilight Council</h2>
      <p>Voice of the Council: <strong>{council().voice ? seatName(props.state, council().voice) : 'nobody'}</strong></p>
      <p>Laws in force: {council().laws.map(cardName).join(', ') || 'none'}</p>
      <p>Agendas this round: {agendaWords(agendas())}</p>
    </section>
  );
}

const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** "Checks and Balances, Arms Reduction, 3 face down": the round's agendas, the face-down ones counted, not listed one by one. */
function agendaWords(agendas: readonly { revealed: boolean; card: string | null }[]): string {
  const down = agendas.filter((a) => !a.revealed).length;
  const words = [...agendas.filter((a) => a.revealed).map((a) => cardName(a.card)), ...(down ? [`${down} face down`] : [])];
  return words.join(', ') || 'none placed yet';
}

/** "Council vote: waiting for Ben and Cleo to lock in", while a vote is open: what the table waits for. */
function openVote(s: GameSnapshot): string | undefined {
  const v = s.council.sessions.find((x) => !x.results);
  if (!v) return undefined;
  const deciding = v.eligible.filter((seat) => !v.locked[seat]);
  if (deciding.length) return `Council vote: waiting for ${names(deciding.map((id) => seatName(s, id)))} to lock in`;
  return 'Council vote: every ballot is locked in, revealing them';
}
