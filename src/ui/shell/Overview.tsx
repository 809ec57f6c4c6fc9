import { For } from 'solid-js';
import { victoryPoints } from '../../doc/sheet/views';
import { seatRace } from './SeatPicker';
import type { GameSnapshot } from '../../doc';

/** Every seat at a glance (read-only): what the table would otherwise read off each race sheet. */
export function Overview(props: { state: GameSnapshot; mySeat: string | undefined }) {
  return (
    <section aria-labelledby="overview" class="offscreen-lazy">
      <h2 id="overview">Table</h2>
      <ul class="list seat-grid">
        <For each={props.state.seats}>
          {(seat) => {
            const p = () => props.state.players[seat.id];
            return (
              <li class="card" aria-label={`${seat.name}${seat.id === props.mySeat ? ' (you)' : ''}`}>
                <div class="row spread">
                  <strong>
                    <span class="swatch" style={{ background: seat.color }} aria-hidden="true" /> {seat.name}
                    {seat.id === props.mySeat ? ' (you)' : ''}
                  </strong>
                  <span>{victoryPoints(props.state, seat.id).total} VP</span>
                </div>
                <div class="muted">{seatRace(props.state, seat)}</div>
                <div class="muted">
                  {p()?.counters.tradeGoods ?? 0} trade goods · {p()?.planets.length ?? 0} planets · {p()?.techs.length ?? 0} technologies
                </div>
              </li>
            );
          }}
        </For>
      </ul>
    </section>
  );
}
