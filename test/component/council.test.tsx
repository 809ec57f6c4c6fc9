// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Clock, Game } from '../../src/doc';
import { ballotVotes } from '../../src/doc/council';
import * as councilMoves from '../../src/doc/council/moves';
import { startAutoReveal } from '../../src/runtime/autoReveal';
import { startHandFollows } from '../../src/runtime/handFollows';
import { EMPTY_HAND, loadHand, saveHand } from '../../src/secret/privateStore';
import { preloadPanels } from '../../src/ui/panels/PlayerView';
import { clockAt, connectedPhones, startVoteOn } from '../unit/doc/fixtures';
import { mountPlayerScreen } from './playerScreen';
import { cardLabel } from '../../src/ui/panels/council/cards';
import * as roundMoves from '../../src/doc/round/moves';
import * as planetMoves from '../../src/doc/planets/moves';

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
  vi.useRealTimers();
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
  /** Finds a card in one of the hand's pickers by typing its name, and taps one of its buttons. */
  const pickInHand = (kind: 'political' | 'action' | 'secretObjectives', card: string, button: string) => {
    const picker = within(root.querySelector(`#hand-${kind}-picker`) as HTMLElement);
    fireEvent.input(picker.getByRole('searchbox'), { target: { value: cardLabel(card) } });
    // One action: the match is the button; two: the match picks the card, then the action.
    const direct = picker.queryByRole('button', { name: `${button}: ${cardLabel(card)}` });
    if (direct) fireEvent.click(direct);
    else {
      fireEvent.click(picker.getByRole('button', { name: cardLabel(card) }));
      fireEvent.click(picker.getByRole('button', { name: button }));
    }
  };
  return { game, root, on, click, count, handList, pickInHand };
}

/** Ana, Ben and Cleo, each phone its own replica, every change delivered to the others at once. */
function table(clock: Clock = clockAt(1_700_000_000_000)) {
  const games = connectedPhones(clock);
  return games.map((g, i) => phone(g, `s${i + 1}`)) as [ReturnType<typeof phone>, ReturnType<typeof phone>, ReturnType<typeof phone>];
}

/** Every seat places an agenda (Ana and Ben from their hands, Cleo the top of the deck); all are revealed. */
async function placeAgendas(ana: ReturnType<typeof phone>, ben: ReturnType<typeof phone>, cleo: ReturnType<typeof phone>) {
  await ana.game.makeMoveSigned(councilMoves.placeAgenda, 's1', { source: 'hand', card: LAW });
  await ben.game.makeMoveSigned(councilMoves.placeAgenda, 's2', { source: 'hand', card: ELECT });
  await cleo.game.makeMoveSigned(councilMoves.placeAgenda, 's3', { source: 'deck' });
  await waitFor(() => expect(ana.game.snapshot().council.agendas.every((a) => a.revealed)).toBe(true));
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
    ana.game.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 6 });
    ana.game.makeMove(roundMoves.receive, 's1', { pool: 3, fleet: 0, strat: 0 }); // Ana plays the Sol: one counter more
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
    const agenda = within(ana.root.querySelector('#agenda-card-picker') as HTMLElement);
    // Her hand is short: its cards are offered at once, no typing; a tap picks, "Place face down" places.
    fireEvent.click(agenda.getByRole('button', { name: 'Checks and Balances' }));
    ana.click('Place face down');
    await waitFor(() => expect(ana.handList('Political cards')).toEqual(['Build Monument']));
    // Face down, the table still counts it in her hand: nothing to name, nothing missing.
    expect(ana.count('politicalCards')).toBe(2);
    expect(ana.on.getByText(/Your agenda lies face down in the Council/)).toBeTruthy();
    expect(ana.on.queryByRole('button', { name: 'Already in my hand' })).toBeNull();
    await ben.game.makeMoveSigned(councilMoves.placeAgenda, 's2', { source: 'deck' });
    await cleo.game.makeMoveSigned(councilMoves.placeAgenda, 's3', { source: 'deck' });
    await waitFor(() => expect(ana.count('politicalCards')).toBe(1));
    expect(ana.handList('Political cards')).toEqual(['Build Monument']);
    // Not voted on this round: back in her hand when the round ends (001 "Status Phase › 9) Clean-up").
    ana.game.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
    await waitFor(() => expect(ana.handList('Political cards')).toEqual(['Build Monument', 'Checks and Balances']));
    expect(ana.count('politicalCards')).toBe(2);
    expect((await loadHand('game1', 's1')).placed).toEqual([]);
  });
});

describe('the vote', () => {
  it('offers in "Start the vote" only the agendas not voted on yet (001 "Voting": resolved agendas are discarded)', async () => {
    const [ana, ben, cleo] = table();
    await placeAgendas(ana, ben, cleo);
    const id = startVoteOn(ana.game, 's1', ['1:s1', '1:s2']);
    await ana.game.makeMoveSigned(councilMoves.lockBallot, 's1', id, { allocations: [{ agenda: '1:s1', outcome: 'for', votes: 1 }] });
    await ben.game.makeMoveSigned(councilMoves.lockBallot, 's2', id, { allocations: [] });
    await cleo.game.makeMoveSigned(councilMoves.lockBallot, 's3', id, { allocations: [] });
    await waitFor(() => expect(ben.game.snapshot().council.sessions[0]?.results).toBeTruthy());
    const offered = () => within(ben.on.getByText('Assembly played: start a vote').closest('details') as HTMLElement).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent?.trim());
    // Cleo's agenda, from the top of the deck and not named yet, is the only one left.
    await waitFor(() => expect(offered()).toEqual(['a face-down agenda']));
    // The law voted for stays in force.
    expect(ben.on.getByRole('button', { name: 'Remove the law Checks and Balances' })).toBeTruthy();
  });

  it('shows the Speaker\'s countdown to close a stalled vote on a phone that is not the Speaker\'s, naming who it waits for', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_700_000_000_000);
    // The phones' clocks are the page's: the vote's answers and the countdown are timed as at the table.
    const [ana, ben, cleo] = table({ now: () => Date.now() });
    await placeAgendas(ana, ben, cleo);
    vi.setSystemTime(1_700_000_010_000); // the vote starts 10 s into the game; Ana locks in at once
    const id = startVoteOn(ana.game, 's1', ['1:s1']);
    await ana.game.makeMoveSigned(councilMoves.lockBallot, 's1', id, { allocations: [] });
    // A vote just started is not stalled: the Speaker is not told a phone is not answering.
    expect(ana.on.queryByRole('button', { name: /not answering/ })).toBeNull();
    vi.setSystemTime(1_700_000_075_000); // 65 s without an answer
    const stalled = await waitFor(() => ana.on.getByRole('button', { name: 'A phone is not answering: start the countdown to close the vote' }), { timeout: 3000 });
    fireEvent.click(stalled);
    vi.setSystemTime(1_700_000_085_000); // 10 s into the countdown
    // Each phone's countdown reads the clock once a second.
    const timer = await waitFor(() => cleo.on.getByRole('timer'));
    await waitFor(() => expect(timer.textContent).toBe('The Speaker can close the vote in 50 s; waiting for Ben and Cleo to lock in. Ballots not revealed by then count as abstaining.'), { timeout: 3000 });
    // Cleo has not locked in: it is her last chance, and her phone says so in the alert style.
    expect(timer.className).toBe('alert');
    expect(cleo.on.queryByRole('button', { name: /close the vote/ })).toBeNull();
    expect(ben.on.getByRole('timer')).toBeTruthy();
  });

  it('picking an outcome puts all the votes she has left on it; − and + move around that number, never past what she has', async () => {
    const [ana, ben, cleo] = table();
    await placeAgendas(ana, ben, cleo);
    ana.game.makeMove(councilMoves.startVote, 's1', ['1:s1', '1:s2']);
    const form = within(await waitFor(() => ben.on.getByRole('form', { name: 'Your ballot' })));
    const votes = ballotVotes(ben.game.snapshot(), ben.game.snapshot().council.sessions[0]?.id ?? '', 's2');
    expect(votes).toBeGreaterThan(1);
    const value = (agenda: string) => form.getByRole('group', { name: `Votes on ${agenda}` }).querySelector('output')?.textContent;
    fireEvent.click(form.getByRole('radio', { name: 'For' }));
    expect(value('Checks and Balances')).toBe(String(votes));
    // Every vote is placed: + is off on both lines until one comes back.
    const more = (agenda: string) => form.getByRole('button', { name: `Votes on ${agenda}: one vote more` }) as HTMLButtonElement;
    const fewer = (agenda: string) => form.getByRole('button', { name: `Votes on ${agenda}: one vote fewer` }) as HTMLButtonElement;
    expect(more('Checks and Balances').disabled).toBe(true);
    fireEvent.click(fewer('Checks and Balances'));
    expect(value('Checks and Balances')).toBe(String(votes - 1));
    // The other agenda's line opens with the one left; her total stays what she has.
    fireEvent.click(form.getByRole('radio', { name: 'Ben' }));
    expect(value('Archived Secret')).toBe('1');
    expect(more('Archived Secret').disabled).toBe(true);
    expect(form.getByText(/^Votes:/).textContent).toBe(`Votes: ${votes} of ${votes} used`);
    // Every step button is a thumb's width (44 px in the app's CSS): they are real buttons, not a keyboard.
    expect(form.queryAllByRole('spinbutton')).toEqual([]);
    fireEvent.click(form.getByRole('button', { name: 'Lock in my ballot' }));
    await waitFor(() => expect(ben.game.snapshot().council.sessions[0]?.locked.s2).toBeTruthy());
  });

  it('a half-filled ballot survives a look at another tab, and an empty one asks before it is locked in (issue 35 item 4)', async () => {
    const [ana, ben, cleo] = table();
    await placeAgendas(ana, ben, cleo);
    ana.game.makeMove(councilMoves.startVote, 's1', ['1:s1']);
    let form = within(await waitFor(() => ben.on.getByRole('form', { name: 'Your ballot' })));
    fireEvent.click(form.getByRole('radio', { name: 'Against' }));
    fireEvent.click(form.getByRole('button', { name: 'Votes on Checks and Balances: one vote fewer' }));
    const placed = form.getByRole('group', { name: 'Votes on Checks and Balances' }).querySelector('output')?.textContent;
    fireEvent.click(ben.on.getByRole('tab', { name: 'Log' }));
    fireEvent.click(ben.on.getByRole('tab', { name: 'Council' }));
    form = within(await waitFor(() => ben.on.getByRole('form', { name: 'Your ballot' })));
    expect((form.getByRole('radio', { name: 'Against' }) as HTMLInputElement).checked).toBe(true);
    expect(form.getByRole('group', { name: 'Votes on Checks and Balances' }).querySelector('output')?.textContent).toBe(placed);
    // Cleo votes nothing: Lock in asks first, and Cancel locks nothing in.
    const cleoForm = within(await waitFor(() => cleo.on.getByRole('form', { name: 'Your ballot' })));
    fireEvent.click(cleoForm.getByRole('button', { name: 'Lock in my ballot' }));
    const ask = within(cleo.on.getByRole('dialog', { name: 'Lock in an empty ballot?' }));
    fireEvent.click(ask.getByRole('button', { name: 'Cancel' }));
    expect(cleo.game.snapshot().council.sessions[0]?.locked.s3).toBeUndefined();
    fireEvent.click(cleoForm.getByRole('button', { name: 'Lock in my ballot' }));
    fireEvent.click(within(cleo.on.getByRole('dialog', { name: 'Lock in an empty ballot?' })).getByRole('button', { name: 'Lock in with no votes' }));
    await waitFor(() => expect(cleo.game.snapshot().council.sessions[0]?.locked.s3).toBeTruthy());
  });

  it('shows the reason a ballot is refused beside "Lock in my ballot", where the player is', async () => {
    const [ana, ben, cleo] = table();
    await placeAgendas(ana, ben, cleo);
    ana.game.makeMove(councilMoves.startVote, 's1', ['1:s1']);
    const form = await waitFor(() => ben.on.getByRole('form', { name: 'Your ballot' }));
    fireEvent.click(within(form).getByRole('radio', { name: 'For' }));
    // Her votes drop after she placed them all (a planet exhausted meanwhile): the rules refuse the ballot.
    const planet = Object.entries(ben.game.snapshot().planets).find(([, p]) => p.owner === 's2' && p.influence > 0)?.[0] ?? '';
    ben.game.makeMove(planetMoves.setExhausted, planet, true);
    fireEvent.click(within(form).getByRole('button', { name: 'Lock in my ballot' }));
    const alert = await waitFor(() => within(form).getByRole('alert'));
    expect(alert.textContent).toMatch(/This ballot uses \d+ votes; you have \d+\./);
    expect(within(alert.parentElement as HTMLElement).getByRole('button', { name: 'Lock in my ballot' })).toBeTruthy();
    // Said once, there: not also at the top of the panel, a screen away.
    expect(ben.on.getAllByRole('alert')).toHaveLength(1);
  });

  it('adds votes from a named effect to her ballot: each is listed, raises what she may place, is checked as she adds it, and the table sees each at the reveal', async () => {
    const [ana, ben, cleo] = table();
    await placeAgendas(ana, ben, cleo);
    const id = startVoteOn(ana.game, 's1', ['1:s1']);
    const form = within(await waitFor(() => ben.on.getByRole('form', { name: 'Your ballot' })));
    const votes = ballotVotes(ben.game.snapshot(), id, 's2');
    fireEvent.click(form.getByText('Extra votes from an effect'));
    const from = form.getByRole('combobox', { name: 'Votes from' }) as HTMLSelectElement;
    // A 3-player game: Assembly b's +3 is not offered (001 "2 players › Assembly").
    expect([...from.options].map((o) => o.textContent)).toEqual(['Lazax Survivors (domain counter): +3', 'An action card…', 'A race ability…']);
    const add = () => fireEvent.click(form.getByRole('button', { name: 'Add these votes' }));
    add();
    expect(form.getByText(/^Votes:/).textContent).toBe(`Votes: 0 of ${votes + 3} used`);
    // The counter adds its votes once: said beside the button.
    add();
    expect(form.getByRole('alert').textContent).toBe('Lazax Survivors adds its votes once.');
    fireEvent.change(from, { target: { value: 'action' } });
    add();
    expect(form.getByRole('alert').textContent).toMatch(/^Name the action card that adds votes/);
    fireEvent.input(form.getByRole('textbox', { name: 'Which action card' }), { target: { value: 'Fantastic Rhetoric' } });
    fireEvent.click(form.getByRole('button', { name: 'Votes it adds: one vote more' }));
    add();
    expect(form.queryByRole('alert')).toBeNull();
    const listed = () => within(form.getByRole('list', { name: 'Extra votes on your ballot' })).getAllByRole('listitem').map((li) => li.firstChild?.textContent);
    expect(listed()).toEqual(['+3 from Lazax Survivors', '+2 from Fantastic Rhetoric']);
    expect(form.getByText('Extra votes from an effect: +5')).toBeTruthy();
    // Every vote, the effects' included, goes on For.
    fireEvent.click(form.getByRole('radio', { name: 'For' }));
    expect(form.getByText(/^Votes:/).textContent).toBe(`Votes: ${votes + 5} of ${votes + 5} used`);
    fireEvent.click(form.getByRole('button', { name: 'Remove +3 from Lazax Survivors' }));
    expect(listed()).toEqual(['+2 from Fantastic Rhetoric']);
    fireEvent.click(form.getByRole('button', { name: `Votes on Checks and Balances: one vote fewer` }));
    fireEvent.click(form.getByRole('button', { name: `Votes on Checks and Balances: one vote fewer` }));
    fireEvent.click(form.getByRole('button', { name: `Votes on Checks and Balances: one vote fewer` }));
    fireEvent.click(form.getByRole('button', { name: 'Lock in my ballot' }));
    await waitFor(() => expect(ben.game.snapshot().council.sessions[0]?.locked.s2).toBeTruthy());
    // Locked in: the shared document holds the commitment only, not the card that adds the votes.
    expect(JSON.stringify(ben.game.doc.toJSON())).not.toContain('Fantastic Rhetoric');
    await ana.game.makeMoveSigned(councilMoves.lockBallot, 's1', id, { allocations: [] });
    await cleo.game.makeMoveSigned(councilMoves.lockBallot, 's3', id, { allocations: [] });
    await waitFor(() => expect(cleo.game.snapshot().council.sessions[0]?.results).toBeTruthy());
    expect(cleo.game.snapshot().council.sessions[0]?.results?.[0]).toMatchObject({ status: 'won', winner: 'for', totals: { for: votes + 2 } });
    const everyone = await waitFor(() => cleo.on.getByText("Everyone's ballot").closest('details') as HTMLElement);
    fireEvent.click(within(everyone).getByText("Everyone's ballot"));
    expect(within(everyone).getAllByRole('listitem').map((li) => li.textContent)).toContain(`Ben: Checks and Balances → for ${votes + 2} (+2 from Fantastic Rhetoric)`);
  });
});
