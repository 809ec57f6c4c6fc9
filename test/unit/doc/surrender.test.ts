/** Issue 25: 001 "Surrender and Elimination": the seat leaves the turn order, picks and status steps. */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/doc';
import { picksEach, roundView, statusIncomeOf, unfinished } from '../../../src/doc/round';
import { playersIn } from '../../../src/doc';
import { cardsTable, expectRefused, merge, proposeNow, replicaOf } from './fixtures';
import { ledgerMismatch } from './tradeLedger';
import * as tradeMoves from '../../../src/doc/trade/moves';
import * as roundMoves from '../../../src/doc/round/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

/** Round 1 in its action phase: Ana (Sol) holds 1 and 4, Ben (Letnev) 2 and 5, Cleo (Xxcha) 3 and 6, all played. */
function allPlayed(): Game {
  const g = cardsTable('leave');
  for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) g.makeMove(roundMoves.pick, seat, card);
  for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) {
    g.makeMove(roundMoves.strategic, seat, card);
    g.makeMove(roundMoves.endTurn, seat);
  }
  return g;
}
const t = (g: Game) => g.snapshot().tracker;
const counters = (g: Game, seat: string) => g.snapshot().players[seat]?.counters;

describe('surrender (001 "Surrender")', () => {
  it('is declared as she passes; at the round\'s end she loses 2 VP, her things are discarded, and the next round\'s picks skip her', () => {
    const g = allPlayed();
    g.makeMove(sheetMoves.adjustCounter, 's2', 'vp', 3);
    g.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 4);
    g.claimSeat('s2');
    g.makeMove(tradeMoves.selfTrade, 's2', 0);
    g.makeMove(roundMoves.pass, 's1');
    g.makeMove(roundMoves.surrender, 's2');
    expect(t(g).passed).toEqual(['s1', 's2']);
    expect(t(g).surrendering).toEqual(['s2']);
    expect(t(g).out).toEqual([]);
    g.makeMove(roundMoves.pass, 's3');
    g.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
    expect(t(g).out).toEqual(['s2']);
    expect(counters(g, 's2')).toMatchObject({ vp: 1, tradeGoods: 0, actionCards: 0, politicalCards: 0, commandPool: 0, fleetSupply: 0, strategyAllocation: 0 });
    // 001 "Surrender" 7: her trade agreements stay open until her capital planet is lost.
    expect(g.snapshot().trade.agreements).toHaveLength(1);
    expect(roundView(g.snapshot()).seats.map((s) => s.id)).toEqual(['s1', 's3']);
    // Two players now: three picks each, in rotation without her.
    g.makeMove(roundMoves.pick, 's1', 1);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.pick, 's2', 2));
    g.makeMove(roundMoves.pick, 's3', 2);
    expect(t(g).picker).toBe('s1');
  });

  it('does not add to the home system penalty: a player without her whole home system keeps her VP', () => {
    const g = allPlayed();
    g.makeMove(sheetMoves.adjustCounter, 's2', 'vp', 3);
    for (const planet of g.snapshot().players.s2?.planets ?? []) g.makeMove(planetMoves.takePlanet, 's1', planet);
    g.makeMove(roundMoves.pass, 's1');
    g.makeMove(roundMoves.surrender, 's2');
    g.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
    expect(counters(g, 's2')?.vp).toBe(3);
  });

  it('outside her pass is refused, and a surrender written by another phone for the strategy phase is refused by every phone', () => {
    const g = cardsTable('leave');
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.surrender, 's2'));
    g.append([{ k: 'round', op: 'leave', round: 1, seat: 's2', how: 'surrender' }]);
    expect(t(g).surrendering).toEqual([]);
    expect(t(g).notices.at(-1)).toMatchObject({ refused: true, text: expect.stringMatching(/Ben surrendering did not count: A player surrenders when passing/) });
  });
});

describe('elimination (001 "Elimination")', () => {
  it('declared by the table: her things discarded, agreements broken for good, the speaker token and her strategy cards passed on, her turn skipped', () => {
    const g = cardsTable('leave');
    for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) g.makeMove(roundMoves.pick, seat, card);
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 5);
    g.claimSeat('s1');
    g.makeMove(tradeMoves.selfTrade, 's1', 0);
    expect(t(g).speaker).toBe('s1');
    expect(t(g).active).toBe('s1');
    g.makeMove(roundMoves.eliminate, 's1');
    expect(t(g).out).toEqual(['s1']);
    expect(counters(g, 's1')).toMatchObject({ tradeGoods: 0, commandPool: 0, strategyAllocation: 0 });
    expect(g.snapshot().trade.agreements).toEqual([]);
    expect(t(g).speaker).toBe('s2');
    expect(t(g).cards.filter((c) => c.holder === 's1')).toEqual([]);
    expect(t(g).active).toBe('s2');
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.eliminate, 's1'));
    // Never re-opened: a self-trade written for her afterwards is refused by every phone.
    g.append([{ k: 'trade', op: 'self', id: 'x1', seat: 's1', contract: 1 }]);
    expect(g.snapshot().trade.agreements).toEqual([]);
  });

  // Found by the trade goods ledger (issue 36 item 5): the fold discarded her goods first and then broke her
  // agreements, so she left the game holding half of each pile (3 goods here, 4 with the Hacan's bonus).
  it('001 "Elimination" 1–2: her trade goods are discarded, also the half of each pile her broken agreements would give her; each partner collects his half', async () => {
    const ana = cardsTable('leave');
    ana.claimSeat('s1');
    const ben = replicaOf(ana, 'dev2');
    ben.claimSeat('s2');
    merge(ana, ben);
    for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) {
      (seat === 's2' ? ben : ana).makeMove(roundMoves.pick, seat, card);
      merge(ana, ben);
    }
    const id = proposeNow(ana, 's1', 's2', 0);
    merge(ana, ben);
    await ben.makeMoveSigned(tradeMoves.accept, id, 0);
    merge(ana, ben);
    ana.makeMove(tradeMoves.selfTrade, 's1', 1);
    ana.makeMove(tradeMoves.placeGoods, 's1');
    ana.makeMove(tradeMoves.placeGoods, 's1');
    // Ana holds Ben's contract with 2 goods on it and her self-trade with 4; Ben holds Ana's contract with 4.
    expect(ana.snapshot().trade.agreements.map((x) => [x.onA.goods, x.onB?.goods ?? null])).toEqual([[2, 4], [4, null]]);
    ana.makeMove(roundMoves.eliminate, 's1');
    expect([counters(ana, 's1')?.tradeGoods, counters(ana, 's2')?.tradeGoods]).toEqual([0, 2]);
    expect(ana.snapshot().trade.agreements).toEqual([]);
    expect(ledgerMismatch(ana.snapshot())).toBeUndefined();
  });

  it('is refused in the strategy phase and during the action under way', () => {
    const g = cardsTable('leave');
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.eliminate, 's2'));
    for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) g.makeMove(roundMoves.pick, seat, card);
    g.makeMove(roundMoves.strategic, 's1', 1);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.eliminate, 's1'));
    g.makeMove(roundMoves.endTurn, 's1');
    g.makeMove(roundMoves.eliminate, 's1');
    expect(t(g).order).not.toContain('s1');
  });
});

/** Round 1 ends with Ben surrendered: round 2's strategy phase, Ana and Cleo left. */
function benSurrendered(): Game {
  const g = allPlayed();
  g.makeMove(roundMoves.pass, 's1');
  g.makeMove(roundMoves.surrender, 's2');
  g.makeMove(roundMoves.pass, 's3');
  g.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
  return g;
}

describe('the table after a player leaves: one player count (001 "Elimination" 6, "Rule Adjustments Based On The Number Of Players")', () => {
  it('counts the players still in the game, on every path (001 "Elimination" 6: "The game now has one fewer players")', () => {
    const g = benSurrendered();
    expect(playersIn(g.snapshot())).toBe(2);
    expect(playersIn(g.snapshot().seats, g.snapshot().tracker.out)).toBe(2);
    expect(g.snapshot().seats).toHaveLength(3);
  });

  it('surrender with 3 players gives 3 strategy cards each to the 2 left in round 2 (001 "2 players": "Players pick THREE Strategy Cards")', () => {
    const g = benSurrendered();
    expect(picksEach(g.snapshot())).toBe(3);
    expect(t(g).cards.map((c) => c.initiative)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    g.makeMove(roundMoves.pick, 's1', 1);
    expect(unfinished(g.snapshot())[0]).toMatch(/\(5 strategy card picks missing\)/);
    for (const [seat, card] of [['s3', 2], ['s1', 3], ['s3', 4], ['s1', 5]] as const) g.makeMove(roundMoves.pick, seat, card);
    expect(g.snapshot().round.phase).toBe('strategy');
    g.makeMove(roundMoves.pick, 's3', 6);
    expect(g.snapshot().round.phase).toBe('action');
    expect(t(g).cards.filter((c) => c.holder).map((c) => [c.initiative, c.holder])).toEqual([[1, 's1'], [2, 's3'], [3, 's1'], [4, 's3'], [5, 's1'], [6, 's3']]);
  });

  it('the 2 left receive one command counter fewer at status step 6 (001 "2 players": "Players gain one fewer Command Counter during the Status Phase")', () => {
    const g = benSurrendered();
    // Cleo (Xxcha) has no race ability that adds counters: 2 less 1.
    expect(statusIncomeOf(g.snapshot(), 's3').counters).toBe(1);
    g.makeMove(roundMoves.setRound, { round: 2, phase: 'status', step: 6 });
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.receive, 's3', { pool: 2, fleet: 0, strat: 0 }));
    g.makeMove(roundMoves.receive, 's3', { pool: 1, fleet: 0, strat: 0 });
    expect(t(g).received).toEqual(['s3']);
  });

  it('the round-end log names the player who left (001 "Surrender" 7: she is eliminated at the end of the round)', () => {
    const g = benSurrendered();
    const out = t(g).notices.find((n) => n.seat === 's2' && / is out of the game/.test(n.text));
    expect(out?.text).toMatch(/^Ben is out of the game: cards, trade goods and command counters discarded/);
    expect(t(g).notices.some((n) => /^Nobody/.test(n.text))).toBe(false);
    // A second elimination of her, written by another phone, is refused naming her.
    g.append([{ k: 'round', op: 'leave', round: 2, seat: 's2', how: 'eliminated' }]);
    expect(t(g).notices.at(-1)?.text).toMatch(/Ben eliminated did not count: Ben is already out of the game/);
  });

  it("Trade's option b is refused with the 2 players left, by the command and by every phone's fold (001 \"2 players\" › Trade)", () => {
    const g = benSurrendered();
    for (const [seat, card] of [['s1', 5], ['s3', 1], ['s1', 2], ['s3', 3], ['s1', 4], ['s3', 6]] as const) g.makeMove(roundMoves.pick, seat, card);
    g.makeMove(roundMoves.strategic, 's3', 1);
    g.makeMove(roundMoves.endTurn, 's3');
    g.makeMove(roundMoves.strategic, 's1', 5);
    expect(expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.primary, 's1', 5, 'b')).message).toMatch(/With 2 players, option b/);
    g.append([{ k: 'round', op: 'primary', round: 2, seat: 's1', card: 5, option: 'b', pool: 0, fleet: 0, strat: 0 }]);
    expect(t(g).resolved).toEqual([]);
    expect(t(g).notices.at(-1)?.text).toMatch(/Ana's primary ability of Trade did not count: With 2 players, option b/);
    g.makeMove(roundMoves.primary, 's1', 5, 'a');
    expect(t(g).resolved).toEqual([5]);
  });

  it('her trade agreements stay open, but she opens no new one (001 "Surrender" 7, "Elimination" 2)', () => {
    const g = allPlayed();
    g.claimSeat('s2');
    g.makeMove(tradeMoves.selfTrade, 's2', 0);
    g.makeMove(roundMoves.pass, 's1');
    g.makeMove(roundMoves.surrender, 's2');
    g.makeMove(roundMoves.pass, 's3');
    g.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
    expect(g.snapshot().trade.agreements).toHaveLength(1);
    expectRefused(g, 'not-allowed', () => g.makeMove(tradeMoves.selfTrade, 's2', 1));
    g.append([{ k: 'trade', op: 'self', id: 'x2', seat: 's2', contract: 1 }]);
    expect(g.snapshot().trade.agreements).toHaveLength(1);
    expect(g.snapshot().problems.at(-1)?.message).toMatch(/Ben is out of the game/);
  });
});
