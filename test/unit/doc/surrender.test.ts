/** Issue 25: 001 "Surrender and Elimination": the seat leaves the turn order, picks and status steps. */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/doc';
import { roundView } from '../../../src/doc/round';
import { cardsTable, expectRefused } from './fixtures';

/** Round 1 in its action phase: Ana (Sol) holds 1 and 4, Ben (Letnev) 2 and 5, Cleo (Xxcha) 3 and 6, all played. */
function allPlayed(): Game {
  const g = cardsTable('leave');
  for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) g.round.pick(seat, card);
  for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) {
    g.round.strategic(seat, card);
    g.round.endTurn(seat);
  }
  return g;
}
const t = (g: Game) => g.snapshot().tracker;
const counters = (g: Game, seat: string) => g.snapshot().players[seat]?.counters;

describe('surrender (001 "Surrender")', () => {
  it('is declared as she passes; at the round\'s end she loses 2 VP, her things are discarded, and the next round\'s picks skip her', () => {
    const g = allPlayed();
    g.adjustCounter('s2', 'vp', 3);
    g.adjustCounter('s2', 'tradeGoods', 4);
    g.claimSeat('s2');
    g.trade.selfTrade('s2', 0);
    g.round.pass('s1');
    g.round.surrender('s2');
    expect(t(g).passed).toEqual(['s1', 's2']);
    expect(t(g).surrendering).toEqual(['s2']);
    expect(t(g).out).toEqual([]);
    g.round.pass('s3');
    g.setRound({ round: 2, phase: 'strategy', step: null });
    expect(t(g).out).toEqual(['s2']);
    expect(counters(g, 's2')).toMatchObject({ vp: 1, tradeGoods: 0, actionCards: 0, politicalCards: 0, commandPool: 0, fleetSupply: 0, strategyAllocation: 0 });
    // 001 "Surrender" 7: her trade agreements stay open until her capital planet is lost.
    expect(g.snapshot().trade.agreements).toHaveLength(1);
    expect(roundView(g.snapshot()).seats.map((s) => s.id)).toEqual(['s1', 's3']);
    // Two players now: three picks each, in rotation without her.
    g.round.pick('s1', 1);
    expectRefused(g, 'not-allowed', () => g.round.pick('s2', 2));
    g.round.pick('s3', 2);
    expect(t(g).picker).toBe('s1');
  });

  it('does not add to the home system penalty: a player without her whole home system keeps her VP', () => {
    const g = allPlayed();
    g.adjustCounter('s2', 'vp', 3);
    for (const planet of g.snapshot().players.s2?.planets ?? []) g.takePlanet('s1', planet);
    g.round.pass('s1');
    g.round.surrender('s2');
    g.setRound({ round: 2, phase: 'strategy', step: null });
    expect(counters(g, 's2')?.vp).toBe(3);
  });

  it('outside her pass is refused, and a surrender written by another phone for the strategy phase is refused by every phone', () => {
    const g = cardsTable('leave');
    expectRefused(g, 'not-allowed', () => g.round.surrender('s2'));
    g.append([{ k: 'round', op: 'leave', round: 1, seat: 's2', how: 'surrender' }]);
    expect(t(g).surrendering).toEqual([]);
    expect(t(g).notices.at(-1)).toMatchObject({ refused: true, text: expect.stringMatching(/Ben surrendering did not count: A player surrenders when passing/) });
  });
});

describe('elimination (001 "Elimination")', () => {
  it('declared by the table: her things discarded, agreements broken for good, the speaker token and her strategy cards passed on, her turn skipped', () => {
    const g = cardsTable('leave');
    for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) g.round.pick(seat, card);
    g.adjustCounter('s1', 'tradeGoods', 5);
    g.claimSeat('s1');
    g.trade.selfTrade('s1', 0);
    expect(t(g).speaker).toBe('s1');
    expect(t(g).active).toBe('s1');
    g.round.eliminate('s1');
    expect(t(g).out).toEqual(['s1']);
    expect(counters(g, 's1')).toMatchObject({ tradeGoods: 0, commandPool: 0, strategyAllocation: 0 });
    expect(g.snapshot().trade.agreements).toEqual([]);
    expect(t(g).speaker).toBe('s2');
    expect(t(g).cards.filter((c) => c.holder === 's1')).toEqual([]);
    expect(t(g).active).toBe('s2');
    expectRefused(g, 'not-allowed', () => g.round.eliminate('s1'));
    // Never re-opened: a self-trade written for her afterwards is refused by every phone.
    g.append([{ k: 'trade', op: 'self', id: 'x1', seat: 's1', contract: 1 }]);
    expect(g.snapshot().trade.agreements).toEqual([]);
  });

  it('is refused in the strategy phase and during the action under way', () => {
    const g = cardsTable('leave');
    expectRefused(g, 'not-allowed', () => g.round.eliminate('s2'));
    for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) g.round.pick(seat, card);
    g.round.strategic('s1', 1);
    expectRefused(g, 'not-allowed', () => g.round.eliminate('s1'));
    g.round.endTurn('s1');
    g.round.eliminate('s1');
    expect(t(g).order).not.toContain('s1');
  });
});
