// @vitest-environment jsdom
/**
 * Issue 19, the setup screen's secret objectives: each player sees her own two on her phone from the
 * start of the setup (001 step 5), and at step 13 keeps one into her private hand; the shared document
 * never holds which. Two phones play the setup with their agents (star by star, both choose a race, so
 * there is no race deal); Ana's phone shows the real SetupPanel over a real Y.Doc.
 */
import 'fake-indexeddb/auto';
import { fireEvent, within } from '@testing-library/dom';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import type { Game } from '../../src/doc';
import { OBJECTIVES_BY_ID } from '../../src/doc/objectives';
import { secretDeal } from '../../src/doc/setup';
import { loadHand } from '../../src/secret/privateStore';
import { loadSetupSecrets } from '../../src/runtime/setupAgent';
import { SetupPanel } from '../../src/ui/panels/setup/SetupPanel';
import { Overview } from '../../src/ui/shell/Overview';
import { createGameStore } from '../../src/ui/store';
import { atTable, setupTable, until } from '../unit/doc/setupTable';
import * as setupMoves from '../../src/doc/setup/moves';

const GAME = 'panel';
const disposers: (() => void)[] = [];
afterEach(() => disposers.splice(0).forEach((d) => d()));

function mountSetup(game: Game, seat: string) {
  const root = document.createElement('div');
  document.body.append(root);
  disposers.push(
    render(() => {
      const state = createGameStore(game);
      return <SetupPanel game={game} state={state} seat={seat} />;
    }, root),
  );
  return within(root);
}

describe('the setup screen: secret objectives (001 steps 5 and 13)', () => {
  it('shows her two secret objectives while she picks, and keeps the one she taps in her private hand, never in the shared document', async () => {
    const star = { ...atTable, options: { ...atTable.options, atTable: { map: 'star' as const } }, seats: atTable.seats.slice(0, 2) };
    const { phones, bySeat, setup, stop, errors } = setupTable(star, GAME);
    disposers.push(() => stop());
    const ana = phones[0] as Game;
    const on = mountSetup(ana, 's1');
    await until('the die', () => setup().step === 'pick');
    const mine = async () => (await loadSetupSecrets(GAME, 's1')).cards[String(secretDeal(setup())?.id)] ?? [];
    await until('her two secret objectives', async () => (await mine()).length === 2);
    const [one, other] = (await mine()) as [string, string];
    const nameOf = (id: string) => OBJECTIVES_BY_ID.get(id)?.name as string;
    // Before anyone has chosen a race, her screen names both: she picks knowing them.
    await until('the screen lists them', () => (on.queryByText(/Your secret objectives/)?.textContent ?? '').includes(nameOf(one)));
    expect(on.getByText(/Your secret objectives/).textContent).toContain(nameOf(other));
    expect(setup().picks).toEqual({});

    // The rest of the setup, on the phones whose turn it is.
    for (const [seat, race] of [[setup().pickTurn, 'sol'], [null, 'xxcha']] as const) {
      const s = seat ?? (setup().pickTurn as string);
      await bySeat(s).makeMoveSigned(setupMoves.pick, s, race);
    }
    await bySeat('s2').makeMoveSigned(setupMoves.built, 's2');
    await bySeat('s1').makeMoveSigned(setupMoves.seating, 's1', ['s1', 's2']);
    const bidder = setup().speaker?.turn as string;
    await bySeat(bidder).makeMoveSigned(setupMoves.speakerBid, bidder, 0);
    const next = setup().speaker?.turn;
    if (next) await bySeat(next).makeMoveSigned(setupMoves.speakerBid, next, null);
    await bySeat(bidder).makeMoveSigned(setupMoves.cycler, bidder, 'clockwise');
    await until('step 13', () => setup().step === 'secrets');

    // She keeps one: it is in her private hand, the table hears only that she kept one.
    await until('the keep buttons', () => !!on.queryByRole('button', { name: `Keep ${nameOf(other)}` }));
    fireEvent.click(on.getByRole('button', { name: `Keep ${nameOf(other)}` }));
    await until('her keep in the log', () => setup().keptSecret.includes('s1'));
    expect((await loadHand(GAME, 's1')).secretObjectives).toEqual([other]);
    const shared = JSON.stringify(phones.map((p) => p.doc.toJSON()));
    expect(shared).not.toContain(other);
    expect(shared).not.toContain(one);
    expect(errors).toEqual([]);
  });
});

describe('the setup screen shows its numbers at the step that makes them (issue 35 item 8)', () => {
  it("home bids' trade goods before the speaker auction, and the races chosen in public named in the overview", async () => {
    const two = { ...atTable, seats: atTable.seats.slice(0, 2) };
    const { phones, bySeat, setup, stop, errors } = setupTable(two, 'numbers');
    disposers.push(() => stop());
    const ana = phones[0] as Game;
    const on = mountSetup(ana, 's1');
    const root = document.createElement('div');
    document.body.append(root);
    disposers.push(render(() => <Overview state={createGameStore(ana)} mySeat="s1" />, root));
    await until('the die', () => setup().step === 'pick');
    const first = setup().pickTurn as string;
    await bySeat(first).makeMoveSigned(setupMoves.pick, first, 'sol');
    // Sol is chosen in public: the overview names it at once, not "race to be chosen".
    const card = (name: string) => within(root).getByRole('listitem', { name: new RegExp(`^${name}`) }).textContent;
    await until('the overview names Sol', () => (card(first === 's1' ? 'Ana' : 'Ben') ?? '').includes('The Federation of Sol'));
    const second = setup().pickTurn as string;
    await bySeat(second).makeMoveSigned(setupMoves.pick, second, 'xxcha');
    await until('home bidding', () => setup().home?.turn === first);
    await bySeat(first).makeMoveSigned(setupMoves.homeBid, first, 1, 2);
    await bySeat(second).makeMoveSigned(setupMoves.homeBid, second, 2, 0);
    await until('bids in', () => setup().home?.turn === null);
    // Before the speaker auction: what step 7 paid, the difference to the highest bid.
    const table = () => within(on.getByRole('table', { name: 'Setup so far' }));
    await until('the goods so far', () => !!table().queryByRole('columnheader', { name: 'Trade goods so far' }));
    const row = (seat: string) => table().getByRole('row', { name: new RegExp(`^${seat === 's1' ? 'Ana' : 'Ben'}`) }).textContent;
    expect([row(first), row(second)].map((r) => r?.at(-1))).toEqual(['0', '2']);
    expect(errors).toEqual([]);
  });
});

