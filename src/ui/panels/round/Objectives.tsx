import { For, Show, createMemo, createSignal } from 'solid-js';
import { OBJECTIVES } from '../../../data';
import type { ObjectiveStage } from '../../../data/types';
import type { Game, GameSnapshot } from '../../../doc';
import { CLAIM_STEP, OBJECTIVES_BY_ID, claimable, stage2Open } from '../../../doc/objectives';
import * as objectiveMoves from '../../../doc/objectives/moves';
import { preliminaryStillClaimable } from '../../../rules/status';
import { Dialog } from '../../widgets/Dialog';
import { createErrorReporter } from '../../widgets/errors';
import { ClaimObjective } from './ClaimObjective';
import { PathOfFate } from './PathOfFate';
import { names, seatColor, seatName } from './words';

interface Props {
  game: Game;
  state: GameSnapshot;
  mySeat: string | undefined;
  run: (fn: () => void) => boolean;
}

/** "kept": Stage I objectives kept by a race sheet with Prospect a, each claimable by its keeper only. */
type Section = ObjectiveStage | 'kept';

const SECTIONS: { stage: Section; title: string }[] = [
  { stage: 'stage1', title: 'Stage I' },
  { stage: 'kept', title: 'Kept by a race sheet (Prospect)' },
  { stage: 'stage2', title: 'Stage II' },
  { stage: 'preliminary', title: 'Preliminary' },
  { stage: 'special', title: 'Special' },
  { stage: 'secret', title: 'Secret (claimed)' },
];

/**
 * The objectives on the table (001 "Types of objectives"): revealed public objectives by stage with
 * who claimed each, Stage II locked until enough Stage I are out, the preliminary objective closed once
 * a round in which it was claimed has ended, the special objectives and who holds them now, and the
 * secret objectives revealed by their claims. "Reveal…" lays a drawn card face up.
 */
export function Objectives(props: Props) {
  const t = () => props.state.tracker;
  const [revealing, setRevealing] = createSignal(false);
  const claimers = (id: string) => t().claims.filter((c) => c.objective === id).map((c) => c.seat);
  const holders = (id: string) => props.state.seats.filter((s) => (t().specials[s.id] ?? []).includes(id)).map((s) => s.id);
  const shown = (stage: Section) => {
    if (stage === 'kept') return t().kept.map((k) => k.objective);
    if (stage === 'special') return OBJECTIVES.filter((o) => o.stage === 'special').map((o) => o.id);
    if (stage === 'secret') return [...new Set(t().claims.map((c) => c.objective))].filter((id) => OBJECTIVES_BY_ID.get(id)?.stage === 'secret');
    return t().revealed.filter((id) => OBJECTIVES_BY_ID.get(id)?.stage === stage);
  };
  const stage1Count = () => shown('stage1').length;
  // Outside the claim step, only Bureaucracy's "claim one public objective" opens a claim.
  const bureaucracy = createMemo(() => (props.mySeat && props.state.round.step !== CLAIM_STEP ? claimable(props.state, props.mySeat) : []));
  const note = (id: string, stage: Section) => {
    const kept = t().kept.find((k) => k.objective === id);
    if (kept) return `only ${seatName(props.state, kept.seat)} may claim it`;
    if (stage === 'stage2' && !stage2Open(props.state)) return `locked until ${props.state.meta.vpGoal} Stage I are revealed (${stage1Count()} so far)`;
    if (stage === 'preliminary') {
      const rounds = t().claims.filter((c) => c.objective === id).map((c) => c.round);
      if (rounds.length && !preliminaryStillClaimable(rounds, props.state.round.round)) return 'closed to the others';
    }
    return '';
  };
  return (
    <section aria-labelledby="objectives-h">
      <div class="row spread">
        <h3 id="objectives-h">Objectives</h3>
        <button type="button" onClick={() => setRevealing(true)}>Reveal…</button>
      </div>
      <For each={SECTIONS}>
        {(sec) => (
          <Show when={shown(sec.stage).length}>
            <h4>{sec.title}</h4>
            <ul class="list objectives" aria-label={`${sec.title} objectives`}>
              <For each={shown(sec.stage)}>
                {(id) => {
                  const o = () => OBJECTIVES_BY_ID.get(id);
                  const who = () => (sec.stage === 'special' ? holders(id) : claimers(id));
                  return (
                    <li class="card objective" aria-label={o()?.name ?? id}>
                      <div class="row">
                        <strong class="grow">{o()?.name}</strong>
                        <span class="tag">{o()?.winsGame ? 'wins' : `${o()?.vp} VP`}</span>
                      </div>
                      <Show when={o()?.name !== o()?.text}>
                        <p class="small muted">{o()?.text}</p>
                      </Show>
                      <p class="small">
                        <Show when={who().length} fallback={<span class="muted">{sec.stage === 'special' ? 'Nobody holds it.' : 'Not claimed yet.'}</span>}>
                          <For each={who()}>{(s) => <span class="swatch" style={{ background: seatColor(props.state, s) }} aria-hidden="true" />}</For>{' '}
                          {sec.stage === 'special' ? 'Held by' : 'Claimed by'} {names(who().map((s) => seatName(props.state, s)))}
                        </Show>
                        <Show when={note(id, sec.stage)}> · {note(id, sec.stage)}</Show>
                      </p>
                      <Show when={bureaucracy().includes(id)}>
                        <ClaimObjective game={props.game} state={props.state} seat={props.mySeat as string} run={props.run} objective={id} label={`Claim ${o()?.name} (Bureaucracy)`} />
                      </Show>
                    </li>
                  );
                }}
              </For>
            </ul>
          </Show>
        )}
      </For>
      <Show when={props.state.meta.options.pathOfFate}>
        <FateScored state={props.state} />
        {/* In the claim step the status checklist shows it, beside the other claims. */}
        <Show when={props.mySeat && !(props.state.round.phase === 'status' && props.state.round.step === CLAIM_STEP)}>
          <PathOfFate game={props.game} state={props.state} seat={props.mySeat as string} run={props.run} />
        </Show>
      </Show>
      <Show when={!t().revealed.length}>
        <p class="muted small">No public objective revealed yet. At setup the table reveals 3 Stage I, 3 Stage II and 1 preliminary objective (no preliminary with 2 players).</p>
      </Show>
      <Show when={revealing()}>
        <RevealDialog game={props.game} state={props.state} onClose={() => setRevealing(false)} />
      </Show>
    </section>
  );
}

function RevealDialog(props: { game: Game; state: GameSnapshot; onClose: () => void }) {
  const errors = createErrorReporter();
  const [stage, setStage] = createSignal<ObjectiveStage>('stage1');
  const [pick, setPick] = createSignal('');
  const options = () => OBJECTIVES.filter((o) => o.stage === stage() && !props.state.tracker.revealed.includes(o.id));
  const reveal = () => {
    const [game, id] = [props.game, pick()];
    if (errors.run(() => game.move(objectiveMoves.reveal, id))) setPick('');
  };
  return (
    <Dialog title="Reveal an objective" onClose={props.onClose}>
      <label for="reveal-stage">Deck</label>
      <select id="reveal-stage" value={stage()} onChange={(e) => { setStage(e.currentTarget.value as ObjectiveStage); setPick(''); }}>
        <option value="stage1">Stage I</option>
        <option value="stage2">Stage II</option>
        <option value="preliminary">Preliminary</option>
      </select>
      <label for="reveal-card">Card drawn</label>
      <select id="reveal-card" value={pick()} onChange={(e) => setPick(e.currentTarget.value)}>
        <option value="">Choose…</option>
        <For each={options()}>{(o) => <option value={o.id}>{o.name}</option>}</For>
      </select>
      <Show when={errors.message()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
      <div class="row">
        <button type="button" class="primary grow" disabled={!pick()} onClick={reveal}>Reveal</button>
        <button type="button" onClick={() => props.onClose()}>Done</button>
      </div>
    </Dialog>
  );
}

/** The race-specific objectives scored so far (Path of Fate), public since their claims. */
function FateScored(props: { state: GameSnapshot }) {
  return (
    <Show when={props.state.tracker.fate.length}>
      <h4>Race-specific (Path of Fate)</h4>
      <ul class="list objectives" aria-label="Race-specific objectives scored">
        <For each={props.state.tracker.fate}>
          {(f) => (
            <li class="card objective" aria-label={f.name}>
              <div class="row">
                <strong class="grow">{f.name}</strong>
                <span class="tag">{f.vp} VP</span>
              </div>
              <p class="small">
                <span class="swatch" style={{ background: seatColor(props.state, f.seat) }} aria-hidden="true" /> Scored by {seatName(props.state, f.seat)} in round {f.round}
              </p>
            </li>
          )}
        </For>
      </ul>
    </Show>
  );
}
