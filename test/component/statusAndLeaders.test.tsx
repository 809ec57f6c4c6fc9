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

beforeAll(() => preloadPanels());

let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  document.body.innerHTML = '';
});

function mount(game: Game, me = 's1') {
  dispose = mountPlayerScreen(game, me).dispose;
}
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
const tg = (game: Game, seat: string) => game.snapshot().players[seat]?.counters.tradeGoods;

describe('refresh abilities on the planet card (001 "Refresh Abilities")', () => {
  it('at step 5, one tap uses Sumerian\'s ability: it stays exhausted, 2 trade goods are added, the button is gone', () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's1', 'sumerian');
    atStatusStep(game, 5);
    mount(game);
    click('Use Gain 2 Trade Goods instead of refreshing Sumerian');
    expect(tg(game, 's1')).toBe(2);
    expect(game.snapshot().planets.sumerian?.exhausted).toBe(true);
    expect(screen.queryByRole('button', { name: /Use Gain 2 Trade Goods/ })).toBeNull();
    expect(screen.getByText(/Refresh ability: Gain 2 Trade Goods \(used this round\)/)).toBeTruthy();
  });

  it('before step 5 the ability is text only', () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's1', 'sumerian');
    atStatusStep(game, 4);
    mount(game);
    expect(screen.queryByRole('button', { name: /Use Gain 2 Trade Goods/ })).toBeNull();
    expect(screen.getByText('Refresh ability: Gain 2 Trade Goods')).toBeTruthy();
  });
});

describe('Natural Wealth on the planet card (001, Natural Wealth domain counter)', () => {
  it('is placed from the details and taken one trade good at a time; outside its moments the refusal names step 5', () => {
    const game = newGame();
    mount(game);
    click('Details of Jord');
    click('Place 1 trade good of Natural Wealth');
    expect(screen.getByText('Natural Wealth: 1 trade good')).toBeTruthy();
    click('Take 1 trade good of Natural Wealth from Jord');
    expect(screen.getByRole('alert').textContent).toMatch(/step 5 of the status phase \(Refresh Planets\)/);
    game.makeMove(roundMoves.setRound, { round: 1, phase: 'action', step: null });
    click('Take 1 trade good of Natural Wealth from Jord');
    expect(tg(game, 's1')).toBe(1);
    expect(screen.queryByText(/Natural Wealth: /)).toBeNull();
  });
});

describe('leaders on the race sheet (001 "Leader Abilities", "Executions and Releases")', () => {
  it("Sol's Agent sabotages, then shows the round it is ready again", () => {
    const game = newGame();
    game.makeMove(roundMoves.setRound, { round: 2, phase: 'action', step: null });
    mount(game);
    tab('Sheet');
    click('Sabotage an action card with the Agent Connor');
    expect(game.snapshot().players.s1?.rested?.[1]).toBe(2);
    expect(screen.getByText('Sabotage an action card: resting, ready again in round 4')).toBeTruthy();
  });

  it("the Diplomat's rests on the planet chosen", () => {
    const game = newGame();
    mount(game);
    tab('Sheet');
    fireEvent.change(screen.getByRole('combobox', { name: 'Planet the Diplomat Rev defends' }), { target: { value: 'jord' } });
    click('Cancel an invasion or bombardment with the Diplomat Rev');
    expect(game.snapshot().planets.jord?.guarded).toEqual({ seat: 's1', round: 1 });
    expect(screen.getByText('Cancel an invasion or bombardment: resting, ready again in round 3')).toBeTruthy();
  });

  it("Ana executes Ben's captive Scientist in the status phase by exhausting Jord", () => {
    const game = newGame();
    game.makeMove(sheetMoves.setLeader, 's2', 2, { capturedBy: 's1' });
    atStatusStep(game, 2);
    mount(game);
    tab('Sheet');
    const captives = screen.getByRole('list', { name: 'Captives' });
    fireEvent.change(within(captives).getByRole('combobox', { name: "Planet paid for executing Ben's Scientist Carth" }), { target: { value: 'x:jord' } });
    fireEvent.click(within(captives).getByRole('button', { name: "Execute Ben's Scientist Carth" }));
    expect(game.snapshot().players.s2?.leaders[2]).toBe('killed');
    expect(game.snapshot().planets.jord?.exhausted).toBe(true);
    expect(screen.queryByRole('list', { name: 'Captives' })).toBeNull();
  });

  it('a release outside the status phase is refused with the phase named', () => {
    const game = newGame();
    game.makeMove(sheetMoves.setLeader, 's2', 2, { capturedBy: 's1' });
    mount(game);
    tab('Sheet');
    click("Release Ben's Scientist Carth");
    expect(screen.getByRole('alert').textContent).toMatch(/during the status phase; it is now the strategy phase/);
    expect(game.snapshot().players.s2?.leaders[2]).toEqual({ capturedBy: 's1' });
  });
});

describe("the Scientist on the technology panel (001 \"Scientist\")", () => {
  it('Ben picks Garbozia for his Scientist and researches Neural Motivator without Stasis Capsules', () => {
    const game = newGame();
    holdRefreshed(game, 's2', 'garbozia');
    game.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 5);
    mount(game, 's2');
    tab('Tech');
    fireEvent.change(screen.getByLabelText('Scientist: ignore a prerequisite'), { target: { value: 'garbozia' } });
    click('Research Neural Motivator for 5 resources, the Scientist exhausting Garbozia');
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('checkbox', { name: /Garbozia/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Pay 5 resources/ }));
    expect(game.snapshot().players.s2?.techs).toContain('neural-motivator');
    expect(game.snapshot().planets.garbozia?.exhausted).toBe(true);
  });
});
