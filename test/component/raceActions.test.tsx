// @vitest-environment jsdom
// Race abilities taken on a turn, from the phones (003 "Appendix 2: Races"): the Yssaril's skipped turn.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '../../src/doc';
import { preloadPanels } from '../../src/ui/panels/PlayerView';
import { newGame, threeSeats } from '../unit/doc/fixtures';
import { phoneOnTab } from './playerScreen';

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
  for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) g.round.pick(seat, card);
  g.round.tactical('s1');
  g.round.endTurn('s1');
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
    g.round.tactical('s3');
    g.round.endTurn('s3');
    g.round.tactical('s1');
    g.round.endTurn('s1');
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
