import { For, Show, createSignal } from 'solid-js';
import type { Game, GameSnapshot } from '../../../doc';
import { raceOf } from '../../../doc';
import * as roundMoves from '../../../doc/round/moves';
import { checkAbilityByName } from '../../../rules/raceAbilities';
import { act } from '../../widgets/errors';
import { CardPicker } from '../council/CardPicker';
import { ACTION_TIMED_OPTIONS, ACTION_TURN_OPTIONS, cardLabel } from '../council/cards';

interface Props {
  game: Game;
  state: GameSnapshot;
  mySeat: string;
  run: (fn: () => void) => boolean;
  /** As her turn's action (a card or a race ability); otherwise an action card played when its text says. */
  turn: boolean;
}

/** An ability's name as the log shows it: its words up to the first colon or full stop, 60 characters at most. */
const abilityName = (text: string) => (text.split(/[:.]/)[0] ?? text).trim().slice(0, 60);

/**
 * Playing an action card or a race ability (issue 25). On her turn, as its action: no command counter, then
 * End turn as after any action. Outside it, an action card whose text says when: the count in her hand
 * follows and the log names the card for the table; what it does is done where the app tracks it or on the board.
 */
export function PlayCard(props: Props) {
  const [open, setOpen] = createSignal(false);
  const [kind, setKind] = createSignal<'card' | 'ability'>('card');
  const [ability, setAbility] = createSignal('');
  // Not those the app applies with a control of their own (the Yin's reversal, the Yssaril's skip): entered here
  // they would record the action without what it does.
  const abilities = () => {
    const race = raceOf(props.state, props.mySeat);
    return (race?.abilities ?? []).map(abilityName).filter((a) => a && checkAbilityByName(race?.id, a).ok);
  };
  const inHand = () => props.state.players[props.mySeat]?.counters.actionCards ?? 0;
  const play = (k: 'card' | 'ability', name: string) => {
    const [game, seat, turn] = [props.game, props.mySeat, props.turn];
    if (act(props, () => game.move(roundMoves.play, seat, k, name, turn))) setOpen(false);
  };
  const label = () => (props.turn ? 'Action by action card or race ability…' : `Play an action card (${inHand()} in hand)…`);
  return (
    <div class="stack">
      <button type="button" class="wide" aria-expanded={open()} onClick={() => setOpen(!open())}>
        {label()}
      </button>
      <Show when={open()}>
        <div class="stack card">
          <Show when={props.turn}>
            <fieldset class="row">
              <legend>Your action</legend>
              <label class="row">
                <input type="radio" name="play-kind" checked={kind() === 'card'} onChange={() => setKind('card')} />
                An action card
              </label>
              <label class="row">
                <input type="radio" name="play-kind" checked={kind() === 'ability'} onChange={() => setKind('ability')} />
                A race ability
              </label>
            </fieldset>
          </Show>
          <Show
            when={kind() === 'card' || !props.turn}
            fallback={
              <>
                <label for="play-ability">Race ability</label>
                <select id="play-ability" value={ability()} onChange={(e) => setAbility(e.currentTarget.value)}>
                  <option value="">Choose…</option>
                  <For each={abilities()}>{(a) => <option value={a}>{a}</option>}</For>
                </select>
                <button type="button" class="primary" disabled={!ability()} onClick={() => play('ability', ability())}>
                  Take the action with {ability() || 'it'}
                </button>
              </>
            }
          >
            <CardPicker
              id={props.turn ? 'play-card-turn' : 'play-card'}
              label="Action card played"
              options={props.turn ? ACTION_TURN_OPTIONS : ACTION_TIMED_OPTIONS}
              listOnly={props.turn}
              action={props.turn ? 'Play as your action' : 'Play it'}
              disabled={inHand() < 1}
              onPick={(id) => play('card', cardLabel(id))}
            />
            <Show when={inHand() < 1}>
              <p class="muted small">No action card in your hand (Counters tab).</p>
            </Show>
          </Show>
        </div>
      </Show>
    </div>
  );
}
