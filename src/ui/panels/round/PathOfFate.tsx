import { For, Show, createSignal } from 'solid-js';
import type { Game, GameSnapshot } from '../../../doc';
import { roundView } from '../../../doc/round';
import { checkFate } from '../../../doc/objectives';
import * as objectiveMoves from '../../../doc/objectives/moves';
import { FATE_CARDS, FATE_NAME_MAX, FATE_VP_MAX, FATE_VP_MIN, checkFateObjective } from '../../../rules/variants';
import type { FateObjective } from '../../../rules/variants';
import { act } from '../../widgets/errors';
import { createPrivateHand } from '../../widgets/privateHand';
import { seatName } from './words';

interface Props {
  game: Game;
  state: GameSnapshot;
  seat: string;
  run: (fn: () => void) => boolean;
}

const VPS = Array.from({ length: FATE_VP_MAX - FATE_VP_MIN + 1 }, (_, i) => FATE_VP_MIN + i);

/**
 * Path of Fate (that game option, 001 "Path of Fate (Race Specific Objectives)"): the three race-specific
 * objectives the player was dealt, typed on this phone (their texts are in none of our sources) and kept
 * in the private hand, never in the shared game, until one is scored: its claim names it for the table.
 * One per game, in the Claim Objectives step, not in the step of a secret objective. Shown under the
 * Round tab's objectives, and in the claim step's controls while that step is on (one place at a time).
 */
export function PathOfFate(props: Props) {
  const hand = createPrivateHand(() => ({ gameId: props.state.meta.id, seat: props.seat }));
  const mine = () => hand.hand().fate ?? [];
  const scored = () => props.state.tracker.fate.find((f) => f.seat === props.seat);
  const who = () => seatName(props.state, props.seat);
  const [name, setName] = createSignal('');
  const [vp, setVp] = createSignal(1);
  const [error, setError] = createSignal('');
  const scoreCheck = (o: FateObjective) => checkFate(roundView(props.state), props.state.meta.options, props.seat, o);
  const why = () => {
    const c = scoreCheck(mine()[0] ?? { name: 'x', vp: 1 });
    return c.ok ? '' : c.reason;
  };
  const add = () => {
    const o = { name: name().trim(), vp: vp() };
    const check = checkFateObjective(o);
    const full = mine().length >= FATE_CARDS ? `${who()} holds ${FATE_CARDS} race-specific objectives already.` : '';
    setError(check.ok ? full : check.reason);
    if (!check.ok || full) return;
    setName('');
    // Checked again against the hand as saved: two quick taps must not make a fourth.
    void hand.update((h) => ((h.fate ?? []).length >= FATE_CARDS ? h : { ...h, fate: [...(h.fate ?? []), o] }));
  };
  const drop = (o: FateObjective) => {
    void hand.update((h) => {
      const list = h.fate ?? [];
      const i = list.findIndex((x) => x.name === o.name && x.vp === o.vp);
      return i < 0 ? h : { ...h, fate: [...list.slice(0, i), ...list.slice(i + 1)] };
    });
  };
  // Scored, it stays in the private hand (the table sees it in the log now): an undo of the claim shows it here
  // again with the two others, as dealt (issue 34 item 10). While it counts, the list gives way to the score.
  const score = (o: FateObjective) => {
    const [game, seat] = [props.game, props.seat];
    act(props, () => game.move(objectiveMoves.scoreFate, seat, o));
  };
  return (
    <section class="card" aria-labelledby={`fate-h`}>
      <h4 id={`fate-h`}>Race-specific objectives (Path of Fate, only on this phone)</h4>
      <Show
        when={!scored()}
        fallback={<p class="small">{who()} scored {scored()?.name} (+{scored()?.vp} VP): one race-specific objective per game.</p>}
      >
        <ul class="list" aria-label={`${who()}'s race-specific objectives`}>
          <For each={mine()} fallback={<li class="muted small">None entered yet: type the {FATE_CARDS} cards {who()} was dealt. The table sees them only when one is scored.</li>}>
            {(o) => (
              <li class="row spread">
                <span class="grow">{o.name} <span class="tag">{o.vp} VP</span></span>
                <button type="button" disabled={!scoreCheck(o).ok} aria-describedby={why() ? `fate-why` : undefined} onClick={() => score(o)}>
                  Reveal and score
                </button>
                <button type="button" aria-label={`Remove ${o.name}`} onClick={() => drop(o)}>Remove</button>
              </li>
            )}
          </For>
        </ul>
        <Show when={mine().length && why()}>
          <p id={`fate-why`} class="muted small">{why()}</p>
        </Show>
        <Show when={mine().length < FATE_CARDS}>
          <div class="row">
            <label class="grow">
              Objective
              <input type="text" maxLength={FATE_NAME_MAX} value={name()} onInput={(e) => setName(e.currentTarget.value)} />
            </label>
            <label>
              VP
              <select value={String(vp())} onChange={(e) => setVp(Number(e.currentTarget.value))}>
                <For each={VPS}>{(n) => <option value={String(n)}>{n}</option>}</For>
              </select>
            </label>
          </div>
          <button type="button" class="wide" disabled={!name().trim()} onClick={add}>
            Add to {who()}'s hand
          </button>
          <Show when={error()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
        </Show>
      </Show>
    </section>
  );
}
