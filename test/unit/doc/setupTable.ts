/**
 * A setup at the table (issue 19) played on phones of a recording network (fixtures.ts `recordingTable`),
 * each running its setup agent: what the flow test and the hostile-phone tests share.
 */
// The setup agents keep their keys and cards in IndexedDB (secret/device.ts privateStore).
import 'fake-indexeddb/auto';
import type { Game, GameSetup } from '../../../src/doc';
import { raceDeals } from '../../../src/doc/setup';
import type { Deal, SetupState } from '../../../src/doc/setup';
import { startSetupAgent } from '../../../src/runtime/setupAgent';
import { recordingTable } from './fixtures';

export const atTable: GameSetup = {
  name: 'Setup night',
  vpGoal: 10,
  options: { pathOfFate: false, simultaneousTactical: false, ascendancy: false, atTable: { map: 'preset' } },
  seats: [
    { name: 'Ana', color: 'red', race: '' },
    { name: 'Ben', color: 'blue', race: '' },
    { name: 'Cleo', color: 'green', race: '' },
  ],
};

/** Waits for what the agents do on their own (they answer every change, asynchronously); `ok` may read a phone's store. */
export async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * One phone per seat (seat sN on phone devN), each with its setup agent. The agents' secrets are stored
 * by game id and seat in the one IndexedDB of the test process: tables in the same file need their own `id`.
 */
export function setupTable(setup: GameSetup = atTable, id = 'game1', idle: readonly string[] = []) {
  const { phones, wire, join, leave } = recordingTable(setup, id);
  const errors: string[] = [];
  // An idle seat's phone runs no agent at all (a phone that died before doing anything by itself).
  const agents = phones.map((p, i) => (idle.includes(`s${i + 1}`) ? () => undefined : startSetupAgent(p, (m) => errors.push(m))));
  const index = (seat: string) => Number(seat.slice(1)) - 1;
  const bySeat = (seat: string) => phones[index(seat)] as Game;
  /** Stops the agent of `seat`'s phone (its part is then done by hand), or every agent. */
  const stop = (seat?: string) => (seat ? [agents[index(seat)]] : agents).forEach((s) => s?.());
  const setupState = () => (phones[0] as Game).snapshot().setup;
  const readable = () => [...wire.map((b) => new TextDecoder('latin1').decode(b)), JSON.stringify((phones[0] as Game).doc.toJSON())].join('\n');
  return { phones, wire, join, leave, errors, stop, bySeat, setup: setupState, readable };
}

/** Race deal `round` (1 and 2 secret, 3 public) of the current attempt; the secret objectives' deal is dealt before them. */
export const raceDeal = (s: SetupState, round: number): Deal | undefined => raceDeals(s).find((d) => d.round === round);
