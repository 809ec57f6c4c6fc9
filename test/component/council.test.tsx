// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Game } from '../../src/doc';
import { placeAgenda } from '../../src/doc/council';
import { startAutoReveal } from '../../src/secret/autoReveal';
import { startHandFollows } from '../../src/secret/handFollows';
import { EMPTY_HAND, loadHand, saveHand } from '../../src/secret/privateStore';
import { preloadPanels } from '../../src/ui/panels/PlayerView';
import { clockAt, newGame } from '../unit/doc/fixtures';
import { mountPlayerScreen } from './playerScreen';

// The tabs' panels are one lazy chunk in the app; loaded here first, each tab renders at once.
beforeAll(() => preloadPanels());

const LAW = 'checks-and-balances';
const MONUMENT = 'build-monument';
const ELECT = 'archived-secret';

const stops: (() => void)[] = [];
// Every test starts with empty hands: the private store outlives a test within this file.
beforeEach(async () => {
  for (const seat of ['s1', 's2', 's3']) await saveHand('game1', seat, EMPTY_HAND);
});
afterEach(() => {
  for (const s of stops.splice(0)) s();
  document.body.innerHTML = '';
});

/** One phone: its own document, the seat it holds, the Council tab, and what the session runs beside it. */
function phone(game: Game, seat: string) {
  game.claimSeat(seat);
  const { root, dispose } = mountPlayerScreen(game, seat);
  stops.push(dispose, startAutoReveal(game, game.device), startHandFollows(game));
  const on = within(root);
  fireEvent.click(on.getByRole('tab', { name: 'Council' }));
  const click = (name: string | RegExp) => fireEvent.click(on.getByRole('button', { name }));
  const count = (counter: 'politicalCards' | 'actionCards') => game.snapshot().players[seat]?.counters[counter];
  const handList = (title: string) => within(on.getByRole('list', { name: `${title} in your hand` })).queryAllByRole('listitem').map((li) => li.firstChild?.textContent);
  /** Picks a card in one of the hand's pickers and taps one of its buttons. */
  const pickInHand = (kind: 'political' | 'action' | 'secretObjectives', card: string, button: string | RegExp) => {
    const select = root.querySelector<HTMLSelectElement>(`#hand-${kind}`);
    fireEvent.change(select as HTMLSelectElement, { target: { value: card } });
    fireEvent.click(within(select?.closest('form') as HTMLElement).getByRole('button', { name: button }));
  };
  return { game, root, on, click, count, handList, pickInHand };
}

/** Ana, Ben and Cleo, each phone its own replica, every change delivered to the others at once. */
function table() {
  const host = newGame();
  const games = [host, ...[2, 3].map((i) => {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(host.doc));
    return new Game(doc, `dev${i}`, clockAt(1_700_000_000_000));
  })];
  for (const from of games) {
    from.doc.on('update', (u: Uint8Array, origin: unknown) => {
      if (origin === 'net') return;
      for (const to of games) if (to !== from) Y.applyUpdate(to.doc, u, 'net');
    });
  }
  return games.map((g, i) => phone(g, `s${i + 1}`)) as [ReturnType<typeof phone>, ReturnType<typeof phone>, ReturnType<typeof phone>];
}

describe('"Your hand" follows the cards; the table sees the counts', () => {
  it('naming the two political cards dealt at setup leaves the public count at 2; only drawing one changes it', async () => {
    const [ana] = table();
    await waitFor(() => ana.on.getByRole('heading', { name: 'Your hand (only on this phone)' }));
    expect(ana.count('politicalCards')).toBe(2);
    ana.pickInHand('political', LAW, 'Already in my hand');
    await waitFor(() => expect(ana.handList('Political cards')).toEqual(['Checks and Balances']));
    ana.pickInHand('political', MONUMENT, 'Already in my hand');
    await waitFor(() => expect(ana.handList('Political cards')).toEqual(['Checks and Balances', 'Build Monument']));
    expect(ana.count('politicalCards')).toBe(2);
    // Both named: the next card is one she draws, and the table sees it.
    ana.pickInHand('political', ELECT, 'Drew it (the table sees one more)');
    await waitFor(() => expect(ana.handList('Political cards')).toHaveLength(3));
    expect(ana.count('politicalCards')).toBe(3);
    ana.click('Discard Build Monument');
    await waitFor(() => expect(ana.handList('Political cards')).toEqual(['Checks and Balances', 'Archived Secret']));
    expect(ana.count('politicalCards')).toBe(2);
  });

  it('naming an action card received in the status phase leaves the public count alone, and so does adding a secret objective', async () => {
    const [ana] = table();
    ana.game.setRound({ round: 1, phase: 'status', step: 6 });
    ana.game.round.receive('s1', { pool: 2, fleet: 0, strat: 0 });
    expect(ana.count('actionCards')).toBe(1);
    await waitFor(() => ana.on.getByRole('heading', { name: 'Your hand (only on this phone)' }));
    ana.pickInHand('action', 'bribery', 'Already in my hand');
    await waitFor(() => expect(ana.handList('Action cards')).toEqual(['Bribery']));
    expect(ana.count('actionCards')).toBe(1);
    const counters = JSON.stringify(ana.game.snapshot().players.s1?.counters);
    ana.pickInHand('secretObjectives', 'warmonger', 'Add to hand');
    await waitFor(() => expect(ana.handList('Secret objectives')).toEqual(['Warmonger']));
    expect(JSON.stringify(ana.game.snapshot().players.s1?.counters)).toBe(counters);
  });

  it('an agenda placed from the hand leaves "Your hand" when placed, and comes back when the round ends without a vote on it', async () => {
    const [ana, ben, cleo] = table();
    await saveHand('game1', 's1', { ...EMPTY_HAND, political: [LAW, MONUMENT] });
    await waitFor(() => expect(ana.handList('Political cards')).toEqual(['Checks and Balances', 'Build Monument']));
    fireEvent.change(ana.on.getByLabelText(/^Your agenda/), { target: { value: LAW } });
    ana.click('Place face down');
    await waitFor(() => expect(ana.handList('Political cards')).toEqual(['Build Monument']));
    // Face down, the table still counts it in her hand: nothing to name, nothing missing.
    expect(ana.count('politicalCards')).toBe(2);
    expect(ana.on.getByText(/Your agenda lies face down in the Council/)).toBeTruthy();
    expect(ana.on.queryByRole('button', { name: 'Already in my hand' })).toBeNull();
    await placeAgenda(ben.game, 's2', { source: 'deck' });
    await placeAgenda(cleo.game, 's3', { source: 'deck' });
    await waitFor(() => expect(ana.count('politicalCards')).toBe(1));
    expect(ana.handList('Political cards')).toEqual(['Build Monument']);
    // Not voted on this round: back in her hand when the round ends (001 "Status Phase › 9) Clean-up").
    ana.game.setRound({ round: 2, phase: 'strategy', step: null });
    await waitFor(() => expect(ana.handList('Political cards')).toEqual(['Build Monument', 'Checks and Balances']));
    expect(ana.count('politicalCards')).toBe(2);
    expect((await loadHand('game1', 's1')).placed).toEqual([]);
  });
});
