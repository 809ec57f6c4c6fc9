/**
 * Issue 25: every turn and claim a player makes at the table can be entered. An action by card or race
 * ability as a fourth kind of turn, an action card played outside a turn, and objectives that cost, paid
 * in the change that claims them (001 "Action Phase", "Types of objectives").
 */
import { describe, expect, it } from 'vitest';
import { OBJECTIVES } from '../../../src/data';
import { describeEvent } from '../../../src/doc';
import type { Game, LogEntry } from '../../../src/doc';
import { objectiveCost, unpaid } from '../../../src/rules/objectives';
import { cardsTable, expectRefused } from './fixtures';
import * as objectiveMoves from '../../../src/doc/objectives/moves';
import * as roundMoves from '../../../src/doc/round/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

function table(): Game {
  const g = cardsTable('turns');
  for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) g.makeMove(roundMoves.pick, seat, card);
  return g;
}
const counters = (g: Game, seat: string) => g.snapshot().players[seat]?.counters;
const lastSentence = (g: Game) => {
  const s = g.snapshot();
  return describeEvent(s.log.at(-1) as LogEntry, s);
};
const byText = (text: string) => OBJECTIVES.find((o) => o.text === text && (o.stage === 'stage1' || o.stage === 'stage2'))?.id as string;

describe('an action by action card or race ability (001 "Action Phase"; issue 25)', () => {
  it('is a fourth kind of turn: no command counter, the card leaves her hand, then End turn passes the turn', () => {
    const g = table();
    g.makeMove(sheetMoves.adjustCounter, 's1', 'actionCards', 1);
    g.makeMove(sheetMoves.adjustCounter, 's1', 'commandPool', -3);
    const before = { ...counters(g, 's1') };
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.play, 's2', 'card', 'Armistice', true));
    g.makeMove(roundMoves.play, 's1', 'card', 'Armistice', true);
    expect(counters(g, 's1')).toMatchObject({ actionCards: (before.actionCards ?? 0) - 1, commandPool: 0 });
    expect(lastSentence(g)).toBe('Ana took an action with the action card Armistice');
    expect(g.snapshot().tracker.acting).toBe('card');
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.play, 's1', 'ability', 'Production Centers', true));
    g.makeMove(roundMoves.endTurn, 's1');
    expect(g.snapshot().tracker.active).toBe('s2');
  });

  it('a race ability played as an action needs no card; outside her turn only an action card is entered', () => {
    const g = table();
    g.makeMove(roundMoves.play, 's1', 'ability', 'Production Centers', true);
    expect(lastSentence(g)).toBe('Ana (Sol) took an action with the race ability Production Centers');
    g.makeMove(roundMoves.endTurn, 's1');
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.play, 's3', 'ability', 'Diplomats', false));
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.play, 's3', 'card', 'Sabotage', false));
    g.makeMove(sheetMoves.adjustCounter, 's3', 'actionCards', 2);
    g.makeMove(roundMoves.play, 's3', 'card', 'Sabotage', false);
    expect(counters(g, 's3')?.actionCards).toBe(1);
    expect(lastSentence(g)).toBe('Cleo played the action card Sabotage');
    expect(g.snapshot().tracker.active).toBe('s2');
    expectRefused(g, 'invalid-input', () => g.makeMove(roundMoves.play, 's3', 'card', '   ', false));
  });

  it('only a card whose timing is "As an action" is a turn\'s action; the others are played at their time, not as the action (001 "Action Cards" › "As an Action")', () => {
    const g = table();
    g.makeMove(sheetMoves.adjustCounter, 's1', 'actionCards', 2);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.play, 's1', 'card', 'Bribery', true));
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.play, 's1', 'card', 'A card nobody printed', true));
    expect(g.snapshot().tracker.acting).toBeNull();
    g.makeMove(roundMoves.play, 's1', 'card', 'Armistice', true);
    g.makeMove(roundMoves.endTurn, 's1');
    // An "As an action" card is the turn's action, never a play at another moment.
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.play, 's1', 'card', 'Uprising', false));
    g.makeMove(roundMoves.play, 's1', 'card', 'Bribery', false);
    expect(counters(g, 's1')?.actionCards).toBe(0);
  });

  it("a hostile phone's Bribery as a turn's action is refused by every phone's fold and her card stays in hand", () => {
    const g = table();
    g.makeMove(sheetMoves.adjustCounter, 's1', 'actionCards', 1);
    g.append([{ k: 'round', op: 'play', round: 1, seat: 's1', kind: 'card', name: 'Bribery', turn: true }]);
    expect(counters(g, 's1')?.actionCards).toBe(1);
    expect(g.snapshot().tracker.notices.at(-1)).toMatchObject({ refused: true, text: expect.stringMatching(/Bribery is played "After votes are revealed", not as an action/) });
  });

  it('a card played by a phone with none in hand is refused by every phone and named to the table', () => {
    const g = table();
    g.append([{ k: 'round', op: 'play', round: 1, seat: 's2', kind: 'card', name: 'Sabotage', turn: false }]);
    expect(counters(g, 's2')?.actionCards).toBe(0);
    expect(g.snapshot().tracker.notices.at(-1)).toMatchObject({ refused: true, text: expect.stringMatching(/Ben playing Sabotage did not count: Ben has no action card to play/) });
  });
});

describe('objectives that cost are paid when claimed (001 "Types of objectives"; issue 25)', () => {
  it('reads every cost the objective tables print', () => {
    expect(objectiveCost('spend 6 influence')).toEqual({ resources: 0, influence: 6, either: 0, tradeGoods: 0, counters: 0 });
    expect(objectiveCost('spend 3 CC from Command Pool and/or Strategy Allocation')).toMatchObject({ counters: 3 });
    expect(objectiveCost('spend 2 TG + 2 resources + 2 influence')).toEqual({ resources: 2, influence: 2, either: 0, tradeGoods: 2, counters: 0 });
    expect(objectiveCost('spend 20 resources or influence (mix)')).toEqual({ resources: 0, influence: 0, either: 20, tradeGoods: 0, counters: 0 });
    expect(objectiveCost('control 6 planets in total')).toBeNull();
    expect(unpaid({ resources: 0, influence: 0, either: 20, tradeGoods: 0, counters: 0 }, { resources: 12, influence: 8, tradeGoods: 0, counters: 0 })).toBeNull();
    expect(unpaid({ resources: 0, influence: 6, either: 0, tradeGoods: 0, counters: 0 }, { resources: 6, influence: 0, tradeGoods: 0, counters: 0 })).toBe('6 influence');
  });

  /** The table at status step 1 with `objective` revealed (after enough Stage I to open Stage II). */
  function atClaim(objective: string): Game {
    const g = table();
    for (const o of OBJECTIVES.filter((x) => x.stage === 'stage1' && x.id !== objective).slice(0, 12)) g.makeMove(objectiveMoves.reveal, o.id);
    g.makeMove(objectiveMoves.reveal, objective);
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 1 });
    return g;
  }

  it('"spend 12 TG": refused with what is missing when she has too few, paid and claimed in one change when she has them', () => {
    const id = byText('spend 12 TG');
    const g = atClaim(byText('spend 12 TG'));
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 11);
    expectRefused(g, 'not-enough', () => g.makeMove(objectiveMoves.claim, 's1', id));
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    g.makeMove(objectiveMoves.claim, 's1', id);
    expect(counters(g, 's1')).toMatchObject({ tradeGoods: 0, vp: 2 });
    expect(g.undoPreview?.map((e) => e.k)).toEqual(['counter', 'round']);
  });

  it('"spend 3 CC": from the command pool and strategy allocation she picks', () => {
    const id = byText('spend 3 CC from Command Pool and/or Strategy Allocation');
    const g = atClaim(id);
    const before = { ...counters(g, 's2') };
    expectRefused(g, 'invalid-input', () => g.makeMove(objectiveMoves.claim, 's2', id, { counters: { pool: 1, strat: 1 } }));
    g.makeMove(objectiveMoves.claim, 's2', id, { counters: { pool: 2, strat: 1 } });
    expect(counters(g, 's2')).toMatchObject({ commandPool: (before.commandPool ?? 0) - 2, strategyAllocation: (before.strategyAllocation ?? 0) - 1 });
  });

  it('"spend 2 TG + 2 resources + 2 influence": her planets exhausted through the pay helper, trade goods spent; a planet may not pay both resources and influence', () => {
    const id = byText('spend 2 TG + 2 resources + 2 influence');
    const g = atClaim(id);
    g.makeMove(sheetMoves.adjustCounter, 's3', 'tradeGoods', 3);
    // Xxcha's home planets: Archon Ren (2/3) and Archon Tau (1/1).
    expectRefused(g, 'invalid-input', () => g.makeMove(objectiveMoves.claim, 's3', id, { resources: { planets: ['archon-ren'], tradeGoods: 0 }, influence: { planets: ['archon-ren'], tradeGoods: 0 } }));
    g.makeMove(objectiveMoves.claim, 's3', id, { resources: { planets: ['archon-ren'], tradeGoods: 0 }, influence: { planets: ['archon-tau'], tradeGoods: 1 } });
    const s = g.snapshot();
    expect([s.planets['archon-ren']?.exhausted, s.planets['archon-tau']?.exhausted, s.players.s3?.counters.tradeGoods]).toEqual([true, true, 0]);
  });

  it('a claim of an objective that costs, written by a phone without its payment, is refused by every phone', () => {
    const id = byText('spend 12 TG');
    const g = atClaim(id);
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 12);
    g.append([{ k: 'round', op: 'claim', round: 1, seat: 's1', objective: id }]);
    expect(counters(g, 's1')).toMatchObject({ tradeGoods: 12, vp: 0 });
    expect(g.snapshot().tracker.notices.at(-1)?.text).toMatch(/costs 12 trade goods, not paid in the same change/);
  });

  it('a claim whose payment names a planet already spent, or more than the planets give, is refused by every phone: the payment counts what it paid, not what it says (issue 34 item 8)', () => {
    const id = byText('spend 2 TG + 2 resources + 2 influence');
    const g = atClaim(id);
    g.makeMove(sheetMoves.adjustCounter, 's3', 'tradeGoods', 2);
    g.makeMove(planetMoves.setExhausted, 'archon-ren', true);
    // Archon Ren (2 resources) is already exhausted; Archon Tau gives 1 influence, written as 2.
    g.append([
      { k: 'pay', seat: 's3', kind: 'resources', amount: 2, planets: ['archon-ren'], tradeGoods: 0, what: 'x' },
      { k: 'pay', seat: 's3', kind: 'influence', amount: 2, planets: ['archon-tau'], tradeGoods: 0, what: 'x' },
      { k: 'counter', seat: 's3', counter: 'tradeGoods', delta: -2 },
      { k: 'round', op: 'claim', round: 1, seat: 's3', objective: id },
    ]);
    expect(counters(g, 's3')?.vp).toBe(0);
    expect(g.snapshot().tracker.notices.at(-1)).toMatchObject({ refused: true, text: expect.stringMatching(/payment fell short/) });
  });
});
