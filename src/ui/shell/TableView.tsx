import { For, Show, createResource, onCleanup } from 'solid-js';
import { victoryPoints } from '../../doc/sheet';
import { RACES_BY_ID } from '../../data';
import { cardName } from '../../doc/council';
import type { Game, GameSnapshot } from '../../doc';
import { OBJECTIVES_BY_ID, cardsOf, rotation } from '../../doc/round';
import { describeRound } from '../../rules/round';
import type { DeviceInfo } from '../../secret/device';
import { openSession } from '../../sync/session';
import { VictoryScreen } from '../panels/round/Victory';
import { cardTitle, clock, names, seatName } from '../panels/round/words';
import { createGameStore } from '../store';
import { whoseMove } from '../widgets/PhaseBar';
import { TopBar } from '../widgets/TopBar';

/**
 * The table view (`#/table/<game id>`): a tablet or TV everyone can read from their chair. Read only,
 * large type: the round, whose move it is, and every seat's VP, strategy cards, passed or active, trade
 * goods and command counters; the objectives on the table and the council's state.
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
              <p>This device has no saved data for this game: join it first, then open the table view from the Round tab.</p>
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

function Board(props: { game: Game }) {
  // The game is fixed for the life of this component.
  // eslint-disable-next-line solid/reactivity
  const state = createGameStore(props.game);
  const t = () => state.tracker;
  const move = () => whoseMove(state, undefined);
  return (
    <main class="table-view">
      <TopBar title={state.meta.name} back={{ href: `#/game/${state.meta.id}`, label: 'Back to the game' }} />
      <p class="tv-round" role="status" aria-label="Round and phase">{describeRound(state.round)}</p>
      <p>
        Speaker: <strong>{seatName(state, t().speaker)}</strong> · rotation cycler {t().direction} · order{' '}
        {names(rotation(state).map((id) => seatName(state, id)))} · first to {state.meta.vpGoal} VP
      </p>
      <Show when={move()}>{(m) => <p class="waiting" role="status" aria-label="Whose move">{m().text}</p>}</Show>
      <Show when={t().victory}>{(v) => <VictoryScreen state={state} victory={v()} />}</Show>
      <ul class="tv-seats" aria-label="Players">
        <For each={state.seats}>{(seat) => <SeatTile state={state} seat={seat.id} />}</For>
      </ul>
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
    </main>
  );
}

function SeatTile(props: { state: GameSnapshot; seat: string }) {
  const info = () => props.state.seats.find((s) => s.id === props.seat);
  const c = () => props.state.players[props.seat]?.counters;
  const t = () => props.state.tracker;
  const status = () => {
    const phase = props.state.round.phase;
    if (phase === 'strategy') return t().picker === props.seat ? 'picking' : '';
    if (phase === 'action') return t().active === props.seat ? `active${t().acting ? ` (${t().acting} action)` : ''}` : t().passed.includes(props.seat) ? 'passed' : '';
    return t().done.includes(props.seat) ? `done with step ${props.state.round.step}` : `on step ${props.state.round.step}`;
  };
  return (
    <li class="tv-seat" classList={{ active: t().active === props.seat || t().picker === props.seat, passed: t().passed.includes(props.seat) }} aria-label={info()?.name}>
      <h2>
        <span class="swatch" style={{ background: info()?.color }} aria-hidden="true" /> {info()?.name}{' '}
        <span class="small muted">{RACES_BY_ID.get(info()?.race ?? '')?.shortName}{t().speaker === props.seat ? ' · speaker' : ''}</span>
      </h2>
      <div class="tv-vp">{victoryPoints(props.state, props.seat).total} VP<Show when={victoryPoints(props.state, props.seat).penalty}> <span class="small warn">(−2: home system lost)</span></Show></div>
      <dl>
        <dt>Cards</dt>
        <dd>{cardsOf(t(), props.seat).map((k) => `${k.initiative} ${cardTitle(k.initiative)}${k.played ? ' ✓' : ''}`).join(', ') || '—'}</dd>
        <dt>Now</dt>
        <dd>{status() || '—'}</dd>
        <dt>Trade goods</dt>
        <dd>{c()?.tradeGoods ?? 0}</dd>
        <dt>Counters</dt>
        <dd>{c()?.commandPool ?? 0} pool · {c()?.fleetSupply ?? 0} fleet · {c()?.strategyAllocation ?? 0} strategy</dd>
        <dt>Turn time</dt>
        <dd>{clock(t().time[props.seat] ?? 0)}</dd>
      </dl>
    </li>
  );
}

/** The Twilight Council at a glance: the Voice, laws in force, this round's agendas and any vote under way. */
function Council(props: { state: GameSnapshot }) {
  const council = () => props.state.council;
  const agendas = () => council().agendas.filter((a) => a.round === props.state.round.round);
  const vote = () => council().sessions.find((s) => !s.results);
  return (
    <section aria-labelledby="tv-council">
      <h2 id="tv-council">Twilight Council</h2>
      <p>Voice of the Council: <strong>{council().voice ? seatName(props.state, council().voice) : 'nobody'}</strong></p>
      <p>Laws in force: {council().laws.map(cardName).join(', ') || 'none'}</p>
      <p>
        Agendas this round: {agendas().length ? agendas().map((a) => (a.revealed ? cardName(a.card) : 'face down')).join(', ') : 'none placed yet'}
      </p>
      <Show when={vote()}>
        {(v) => (
          <p>
            Vote under way: {Object.keys(v().locked).length} of {v().eligible.length} locked in
            {v().eligible.some((s) => !(s in v().locked)) ? `; waiting for ${names(v().eligible.filter((s) => !(s in v().locked)).map((s) => seatName(props.state, s)))}` : ''}.
          </p>
        )}
      </Show>
    </section>
  );
}
