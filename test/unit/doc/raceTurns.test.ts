/**
 * Race abilities taken on a turn of the action phase (003 "Appendix 2: Races"): the Yssaril skip a turn
 * without passing.
 */
import { describe, expect, it } from 'vitest';
import { describeEvent } from '../../../src/doc';
import type { Game, LogEntry } from '../../../src/doc';
import { expectRefused, newGame, threeSeats } from './fixtures';

/** Ana (Sol) holds 1 and 4, Ben (Yssaril) 2 and 5, Cleo (Xxcha) 3 and 6: the action phase, Ana first. */
function yssarilTable(): Game {
  const g = newGame({ ...threeSeats, seats: threeSeats.seats.map((x) => (x.race === 'hacan' ? { ...x, race: 'yssaril' } : x)) }, 'race-turns');
  for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) g.round.pick(seat, card);
  return g;
}
const tracker = (g: Game) => g.snapshot().tracker;
const lastSentence = (g: Game) => describeEvent(g.snapshot().log.at(-1) as LogEntry, g.snapshot());
/** `seat` takes a tactical action and ends her turn. */
const tactical = (g: Game, seat: string) => {
  g.round.tactical(seat);
  g.round.endTurn(seat);
};

describe('the Yssaril skip turns (003 Appendix 2, Yssaril: "You may skip action turns during the Action Phase without passing. You may not skip two in a row.")', () => {
  it('the Yssaril may skip a turn without passing: the turn moves on, nothing is spent, and she acts again later (003 Appendix 2, Yssaril)', () => {
    const g = yssarilTable();
    tactical(g, 's1');
    const pool = g.snapshot().players.s2?.counters.commandPool;
    g.round.skipTurn('s2');
    expect(tracker(g)).toMatchObject({ active: 's3', passed: [], skipped: ['s2'] });
    expect(g.snapshot().players.s2?.counters.commandPool).toBe(pool);
    expect(lastSentence(g)).toBe('Ben (Yssaril) skipped the turn without passing (a race ability)');
    tactical(g, 's3');
    tactical(g, 's1');
    expect(tracker(g).active).toBe('s2');
  });

  it('the Yssaril may not skip two turns in a row; after an action she may skip again (003 Appendix 2, Yssaril)', () => {
    const g = yssarilTable();
    tactical(g, 's1');
    g.round.skipTurn('s2');
    tactical(g, 's3');
    tactical(g, 's1');
    expect(expectRefused(g, 'not-allowed', () => g.round.skipTurn('s2')).message).toMatch(/you may not skip two in a row/);
    // Written anyway, every phone's fold refuses it and the turn stays hers.
    g.append([{ k: 'round', op: 'act', round: 1, seat: 's2', what: 'skip', card: null }]);
    expect(tracker(g).active).toBe('s2');
    expect(tracker(g).notices.at(-1)).toMatchObject({ refused: true, text: expect.stringMatching(/Ben's skipped turn did not count: You skipped your last turn/) });
    tactical(g, 's2');
    expect(tracker(g).skipped).toEqual([]);
    tactical(g, 's3');
    tactical(g, 's1');
    g.round.skipTurn('s2');
    expect(tracker(g).active).toBe('s3');
  });

  it('another race may not skip a turn: the command is refused, and every phone\'s fold refuses a skip written anyway (003 Appendix 2, Yssaril)', () => {
    const g = yssarilTable();
    expect(expectRefused(g, 'not-allowed', () => g.round.skipTurn('s1')).message).toMatch(/Only a race ability lets a player skip a turn without passing/);
    g.append([{ k: 'round', op: 'act', round: 1, seat: 's1', what: 'skip', card: null }]);
    expect(tracker(g)).toMatchObject({ active: 's1', skipped: [] });
    expect(tracker(g).notices.at(-1)).toMatchObject({ refused: true, text: expect.stringMatching(/Ana's skipped turn did not count: Only a race ability/) });
    // Out of turn, the Yssaril's skip is refused like any action.
    expectRefused(g, 'not-allowed', () => g.round.skipTurn('s2'));
  });
});
