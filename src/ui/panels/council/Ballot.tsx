/* eslint-disable solid/reactivity -- the callbacks given to our own components here (onPick, onDice, the async runner) are event handlers, which the rule cannot tell apart from reads during render. */
import { For, Show, createSignal } from 'solid-js';
import { createStore } from 'solid-js/store';
import type { Game, GameSnapshot } from '../../../doc';
import { ballotVotes, lockBallot, recordDice, ballotAgendas } from '../../../doc/council';
import type { CouncilSession } from '../../../doc/council';
import type { Ballot as BallotData } from '../../../rules/council';
import type { createAsyncRunner } from './useAsync';

/**
 * Her secret ballot: votes split across the agendas, one outcome each, some may stay unused. Locking
 * in publishes only a commitment; the ballot itself stays on this phone until everyone has locked in.
 */
export function Ballot(props: { game: Game; state: GameSnapshot; seat: string; session: CouncilSession; runner: ReturnType<typeof createAsyncRunner> }) {
  const agendas = () => ballotAgendas(props.state.council, props.session, props.state.seats);
  const [lines, setLines] = createStore<Record<string, { outcome: string; votes: number }>>({});
  const [tradeGoods, setTradeGoods] = createSignal(0);
  const twoPlayers = () => props.state.seats.length === 2;
  const available = () => ballotVotes(props.state, props.session.id, props.seat);
  const used = () => Object.values(lines).reduce((n, l) => n + (l.outcome ? l.votes || 0 : 0), 0);
  const seatName = (id: string) => props.state.seats.find((s) => s.id === id)?.name ?? id;

  const ballot = (): BallotData => ({
    allocations: Object.entries(lines)
      .filter(([, l]) => l.outcome && l.votes > 0)
      .map(([agenda, l]) => ({ agenda, outcome: l.outcome, votes: l.votes })),
    ...(twoPlayers() && tradeGoods() ? { tradeGoods: tradeGoods() } : {}),
  });
  const rollDice = () => {
    const dice = Array.from(crypto.getRandomValues(new Uint8Array(3)), (b) => (b % 10) + 1);
    void props.runner.run(() => recordDice(props.game, props.seat, props.session.id, dice), 'ballot');
  };

  return (
    <form
      class="stack"
      aria-label="Your ballot"
      onSubmit={(e) => {
        e.preventDefault();
        void props.runner.run(() => lockBallot(props.game, props.seat, props.session.id, ballot()), 'ballot');
      }}
    >
      <Show when={twoPlayers()}>
        <div class="card">
          <strong>2 players: dice votes.</strong>{' '}
          <Show when={props.session.dice[props.seat]} fallback={<DiceEntry onDice={(d) => void props.runner.run(() => recordDice(props.game, props.seat, props.session.id, d), 'ballot')} onRoll={rollDice} />}>
            {(d) => <span>You rolled {d().join(', ')}: +{Math.min(...d())} votes.</span>}
          </Show>
          <label for="ballot-tg">Trade goods spent secretly for votes (spent when the votes are revealed)</label>
          <input id="ballot-tg" type="number" inputmode="numeric" min="0" value={tradeGoods()} onInput={(e) => setTradeGoods(Math.max(0, Number(e.currentTarget.value) || 0))} />
        </div>
      </Show>
      <p>
        Votes: <strong>{used()}</strong> of {available() + (twoPlayers() ? tradeGoods() : 0)} used.
      </p>
      <For each={agendas()}>
        {(a) => (
          <fieldset>
            <legend>{a.name}</legend>
            <div class="row">
              <div class="grow">
                <label for={`out-${a.key}`}>{a.kind === 'for_against' ? 'For or against' : 'Elect'}</label>
                <Show
                  when={a.kind === 'elect' && !a.options}
                  fallback={
                    <select id={`out-${a.key}`} value={lines[a.key]?.outcome ?? ''} onChange={(e) => setLines(a.key, { outcome: e.currentTarget.value, votes: lines[a.key]?.votes ?? 0 })}>
                      <option value="">No votes here</option>
                      <Show when={a.kind === 'for_against'} fallback={<For each={a.options ?? []}>{(o) => <option value={o}>{seatName(o)}</option>}</For>}>
                        <option value="for">For</option>
                        <option value="against">Against</option>
                      </Show>
                    </select>
                  }
                >
                  <input id={`out-${a.key}`} placeholder="Whom or what (a planet, a card…)" maxLength={80} value={lines[a.key]?.outcome ?? ''} onInput={(e) => setLines(a.key, { outcome: e.currentTarget.value.trim(), votes: lines[a.key]?.votes ?? 0 })} />
                </Show>
              </div>
              <div style={{ width: '7rem' }}>
                <label for={`votes-${a.key}`}>Votes</label>
                <input id={`votes-${a.key}`} type="number" inputmode="numeric" min="0" value={lines[a.key]?.votes ?? 0} onInput={(e) => setLines(a.key, { outcome: lines[a.key]?.outcome ?? '', votes: Math.max(0, Math.floor(Number(e.currentTarget.value) || 0)) })} />
              </div>
            </div>
          </fieldset>
        )}
      </For>
      <Show when={props.runner.errorAt('ballot')}>
        {(m) => (
          // Beside the button she just tapped: the panel's own message is far above on a phone.
          <p class="alert" role="alert" ref={(el) => queueMicrotask(() => el.scrollIntoView?.({ block: 'nearest' }))}>
            {m()}
          </p>
        )}
      </Show>
      <button type="submit" class="primary" disabled={props.runner.busy()}>Lock in my ballot</button>
    </form>
  );
}

function DiceEntry(props: { onDice: (dice: number[]) => void; onRoll: () => void }) {
  const [dice, setDice] = createSignal(['', '', '']);
  return (
    <div class="stack">
      <div class="row">
        <For each={[0, 1, 2]}>
          {(i) => (
            <input aria-label={`Die ${i + 1}`} type="number" inputmode="numeric" min="1" max="10" style={{ width: '4.5rem' }} value={dice()[i]} onInput={(e) => setDice(dice().map((d, j) => (j === i ? e.currentTarget.value : d)))} />
          )}
        </For>
      </div>
      <div class="row">
        <button type="button" onClick={() => props.onDice(dice().map(Number))}>Use these dice</button>
        <button type="button" onClick={() => props.onRoll()}>Roll for me</button>
      </div>
    </div>
  );
}
