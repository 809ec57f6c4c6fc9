// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '../../src/doc';
import { preloadPanels } from '../../src/ui/panels/PlayerView';
import { atStatusStep, holdRefreshed, newGame } from '../unit/doc/fixtures';
import { mountPlayerScreen } from './playerScreen';
import * as roundMoves from '../../src/doc/round/moves';
import * as sheetMoves from '../../src/doc/sheet/moves';
import * as planetMoves from '../../src/doc/planets/moves';

// The tabs' panels are one lazy chunk in the app; loaded here first, each tab renders at once.
beforeAll(() => preloadPanels());

let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  document.body.innerHTML = '';
});

/** The panels of seat `me` over a real Y.Doc, with the error toast GameScreen shows. */
function mount(game: Game, me = 's1') {
  dispose = mountPlayerScreen(game, me).dispose;
}

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
const total = (which: string) => document.querySelector(`[data-total="${which}"]`)?.textContent;
const alertText = () => screen.getByRole('alert').textContent;
const logLength = (game: Game) => game.snapshot().log.length;

describe('planet cards panel', () => {
  it('adds a planet found by typing a few letters, and the header totals follow', async () => {
    const game = newGame();
    mount(game);
    expect(total('resources')).toBe('4');
    // The form is below her planets: it comes in the task after the first frame.
    fireEvent.input(await screen.findByLabelText('Find a planet'), { target: { value: 'aby' } });
    click(/Add Abyz/);
    expect(game.snapshot().planets.abyz).toMatchObject({ owner: 's1', exhausted: true }); // acquired exhausted (001 "Planet Control")
    expect(total('resources')).toBe('4');
    click('Refresh Abyz 3/0, exhausted');
    expect(screen.getByRole('button', { name: 'Exhaust Abyz 3/0', description: '3 resources, 0 influence' })).toBeTruthy();
    expect(total('resources')).toBe('7');
  });

  it('one tap exhausts a planet and updates the totals; another refreshes it', () => {
    const game = newGame();
    mount(game);
    click(/Exhaust Jord/);
    expect(game.snapshot().planets.jord?.exhausted).toBe(true);
    expect([total('resources'), total('influence'), total('votes')]).toEqual(['0', '0', '1']);
    click(/Refresh Jord/);
    expect(total('resources')).toBe('4');
  });

  it('offers to take a planet another seat holds, and the previous owner loses it', async () => {
    const game = newGame();
    mount(game);
    fireEvent.input(await screen.findByLabelText('Find a planet'), { target: { value: 'arre' } });
    click('Take Arretze from Ben 2/0');
    const s = game.snapshot();
    expect(s.planets.arretze?.owner).toBe('s1');
    expect(s.players.s2?.planets).not.toContain('arretze');
  });

  it('adds a custom planet with its values and specialties', async () => {
    const game = newGame();
    mount(game);
    fireEvent.input(await screen.findByLabelText('Planet name'), { target: { value: 'New Hope' } });
    fireEvent.input(screen.getByLabelText('Resources'), { target: { value: '2' } });
    fireEvent.input(screen.getByLabelText('Influence'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'green' }));
    click('Add custom planet');
    expect(game.snapshot().planets['custom-new-hope']).toMatchObject({ owner: 's1', resources: 2, influence: 3, specialties: ['green'], exhausted: true });
    click(/Refresh New Hope/);
    expect(total('influence')).toBe('5');
  });

  it('paying 5 resources exhausts the suggested planets in one transaction', () => {
    const game = newGame();
    holdRefreshed(game, 's1', 'abyz');
    holdRefreshed(game, 's1', 'lazar');
    mount(game);
    click('Pay…');
    const dialog = screen.getByRole('dialog', { name: 'Pay' });
    fireEvent.input(within(dialog).getByLabelText('Cost in resources'), { target: { value: '5' } });
    // The helper suggests Jord (4) + Lazar (1): exactly 5, nothing lost.
    expect((within(dialog).getByRole('checkbox', { name: /Jord/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: /Lazar/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: /Abyz/ }) as HTMLInputElement).checked).toBe(false);
    const before = logLength(game);
    const transactions: unknown[] = [];
    game.doc.on('afterTransaction', (tr) => transactions.push(tr.origin));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 5 resources' }));
    expect(transactions).toEqual([game.origin]);
    expect(logLength(game)).toBe(before + 1);
    const s = game.snapshot();
    expect([s.planets.jord?.exhausted, s.planets.lazar?.exhausted, s.planets.abyz?.exhausted]).toEqual([true, true, false]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(total('resources')).toBe('3');
  });

  it('refuses a payment that is too small after adjusting, says why, and changes nothing', () => {
    const game = newGame();
    mount(game);
    click('Pay…');
    const dialog = screen.getByRole('dialog', { name: 'Pay' });
    fireEvent.input(within(dialog).getByLabelText('Cost in resources'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Jord/ }));
    const before = logLength(game);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 3 resources' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('That pays 0 of the 3 resources needed: choose more planets or trade goods.');
    expect(logLength(game)).toBe(before);
  });

  it('builds a facility on an exhausted planet and refreshes all, leaving it exhausted', () => {
    const game = newGame();
    holdRefreshed(game, 's1', 'abyz');
    atStatusStep(game, 5);
    mount(game);
    click(/Exhaust Abyz/);
    click(/Exhaust Jord/);
    click('Details of Abyz');
    click('Build refinery');
    click('Refresh all');
    const s = game.snapshot();
    expect([s.planets.abyz?.facility, s.planets.abyz?.exhausted, s.planets.jord?.exhausted]).toEqual(['refinery', true, false]);
  });

  it('gives up a planet', () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's1', 'abyz');
    mount(game);
    click('Details of Abyz');
    click('Give up Abyz');
    expect(game.snapshot().planets.abyz?.owner).toBeNull();
    expect(screen.queryByRole('button', { name: /Exhaust Abyz/ })).toBeNull();
  });
});

describe('race sheet panel', () => {
  it('shows each racial upgrade at its current price, updating live as VP change', () => {
    const game = newGame();
    mount(game);
    tab('Sheet');
    const carriers = () => screen.getByRole('listitem', { name: 'Mark II Advanced Carriers' }).textContent;
    expect(carriers()).toMatch(/Costs 4 \(base 4\)/);
    click('Add 1 victory point');
    click('Add 1 victory point');
    expect(carriers()).toMatch(/Costs 2 \(base 4\)/);
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 1); // as if from another phone: the panel follows the document
    expect(carriers()).toMatch(/Costs 1 \(base 4\)/);
  });

  it('unlocks an upgrade through the pay helper, and the other one then costs more', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 2);
    atStatusStep(game, 4);
    mount(game);
    tab('Sheet');
    click('Unlock Mark II Advanced Carriers for 2 resources');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Pay 2 resources' }));
    expect(game.snapshot().players.s1?.upgrades).toEqual(['mark-ii-advanced-carriers']);
    expect(game.snapshot().planets.jord?.exhausted).toBe(true);
    expect(screen.getByRole('listitem', { name: 'Spec Ops Training' }).textContent).toMatch(/Costs 7/);
  });

  it("the pay helper shows a move's refusal and stays open, writing nothing: an upgrade unlocked outside the status phase's step 4", () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 2);
    mount(game);
    tab('Sheet');
    const before = logLength(game);
    click('Unlock Mark II Advanced Carriers for 2 resources');
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Pay 2 resources' }));
    expect(dialog.getByRole('alert').textContent).toMatch(/^Racial upgrades are unlocked/);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(logLength(game)).toBe(before);
  });

  it('enforces the hand limit of 7 action cards with a clear message', () => {
    const game = newGame();
    game.makeMove(sheetMoves.setCounter, 's1', 'actionCards', 7);
    mount(game);
    tab('Sheet');
    const before = logLength(game);
    click('Add 1 action card');
    expect(alertText()).toMatch(/Hand limit: at most 7 action cards/);
    expect(logLength(game)).toBe(before);
    expect(screen.getByRole('group', { name: 'Action cards' }).textContent).toMatch(/7/);
  });

  it('records a captured leader with the captor shown', () => {
    const game = newGame();
    mount(game);
    tab('Sheet');
    fireEvent.change(screen.getByLabelText('Admiral DeLouis: status'), { target: { value: '@s2' } });
    expect(game.snapshot().players.s1?.leaders[0]).toEqual({ capturedBy: 's2' });
  });
});

describe('command counters panel', () => {
  it('spends a counter for a tactical action or a secondary ability in one tap', () => {
    const game = newGame();
    mount(game);
    tab('Counters');
    click('Tactical action (−1 command pool)');
    click('Secondary ability (−1 strategy allocation)');
    expect(game.snapshot().players.s1?.counters).toMatchObject({ commandPool: 2, strategyAllocation: 1 });
  });

  it("a move the rules refuse shows the player why and writes nothing: a tactical action from an empty command pool", () => {
    const game = newGame();
    game.makeMove(sheetMoves.setCounter, 's1', 'commandPool', 0);
    mount(game);
    tab('Counters');
    const before = logLength(game);
    click('Tactical action (−1 command pool)');
    expect(alertText()).toBe('Your command pool is empty: you may not take a tactical action.');
    expect(logLength(game)).toBe(before);
  });

  it('asks where received counters go', () => {
    const game = newGame();
    mount(game);
    tab('Counters');
    click('Receive counters…');
    const dialog = screen.getByRole('dialog', { name: 'Receive command counters' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fleet supply: one counter more' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Strategy allocation: one counter more' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive 2' }));
    expect(game.snapshot().players.s1?.counters).toMatchObject({ commandPool: 3, fleetSupply: 4, strategyAllocation: 3 });
  });

  it('refuses moving counters outside the reallocation step and says why; allows it in status step 7', () => {
    const game = newGame();
    mount(game);
    tab('Counters');
    click('Move between areas…');
    expect(alertText()).toMatch(/only in step 7 of the status phase/);
    expect(screen.queryByRole('dialog')).toBeNull();
    game.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 7 });
    click('Move between areas…');
    const dialog = screen.getByRole('dialog', { name: 'Move counters between areas' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Command pool: one counter fewer' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fleet supply: one counter more' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move counters' }));
    expect(game.snapshot().players.s1?.counters).toMatchObject({ commandPool: 2, fleetSupply: 4, strategyAllocation: 2 });
  });

  it('shows the fleet supply upkeep once the fleet supply passes 8', () => {
    const game = newGame();
    mount(game);
    tab('Counters');
    for (let i = 0; i < 5; i++) click('Add 1 fleet supply counter');
    expect(screen.queryByText(/Fleet supply upkeep/)).toBeNull();
    click('Add 1 fleet supply counter');
    expect(screen.getByText(/Fleet supply upkeep/).parentElement?.textContent).toMatch(/Fleet supply upkeep: 1 resource at/);
  });

  it('gives trade goods to another seat, both counters changing in one event', () => {
    const game = newGame();
    mount(game);
    tab('Counters');
    // With none, the button is off and says why, instead of refusing after the tap (issue 35 item 7).
    expect((screen.getByRole('button', { name: 'Give trade goods…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('No trade good to give.')).toBeTruthy();
    click('Add 1 trade good');
    click('Add 1 trade good');
    click('Give trade goods…');
    const dialog = screen.getByRole('dialog', { name: 'Give trade goods' });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: 's3' } });
    const before = logLength(game);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give 1' }));
    expect(logLength(game)).toBe(before + 1);
    expect([game.snapshot().players.s1?.counters.tradeGoods, game.snapshot().players.s3?.counters.tradeGoods]).toEqual([1, 1]);
    expect(total('tradeGoods')).toBe('1');
  });
});

describe('technology panel', () => {
  it('prices research after the specialties of her refreshed planets and records it', () => {
    const game = newGame();
    holdRefreshed(game, 's1', 'fria'); // blue specialty
    mount(game);
    tab('Tech');
    click('Research XRD Transporters for 4 resources');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Pay 4 resources' }));
    expect(game.snapshot().players.s1?.techs).toContain('xrd-transporters');
    expect(screen.getByRole('listitem', { name: 'XRD Transporters (owned)' })).toBeTruthy();
  });

  it('says which prerequisite is missing instead of researching', () => {
    const game = newGame();
    mount(game);
    tab('Tech');
    const warSun = screen.getByRole('listitem', { name: 'War Sun' });
    expect(warSun.textContent).toMatch(/Needs Sarween Tools and Deep Space Cannon/);
    const before = logLength(game);
    fireEvent.click(within(warSun).getByRole('button', { name: /Research War Sun/ }));
    expect(alertText()).toMatch(/War Sun needs all of these first/);
    expect(logLength(game)).toBe(before);
  });

  it('counts an artifact she controls in the price', () => {
    const game = newGame();
    mount(game);
    tab('Tech');
    click('You control the blue artifact');
    expect(screen.getByRole('button', { name: 'Research XRD Transporters for 4 resources' })).toBeTruthy();
  });
});

describe('undo, the log, other seats', () => {
  it('undoes her own last change only', () => {
    const game = newGame();
    mount(game);
    click(/Exhaust Jord/);
    click('Undo: Ana exhausted Jord');
    expect(game.snapshot().planets.jord?.exhausted).toBe(false);
    expect(total('resources')).toBe('4');
  });

  it('shows the game log in words, newest first', () => {
    const game = newGame();
    game.makeMove(planetMoves.pay, 's1', 'resources', 4, { planets: ['jord'], tradeGoods: 0 });
    mount(game);
    tab('Log');
    const log = screen.getByRole('list', { name: 'Game log, newest first' });
    expect(within(log).getAllByRole('listitem')[0]?.textContent).toMatch(/Ana exhausted Jord for 4 resources$/);
  });

  it('names whose phone acted by the player (the line names the players it is about), and filters the log by who acted, not by whom it concerns', () => {
    const game = newGame();
    game.claimSeat('s1');
    game.makeMove(planetMoves.takePlanet, 's1', 'arretze'); // Ana takes Ben's planet: Ana acted, Ben did not
    mount(game);
    tab('Log');
    const items = () => within(screen.getByRole('list', { name: 'Game log, newest first' })).getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(items().find((x) => x.includes('took control of Arretze'))).toMatch(/ · Ana's phoneAna took control of Arretze$/);
    fireEvent.change(screen.getByLabelText('Who acted'), { target: { value: 's2' } });
    expect(items().some((x) => x.includes('took control of Arretze'))).toBe(false);
    fireEvent.change(screen.getByLabelText('Who acted'), { target: { value: 's1' } });
    expect(items().some((x) => x.includes('Ana took control of Arretze'))).toBe(true);
  });

  it('adds a note for the table from the Log tab, shown in the log with who wrote it; an empty or too long note is refused with a message', () => {
    const game = newGame();
    game.claimSeat('s1');
    mount(game);
    tab('Log');
    const note = screen.getByRole('textbox', { name: 'A note for the table (everyone reads it in the log)' }) as HTMLTextAreaElement;
    const before = logLength(game);
    click('Add note');
    expect(alertText()).toBe('The note was not added: it is empty.');
    // The field stops typing at 500; pasted text past it is refused the same way.
    expect(note.maxLength).toBe(500);
    fireEvent.input(note, { target: { value: 'x'.repeat(501) } });
    click('Add note');
    expect(alertText()).toBe('The note was not added: it has 501 characters, more than the 500 a note holds.');
    expect(logLength(game)).toBe(before);
    fireEvent.input(note, { target: { value: 'Ben owes me 2 trade goods next round' } });
    click('Add note');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(note.value).toBe('');
    const first = within(screen.getByRole('list', { name: 'Game log, newest first' })).getAllByRole('listitem')[0]?.textContent;
    expect(first).toMatch(/ · Ana's phoneNote from Ana: Ben owes me 2 trade goods next round$/);
  });

  it('shows another seat read-only', () => {
    const game = newGame();
    mount(game);
    click('Ben, Hacan');
    expect(screen.getByText(/Viewing Ben's panels/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Exhaust/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay…' })).toBeNull();
    expect(total('resources')).toBe('3'); // Arretze 2, Hercant 1, Kamdorn 0
  });

  it('moves the shared round state forward, once the player confirms skipping what is not finished', () => {
    const game = newGame();
    mount(game);
    click('Round menu');
    click('Next: Action phase, round 1');
    click('Move on anyway');
    expect(game.snapshot().round).toEqual({ round: 1, phase: 'action', step: null });
    expect(screen.getByRole('status', { name: 'Round and phase' }).textContent).toBe('Round 1 · Action phase');
  });
});
