/**
 * Race abilities taken on a turn of the action phase (003 "Appendix 2: Races"): the Yssaril skip a turn
 * without passing; the Yin reverse a planet's values for the round, as their action.
 */
import { describe, expect, it } from 'vitest';
import { describeEvent } from '../../../src/doc';
import type { Game, LogEntry } from '../../../src/doc';
import { ownVotes } from '../../../src/doc/council';
import { planetsOf } from '../../../src/doc/planets';
import { seatTotals } from '../../../src/doc/sheet';
import { expectRefused, newGame, threeSeats } from './fixtures';
import * as roundMoves from '../../../src/doc/round/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

/** Ana (Sol) holds 1 and 4, Ben (`race`) 2 and 5, Cleo (Xxcha) 3 and 6: the action phase, Ana first. */
function yssarilTable(race = 'yssaril'): Game {
  const g = newGame({ ...threeSeats, seats: threeSeats.seats.map((x) => (x.race === 'hacan' ? { ...x, race } : x)) }, 'race-turns');
  for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) g.makeMove(roundMoves.pick, seat, card);
  return g;
}
const tracker = (g: Game) => g.snapshot().tracker;
const lastSentence = (g: Game) => describeEvent(g.snapshot().log.at(-1) as LogEntry, g.snapshot());
/** `seat` takes a tactical action and ends her turn. */
const tactical = (g: Game, seat: string) => {
  g.makeMove(roundMoves.tactical, seat);
  g.makeMove(roundMoves.endTurn, seat);
};

describe('the Yssaril skip turns (003 Appendix 2, Yssaril: "You may skip action turns during the Action Phase without passing. You may not skip two in a row.")', () => {
  it('the Yssaril may skip a turn without passing: the turn moves on, nothing is spent, and she acts again later (003 Appendix 2, Yssaril)', () => {
    const g = yssarilTable();
    tactical(g, 's1');
    const pool = g.snapshot().players.s2?.counters.commandPool;
    g.makeMove(roundMoves.skipTurn, 's2');
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
    g.makeMove(roundMoves.skipTurn, 's2');
    tactical(g, 's3');
    tactical(g, 's1');
    expect(expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.skipTurn, 's2')).message).toMatch(/you may not skip two in a row/);
    // Written anyway, every phone's fold refuses it and the turn stays hers.
    g.append([{ k: 'round', op: 'act', round: 1, seat: 's2', what: 'skip', card: null }]);
    expect(tracker(g).active).toBe('s2');
    expect(tracker(g).notices.at(-1)).toMatchObject({ refused: true, text: expect.stringMatching(/Ben's skipped turn did not count: You skipped your last turn/) });
    tactical(g, 's2');
    expect(tracker(g).skipped).toEqual([]);
    tactical(g, 's3');
    tactical(g, 's1');
    g.makeMove(roundMoves.skipTurn, 's2');
    expect(tracker(g).active).toBe('s3');
  });

  it('the skip is not entered by name as a turn\'s action: that would record an action, not a skipped turn; the command refuses it, and every phone\'s fold refuses one written anyway (003 Appendix 2, Yssaril)', () => {
    const g = yssarilTable();
    tactical(g, 's1');
    const name = 'You may skip action turns during the Action Phase without passing';
    expect(expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.play, 's2', 'ability', name, true)).message).toMatch(/Skip this turn/);
    g.append([{ k: 'round', op: 'play', round: 1, seat: 's2', kind: 'ability', name, turn: true }]);
    expect(tracker(g)).toMatchObject({ active: 's2', acting: null, skipped: [] });
  });

  it('another race may not skip a turn: the command is refused, and every phone\'s fold refuses a skip written anyway (003 Appendix 2, Yssaril)', () => {
    const g = yssarilTable();
    expect(expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.skipTurn, 's1')).message).toMatch(/Only a race ability lets a player skip a turn without passing/);
    g.append([{ k: 'round', op: 'act', round: 1, seat: 's1', what: 'skip', card: null }]);
    expect(tracker(g)).toMatchObject({ active: 's1', skipped: [] });
    expect(tracker(g).notices.at(-1)).toMatchObject({ refused: true, text: expect.stringMatching(/Ana's skipped turn did not count: Only a race ability/) });
    // Out of turn, the Yssaril's skip is refused like any action.
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.skipTurn, 's2'));
  });
});

describe('the Yin reverse a planet for the round (003 Appendix 2, Yin: "As an Action, once per game round you may place your control marker on an unexhausted Planet Card you control. Until the end of the Round, its Influence and Resource values are reversed.")', () => {
  /** Ben (Yin) holds Darien (2 resources, 4 influence), refreshed; Ana has taken her first turn: it is Ben's. */
  function yinTable(): Game {
    const g = yssarilTable('yin');
    tactical(g, 's1');
    return g;
  }
  const planetCards = (g: Game) => g.snapshot().planets;
  const votesOf = (g: Game, seat: string) => {
    const s = g.snapshot();
    return ownVotes({ seats: s.seats, planetsOf: (x) => planetsOf(s, x), out: () => s.tracker.out, now: () => s.round }, seat, null);
  };

  it('the Yin reverse an unexhausted planet of theirs as their action: its values read reversed in her totals, her votes and a payment (003 Appendix 2, Yin)', () => {
    const g = yinTable();
    expect(seatTotals(g.snapshot(), 's2')).toMatchObject({ resources: 2, influence: 4, votes: 4 });
    expectRefused(g, 'not-enough', () => g.makeMove(planetMoves.pay, 's2', 'resources', 4, { planets: ['darien'], tradeGoods: 0 }, 'a war sun'));
    g.makeMove(roundMoves.reversePlanet, 's2', 'darien');
    expect(tracker(g)).toMatchObject({ active: 's2', acting: 'ability' });
    expect(planetCards(g).darien?.reversed).toMatchObject({ seat: 's2', round: 1 });
    expect(lastSentence(g)).toBe("Ben (Yin) took an action with the race ability: Darien's resources and influence reversed until the end of round 1");
    expect(seatTotals(g.snapshot(), 's2')).toMatchObject({ resources: 4, influence: 2, votes: 2 });
    expect(votesOf(g, 's2')).toBe(2);
    g.makeMove(roundMoves.endTurn, 's2');
    g.makeMove(planetMoves.pay, 's2', 'resources', 4, { planets: ['darien'], tradeGoods: 0 }, 'a war sun');
    expect(g.snapshot().problems).toEqual([]);
    expect(lastSentence(g)).toBe('Ben exhausted Darien for 4 resources: a war sun');
  });

  it('the reversal ends with the round: Darien reads 2 resources and 4 influence again in round 2 (003 Appendix 2, Yin)', () => {
    const g = yinTable();
    g.makeMove(roundMoves.reversePlanet, 's2', 'darien');
    g.makeMove(roundMoves.endTurn, 's2');
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 3 });
    expect(seatTotals(g.snapshot(), 's2')).toMatchObject({ resources: 4, influence: 2 });
    g.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
    expect(seatTotals(g.snapshot(), 's2')).toMatchObject({ resources: 2, influence: 4, votes: 4 });
    expectRefused(g, 'not-enough', () => g.makeMove(planetMoves.pay, 's2', 'resources', 4, { planets: ['darien'], tradeGoods: 0 }, 'x'));
  });

  it('the reversal is not entered by name as a turn\'s action: that would record her action without reversing a planet; the command refuses it, and every phone\'s fold refuses one written anyway (003 Appendix 2, Yin)', () => {
    const g = yinTable();
    const yinText = 'As an Action, once per game round you may place your control'; // the Round tab's name for it
    expect(expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.play, 's2', 'ability', yinText, true)).message).toMatch(/Planets tab/);
    g.append([{ k: 'round', op: 'play', round: 1, seat: 's2', kind: 'ability', name: yinText, turn: true }]);
    expect(tracker(g)).toMatchObject({ active: 's2', acting: null });
    expect(tracker(g).notices.at(-1)).toMatchObject({ refused: true, text: expect.stringMatching(/Planets tab/) });
    // Her other abilities are still entered by name; the reversal itself is her action from the planet card.
    g.makeMove(roundMoves.play, 's2', 'ability', 'Before Invasion Combat in which you are the attacker, you may roll 1 die', true);
    expect(tracker(g).acting).toBe('ability');
  });

  it('once a round, on her turn, on an unexhausted planet she controls: the command refuses the rest, and every phone\'s fold refuses one written anyway (003 Appendix 2, Yin)', () => {
    const g = yssarilTable('yin');
    // Ana's turn: not Ben's.
    expect(expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.reversePlanet, 's2', 'darien')).message).toBe("It is Ana's turn.");
    g.append([{ k: 'reverse', seat: 's2', planet: 'darien', round: 1 }]);
    expect(planetCards(g).darien?.reversed).toBeUndefined();
    expect(g.snapshot().problems.at(-1)?.message).toBe("Ben's reversal of Darien's resources and influence (a race ability) was refused: It is Ana's turn.");
    // Ana (Sol) has no such ability.
    expect(expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.reversePlanet, 's1', 'jord')).message).toMatch(/Only a race ability/);
    g.append([{ k: 'reverse', seat: 's1', planet: 'jord', round: 1 }]);
    expect([planetCards(g).jord?.reversed, tracker(g).acting]).toEqual([undefined, null]);
    tactical(g, 's1');
    g.makeMove(planetMoves.addPlanet, 's2', 'abyz'); // acquired exhausted
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.reversePlanet, 's2', 'abyz'));
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.reversePlanet, 's2', 'jord'));
    g.makeMove(roundMoves.reversePlanet, 's2', 'darien');
    g.makeMove(roundMoves.endTurn, 's2');
    tactical(g, 's3');
    tactical(g, 's1');
    g.makeMove(planetMoves.setExhausted, 'abyz', false);
    expect(expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.reversePlanet, 's2', 'abyz')).message).toMatch(/Once per game round: Darien's values are already reversed this round/);
    g.append([{ k: 'reverse', seat: 's2', planet: 'abyz', round: 1 }]);
    expect([planetCards(g).abyz?.reversed, tracker(g).acting]).toEqual([undefined, null]);
  });
});
