import { For, Show, createSignal } from 'solid-js';
import type { Game, GameSnapshot } from '../../doc';
import { awaited, stepAfter } from '../../doc/round';
import { isNobodyActor } from '../../rules/strategy';
import { PHASES, PHASE_NAMES, STATUS_STEPS, describeRound } from '../../rules/round';
import type { RoundState } from '../../rules/round';
import { Dialog } from './Dialog';
import { act } from './errors';

/** The step after `r`: strategy → action → status steps 1…9 → the next round's strategy phase. */
export function nextRound(r: RoundState): RoundState {
  const next = stepAfter(r);
  // Step 2 (progression feedback) applies itself: the table goes straight on to step 3.
  return next.phase === 'status' && next.step === 2 ? { ...next, step: 3 } : next;
}

const short = (r: RoundState) => (r.phase === 'status' ? `Status step ${r.step}` : PHASE_NAMES[r.phase]);

/** Whose move the table waits for, as this phone says it: "Your turn", "Waiting for Ben". */
export function whoseMove(s: GameSnapshot, mySeat: string | undefined): { mine: boolean; text: string } | null {
  const name = (id: string) => (id === mySeat ? 'you' : (s.seats.find((x) => x.id === id)?.name ?? 'someone'));
  const v = s.tracker.victory;
  if (v) return { mine: false, text: `Game over: ${v.winners.map(name).join(' and ')} won.` };
  const waiting = awaited(s);
  if (!waiting.length) return null;
  const mine = !!mySeat && waiting.includes(mySeat);
  if (s.round.phase === 'strategy') return { mine, text: mine ? 'Your pick of a strategy card' : `${name(waiting[0] as string)} is picking a strategy card` };
  if (s.round.phase === 'action') {
    const actor = waiting[0] as string;
    if (isNobodyActor(actor)) return { mine: false, text: 'A card is played by no player: resolve it on the Round tab' };
    return { mine, text: mine ? 'Your turn' : `${name(actor)}'s turn` };
  }
  return { mine, text: mine ? `Your move: finish status step ${s.round.step}` : `Waiting for ${waiting.map(name).join(', ')}` };
}

/**
 * Where the table is in the round, shared by every phone, and whose move it is ("Your turn" on the
 * active player's phone). One tap moves to the next phase or status step, carrying what this phone
 * showed, so two phones tapping at once move one step; "Set…" corrects to any state.
 */
export function PhaseBar(props: { game: Game; state: GameSnapshot; run: (fn: () => void) => boolean; mySeat?: string | undefined }) {
  const [editing, setEditing] = createSignal(false);
  const next = () => nextRound(props.state.round);
  const move = () => whoseMove(props.state, props.mySeat);
  return (
    <div class="phasebar row">
      <span class="grow small" role="status" aria-label="Round and phase">{describeRound(props.state.round)}</span>
      <button type="button" aria-label={`Next: ${short(next())}, round ${next().round}`} onClick={() => act(props, () => props.game.round.advance(props.state.round))}>
        Next: {short(next())}
      </button>
      <button type="button" onClick={() => setEditing(true)}>Set…</button>
      <Show when={move()}>
        {(m) => (
          <p class={`whose ${m().mine ? 'yourturn' : 'waiting'}`} role="status" aria-label="Whose move">
            {m().text}
          </p>
        )}
      </Show>
      <Show when={editing()}>
        <RoundForm game={props.game} current={props.state.round} run={props.run} onClose={() => setEditing(false)} />
      </Show>
    </div>
  );
}

function RoundForm(props: { game: Game; current: RoundState; run: (fn: () => void) => boolean; onClose: () => void }) {
  // A form: starts from the current state and writes nothing until "Set".
  // eslint-disable-next-line solid/reactivity
  const [draft, setDraft] = createSignal<RoundState>({ ...props.current });
  const save = () => {
    const [game, next] = [props.game, draft()];
    if (act(props, () => game.setRound(next))) props.onClose();
  };
  return (
    <Dialog title="Round and phase" onClose={props.onClose}>
      <label for="round-number">Round</label>
      <input id="round-number" type="number" inputmode="numeric" min="1" max="99" value={draft().round} onInput={(e) => setDraft({ ...draft(), round: Number.parseInt(e.currentTarget.value, 10) || 0 })} />
      <label for="round-phase">Phase</label>
      <select id="round-phase" value={draft().phase} onChange={(e) => {
        const phase = e.currentTarget.value as RoundState['phase'];
        setDraft({ ...draft(), phase, step: phase === 'status' ? draft().step ?? 1 : null });
      }}>
        <For each={PHASES}>{(p) => <option value={p}>{PHASE_NAMES[p]}</option>}</For>
      </select>
      <Show when={draft().phase === 'status'}>
        <label for="round-step">Status phase step</label>
        <select id="round-step" value={String(draft().step ?? 1)} onChange={(e) => setDraft({ ...draft(), step: Number(e.currentTarget.value) })}>
          <For each={STATUS_STEPS}>{(name, i) => <option value={String(i() + 1)}>{i() + 1}. {name}</option>}</For>
        </select>
      </Show>
      <div class="row">
        <button type="button" class="primary grow" onClick={save}>Set</button>
        <button type="button" onClick={() => props.onClose()}>Cancel</button>
      </div>
    </Dialog>
  );
}
