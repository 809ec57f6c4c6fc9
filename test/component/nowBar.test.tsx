// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as councilMoves from '../../src/doc/council/moves';
import { startAutoReveal } from '../../src/runtime/autoReveal';
import { preloadPanels } from '../../src/ui/panels/PlayerView';
import { loadUndoWords } from '../../src/ui/widgets/NowBar';
import { connectedPhones, startVoteOn } from '../unit/doc/fixtures';
import { mountPlayerScreen } from './playerScreen';
import * as roundMoves from '../../src/doc/round/moves';

// The undo's words load after a start's first frame (issue 33); here they are loaded before the first tap.
beforeAll(() => Promise.all([preloadPanels(), loadUndoWords()]));
const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
  document.body.innerHTML = '';
});

/** Ana, Ben and Cleo, each phone its own replica, every change delivered to the others at once; each on the Planets tab. */
function table() {
  const games = connectedPhones();
  return games.map((game, i) => {
    const seat = `s${i + 1}`;
    game.claimSeat(seat);
    const { root, dispose } = mountPlayerScreen(game, seat);
    stops.push(dispose, startAutoReveal(game, game.device));
    const on = within(root);
    const bar = () => within(on.getByRole('region', { name: 'Now' }));
    const selectedTab = () => on.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;
    return { game, on, bar, selectedTab };
  });
}

describe('the now bar', () => {
  it('says what the table waits on from every tab, and one tap opens the tab where it is done', () => {
    const [ana, ben] = table() as [ReturnType<typeof table>[number], ReturnType<typeof table>[number]];
    expect(ana.selectedTab()).toBe('Planets');
    expect(ana.bar().getByRole('status', { name: 'Whose move' }).textContent).toBe('Your pick of a strategy card');
    expect(ben.bar().getByRole('status', { name: 'Whose move' }).textContent).toBe('Waiting for Ana to pick');
    // Ana's pick is hers to make: Ben's phone offers to see it, not to pick (issue 35 item 5).
    expect(ben.bar().getByRole('button', { name: 'See: Waiting for Ana to pick' })).toBeTruthy();
    expect(ben.bar().queryByRole('button', { name: /^Pick:/ })).toBeNull();
    expect(document.title).toMatch(/· Friday night$/);
    fireEvent.click(ana.bar().getByRole('button', { name: 'Pick: Your pick of a strategy card' }));
    expect(ana.selectedTab()).toBe('Round');
    fireEvent.click(ana.on.getByRole('button', { name: 'Pick 1 Leadership' }));
    expect(ben.bar().getByRole('status', { name: 'Whose move' }).textContent).toBe('Your pick of a strategy card');
    // Undo names what it would undo, on the phone that made the change only.
    expect(ana.bar().getByRole('button', { name: /^Undo: .*Leadership/ })).toBeTruthy();
    expect((ben.bar().getByRole('button', { name: /^Undo:/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("offers no Undo of a pick once the next player has picked from what it left (issue 35 item 5)", () => {
    const [ana, ben] = table() as [ReturnType<typeof table>[number], ReturnType<typeof table>[number]];
    fireEvent.click(ana.bar().getByRole('button', { name: 'Pick: Your pick of a strategy card' }));
    fireEvent.click(ana.on.getByRole('button', { name: 'Pick 1 Leadership' }));
    expect((ana.bar().getByRole('button', { name: /^Undo: .*Leadership/ }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(ben.bar().getByRole('button', { name: 'Pick: Your pick of a strategy card' }));
    fireEvent.click(ben.on.getByRole('button', { name: 'Pick 2 Diplomacy' }));
    // Ana's pick is settled: her Undo is off; Ben's own is his to take back.
    expect((ana.bar().getByRole('button', { name: /^Undo:/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((ben.bar().getByRole('button', { name: /^Undo: .*Diplomacy/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('during a vote: "Lock in your ballot" until she has, then whom the council waits on; the tap opens the Council tab', async () => {
    const [ana, ben, cleo] = table() as [ReturnType<typeof table>[number], ReturnType<typeof table>[number], ReturnType<typeof table>[number]];
    await ana.game.makeMoveSigned(councilMoves.placeAgenda, 's1', { source: 'deck' });
    await ben.game.makeMoveSigned(councilMoves.placeAgenda, 's2', { source: 'deck' });
    await cleo.game.makeMoveSigned(councilMoves.placeAgenda, 's3', { source: 'deck' });
    await waitFor(() => expect(ana.game.snapshot().council.agendas.every((a) => a.revealed)).toBe(true));
    const id = startVoteOn(ana.game, 's1', ['1:s1']);
    await waitFor(() => expect(ben.bar().getByRole('status', { name: 'Whose move' }).textContent).toBe('Lock in your ballot'));
    fireEvent.click(ben.bar().getByRole('button', { name: 'Vote: Lock in your ballot' }));
    expect(ben.selectedTab()).toBe('Council');
    await ana.game.makeMoveSigned(councilMoves.lockBallot, 's1', id, { allocations: [] });
    await cleo.game.makeMoveSigned(councilMoves.lockBallot, 's3', id, { allocations: [] });
    await waitFor(() => expect(ana.bar().getByRole('status', { name: 'Whose move' }).textContent).toBe('Council: waiting on Ben'));
  });

  it('asks for her agenda once the table places agendas on the phones (001 Agenda, before the picks); the tap opens the Council tab at the agendas', async () => {
    const [ana, ben, cleo] = table() as [ReturnType<typeof table>[number], ReturnType<typeof table>[number], ReturnType<typeof table>[number]];
    await ben.game.makeMoveSigned(councilMoves.placeAgenda, 's2', { source: 'deck' });
    await waitFor(() => expect(ana.bar().getByRole('status', { name: 'Whose move' }).textContent).toBe('Your agenda for round 1, face down'));
    expect(ben.bar().getByRole('status', { name: 'Whose move' }).textContent).toBe('Waiting for Ana to pick');
    fireEvent.click(ana.bar().getByRole('button', { name: 'Place: Your agenda for round 1, face down' }));
    expect(ana.selectedTab()).toBe('Council');
    expect(ana.on.getByRole('button', { name: 'Place face down' })).toBeTruthy();
    await ana.game.makeMoveSigned(councilMoves.placeAgenda, 's1', { source: 'deck' });
    await waitFor(() => expect(ana.bar().getByRole('status', { name: 'Whose move' }).textContent).toBe('Your pick of a strategy card'));
    expect(cleo.bar().getByRole('status', { name: 'Whose move' }).textContent).toBe('Your agenda for round 1, face down');
  });

  it('the player who played Assembly: Start on the now bar opens the choice of agendas unfolded, with a real Start the vote button; the others keep it folded', async () => {
    const [ana, ben, cleo] = table() as [ReturnType<typeof table>[number], ReturnType<typeof table>[number], ReturnType<typeof table>[number]];
    const phones = [ana, ben, cleo];
    for (const [i, p] of phones.entries()) await p.game.makeMoveSigned(councilMoves.placeAgenda, `s${i + 1}`, { source: 'deck' });
    await waitFor(() => expect(ana.game.snapshot().council.agendas.every((a) => a.revealed)).toBe(true));
    // Three players, two cards each: Cleo holds Assembly (3); Ana and Ben act first, nobody follows.
    for (const [p, card] of [[ana, 1], [ben, 2], [cleo, 3], [ana, 4], [ben, 5], [cleo, 6]] as const) p.game.makeMove(roundMoves.pick, p.game.snapshot().tracker.picker as string, card);
    for (const [i, p] of [ana, ben].entries()) {
      p.game.makeMove(roundMoves.strategic, `s${i + 1}`, i + 1);
      p.game.makeMove(roundMoves.endTurn, `s${i + 1}`);
    }
    for (const [p, seat, card] of [[ben, 's2', 1], [cleo, 's3', 1], [ana, 's1', 2], [cleo, 's3', 2]] as const) p.game.makeMove(roundMoves.secondary, seat, card, false);
    cleo.game.makeMove(roundMoves.strategic, 's3', 3);
    await waitFor(() => expect(cleo.bar().getByRole('status', { name: 'Whose move' }).textContent).toBe('You played Assembly: choose the agendas to vote on'));
    fireEvent.click(cleo.bar().getByRole('button', { name: 'Start: You played Assembly: choose the agendas to vote on' }));
    expect(cleo.selectedTab()).toBe('Council');
    const group = within(cleo.on.getByRole('group', { name: 'Start the vote' }));
    expect(cleo.on.getByRole('group', { name: 'Start the vote' }).closest('details')).toBeNull();
    // Ana did not play Assembly: her bar follows Cleo's card, and her Council tab keeps the start folded away.
    expect(ana.bar().getByRole('status', { name: 'Whose move' }).textContent).toBe('Follow Assembly (played by Cleo)?');
    fireEvent.click(ana.on.getByRole('tab', { name: 'Council' }));
    expect(ana.on.queryByRole('group', { name: 'Start the vote' })).toBeNull();
    expect(ana.on.getByText('Assembly played: start a vote').tagName).toBe('SUMMARY');
    fireEvent.click(group.getAllByRole('checkbox')[0] as HTMLElement);
    fireEvent.click(group.getByRole('button', { name: 'Start the vote' }));
    await waitFor(() => expect(cleo.bar().getByRole('status', { name: 'Whose move' }).textContent).toBe('Lock in your ballot'));
  });
});
