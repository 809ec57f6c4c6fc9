import { For } from 'solid-js';
import { raceName } from '../../doc/views';
import type { GameSnapshot } from '../../doc';
import { publicRace } from '../../doc/setup/views';

/**
 * Her race as the seat lists show it. A game set up at the table gives it during the setup: the one chosen or
 * dealt in public is named at once (issue 35 item 8: the overview said "race to be chosen" for those), a
 * secretly dealt one is said to be hidden.
 */
export function seatRace(state: GameSnapshot, seat: { id: string; race: string }): string {
  if (seat.race) return raceName(seat.race);
  const known = state.setup.atTable ? publicRace(state.setup, seat.id) : undefined;
  return known === 'hidden' ? 'race hidden until the end of setup' : known ? raceName(known) : 'race to be chosen at the table';
}

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
                <button type="button" class="card" style={{ width: '100%', 'justify-content': 'flex-start' }} onClick={() => props.onPick(seat.id)} aria-label={`This phone is ${seat.name}, ${seatRace(props.state, seat)}`}>
                  <span class="swatch" style={{ background: seat.color }} aria-hidden="true" />
                  <span>
                    <strong>{label()}</strong>
                    <br />
                    <span class="muted">{seatRace(props.state, seat)}</span>
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
