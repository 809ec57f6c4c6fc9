// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { waitFor, within } from '@testing-library/dom';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { createGame } from '../../src/doc';
import type { Game, GameSetup } from '../../src/doc';
import * as councilMoves from '../../src/doc/council/moves';
import { startAutoReveal } from '../../src/runtime/autoReveal';
import { TableBoard } from '../../src/ui/shell/TableView';
import { clockAt, connectedPhones, startVoteOn } from '../unit/doc/fixtures';
import * as roundMoves from '../../src/doc/round/moves';
import * as sheetMoves from '../../src/doc/sheet/moves';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  document.body.innerHTML = '';
});

/** The table view of `game`, as the TV shows it. */
function tv(game: Game) {
  const root = document.createElement('div');
  document.body.append(root);
  stops.push(render(() => <TableBoard game={game} />, root));
  return within(root);
}

const FOUR: GameSetup = {
  name: 'Four at the table',
  vpGoal: 10,
  options: { pathOfFate: false, simultaneousTactical: false, ascendancy: false },
  seats: [
    { name: 'Ana', color: 'red', race: 'sol' },
    { name: 'Ben', color: 'blue', race: 'hacan' },
    { name: 'Cleo', color: 'green', race: 'xxcha' },
    { name: 'Dan', color: 'yellow', race: 'letnev' },
  ],
};

describe('the turn order on the TV (issue 35 item 6)', () => {
  it('is the picking order from the Speaker before any pick, then the order the picks make, lowest initiative first, with whoever acts marked', () => {
    const game = createGame(FOUR, { id: 'tv4', secret: 'secret', device: 'dev1', clock: clockAt(1_700_000_000_000) });
    game.makeMove(roundMoves.setSpeaker, 's3');
    const screen = tv(game);
    const order = () => screen.getByRole('list', { name: /order:$/ });
    const places = () => within(order()).getAllByRole('listitem').map((li) => li.textContent);
    expect(screen.getByRole('list', { name: 'Picking order:' })).toBeTruthy();
    // Seating from the Speaker, not from the first seat.
    expect(places()).toEqual(['Cleo', 'Dan', 'Ana', 'Ben']);

    game.makeMove(roundMoves.pick, 's3', 7);
    game.makeMove(roundMoves.pick, 's4', 2);
    expect(screen.getByRole('list', { name: 'Turn order:' })).toBeTruthy();
    expect(places()).toEqual(['2 Dan', '7 Cleo']);
    expect(order().parentElement?.textContent).toMatch(/still to pick: Ana and Ben$/);

    for (const [seat, card] of [['s1', 5], ['s2', 8], ['s3', 3], ['s4', 6], ['s1', 1], ['s2', 4]] as const) game.makeMove(roundMoves.pick, seat, card);
    // Two cards each, her lower one counts: Ana (1, 5), Dan (2, 6), Cleo (3, 7), Ben (4, 8).
    expect(places()).toEqual(['1 Ana', '2 Dan', '3 Cleo', '4 Ben']);
    expect(within(order()).getByText('Ana').closest('li')?.getAttribute('aria-current')).toBe('true');
    expect(order().parentElement?.textContent).not.toMatch(/still to pick/);
  });
});

describe("the council's result on the TV (issue 35 item 6)", () => {
  /** Ana, Ben and Cleo, each phone its own replica revealing for its seat, every change delivered at once. */
  function table(): Game[] {
    const games = connectedPhones();
    games.forEach((g, i) => {
      g.claimSeat(`s${i + 1}`);
      stops.push(startAutoReveal(g, g.device));
    });
    return games;
  }

  it('shows the result until the phase it was announced in ends, and not in the next round', async () => {
    const [ana, ben, cleo] = table() as [Game, Game, Game];
    ana.makeMove(roundMoves.setRound, { round: 1, phase: 'action', step: null });
    const screen = tv(ana);
    await ana.makeMoveSigned(councilMoves.placeAgenda, 's1', { source: 'deck' });
    await ben.makeMoveSigned(councilMoves.placeAgenda, 's2', { source: 'deck' });
    await cleo.makeMoveSigned(councilMoves.placeAgenda, 's3', { source: 'deck' });
    await waitFor(() => expect(ana.snapshot().council.agendas.every((a) => a.revealed)).toBe(true));
    const id = startVoteOn(ana, 's1', ['1:s1']);
    await ana.makeMoveSigned(councilMoves.lockBallot, 's1', id, { allocations: [] });
    await ben.makeMoveSigned(councilMoves.lockBallot, 's2', id, { allocations: [] });
    await cleo.makeMoveSigned(councilMoves.lockBallot, 's3', id, { allocations: [] });
    const news = () => screen.queryByText('The council has voted.');
    await waitFor(() => expect(news()).toBeTruthy());
    // Still the phase it was announced in: the TV keeps it.
    ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    expect(news()).toBeTruthy();
    ana.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 1 });
    expect(news()).toBeNull();
    ana.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
    expect(news()).toBeNull();
  });
});
