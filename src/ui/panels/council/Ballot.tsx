/* eslint-disable solid/reactivity -- the callbacks given to our own components here (onPick, onDice, the async runner) are event handlers, which the rule cannot tell apart from reads during render. */
import { For, Show, createEffect, createSignal } from 'solid-js';
import { createStore } from 'solid-js/store';
import { playersIn } from '../../../doc';
import type { Game, GameSnapshot } from '../../../doc';
import { ballotTable, ballotVotes, ballotAgendas } from '../../../doc/council';
import * as councilMoves from '../../../doc/council/moves';
import type { CouncilSession } from '../../../doc/council';
import type { Ballot as BallotData, ExtraVotes as Extra } from '../../../rules/council';
import { extraVotes } from '../../../rules/council';
import type { createAsyncRunner } from './useAsync';
import { Stepper } from '../../widgets/Counter';
import { nowBarHeight } from '../../widgets/nowBarHeight';
import { ExtraVotes } from './ExtraVotes';
import { ConfirmDialog } from '../../widgets/Dialog';

/**
 * Her secret ballot: votes split across the agendas, one outcome each, some may stay unused. Locking
 * in publishes only a commitment; the ballot itself stays on this phone until everyone has locked in.
 */
type Lines = Record<string, { outcome: string; votes: number }>;

type Draft = { lines: Lines; tradeGoods: number; extra: Extra[] };

/**
 * Ballots being filled in on this phone, by game, vote and seat: the Council tab unmounts when she looks at
 * another tab, and a half-filled ballot must be there when she comes back, or after a reload (issue 35 item
 * 4). Kept in this tab's session storage, never in the shared document: her secret until she locks it in,
 * gone when the tab closes. Read as untrusted: a draft that is not one is ignored.
 */
const drafts = {
  key: (k: string) => `tt-ballot-draft:${k}`,
  get(k: string): Draft | undefined {
    try {
      const d = JSON.parse(sessionStorage.getItem(this.key(k)) ?? 'null') as Partial<Draft> | null;
      const lines = d?.lines && typeof d.lines === 'object' ? Object.fromEntries(Object.entries(d.lines).filter(([, l]) => typeof l?.outcome === 'string' && Number.isSafeInteger(l.votes))) : undefined;
      return lines ? { lines, tradeGoods: Number.isSafeInteger(d?.tradeGoods) ? (d?.tradeGoods as number) : 0, extra: Array.isArray(d?.extra) ? (d?.extra as Extra[]) : [] } : undefined;
    } catch {
      return undefined;
    }
  },
  set(k: string, d: Draft): void {
    try {
      sessionStorage.setItem(this.key(k), JSON.stringify(d));
    } catch {
      // No session storage (a private window that refuses it): the draft lives as long as the tab shows it.
    }
  },
  delete(k: string): void {
    try {
      sessionStorage.removeItem(this.key(k));
    } catch {
      // As above.
    }
  },
};

export function Ballot(props: { game: Game; state: GameSnapshot; seat: string; session: CouncilSession; runner: ReturnType<typeof createAsyncRunner> }) {
  const agendas = () => ballotAgendas(props.state.council, props.session, props.state.seats);
  const draftKey = `${props.state.meta.id}:${props.session.id}:${props.seat}`;
  const draft = drafts.get(draftKey);
  const [lines, setLines] = createStore<Lines>(structuredClone(draft?.lines ?? {}));
  const [tradeGoods, setTradeGoods] = createSignal(draft?.tradeGoods ?? 0);
  const [extra, setExtra] = createSignal<Extra[]>(draft?.extra ?? []);
  const [askEmpty, setAskEmpty] = createSignal(false);
  createEffect(() => drafts.set(draftKey, { lines: Object.fromEntries(Object.entries(lines).map(([k, l]) => [k, { outcome: l.outcome, votes: l.votes }])), tradeGoods: tradeGoods(), extra: extra() }));
  const lock = () => {
    void props.runner.run(async () => {
      const refused = await props.game.moveSigned(councilMoves.lockBallot, props.seat, props.session.id, ballot());
      if (!refused) drafts.delete(draftKey);
      return refused;
    }, 'ballot');
  };
  const twoPlayers = () => playersIn(props.state) === 2;
  const used = () => Object.values(lines).reduce((n, l) => n + (l.outcome ? l.votes || 0 : 0), 0);
  const seatName = (id: string) => props.state.seats.find((s) => s.id === id)?.name ?? id;

  const ballot = (): BallotData => ({
    allocations: Object.entries(lines)
      .filter(([, l]) => l.outcome && l.votes > 0)
      .map(([agenda, l]) => ({ agenda, outcome: l.outcome, votes: l.votes })),
    ...(twoPlayers() && tradeGoods() ? { tradeGoods: tradeGoods() } : {}),
    ...(extra().length ? { extra: extra() } : {}),
  });
  const rollDice = () => {
    const dice = Array.from(crypto.getRandomValues(new Uint8Array(3)), (b) => (b % 10) + 1);
    void props.runner.run(() => props.game.move(councilMoves.recordDice, props.seat, props.session.id, dice), 'ballot');
  };

  // What she has not placed yet: a line's − / + stay within it, and a line she opens starts with all of it.
  const limit = () => ballotVotes(props.state, props.session.id, props.seat, extraVotes({ extra: extra() }), twoPlayers() ? tradeGoods() : 0);
  const left = () => Math.max(0, limit() - used());
  const votesOn = (key: string) => (lines[key]?.outcome ? lines[key]?.votes ?? 0 : 0);
  const choose = (key: string, outcome: string) => setLines(key, { outcome, votes: votesOn(key) || left() });
  const outcomes = (a: ReturnType<typeof agendas>[number]) => (a.kind === 'for_against' ? [{ id: 'for', name: 'For' }, { id: 'against', name: 'Against' }] : (a.options ?? []).map((o) => ({ id: o, name: seatName(o) })));

  return (
    <form
      class="stack ballot"
      aria-label="Your ballot"
      onSubmit={(e) => {
        e.preventDefault();
        // An empty ballot is allowed (001: not all votes have to be used), but never locked in by accident.
        if (used() === 0) setAskEmpty(true);
        else lock();
      }}
    >
      <Show when={twoPlayers()}>
        <div class="card">
          <strong>2 players: dice votes.</strong>{' '}
          <Show when={props.session.dice[props.seat]} fallback={<DiceEntry onDice={(d) => void props.runner.run(() => props.game.move(councilMoves.recordDice, props.seat, props.session.id, d), 'ballot')} onRoll={rollDice} />}>
            {(d) => <span>You rolled {d().join(', ')}: +{Math.min(...d())} votes.</span>}
          </Show>
          <p class="small">Trade goods spent secretly for votes are spent when the votes are revealed.</p>
          <Stepper label="Trade goods for votes" unit="trade good" value={tradeGoods()} max={props.state.players[props.seat]?.counters.tradeGoods ?? 0} onChange={setTradeGoods} />
        </div>
      </Show>
      <For each={agendas()}>
        {(a) => (
          <fieldset id={`line-${a.key}`}>
            <legend>{a.name}</legend>
            <Show
              when={a.kind === 'elect' && !a.options}
              fallback={
                <div class="row choices" role="radiogroup" aria-label={a.kind === 'for_against' ? `For or against ${a.name}` : `Elect on ${a.name}`}>
                  <For each={outcomes(a)}>
                    {(o) => (
                      <label class="check choice">
                        <input type="radio" name={`out-${a.key}`} value={o.id} checked={lines[a.key]?.outcome === o.id} onChange={() => choose(a.key, o.id)} /> {o.name}
                      </label>
                    )}
                  </For>
                </div>
              }
            >
              <label for={`out-${a.key}`}>Elect whom or what (a planet, a card…)</label>
              <input id={`out-${a.key}`} maxLength={80} value={lines[a.key]?.outcome ?? ''} onChange={(e) => choose(a.key, e.currentTarget.value.trim())} />
            </Show>
            <Stepper label={`Votes on ${a.name}`} unit="vote" value={votesOn(a.key)} max={votesOn(a.key) + left()} onChange={(n) => lines[a.key]?.outcome && setLines(a.key, 'votes', n)} />
          </fieldset>
        )}
      </For>
      {/* Stuck just above the now bar (nothing under it, issue 35 item 4). */}
      <div class="ballot-lock" style={{ bottom: `${nowBarHeight() ?? 0}px` }}>
        <Show when={props.runner.errorAt('ballot')}>
          {(m) => (
            // Beside the button she just tapped: the panel's own message is far above on a phone.
            <p class="alert" role="alert" ref={(el) => queueMicrotask(() => el.scrollIntoView?.({ block: 'nearest' }))}>
              {m()}
            </p>
          )}
        </Show>
        <div class="row">
          <span class="grow">
            Votes: <strong>{used()}</strong> of {limit()} used
          </span>
          <button type="submit" class="primary" disabled={props.runner.busy()}>Lock in my ballot</button>
        </div>
      </div>
      <Show when={askEmpty()}>
        <ConfirmDialog title="Lock in an empty ballot?" confirm="Lock in with no votes" onConfirm={lock} onClose={() => setAskEmpty(false)}>
          <p>You cast no vote on any agenda. Once locked in, this ballot cannot be changed before the reveal.</p>
        </ConfirmDialog>
      </Show>
      {/* Below Lock in, which stays on the first screen; most ballots add nothing. */}
      <ExtraVotes extra={extra()} table={ballotTable(props.state, props.session, props.seat)} onChange={setExtra} />
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
