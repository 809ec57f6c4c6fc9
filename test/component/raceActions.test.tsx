// @vitest-environment jsdom
// Race abilities taken on a turn, from the phones (003 "Appendix 2: Races"): the Yssaril's skipped turn, the
// Yin's reversed planet.
import 'fake-indexeddb/auto';
import { fireEvent, within } from '@testing-library/dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '../../src/doc';
import { preloadPanels } from '../../src/ui/panels/PlayerView';
import { newGame, threeSeats } from '../unit/doc/fixtures';
import { phoneOnTab } from './playerScreen';
import * as roundMoves from '../../src/doc/round/moves';

// The tabs' panels are one lazy chunk in the app; loaded here first, each tab renders at once.
beforeAll(() => preloadPanels());

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  document.body.innerHTML = '';
});

/** One game with Ben playing `race`: Ana (Sol) holds 1 and 4, Ben 2 and 5, Cleo (Xxcha) 3 and 6, in the action phase. */
function actionPhase(race: string): Game {
  const g = newGame({ ...threeSeats, seats: threeSeats.seats.map((x) => (x.race === 'hacan' ? { ...x, race } : x)) });
  for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) g.makeMove(roundMoves.pick, seat, card);
  g.makeMove(roundMoves.tactical, 's1');
  g.makeMove(roundMoves.endTurn, 's1');
  return g;
}

describe('the Yssaril skip a turn from the Round tab (003 Appendix 2, Yssaril)', () => {
  it('Skip this turn is offered to the Yssaril only, moves the turn on without passing, and is off on the next turn', () => {
    const g = actionPhase('yssaril');
    const ben = phoneOnTab(g, 's2', 'Round', disposers);
    const skip = () => ben.on.getByRole('button', { name: 'Skip this turn' }) as HTMLButtonElement;
    expect(skip().disabled).toBe(false);
    ben.click('Skip this turn');
    expect(g.snapshot().tracker).toMatchObject({ active: 's3', passed: [] });
    expect(ben.on.getByRole('status', { name: 'Turn' }).textContent).toBe('Waiting for Cleo.');
    g.makeMove(roundMoves.tactical, 's3');
    g.makeMove(roundMoves.endTurn, 's3');
    g.makeMove(roundMoves.tactical, 's1');
    g.makeMove(roundMoves.endTurn, 's1');
    expect(skip().disabled).toBe(true);
    expect(skip().getAttribute('aria-describedby')).toBe('skip-note');
    expect(ben.on.getByText('You skipped your last turn: you may not skip two in a row.')).toBeTruthy();
  });

  it('another race is offered no skip', () => {
    const g = actionPhase('letnev');
    const ben = phoneOnTab(g, 's2', 'Round', disposers);
    expect(ben.on.getByRole('button', { name: 'Pass' })).toBeTruthy();
    expect(ben.on.queryByRole('button', { name: 'Skip this turn' })).toBeNull();
  });
});

describe('the Yin reverse a planet from the Planets tab (003 Appendix 2, Yin)', () => {
  const reverseDarien = /^Reverse resources and influence of Darien/;

  it('on her turn the Yin reverse a refreshed planet with one tap: the card reads 4/2, marked reversed, and the offer is gone for the round', () => {
    const g = actionPhase('yin');
    const ben = phoneOnTab(g, 's2', 'Planets', disposers);
    const button = ben.on.getByRole('button', { name: reverseDarien });
    expect(button.getAttribute('aria-label')).toBe('Reverse resources and influence of Darien: 4/2 until the end of the round (your action)');
    expect(button.textContent?.trim()).toBe('Reverse resources and influence');
    ben.click(reverseDarien);
    expect(g.snapshot().tracker.acting).toBe('ability');
    const cards = within(ben.on.getByRole('list', { name: 'Planet cards' }));
    expect(cards.getByRole('button', { name: 'Exhaust Darien 4/2, reversed' })).toBeTruthy();
    expect(ben.on.queryByRole('button', { name: reverseDarien })).toBeNull();
  });

  it('no offer out of her turn, nor to another race', () => {
    const yin = actionPhase('yin');
    yin.makeMove(roundMoves.tactical, 's2');
    expect(phoneOnTab(yin, 's2', 'Planets', disposers).on.queryByRole('button', { name: reverseDarien })).toBeNull();
    document.body.innerHTML = '';
    const letnev = phoneOnTab(actionPhase('letnev'), 's2', 'Planets', disposers);
    expect(letnev.on.queryByRole('button', { name: /^Reverse resources and influence/ })).toBeNull();
  });
});

describe("the Round tab's list of race abilities offers none the app applies elsewhere (003 Appendix 2)", () => {
  /** The race abilities the Round tab offers Ben as his turn's action. */
  function offered(race: string): string[] {
    const ben = phoneOnTab(actionPhase(race), 's2', 'Round', disposers);
    ben.click('Action by action card or race ability…');
    fireEvent.click(ben.on.getByRole('radio', { name: 'A race ability' }));
    const select = ben.on.getByLabelText('Race ability') as HTMLSelectElement;
    return [...select.options].map((o) => o.textContent ?? '').filter((t) => t !== 'Choose…');
  }

  it("the Yin's reversal is not offered (recording it there reversed no planet): her other abilities are, and the tab points to the Planets tab", () => {
    const abilities = offered('yin');
    expect(abilities).toHaveLength(2);
    expect(abilities.some((a) => /control marker|place your control/i.test(a))).toBe(false);
    expect(abilities[0]).toMatch(/^Before Invasion Combat/);
    expect(document.body.textContent).toMatch(/reverse a planet's resources and influence until the end of the round, from the Planets tab/);
  });

  it("the Yssaril's skip is not offered either: Skip this turn is its control", () => {
    expect(offered('yssaril').some((a) => /skip/i.test(a))).toBe(false);
  });
});

