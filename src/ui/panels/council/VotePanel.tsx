/* eslint-disable solid/reactivity -- the callbacks given to our own components here (onPick, onDice, the async runner) are event handlers, which the rule cannot tell apart from reads during render. */
import { For, Show, createSignal, onCleanup } from 'solid-js';
import { listWords } from '../../../doc';
import type { Game, GameSnapshot } from '../../../doc';
import { agendasToVote, closingSince, CLOSE_COUNTDOWN_S, voteStalled, ballotAgendas, ballotWords, councilSpeaker } from '../../../doc/council';
import * as councilMoves from '../../../doc/council/moves';
import type { CouncilSession } from '../../../doc/council';
import { voteToCall } from '../../../doc/round/views';
import { VOC_KEY } from '../../../rules/council';
import { Ballot } from './Ballot';
import { resultWords } from './VoteNews';
import type { createAsyncRunner } from './useAsync';

type Runner = ReturnType<typeof createAsyncRunner>;

/** The Twilight Council in session (Assembly played): who has locked in, then the revealed result. */
export function VotePanel(props: { game: Game; state: GameSnapshot; seat: string; mine: boolean; runner: Runner }) {
  const session = () => props.state.council.sessions.at(-1);
  return (
    <section aria-labelledby="vote-title" class="card">
      <h2 id="vote-title">Council vote</h2>
      <Show when={session()} fallback={<StartVote {...props} />}>
        {(v) => (
          <Show when={v().results} fallback={<Voting {...props} session={v()} />}>
            <Results state={props.state} seat={props.seat} mine={props.mine} game={props.game} session={v()} runner={props.runner} />
            <StartVote {...props} />
          </Show>
        )}
      </Show>
    </section>
  );
}

/**
 * Putting agendas to the vote. The player who played Assembly (001 "Twilight Council": its active player
 * chooses them) sees it open, as the now bar's *Start* brings her here; any other phone keeps it folded
 * away but reachable, for a table that records a vote the tracker did not see played.
 */
function StartVote(props: { game: Game; state: GameSnapshot; seat: string; mine: boolean; runner: Runner }) {
  const [picked, setPicked] = createSignal<string[]>([]);
  // 001 "Voting" 4: resolved agendas are discarded (laws voted for stay in force): only the ones not
  // voted on yet may be put to a vote.
  const revealed = () => agendasToVote(props.state.council, props.state.round.round).map((key) => ({ key }));
  const toggle = (key: string) => setPicked(picked().includes(key) ? picked().filter((k) => k !== key) : [...picked(), key]);
  const label = (key: string) => ballotAgendas(props.state.council, { agendas: [key] }, props.state.seats)[0]?.name ?? key;
  const asked = () => voteToCall(props.state, props.seat);
  const choose = () => (
    <>
      <p class="muted">Tick the agendas to vote on, in the order they will be resolved.</p>
      <For each={revealed()}>
        {(a) => (
          <label class="check">
            <input type="checkbox" checked={picked().includes(a.key)} onChange={() => toggle(a.key)} /> {label(a.key)}
            <Show when={picked().includes(a.key)}> (#{picked().indexOf(a.key) + 1})</Show>
          </label>
        )}
      </For>
      <button type="button" class="primary" disabled={!picked().length} onClick={() => void props.runner.run(() => props.game.move(councilMoves.startVote, props.seat, picked())).then((ok) => ok && setPicked([]))}>
        Start the vote
      </button>
    </>
  );
  return (
    <Show when={props.mine && revealed().length}>
      <Show
        when={asked()}
        fallback={
          <details>
            <summary>Assembly played: start a vote</summary>
            {choose()}
          </details>
        }
      >
        <div id="start-vote" class="stack" tabindex="-1" role="group" aria-label="Start the vote">
          <p>
            <strong>You played Assembly:</strong> choose the agendas the council votes on.
          </p>
          {choose()}
        </div>
      </Show>
    </Show>
  );
}

function Voting(props: { game: Game; state: GameSnapshot; seat: string; mine: boolean; session: CouncilSession; runner: Runner }) {
  const v = () => props.session;
  const name = (id: string) => props.state.seats.find((s) => s.id === id)?.name ?? id;
  const agendas = () => ballotAgendas(props.state.council, v(), props.state.seats);
  const waiting = () => v().eligible.filter((s) => !v().locked[s]);
  const speaker = () => councilSpeaker(props.state.seats, props.state.tracker.speaker);
  return (
    <div class="stack">
      {/* Her ballot first: its Lock in on the first screen of the tab (issue 26). */}
      <Show when={props.mine && v().eligible.includes(props.seat)}>
        <Show when={v().locked[props.seat]} fallback={<Ballot game={props.game} state={props.state} seat={props.seat} session={v()} runner={props.runner} />}>
          <p role="status">Your ballot is locked in. It is revealed by itself once everyone has locked in{waiting().length ? `; waiting for ${waiting().map(name).join(', ')}` : ''}.</p>
        </Show>
      </Show>
      <p>
        On the table, in this order: {agendas().map((a) => a.name).join(' · ')}.
      </p>
      <Show when={props.mine && !Object.keys(v().locked).length && !agendas().some((a) => a.key === VOC_KEY)}>
        <button type="button" onClick={() => void props.runner.run(() => props.game.move(councilMoves.addVoiceOfTheCouncil, props.seat, v().id))}>
          Add the Voice of the Council election (1 strategy allocation counter)
        </button>
      </Show>
      <Show when={v().tampered.length}>
        <p class="alert" role="alert">A reveal that did not match the locked ballot was refused for: {v().tampered.map(name).join(', ')}.</p>
      </Show>
      <ul class="list" aria-label="Ballots">
        <For each={v().eligible}>{(s) => <li class="row spread"><span>{name(s)}</span><span>{v().locked[s] ? (v().ballots[s] ? 'revealed' : 'locked in') : 'deciding…'}</span></li>}</For>
      </ul>
      <CloseVote game={props.game} state={props.state} seat={props.seat} session={v()} runner={props.runner} speaker={props.mine && props.seat === speaker()} />
    </div>
  );
}

/**
 * The countdown every phone sees once the Speaker starts closing a stalled vote (the phone that has
 * not locked in most of all: it is its last chance), and the Speaker's button.
 */
function CloseVote(props: { game: Game; state: GameSnapshot; seat: string; session: CouncilSession; runner: Runner; speaker: boolean }) {
  const gameSeconds = () => Math.floor((Date.now() - props.state.meta.createdAt) / 1000);
  const [now, setNow] = createSignal(gameSeconds());
  const timer = setInterval(() => setNow(gameSeconds()), 1000);
  onCleanup(() => clearInterval(timer));
  const since = () => closingSince(props.state, props.session.id);
  const name = (id: string) => props.state.seats.find((s) => s.id === id)?.name ?? id;
  // Ballots are revealed once every seat has locked in: until then the vote waits for those who have not.
  const stalled = () => {
    const v = props.session;
    const notLocked = v.eligible.filter((s) => !v.locked[s]);
    if (notLocked.length) return `${listWords(notLocked.map(name))} to lock in`;
    return `${listWords(v.eligible.filter((s) => !v.ballots[s] && !v.refused[s]).map(name))} to reveal`;
  };
  const left = () => (since() === undefined ? undefined : Math.max(0, (since() as number) + CLOSE_COUNTDOWN_S - now()));
  return (
    <div class="stack">
      <Show when={left() !== undefined}>
        <p role="timer" class={props.session.eligible.includes(props.seat) && !props.session.locked[props.seat] ? 'alert' : undefined}>
          {left() ? `The Speaker can close the vote in ${left()} s` : 'The Speaker can close the vote now'}; waiting for {stalled()}. Ballots not revealed by then count as abstaining.
        </p>
      </Show>
      <Show when={props.speaker && voteStalled(props.session, now())}>
        <button type="button" class="danger" disabled={left() !== undefined && (left() as number) > 0} onClick={() => void props.runner.run(() => props.game.moveSigned(councilMoves.closeVote, props.seat, props.session.id, gameSeconds()))}>
          {since() === undefined ? 'A phone is not answering: start the countdown to close the vote' : 'Close the vote now'}
        </button>
      </Show>
    </div>
  );
}

function Results(props: { game: Game; state: GameSnapshot; seat: string; mine: boolean; session: CouncilSession; runner: Runner }) {
  const name = (id: string) => props.state.seats.find((s) => s.id === id)?.name ?? id;
  const outcome = (key: string, o: string) => (key === VOC_KEY || props.state.seats.some((s) => s.id === o) ? name(o) : o);
  const isSpeaker = () => props.mine && props.seat === councilSpeaker(props.state.seats, props.state.tracker.speaker);
  return (
    <div class="stack" aria-label="Results">
      <For each={props.session.results ?? []}>
        {(r) => (
          <div class="card">
            <strong>{resultWords(props.state, r)}</strong>
            <div class="muted small">{Object.entries(r.totals).map(([o, n]) => `${outcome(r.agenda, o)} ${n}`).join(' · ')}</div>
            <Show when={r.status === 'tie' && isSpeaker() && r}>
              {(t) => (
                <div class="row">
                  <For each={t().status === 'tie' ? (t() as { tied: string[] }).tied : []}>
                    {(o) => <button type="button" onClick={() => void props.runner.run(() => props.game.move(councilMoves.breakTie, props.seat, props.session.id, r.agenda, o))}>Speaker: {outcome(r.agenda, o)} wins</button>}
                  </For>
                </div>
              )}
            </Show>
          </div>
        )}
      </For>
      <details>
        <summary>Everyone's ballot</summary>
        <ul class="list">
          <For each={props.session.eligible}>
            {(s) => (
              <li>
                <strong>{name(s)}</strong>:{' '}
                {props.session.ballots[s]
                  ? ballotWords(props.state.council, props.state.seats, props.session.ballots[s])
                  : props.session.refused[s]
                    ? `refused: ${props.session.refused[s]}`
                    : 'abstained (did not reveal)'}
              </li>
            )}
          </For>
        </ul>
      </details>
    </div>
  );
}
