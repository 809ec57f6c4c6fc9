import { For, Show, createResource, createSignal, onCleanup } from 'solid-js';
import { victoryPoints } from '../../doc/sheet';
import { RACES_BY_ID } from '../../data';
import { cardName } from '../../doc/council';
import type { Game, GameSnapshot } from '../../doc';
import { OBJECTIVES_BY_ID, cardsOf, rotation } from '../../doc/round';
import { describeRound } from '../../rules/round';
import type { DeviceInfo } from '../../secret/device';
import { openSession } from '../../sync/session';
import { VictoryScreen } from '../panels/round/Victory';
import { RoundChart } from '../panels/round/RoundChart';
import { VoteNews } from '../panels/council/VoteNews';
import { cardTitle, clock, names, seatName } from '../panels/round/words';
import { createGameStore } from '../store';
import { whoseMove } from '../widgets/PhaseBar';
import { TopBar } from '../widgets/TopBar';

/**
 * The table view (`#/table/<game id>`): a TV or tablet everyone reads from their chair, 3 m away. Read
 * only, its type scales with the screen (32 px and up at 1080p, VP and whose turn larger, issue 26):
 * the round, whose move it is (or whom the council's vote waits for), every seat's VP, strategy cards,
 * passed or active, trade goods, command counters and turn time (ticking), the objectives, the council and
 * a chart of everyone's VP round by round.
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
          <Board game={s().game} />
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

function Board(props: { game: Game }) {
  // The game is fixed for the life of this component.
  // eslint-disable-next-line solid/reactivity
  const state = createGameStore(props.game);
  const now = createGameClock(() => state.meta.createdAt);
  const t = () => state.tracker;
  const move = () => whoseMove(state, undefined);
  const vote = () => openVote(state);
  // Fewer, wider cards: 3 seats in one row of 3, 6 in two rows of 3, 8 in two rows of 4.
  const columns = () => (state.seats.length <= 4 ? state.seats.length : Math.ceil(state.seats.length / 2));
  return (
    <main class="table-view">
      <TopBar title={state.meta.name} back={{ href: `#/game/${state.meta.id}`, label: 'Back to the game' }} />
      <p role="status" aria-label="Round and phase">{describeRound(state.round)}</p>
      <Show when={vote() ?? move()?.text}>{(text) => <p class="tv-move" role="status" aria-label="Whose move">{text()}</p>}</Show>
      <p>
        Speaker <strong>{seatName(state, t().speaker)}</strong> · order {names(rotation(state).map((id) => seatName(state, id)))} · first to {state.meta.vpGoal} VP
      </p>
      <VoteNews state={state} />
      <Show when={t().victory}>{(v) => <VictoryScreen state={state} victory={v()} />}</Show>
      <ul class="tv-seats" aria-label="Players" style={{ '--cols': columns() }}>
        <For each={state.seats}>{(seat) => <SeatTile state={state} seat={seat.id} now={now()} />}</For>
      </ul>
      <div class="tv-columns">
        <section aria-labelledby="tv-objectives">
          <h2 id="tv-objectives">Objectives</h2>
          <ul class="list">
            <For each={t().revealed} fallback={<li class="muted">None revealed yet.</li>}>
              {(id) => {
                const who = () => t().claims.filter((c) => c.objective === id).map((c) => seatName(state, c.seat));
                return (
                  <li>
                    <strong>{OBJECTIVES_BY_ID.get(id)?.name}</strong> ({OBJECTIVES_BY_ID.get(id)?.vp} VP){who().length ? ` — ${names(who())}` : ''}
                  </li>
                );
              }}
            </For>
          </ul>
        </section>
        <Council state={state} />
        {/* The victory screen above has its own charts. */}
        <Show when={!t().victory}>
          <section aria-labelledby="tv-glance">
            <h2 id="tv-glance">The game at a glance</h2>
            <RoundChart state={state} measure="vp" />
          </section>
        </Show>
      </div>
    </main>
  );
}

function SeatTile(props: { state: GameSnapshot; seat: string; now: number }) {
  const info = () => props.state.seats.find((s) => s.id === props.seat);
  const c = () => props.state.players[props.seat]?.counters;
  const t = () => props.state.tracker;
  const active = () => t().active === props.seat || t().picker === props.seat;
  const status = () => {
    const phase = props.state.round.phase;
    if (phase === 'strategy') return t().picker === props.seat ? 'Picking a card' : '';
    if (phase === 'action') return t().active === props.seat ? `${info()?.name}'s turn${t().acting ? ` (${t().acting} action)` : ''}` : t().passed.includes(props.seat) ? 'Passed' : '';
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
        {c()?.tradeGoods ?? 0} TG · {c()?.commandPool ?? 0}/{c()?.fleetSupply ?? 0}/{c()?.strategyAllocation ?? 0} <span class="muted">pool/fleet/strategy</span>
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
      <p>
        Agendas this round: {agendas().length ? agendas().map((a) => (a.revealed ? cardName(a.card) : 'face down')).join(', ') : 'none placed yet'}
      </p>
    </section>
  );
}

/** "Council vote: waiting for Ben and Cleo to lock in", while a vote is open: what the table waits for. */
function openVote(s: GameSnapshot): string | undefined {
  const v = s.council.sessions.find((x) => !x.results);
  if (!v) return undefined;
  const deciding = v.eligible.filter((seat) => !v.locked[seat]);
  if (deciding.length) return `Council vote: waiting for ${names(deciding.map((id) => seatName(s, id)))} to lock in`;
  return 'Council vote: every ballot is locked in, revealing them';
}
