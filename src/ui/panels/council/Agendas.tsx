/* eslint-disable solid/reactivity -- the callbacks given to our own components here (onPick, onDice, the async runner) are event handlers, which the rule cannot tell apart from reads during render. */
import { For, Show } from 'solid-js';
import { playersIn, stillIn } from '../../../doc';
import type { Game, GameSnapshot } from '../../../doc';
import { cardName } from '../../../doc/council';
import * as councilMoves from '../../../doc/council/moves';
import { agendasToReveal } from '../../../rules/council';
import { POLITICAL_OPTIONS, cardLabel } from './cards';
import { CardPicker } from './CardPicker';
import type { createAsyncRunner } from './useAsync';

const DECK = '__deck';

/** 001 "Strategy Phase › 1) Agenda": each player places one agenda face down; all are revealed together. */
export function Agendas(props: { game: Game; state: GameSnapshot; seat: string; mine: boolean; handCards: string[]; runner: ReturnType<typeof createAsyncRunner> }) {
  const round = () => props.state.round.round;
  const agendas = () => props.state.council.agendas.filter((a) => a.round === round());
  const own = () => agendas().find((a) => a.seat === props.seat);
  // The players still in the game place one each (001 "Elimination" 5); an agenda placed before she left stays listed.
  const players = () => playersIn(props.state);
  const placers = () => props.state.seats.filter((s) => stillIn(props.state, s.id) || agendas().some((a) => a.seat === s.id));
  const allRevealed = () => props.state.seats.every((s) => !stillIn(props.state, s.id) || agendas().some((a) => a.seat === s.id)) && agendas().every((a) => a.revealed);
  const extraLeft = () => agendasToReveal(players(), players()) - agendas().filter((a) => a.seat === null).length;
  const name = (seat: string | null) => props.state.seats.find((s) => s.id === seat)?.name ?? 'From the deck';
  const handOptions = () => (props.handCards.length ? props.handCards.map((id) => ({ id, name: cardLabel(id) })) : POLITICAL_OPTIONS);

  return (
    <section aria-labelledby="agendas-title" class="card">
      <h2 id="agendas-title">Agendas, round {round()}</h2>
      <ul class="list" aria-label="Agendas in the Twilight Council">
        <For each={placers()}>
          {(s) => {
            const a = () => agendas().find((x) => x.seat === s.id);
            return (
              <li class="row spread">
                <span>{s.name}</span>
                <span>{!a() ? 'not placed yet' : !a()?.revealed ? 'placed face down' : a()?.card ? cardName(a()?.card ?? null) : 'top of the deck (not named yet)'}</span>
              </li>
            );
          }}
        </For>
        <For each={agendas().filter((a) => a.seat === null)}>{(a) => <li class="row spread"><span>{name(null)}</span><span>{cardName(a.card)}</span></li>}</For>
      </ul>
      <Show when={props.mine && !own()}>
        <CardPicker
          id="agenda-card"
          label="Your agenda (placed face down: nobody's phone can read it until all are placed)"
          options={handOptions()}
          fixed={[{ id: DECK, name: 'The top card of the deck, unseen' }]}
          action="Place face down"
          confirm
          disabled={props.runner.busy()}
          onPick={(card) => void props.runner.run(() => props.game.moveSigned(councilMoves.placeAgenda, props.seat, card === DECK ? { source: 'deck' } : { source: 'hand', card }))}
        />
      </Show>
      <Show when={props.mine && own()?.revealed && own()?.source === 'deck' && !own()?.card}>
        <CardPicker id="agenda-name" label="Name the card you drew from the deck" options={POLITICAL_OPTIONS} action="Name it" onPick={(c) => void props.runner.run(() => props.game.move(councilMoves.nameDeckAgenda, props.seat, c))} />
      </Show>
      <Show when={allRevealed() && extraLeft() > 0}>
        <p class="muted">With {players()} players, agendas are revealed from the deck up to 5 ({extraLeft()} more).</p>
        <CardPicker id="agenda-extra" label="Card revealed from the deck" options={POLITICAL_OPTIONS} action="Reveal it" onPick={(c) => void props.runner.run(() => props.game.move(councilMoves.revealExtraAgenda, c))} />
      </Show>
    </section>
  );
}
