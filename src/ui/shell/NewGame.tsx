import { For, Index, Show, createSignal } from 'solid-js';
import { createStore } from 'solid-js/store';
import { compareNames, RACES, RACES_BY_ID } from '../../data';
import { MAX_SEATS, MIN_SEATS, VP_GOALS } from '../../doc';
import type { GameSetup, SeatSetup, SetupMap } from '../../doc';
import type { DeviceInfo } from '../../secret/device';
import { createSavedGame } from '../../runtime/session';
import { go } from './route';
import { TopBar } from '../widgets/TopBar';

export const SEAT_COLORS = ['red', 'blue', 'green', 'yellow', 'purple', 'black', 'orange', 'white'] as const;
const sortedRaces = [...RACES].sort((a, b) => compareNames(a.shortName, b.shortName));

function freshSeat(taken: SeatSetup[]): SeatSetup {
  const color = SEAT_COLORS.find((c) => !taken.some((s) => s.color === c)) ?? 'red';
  return { name: '', color, race: '' };
}

function initialSeats(n: number): SeatSetup[] {
  const seats: SeatSetup[] = [];
  while (seats.length < n) seats.push(freshSeat(seats));
  return seats;
}

/** "New game": name, VP goal, options, and 2–8 seats with name, colour, race and trade contract values. */
export function NewGame(props: { device: DeviceInfo }) {
  const [form, setForm] = createStore<GameSetup>({
    name: '',
    vpGoal: 12,
    options: { pathOfFate: false, simultaneousTactical: false, ascendancy: false },
    seats: initialSeats(3),
  });
  const [error, setError] = createSignal<string>();
  /** A race brings its printed trade contract values (races.ts), which the host can correct here. */
  const pickRace = (i: number, race: string) => {
    setForm('seats', i, 'race', race);
    const values = RACES_BY_ID.get(race)?.tradeContracts;
    setForm('seats', i, 'tradeContracts', values ? [values[0], values[1]] : undefined);
  };
  const [busy, setBusy] = createSignal(false);
  // Quick setup (races typed in) or setup at the table (issue 19): the SA setup steps on the phones.
  const [atTable, setAtTable] = createSignal(false);
  const [map, setMap] = createSignal<SetupMap>('preset');

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      const seats = atTable()
        ? form.seats.map(({ name, color }) => ({ name, color, race: '' }))
        : form.seats.map(({ tradeContracts: tc, ...s }) => ({ ...s, ...(tc ? { tradeContracts: [tc[0], tc[1]] as [number, number] } : {}) }));
      const options = { ...form.options, ...(atTable() ? { atTable: { map: map() } } : {}) };
      const id = await createSavedGame({ ...form, seats, options }, props.device);
      go(`/game/${id}`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main>
      <TopBar title="New game" />
      <form onSubmit={(e) => void submit(e)} novalidate>
        <label for="game-name">Game name</label>
        <input id="game-name" value={form.name} maxLength={60} placeholder="Friday game night" onInput={(e) => setForm('name', e.currentTarget.value)} />

        <label for="vp-goal">Victory points to win</label>
        <select id="vp-goal" value={form.vpGoal} onChange={(e) => setForm('vpGoal', Number(e.currentTarget.value))}>
          <For each={VP_GOALS}>{(vp) => <option value={vp}>{vp === 12 ? `${vp} (recommended)` : vp}</option>}</For>
        </select>

        <fieldset>
          <legend>Options</legend>
          <label class="check"><input type="checkbox" checked={form.options.pathOfFate} onChange={(e) => setForm('options', 'pathOfFate', e.currentTarget.checked)} /> Path of Fate</label>
          <label class="check"><input type="checkbox" checked={form.options.simultaneousTactical} onChange={(e) => setForm('options', 'simultaneousTactical', e.currentTarget.checked)} /> Simultaneous Tactical Actions</label>
          <label class="check"><input type="checkbox" checked={form.options.ascendancy} onChange={(e) => setForm('options', 'ascendancy', e.currentTarget.checked)} /> Ascendancy</label>
        </fieldset>

        <fieldset>
          <legend>Setup</legend>
          <label class="check"><input type="radio" name="setup-kind" checked={!atTable()} onChange={() => setAtTable(false)} /> Quick setup: type in each player's race</label>
          <label class="check"><input type="radio" name="setup-kind" checked={atTable()} onChange={() => setAtTable(true)} /> Setup at the table: roll for the first player, pick or be dealt races secretly, bid, all on the phones</label>
          <Show when={atTable()}>
            <label for="setup-map">Home systems</label>
            <select id="setup-map" value={map()} onChange={(e) => setMap(e.currentTarget.value === 'star' ? 'star' : 'preset')}>
              <option value="preset">Pre-set map: bid on home system locations</option>
              <option value="star">Star by star: build the galaxy at the table</option>
            </select>
          </Show>
        </fieldset>

        <h2>Players ({form.seats.length})</h2>
        <p id="seat-order" class="muted small">Enter the players in the order they sit, going clockwise round the table from seat 1: picking strategy cards and the status phase follow this order.</p>
        <Index each={form.seats}>
          {(seat, i) => (
            <fieldset>
              <legend>Seat {i + 1}{i === 0 ? '' : ` (clockwise after seat ${i})`}</legend>
              <label for={`seat-${i}-name`}>Player name</label>
              <input id={`seat-${i}-name`} value={seat().name} maxLength={40} onInput={(e) => setForm('seats', i, 'name', e.currentTarget.value)} />
              <div class="row">
                <Show when={!atTable()}>
                <div class="grow">
                  <label for={`seat-${i}-race`}>Race</label>
                  <select id={`seat-${i}-race`} value={seat().race} onChange={(e) => pickRace(i, e.currentTarget.value)}>
                    <option value="">Choose a race…</option>
                    <For each={sortedRaces}>{(r) => <option value={r.id} disabled={form.seats.some((s, j) => j !== i && s.race === r.id)}>{r.name}</option>}</For>
                  </select>
                </div>
                </Show>
                <div>
                  <label for={`seat-${i}-color`}>Colour</label>
                  <select id={`seat-${i}-color`} value={seat().color} onChange={(e) => setForm('seats', i, 'color', e.currentTarget.value)}>
                    <For each={SEAT_COLORS}>{(c) => <option value={c}>{c}</option>}</For>
                  </select>
                </div>
              </div>
              <Show when={!atTable() && seat().tradeContracts}>
                {(values) => (
                  <div class="row nowrap" role="group" aria-label={`Seat ${i + 1} trade contract values`}>
                    <For each={[0, 1] as const}>
                      {(c) => (
                        <div class="grow">
                          <label for={`seat-${i}-tc${c}`}>Trade contract {c + 1}</label>
                          <input
                            id={`seat-${i}-tc${c}`}
                            type="number"
                            inputmode="numeric"
                            min="0"
                            max="9"
                            value={values()[c]}
                            onInput={(e) => setForm('seats', i, 'tradeContracts', c, Number.parseInt(e.currentTarget.value, 10))}
                          />
                        </div>
                      )}
                    </For>
                  </div>
                )}
              </Show>
              <Show when={form.seats.length > MIN_SEATS}>
                <button type="button" class="danger" style={{ 'margin-top': '8px' }} onClick={() => setForm('seats', (s) => s.filter((_, j) => j !== i))}>
                  Remove seat {i + 1}
                </button>
              </Show>
            </fieldset>
          )}
        </Index>
        <Show when={form.seats.length < MAX_SEATS}>
          <button type="button" onClick={() => setForm('seats', (s) => [...s, freshSeat(s)])}>Add a player</button>
        </Show>
        <Show when={error()}>
          {(message) => <p class="alert" role="alert"><strong>Cannot create the game.</strong> {message()}</p>}
        </Show>
        <p>
          <button type="submit" class="primary" disabled={busy()}>{busy() ? 'Creating…' : 'Create game'}</button>
        </p>
      </form>
    </main>
  );
}
