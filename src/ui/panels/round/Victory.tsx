import { For } from 'solid-js';
import { historyCsv, historyLines } from '../../../doc';
import { planetsOutside, roundRecords } from '../../../doc/round';
import { objectiveName, objectivesOf } from '../../../doc/objectives';
import type { Victory } from '../../../doc/round';
import type { GameSnapshot } from '../../../doc';
import { offerFile } from '../../shell/download';
import { RoundChart } from './RoundChart';
import { cardTitle, names, seatColor, seatName } from './words';

const DECIDED: Record<Victory['decidedBy'], string> = {
  'victory-points': 'the most victory points',
  planets: 'the tie broken by the most planets outside the home system',
  shared: 'a tie on victory points and planets outside the home system: a shared victory',
  objective: 'an objective that wins the game outright',
};

/** "Ana wins": who won and how (001 "Winning the game"), the final standings, charts of the game and the game round by round. */
export function VictoryScreen(props: { state: GameSnapshot; victory: Victory; large?: boolean }) {
  const winners = () => names(props.victory.winners.map((s) => seatName(props.state, s)));
  const standings = () => props.state.seats.map((s) => ({ s, vp: props.state.players[s.id]?.counters.vp ?? 0 })).sort((a, b) => b.vp - a.vp).map((x) => x.s);
  return (
    <section class="victory card" aria-labelledby="victory-h">
      <h2 id="victory-h">{winners()} {props.victory.winners.length > 1 ? 'share the victory' : 'wins the game'}!</h2>
      <p>Round {props.victory.round}, by {DECIDED[props.victory.decidedBy]}.</p>
      <table class="standings">
        <caption class="sr-only">Final standings</caption>
        <thead>
          <tr><th scope="col">Player</th><th scope="col">VP</th><th scope="col">Planets outside home</th></tr>
        </thead>
        <tbody>
          <For each={standings()}>
            {(s) => (
              <tr>
                <th scope="row"><span class="swatch" style={{ background: s.color }} aria-hidden="true" /> {s.name}</th>
                <td>{props.state.players[s.id]?.counters.vp ?? 0}</td>
                <td>{planetsOutside(props.state, s.id)}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
      <div class="charts">
        <RoundChart state={props.state} measure="vp" />
        <RoundChart state={props.state} measure="planets" />
        <RoundChart state={props.state} measure="tradeGoods" />
      </div>
      <GameHistory state={props.state} />
    </section>
  );
}

/** Round by round: the cards each player held and her VP at the end; the objectives each one holds. */
export function GameHistory(props: { state: GameSnapshot }) {
  // Finished rounds, then the round under way as it stands (the game may end in the middle of one).
  const rows = () => roundRecords(props.state);
  const exportCsv = () => {
    const s = props.state;
    void offerFile(`${s.meta.name.replace(/[^a-z0-9]+/gi, '-')}-history.csv`, historyCsv(s, historyLines(s)), 'text/csv');
  };
  return (
    <div class="history">
      <h3>The game, round by round</h3>
      <div class="scroll-x">
        <table class="history-table">
          <caption class="sr-only">Strategy cards and victory points at the end of each round (the last one: now)</caption>
          <thead>
            <tr>
              <th scope="col">Round</th>
              <For each={props.state.seats}>{(s) => <th scope="col">{s.name}</th>}</For>
            </tr>
          </thead>
          <tbody>
            <For each={rows()}>
              {(h) => (
                <tr>
                  <th scope="row">{h.round}</th>
                  <For each={props.state.seats}>
                    {(s) => (
                      <td>
                        {(h.cards[s.id] ?? []).map(cardTitle).join(', ') || '—'}
                        <br />
                        <strong>{h.vp[s.id] ?? 0} VP</strong>
                      </td>
                    )}
                  </For>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </div>
      <ul class="list">
        <For each={props.state.seats}>
          {(s) => (
            <li class="small">
              <span class="swatch" style={{ background: seatColor(props.state, s.id) }} aria-hidden="true" /> <strong>{s.name}</strong>:{' '}
              {objectivesOf(props.state, s.id).map(objectiveName).join(', ') || 'no objectives'}
            </li>
          )}
        </For>
      </ul>
      <button type="button" class="wide" onClick={exportCsv}>Export the game's history (CSV)</button>
    </div>
  );
}
