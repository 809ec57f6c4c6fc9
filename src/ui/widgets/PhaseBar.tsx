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

/** Where the table is in the round, shared by every phone ("Round 1 · Strategy phase"): a line of the top bar. */
export function RoundStatus(props: { state: GameSnapshot }) {
  return (
    <span class="round-status" role="status" aria-label="Round and phase">
      {describeRound(props.state.round)}
    </span>
  );
}

/**
 * The round's menu, in the top bar (issue 35 item 5: the biggest control at the top moved the whole table).
 * Behind it, "Next" moves the whole table to the next phase or status step, carrying what this phone showed,
 * so two phones tapping at once move one step; it always asks first, and when the step is not finished
 * (picks missing, players not passed, seats not done) it says what it would skip. The normal way forward is
 * the flow itself. "Set…" corrects to any state.
 */
export function RoundMenu(props: { game: Game; state: GameSnapshot; run: (fn: () => void) => boolean }) {
  const [open, setOpen] = createSignal(false);
  const [editing, setEditing] = createSignal(false);
  const [moving, setMoving] = createSignal<{ from: RoundState; skips: string[] }>();
  const next = () => nextRound(props.state.round);
  const advance = (from: RoundState) => {
    const game = props.game;
    return act(props, () => game.move(game.moves.round.advance, from));
  };
  const tapNext = () => {
    setOpen(false);
    setMoving({ from: { ...props.state.round }, skips: unfinished(props.state) });
  };
  return (
    <>
      <button type="button" class="round-menu" aria-label="Round menu" aria-haspopup="dialog" aria-expanded={open()} onClick={() => setOpen(true)}>
        <span aria-hidden="true">⋯</span>
      </button>
      <Show when={open()}>
        <Dialog title="Round menu" onClose={() => setOpen(false)}>
          <p>{describeRound(props.state.round)}. The table moves on by itself as everyone plays; these are for a table that needs a hand.</p>
          <div class="stack">
            <button type="button" class="wide" aria-label={`Next: ${short(next())}, round ${next().round}`} onClick={tapNext}>
              Next: {short(next())}…
            </button>
            <button type="button" class="wide" onClick={() => { setOpen(false); setEditing(true); }}>Set…</button>
          </div>
        </Dialog>
      </Show>
      <Show when={moving()}>
        {(k) => (
          <ConfirmDialog title={`Move the whole table on to ${short(nextRound(k().from))}?`} confirm={k().skips.length ? 'Move on anyway' : 'Move on'} onConfirm={() => advance(k().from)} onClose={() => setMoving(undefined)}>
            <Show when={k().skips.length} fallback={<p>Every phone moves on to {short(nextRound(k().from))}.</p>}>
              <p>This step is not finished. Moving on skips it for every phone:</p>
              <ul aria-label="What moving on skips">
                <For each={k().skips}>{(line) => <li>{line}</li>}</For>
              </ul>
            </Show>
          </ConfirmDialog>
        )}
      </Show>
      <Show when={editing()}>
        <RoundForm game={props.game} current={props.state.round} run={props.run} onClose={() => setEditing(false)} />
      </Show>
    </>
  );
}

function RoundForm(props: { game: Game; current: RoundState; run: (fn: () => void) => boolean; onClose: () => void }) {
  // A form: starts from the current state and writes nothing until "Set".
  // eslint-disable-next-line solid/reactivity
  const [draft, setDraft] = createSignal<RoundState>({ ...props.current });
  const save = () => {
    const [game, next] = [props.game, draft()];
    if (act(props, () => game.move(game.moves.round.setRound, next))) props.onClose();
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
