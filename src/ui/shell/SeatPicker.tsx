import { For } from 'solid-js';
import { raceName } from '../../doc/views';
import type { GameSnapshot } from '../../doc';

/** Her race as the seat lists show it; a game set up at the table deals it later. */
export const seatRace = (race: string): string => raceName(race) || 'race to be chosen at the table';

/**
 * "This phone is seat X": one seat per phone; a seat held by another phone can still be taken over. A TV
 * or tablet that joined holds no seat: it opens the table view instead.
 */
export function SeatPicker(props: { state: GameSnapshot; device: string; onPick: (seat: string) => void }) {
  return (
    <section aria-labelledby="pick-seat">
      <h2 id="pick-seat">Which player is this phone?</h2>
      <ul class="list seat-grid">
        <For each={props.state.seats}>
          {(seat) => {
            const holder = () => props.state.claims[seat.id];
            const label = () => (holder() && holder() !== props.device ? `${seat.name} (on ${props.state.devices[holder() ?? ''] ?? 'another phone'})` : seat.name);
            return (
              <li>
                <button type="button" class="card" style={{ width: '100%', 'justify-content': 'flex-start' }} onClick={() => props.onPick(seat.id)} aria-label={`This phone is ${seat.name}, ${seatRace(seat.race)}`}>
                  <span class="swatch" style={{ background: seat.color }} aria-hidden="true" />
                  <span>
                    <strong>{label()}</strong>
                    <br />
                    <span class="muted">{seatRace(seat.race)}</span>
                  </span>
                </button>
              </li>
            );
          }}
        </For>
      </ul>
      <a class="button wide" href={`#/table/${props.state.meta.id}`}>
        This is the table's screen (a TV or tablet): show the table view
      </a>
    </section>
  );
}
