// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lockBallot, placeAgenda, startVote } from '../../src/doc/council';
import { startAutoReveal } from '../../src/secret/autoReveal';
import { preloadPanels } from '../../src/ui/panels/PlayerView';
import { connectedPhones } from '../unit/doc/fixtures';
import { mountPlayerScreen } from './playerScreen';

beforeAll(() => preloadPanels());
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
    await placeAgenda(ana.game, 's1', { source: 'deck' });
    await placeAgenda(ben.game, 's2', { source: 'deck' });
    await placeAgenda(cleo.game, 's3', { source: 'deck' });
    await waitFor(() => expect(ana.game.snapshot().council.agendas.every((a) => a.revealed)).toBe(true));
    const id = startVote(ana.game, 's1', ['1:s1']);
    await waitFor(() => expect(ben.bar().getByRole('status', { name: 'Whose move' }).textContent).toBe('Lock in your ballot'));
    fireEvent.click(ben.bar().getByRole('button', { name: 'Vote: Lock in your ballot' }));
    expect(ben.selectedTab()).toBe('Council');
    await lockBallot(ana.game, 's1', id, { allocations: [] });
    await lockBallot(cleo.game, 's3', id, { allocations: [] });
    await waitFor(() => expect(ana.bar().getByRole('status', { name: 'Whose move' }).textContent).toBe('Council: waiting on Ben'));
  });
});
