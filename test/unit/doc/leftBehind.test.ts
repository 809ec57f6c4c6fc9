import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/doc';
import { leftBehind, secondaryForNothing } from '../../../src/doc/round';
import { claimDefaults } from '../../../src/doc/objectives';
import type { ObjectiveCost } from '../../../src/rules/objectives';
import { atStatusStep, cardsTable, holdRefreshed, merge, newGame, proposeNow, replicaOf } from './fixtures';
import * as tradeMoves from '../../../src/doc/trade/moves';
import * as objectiveMoves from '../../../src/doc/objectives/moves';
import * as roundMoves from '../../../src/doc/round/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

/**
 * The referee at every exit (issue 35 item 1): what End turn, Pass and Done with a step would leave behind
 * for her, one case each, and nothing for a player who forgot nothing.
 */

/** Ana (Sol) holds Leadership (1) and Trade (5), Ben 2 and 3, Cleo 4 and 6; the action phase begins with Ana. */
function table(): Game {
  const g = cardsTable();
  for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 4], ['s1', 5], ['s2', 3], ['s3', 6]] as const) g.makeMove(roundMoves.pick, seat, card);
  return g;
}

const left = (g: Game, seat: string, exit: Parameters<typeof leftBehind>[2]) => leftBehind(g.snapshot(), seat, exit);

describe('what an exit would leave behind', () => {
  it("End turn: the card's primary ability not recorded, nothing once it is", () => {
    const g = table();
    g.makeMove(roundMoves.strategic, 's1', 1);
    expect(left(g, 's1', { by: 'end turn' })).toEqual(["Leadership's primary ability"]);
    g.makeMove(roundMoves.primary, 's1', 1, 'a', { pool: 3, fleet: 0, strat: 0 });
    expect(left(g, 's1', { by: 'end turn' })).toEqual([]);
  });

  it('Pass: the secondary abilities offered to her and not answered (001 "Passing"), nothing once answered or declined', () => {
    const g = table();
    for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 4]] as const) {
      g.makeMove(roundMoves.strategic, seat, card);
      g.makeMove(roundMoves.endTurn, seat);
    }
    // Ana's turn again: Diplomacy and Production were played after her Leadership, and she answered neither.
    expect(left(g, 's1', { by: 'pass' })).toEqual(["your answer to Diplomacy's and Production's secondary abilities"]);
    g.makeMove(roundMoves.secondary, 's1', 2, false);
    expect(left(g, 's1', { by: 'pass' })).toEqual(["your answer to Production's secondary ability"]);
    g.makeMove(roundMoves.secondary, 's1', 4, true);
    expect(left(g, 's1', { by: 'pass' })).toEqual([]);
    // Her own Leadership's primary, left unrecorded, was End turn's question: Pass does not ask it again.
    expect(g.snapshot().tracker.resolved).not.toContain(1);
  });

  it("End turn and Pass: Trade's goods on every agreement, once they are ready and until they are placed", () => {
    const g = table();
    for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 4]] as const) {
      g.makeMove(roundMoves.strategic, seat, card);
      for (const other of ['s1', 's2', 's3'].filter((x) => x !== seat)) g.makeMove(roundMoves.secondary, other, card, false);
      g.makeMove(roundMoves.endTurn, seat);
    }
    const [ben, cleo] = [replicaOf(g, 'dev2'), replicaOf(g, 'dev3')];
    ben.claimSeat('s2');
    cleo.claimSeat('s3');
    merge(ben, cleo);
    const id = proposeNow(ben, 's2', 's3', 0);
    merge(ben, cleo);
    cleo.makeMoveSigned(tradeMoves.accept, id, 1);
    merge(cleo, g);
    g.makeMove(roundMoves.strategic, 's1', 5);
    g.makeMove(roundMoves.primary, 's1', 5, 'a');
    // Ben's and Cleo's moves are made on their own phones now that they hold their seats.
    const phone = (seat: string) => (seat === 's2' ? ben : cleo);
    const sync = () => {
      merge(g, ben);
      merge(ben, cleo);
      merge(g, ben);
    };
    sync();
    // Waiting for the answers to Realize Profits: nothing is owed yet.
    expect(left(g, 's1', { by: 'end turn' })).toEqual([]);
    for (const seat of ['s2', 's3']) phone(seat).makeMove(roundMoves.secondary, seat, 5, false);
    sync();
    expect(left(g, 's1', { by: 'end turn' })).toEqual(["Trade's goods on every agreement"]);
    g.makeMove(roundMoves.endTurn, 's1');
    sync();
    for (const [seat, card] of [['s2', 3], ['s3', 6]] as const) {
      phone(seat).makeMove(roundMoves.strategic, seat, card);
      sync();
      for (const other of ['s2', 's3'].filter((x) => x !== seat)) phone(other).makeMove(roundMoves.secondary, other, card, false);
      g.makeMove(roundMoves.secondary, 's1', card, false);
      sync();
      phone(seat).makeMove(roundMoves.endTurn, seat);
      sync();
    }
    expect(left(g, 's1', { by: 'pass' })).toEqual(["Trade's goods on every agreement"]);
    g.makeMove(roundMoves.tradeSpecial, 's1');
    expect(left(g, 's1', { by: 'pass' })).toEqual([]);
  });

  it('Done with step 6: her cards and command counters not received, nothing once received', () => {
    const g = newGame();
    atStatusStep(g, 6);
    expect(left(g, 's1', { by: 'done', step: 6 })).toEqual(['your cards and command counters']);
    g.makeMove(roundMoves.receive, 's1', { pool: 3, fleet: 0, strat: 0 });
    expect(left(g, 's1', { by: 'done', step: 6 })).toEqual([]);
  });

  it('Done with step 1: an objective whose only condition is its price, that she may claim and can pay now; nothing once she claimed one', () => {
    const g = newGame();
    g.makeMove(objectiveMoves.reveal, 'stage1-11'); // spend 6 influence
    g.makeMove(objectiveMoves.reveal, 'stage1-12'); // spend 6 resources
    atStatusStep(g, 1);
    const influence = 'claiming Spend 6 influence (you can pay its 6 influence now)';
    const resources = 'claiming Spend 6 resources (you can pay its 6 resources now)';
    // Ana (Sol): Jord pays 4 resources or 2 influence. 6 resources: with 2 trade goods. 6 influence: with 4.
    expect(left(g, 's1', { by: 'done', step: 1 })).toEqual([]);
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 2);
    expect(left(g, 's1', { by: 'done', step: 1 })).toEqual([resources]);
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 2);
    expect(left(g, 's1', { by: 'done', step: 1 })).toEqual([influence, resources]);
    // Exhausted planets pay nothing.
    for (const planet of g.snapshot().players.s1?.planets ?? []) g.makeMove(planetMoves.setExhausted, planet, true);
    expect(left(g, 's1', { by: 'done', step: 1 })).toEqual([]);
    for (const planet of g.snapshot().players.s1?.planets ?? []) g.makeMove(planetMoves.setExhausted, planet, false);
    // One public objective per step (001 "Claiming Limit"): once she claimed one, the other is not owed.
    g.makeMove(objectiveMoves.claim, 's1', 'stage1-12', { resources: { planets: g.snapshot().players.s1?.planets ?? [], tradeGoods: 2 } });
    expect(left(g, 's1', { by: 'done', step: 1 })).toEqual([]);
    // Another step asks nothing of it.
    expect(left(g, 's1', { by: 'done', step: 3 })).toEqual([]);
  });

  it('Done with step 1: a price that mixes resources with influence is never said payable (which planet pays which is hers to choose)', () => {
    const g = newGame();
    g.makeMove(objectiveMoves.reveal, 'stage2-03');
    atStatusStep(g, 1);
    holdRefreshed(g, 's1', 'abyz');
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 20);
    expect(left(g, 's1', { by: 'done', step: 1 })).toEqual([]);
  });
});

describe('a secondary paid for with nothing collected', () => {
  it('Realize Profits with nothing on her agreements costs a counter for nothing; the Hacan pays none, so it is not asked', () => {
    const g = table();
    g.makeMove(roundMoves.strategic, 's1', 1);
    g.makeMove(roundMoves.endTurn, 's1');
    g.makeMove(roundMoves.strategic, 's2', 2);
    g.makeMove(roundMoves.endTurn, 's2');
    g.makeMove(roundMoves.strategic, 's3', 4);
    g.makeMove(roundMoves.endTurn, 's3');
    g.makeMove(roundMoves.strategic, 's1', 5);
    expect(secondaryForNothing(g.snapshot(), 's2', 5)).toBe('no trade goods lie on your agreements');
    // Other secondaries are worth what the board gives: not the app's to judge.
    expect(secondaryForNothing(g.snapshot(), 's2', 4)).toBeUndefined();
    const hacan = newGame();
    expect(secondaryForNothing(hacan.snapshot(), 's2', 5)).toBeUndefined();
  });
});

describe("the claim dialog's defaults: what she can pay (issue 35 item 5)", () => {
  const cost = (over: Partial<ObjectiveCost>): ObjectiveCost => ({ resources: 0, influence: 0, either: 0, tradeGoods: 0, counters: 0, ...over });

  it('3 counters with 2 in her strategy allocation: 2 from it and 1 from her command pool', () => {
    const g = newGame();
    const c = g.snapshot().players.s1?.counters;
    expect([c?.strategyAllocation, c?.commandPool]).toEqual([2, 3]);
    expect(claimDefaults(g.snapshot(), 's1', cost({ counters: 3 })).fromPool).toBe(1);
    expect(claimDefaults(g.snapshot(), 's1', cost({ counters: 2 })).fromPool).toBe(0);
    expect(claimDefaults(g.snapshot(), 's1', cost({ counters: 6 })).fromPool).toBe(3);
  });

  it('an either price in influence as far as her planets and trade goods give it, the rest in resources', () => {
    const g = newGame();
    // Ana (Sol): Jord 4 resources / 2 influence, 0 trade goods.
    expect(claimDefaults(g.snapshot(), 's1', cost({ either: 20 })).inResources).toBe(18);
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 30);
    expect(claimDefaults(g.snapshot(), 's1', cost({ either: 20 })).inResources).toBe(0);
  });
});
