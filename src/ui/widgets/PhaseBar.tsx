import { For, Show, createSignal } from 'solid-js';
import type { Game } from '../../doc/game';
import type { GameSnapshot } from '../../doc/snapshot';
import { PHASES, PHASE_NAMES, STATUS_STEPS, describeRound } from '../../rules/round';
import type { RoundState } from '../../rules/round';
import { Dialog } from './Dialog';
import { act } from './errors';

/** The step after `r`: strategy → action → status steps 1…9 → the next round's strategy phase. */
export function nextRound(r: RoundState): RoundState {
  if (r.phase === 'strategy') return { round: r.round, phase: 'action', step: null };
  if (r.phase === 'action') return { round: r.round, phase: 'status', step: 1 };
  if ((r.step ?? 0) < STATUS_STEPS.length) return { round: r.round, phase: 'status', step: (r.step ?? 0) + 1 };
  return { round: r.round + 1, phase: 'strategy', step: null };
}

const short = (r: RoundState) => (r.phase === 'status' ? `Status step ${r.step}` : PHASE_NAMES[r.phase]);

/**
 * Where the table is in the round, shared by every phone: one tap moves to the next phase or status
 * step, "Set…" picks any. (The full round tracker will reuse this state.)
 */
export function PhaseBar(props: { game: Game; state: GameSnapshot; run: (fn: () => void) => boolean }) {
  const [editing, setEditing] = createSignal(false);
  const next = () => nextRound(props.state.round);
  return (
    <div class="phasebar row">
      <span class="grow small" role="status" aria-label="Round and phase">{describeRound(props.state.round)}</span>
      <button type="button" aria-label={`Next: ${short(next())}, round ${next().round}`} onClick={() => act(props, () => props.game.setRound(next()))}>
        Next: {short(next())}
      </button>
      <button type="button" onClick={() => setEditing(true)}>Set…</button>
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
