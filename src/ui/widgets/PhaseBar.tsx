import { For, Show, createSignal } from 'solid-js';
import type { Game, GameSnapshot } from '../../doc';
import { nowFor, stepAfter, unfinished } from '../../doc/round/views';
import { PHASES, PHASE_NAMES, STATUS_STEPS, describeRound } from '../../rules/round';
import type { RoundState } from '../../rules/round';
import { ConfirmDialog, Dialog } from './Dialog';
import { act } from './errors';

/** The step after `r`: strategy → action → status steps 1…9 → the next round's strategy phase. */
export function nextRound(r: RoundState): RoundState {
  const next = stepAfter(r);
  // Step 2 (progression feedback) applies itself: the table goes straight on to step 3.
  return next.phase === 'status' && next.step === 2 ? { ...next, step: 3 } : next;
}

const short = (r: RoundState) => (r.phase === 'status' ? `Status step ${r.step}` : PHASE_NAMES[r.phase]);

/** Whose move the table waits for, as this phone says it (the now bar's words): "Your turn", "Ben's turn". */
export function whoseMove(s: GameSnapshot, mySeat: string | undefined): { mine: boolean; text: string } | null {
  const now = nowFor(s, mySeat);
  return now.kind === 'none' ? null : { mine: now.mine, text: now.text };
}

/**
 * Where the table is in the round, shared by every phone (whose move it is: the now bar). "Next" moves
 * the whole table to the next phase or status step, carrying what this phone showed, so two phones
 * tapping at once move one step; when the step is not finished (picks missing, players not passed,
 * seats not done) it first says what it would skip and asks. The normal way forward is the flow itself.
 * "Set…" corrects to any state.
 */
export function PhaseBar(props: { game: Game; state: GameSnapshot; run: (fn: () => void) => boolean; mySeat?: string | undefined }) {
  const [editing, setEditing] = createSignal(false);
  const [skipping, setSkipping] = createSignal<{ from: RoundState; skips: string[] }>();
  const next = () => nextRound(props.state.round);
  const advance = (from: RoundState) => {
    const game = props.game;
    return act(props, () => game.round.advance(from));
  };
  const tapNext = () => {
    const skips = unfinished(props.state);
    if (skips.length) setSkipping({ from: { ...props.state.round }, skips });
    else advance(props.state.round);
  };
  return (
    <div class="phasebar row">
      <span class="grow small" role="status" aria-label="Round and phase">{describeRound(props.state.round)}</span>
      <button type="button" aria-label={`Next: ${short(next())}, round ${next().round}`} onClick={tapNext}>
        Next: {short(next())}
      </button>
      <button type="button" onClick={() => setEditing(true)}>Set…</button>
      <Show when={skipping()}>
        {(k) => (
          <ConfirmDialog title={`Move the whole table on to ${short(nextRound(k().from))}?`} confirm="Move on anyway" onConfirm={() => advance(k().from)} onClose={() => setSkipping(undefined)}>
            <p>This step is not finished. Moving on skips it for every phone:</p>
            <ul aria-label="What moving on skips">
              <For each={k().skips}>{(line) => <li>{line}</li>}</For>
            </ul>
          </ConfirmDialog>
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
