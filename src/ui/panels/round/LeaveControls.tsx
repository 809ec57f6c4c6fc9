import { For, Show, createSignal } from 'solid-js';
import type { Game, GameSnapshot } from '../../../doc';
import { roundView } from '../../../doc/round';
import { Dialog } from '../../widgets/Dialog';
import { createErrorReporter } from '../../widgets/errors';
import { names, seatName } from './words';
import * as roundMoves from '../../../doc/round/moves';

interface Props {
  game: Game;
  state: GameSnapshot;
  run: (fn: () => void) => boolean;
}

/**
 * 001 "Surrender": on her turn, with her strategy cards played, she may pass and surrender. It asks first:
 * one tap changes the rest of her evening and the table's.
 */
export function SurrenderButton(props: Props & { seat: string; disabled: boolean }) {
  const [asking, setAsking] = createSignal(false);
  const errors = createErrorReporter();
  const confirm = () => {
    const [game, seat] = [props.game, props.seat];
    if (errors.run(() => game.move(roundMoves.surrender, seat))) setAsking(false);
  };
  return (
    <>
      <button type="button" class="wide" disabled={props.disabled} onClick={() => setAsking(true)}>
        Pass and surrender…
      </button>
      <Show when={asking()}>
        <Dialog title="Surrender?" onClose={() => setAsking(false)}>
          <p>You pass now. At the end of this round you lose 2 VP (not on top of the home system penalty) and leave the game: your cards, trade goods and command counters are discarded; your trade agreements stay open until your capital planet is lost. The table then bids on your fleets and planets at the board.</p>
          <Show when={errors.message()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
          <div class="row">
            <button type="button" class="primary grow" onClick={confirm}>Surrender</button>
            <button type="button" onClick={() => setAsking(false)}>Cancel</button>
          </div>
        </Dialog>
      </Show>
    </>
  );
}

/**
 * 001 "Elimination": the table declares a player with no planet and no unit left out of the game, at the end of
 * an action or during the status phase; it asks first and names the seat. Below it, who is out or surrendering.
 */
export function Elimination(props: Props) {
  const [asking, setAsking] = createSignal(false);
  const [who, setWho] = createSignal('');
  const errors = createErrorReporter();
  const t = () => props.state.tracker;
  const active = () => roundView(props.state).seats;
  const confirm = () => {
    const [game, seat] = [props.game, who()];
    if (errors.run(() => game.move(roundMoves.eliminate, seat))) setAsking(false);
  };
  return (
    <>
      <Show when={t().out.length || t().surrendering.length}>
        <p class="small" role="note">
          <Show when={t().out.length}>Out of the game: {names(t().out.map((s) => seatName(props.state, s)))}. </Show>
          <Show when={t().surrendering.length}>Surrendered, out at the end of the round: {names(t().surrendering.map((s) => seatName(props.state, s)))}.</Show>
        </p>
      </Show>
      <button type="button" class="wide" onClick={() => setAsking(true)}>A player is eliminated…</button>
      <Show when={asking()}>
        <Dialog title="Eliminate a player" onClose={() => setAsking(false)}>
          <p>A player who controls no planet and no unit at the end of an action or during the status phase is eliminated: cards, trade goods and command counters discarded, trade agreements broken for good, strategy cards returned, the speaker token passed on.</p>
          <fieldset class="stack">
            <legend>Who is eliminated</legend>
            <For each={active()}>
              {(s) => (
                <label class="row">
                  <input type="radio" name="eliminated" value={s.id} checked={who() === s.id} onChange={() => setWho(s.id)} />
                  {s.name}
                </label>
              )}
            </For>
          </fieldset>
          <Show when={errors.message()}>{(m) => <p class="alert" role="alert">{m()}</p>}</Show>
          <div class="row">
            <button type="button" class="primary grow" disabled={!who()} onClick={confirm}>
              Eliminate {who() ? seatName(props.state, who()) : ''}
            </button>
            <button type="button" onClick={() => setAsking(false)}>Cancel</button>
          </div>
        </Dialog>
      </Show>
    </>
  );
}
