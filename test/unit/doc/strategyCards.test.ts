import { describe, expect, it } from 'vitest';
import { createGame, describeEvent } from '../../../src/doc';
import type { Game, LogEntry } from '../../../src/doc';
import { executiveCommandsCost, PRIMARIES } from '../../../src/rules/strategyCards';
import { specialNow } from '../../../src/doc/round';
import { cardsTable, clockAt, expectRefused, merge, replicaOf, proposeNow } from './fixtures';
import * as tradeMoves from '../../../src/doc/trade/moves';
import * as objectiveMoves from '../../../src/doc/objectives/moves';
import * as roundMoves from '../../../src/doc/round/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

const table0 = () => cardsTable();

/** Ana holds Leadership (1) and Trade (5), Ben 2 and 3, Cleo 4 and 6. */
function table(): Game {
  const g = table0();
  for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 4], ['s1', 5], ['s2', 3], ['s3', 6]] as const) g.makeMove(roundMoves.pick, seat, card);
  return g;
}

/**
 * Ana (Sol) holds Assembly (3) and Technology (7), Ben (Letnev) Bureaucracy (8) and Leadership (1), Cleo (Xxcha)
 * 2 and 4; Ben and Cleo have played 1 and 2, and Ana is up.
 */
function dealt(): Game {
  const g = table0();
  for (const [seat, card] of [['s1', 3], ['s2', 8], ['s3', 2], ['s1', 7], ['s2', 1], ['s3', 4]] as const) g.makeMove(roundMoves.pick, seat, card);
  for (const [seat, card] of [['s2', 1], ['s3', 2]] as const) {
    g.makeMove(roundMoves.strategic, seat, card);
    g.makeMove(roundMoves.endTurn, seat);
  }
  return g;
}

const counters = (g: Game, seat: string) => g.snapshot().players[seat]?.counters;
const lastSentence = (g: Game) => {
  const s = g.snapshot();
  return describeEvent(s.log.at(-1) as LogEntry, s);
};

describe('Leadership (strategy card 1)', () => {
  it('Progressive Campaign gives 3 command counters placed where she picks, once, and only after the strategic action', () => {
    const g = table();
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.primary, 's1', 1, 'a', { pool: 3, fleet: 0, strat: 0 }));
    g.makeMove(roundMoves.strategic, 's1', 1);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.primary, 's1', 1, 'a', { pool: 2, fleet: 0, strat: 0 }));
    const before = counters(g, 's1');
    g.makeMove(roundMoves.primary, 's1', 1, 'a', { pool: 2, fleet: 0, strat: 1 });
    expect([counters(g, 's1')?.commandPool, counters(g, 's1')?.strategyAllocation]).toEqual([(before?.commandPool ?? 0) + 2, (before?.strategyAllocation ?? 0) + 1]);
    expect(lastSentence(g)).toBe('Ana resolved Leadership, option a: +3 command counters (2 command pool, 1 strategy allocation)');
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.primary, 's1', 1, 'a', { pool: 3, fleet: 0, strat: 0 }));
  });

  it('Executive Commands costs 1, 3, 6 or 10 influence for 1 to 4 counters, paid and placed in one change; a follower answers with it', () => {
    expect([1, 2, 3, 4, 5].map(executiveCommandsCost)).toEqual([1, 3, 6, 10, undefined]);
    const g = table();
    g.makeMove(roundMoves.strategic, 's1', 1);
    g.makeMove(roundMoves.primary, 's1', 1, 'a', { pool: 3, fleet: 0, strat: 0 });
    g.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 3);
    const before = counters(g, 's2');
    g.makeMove(roundMoves.executiveCommands, 's2', { pool: 1, fleet: 1, strat: 0 }, { planets: [], tradeGoods: 3 });
    expect([counters(g, 's2')?.tradeGoods, counters(g, 's2')?.commandPool, counters(g, 's2')?.fleetSupply]).toEqual([0, (before?.commandPool ?? 0) + 1, (before?.fleetSupply ?? 0) + 1]);
    expect(g.snapshot().tracker.secondaries.find((o) => o.card === 1)?.answers).toEqual({ s2: true });
    expect(g.undoPreview?.map((e) => e.k)).toEqual(['pay', 'round', 'cc']);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.executiveCommands, 's2', { pool: 1, fleet: 0, strat: 0 }, { planets: [], tradeGoods: 0 }));
    expectRefused(g, 'invalid-input', () => g.makeMove(roundMoves.executiveCommands, 's3', { pool: 5, fleet: 0, strat: 0 }, { planets: [], tradeGoods: 0 }));
  });

  it("the holder may buy more counters herself, but only after Progressive Campaign and without a strategy counter", () => {
    const g = table();
    g.makeMove(roundMoves.strategic, 's1', 1);
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.executiveCommands, 's1', { pool: 1, fleet: 0, strat: 0 }, { planets: [], tradeGoods: 1 }));
    g.makeMove(roundMoves.primary, 's1', 1, 'a', { pool: 3, fleet: 0, strat: 0 });
    const strat = counters(g, 's1')?.strategyAllocation;
    g.makeMove(roundMoves.executiveCommands, 's1', { pool: 1, fleet: 0, strat: 0 }, { planets: [], tradeGoods: 1 });
    expect([counters(g, 's1')?.tradeGoods, counters(g, 's1')?.strategyAllocation]).toEqual([0, strat]);
  });

  it('Executive Commands is one purchase per use of the card, at its bulk rate: the holder cannot buy 2 counters as 1 + 1 (SA Leadership "1 CC=1, 2 CC=3")', () => {
    const g = table();
    g.makeMove(roundMoves.strategic, 's1', 1);
    g.makeMove(roundMoves.primary, 's1', 1, 'a', { pool: 3, fleet: 0, strat: 0 });
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 4);
    g.makeMove(roundMoves.executiveCommands, 's1', { pool: 1, fleet: 0, strat: 0 }, { planets: [], tradeGoods: 1 });
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.executiveCommands, 's1', { pool: 1, fleet: 0, strat: 0 }, { planets: [], tradeGoods: 1 }));
    expect(counters(g, 's1')?.tradeGoods).toBe(3);
  });

  it("the holder's purchase belongs to the strategic action that played Leadership: not on her later turns", () => {
    const g = table();
    g.makeMove(roundMoves.strategic, 's1', 1);
    g.makeMove(roundMoves.primary, 's1', 1, 'a', { pool: 3, fleet: 0, strat: 0 });
    g.makeMove(roundMoves.endTurn, 's1');
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    for (const [seat, card] of [['s2', 2], ['s3', 4]] as const) {
      g.makeMove(roundMoves.strategic, seat, card);
      g.makeMove(roundMoves.endTurn, seat);
    }
    g.makeMove(roundMoves.strategic, 's1', 5);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.executiveCommands, 's1', { pool: 1, fleet: 0, strat: 0 }, { planets: [], tradeGoods: 1 }));
    expect(counters(g, 's1')?.tradeGoods).toBe(1);
  });

  it("a hostile phone's second Executive Commands answer for the holder is refused by every phone's fold", () => {
    const g = table();
    g.makeMove(roundMoves.strategic, 's1', 1);
    g.makeMove(roundMoves.primary, 's1', 1, 'a', { pool: 3, fleet: 0, strat: 0 });
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    g.makeMove(roundMoves.executiveCommands, 's1', { pool: 1, fleet: 0, strat: 0 }, { planets: [], tradeGoods: 1 });
    const round = g.snapshot().round.round;
    g.append([{ k: 'round', op: 'secondary', round, seat: 's1', card: 1, use: true }]);
    expect(g.snapshot().tracker.notices.at(-1)).toMatchObject({ refused: true, seat: 's1' });
  });
});

describe('Trade (strategy card 5)', () => {
  /** Ben and Cleo hold an agreement with goods on it when Ana plays Trade. */
  function atTrade(): Game {
    const g = table();
    for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 4]] as const) {
      g.makeMove(roundMoves.strategic, seat, card);
      for (const other of ['s1', 's2', 's3'].filter((x) => x !== seat)) g.makeMove(roundMoves.secondary, other, card, false);
      g.makeMove(roundMoves.endTurn, seat);
    }
    // Consent is given on each player's own phone.
    const [ben, cleo] = [replicaOf(g, 'dev2'), replicaOf(g, 'dev3')];
    ben.claimSeat('s2');
    cleo.claimSeat('s3');
    merge(ben, cleo);
    const id = proposeNow(ben, 's2', 's3', 0);
    merge(ben, cleo);
    cleo.makeMoveSigned(tradeMoves.accept, id, 1);
    merge(cleo, g);
    g.makeMove(tradeMoves.placeGoods, 's1');
    g.makeMove(roundMoves.strategic, 's1', 5);
    return g;
  }

  it('option a gives 3 trade goods', () => {
    const g = atTrade();
    const before = counters(g, 's1')?.tradeGoods ?? 0;
    g.makeMove(roundMoves.primary, 's1', 5, 'a');
    expect(counters(g, 's1')?.tradeGoods).toBe(before + 3);
    expect(lastSentence(g)).toBe('Ana resolved Trade, option a: +3 trade goods');
  });

  it('Realize Profits collects what lies on the follower\'s agreements and costs her a strategy allocation counter', () => {
    const g = atTrade();
    g.makeMove(roundMoves.primary, 's1', 5, 'a');
    const lying = g.snapshot().trade.agreements[0]?.onA.goods ?? 0;
    expect(lying).toBeGreaterThan(0);
    const before = counters(g, 's2');
    const ben = replicaOf(g, 'dev2');
    ben.makeMove(roundMoves.realizeProfits, 's2');
    merge(ben, g);
    expect(counters(g, 's2')?.tradeGoods).toBe((before?.tradeGoods ?? 0) + lying);
    expect(counters(g, 's2')?.strategyAllocation).toBe((before?.strategyAllocation ?? 0) - 1);
    expect(g.snapshot().tracker.secondaries.find((o) => o.card === 5)?.answers).toEqual({ s2: true });
  });

  it("Trade's special: once every player has answered Realize Profits, the holder places goods on every agreement, once", () => {
    const g = atTrade();
    g.makeMove(roundMoves.primary, 's1', 5, 'a');
    const [ben, cleo] = [replicaOf(g, 'dev2'), replicaOf(g, 'dev3')];
    expect(expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.tradeSpecial, 's1')).message).toMatch(/Every player answers Realize Profits first/);
    ben.makeMove(roundMoves.realizeProfits, 's2');
    merge(ben, g);
    expect(specialNow(g.snapshot(), 's1', 5)).toBe('waiting');
    cleo.makeMove(roundMoves.secondary, 's3', 5, false);
    merge(cleo, g);
    expect(specialNow(g.snapshot(), 's1', 5)).toBe('ready');
    const before = g.snapshot().trade.agreements[0]?.onA.goods ?? 0;
    g.makeMove(roundMoves.tradeSpecial, 's1');
    expect(g.snapshot().trade.agreements[0]?.onA.goods).toBeGreaterThan(before);
    expect(specialNow(g.snapshot(), 's1', 5)).toBe('done');
    expect(expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.tradeSpecial, 's1')).message).toMatch(/already placed/);
    // Ben did not play Trade: the special is not his.
    merge(g, ben);
    expectRefused(ben, 'not-allowed', () => ben.makeMove(roundMoves.tradeSpecial, 's2'));
  });

  it('option b breaks every agreement, each side collecting half', () => {
    const g = atTrade();
    const x = g.snapshot().trade.agreements[0];
    const before = [counters(g, 's2')?.tradeGoods ?? 0, counters(g, 's3')?.tradeGoods ?? 0];
    g.makeMove(roundMoves.primary, 's1', 5, 'b');
    expect(g.snapshot().trade.agreements).toEqual([]);
    // Ben holds the card on A's side, Cleo the one on B's: each collects half of her pile, rounded down.
    expect([counters(g, 's2')?.tradeGoods, counters(g, 's3')?.tradeGoods]).toEqual([
      (before[0] ?? 0) + Math.floor((x?.onA.goods ?? 0) / 2),
      (before[1] ?? 0) + Math.floor((x?.onB?.goods ?? 0) / 2),
    ]);
    expect(g.snapshot().tracker.resolved).toContain(5);
  });
});

describe('the other primaries as data', () => {
  it('every card in play has its options, and Assembly and Prospect b give their cards and goods', () => {
    expect(Object.keys(PRIMARIES).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const g = table();
    g.makeMove(roundMoves.strategic, 's1', 1);
    g.makeMove(roundMoves.endTurn, 's1');
    g.makeMove(roundMoves.strategic, 's2', 2);
    g.makeMove(roundMoves.endTurn, 's2');
    g.makeMove(roundMoves.strategic, 's3', 4);
    g.makeMove(roundMoves.endTurn, 's3');
    g.makeMove(roundMoves.strategic, 's1', 5);
    g.makeMove(roundMoves.endTurn, 's1');
    g.makeMove(roundMoves.strategic, 's2', 3);
    const before = counters(g, 's2');
    g.makeMove(roundMoves.primary, 's2', 3, 'b', undefined, { speaker: 's3' });
    expect([counters(g, 's2')?.politicalCards, counters(g, 's2')?.actionCards]).toEqual([(before?.politicalCards ?? 0) + 2, (before?.actionCards ?? 0) + 2]);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.primary, 's2', 3, 'c'));
  });
});

describe('primaries that ask for a choice (strategy_cards_sa.json)', () => {
  it('Assembly a: she takes the Speaker token with her 2 political and 2 action cards; b: she gives it to another player', () => {
    const g = dealt();
    g.makeMove(roundMoves.setSpeaker, 's2');
    g.makeMove(roundMoves.strategic, 's1', 3);
    expectRefused(g, 'invalid-input', () => g.makeMove(roundMoves.primary, 's1', 3, 'b', undefined, { speaker: 's1' }));
    g.makeMove(roundMoves.primary, 's1', 3, 'a');
    expect(g.snapshot().tracker.speaker).toBe('s1');
    expect(g.undoPreview?.map((e) => (e.k === 'round' ? e.op : e.k))).toEqual(['speaker', 'primary']);

    const h = dealt();
    h.makeMove(roundMoves.strategic, 's1', 3);
    h.makeMove(roundMoves.primary, 's1', 3, 'b', undefined, { speaker: 's3' });
    expect(h.snapshot().tracker.speaker).toBe('s3');
  });

  it('Technology a: one technology free, prerequisites needed; b: up to 3 at 5 resources each less discounts, one after another, paid at once', () => {
    const g = dealt();
    for (const [seat, card] of [['s1', 3], ['s2', 8], ['s3', 4]] as const) {
      g.makeMove(roundMoves.strategic, seat, card);
      if (seat === 's1') g.makeMove(roundMoves.primary, 's1', 3, 'a');
      g.makeMove(roundMoves.endTurn, seat);
    }
    g.makeMove(roundMoves.strategic, 's1', 7);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.primary, 's1', 7, 'a', undefined, { techs: ['hyper-metabolism'] }));
    expectRefused(g, 'invalid-input', () => g.makeMove(roundMoves.primary, 's1', 7, 'a', undefined, { techs: ['ion-drive', 'gen-synthesis'] }));
    g.makeMove(roundMoves.primary, 's1', 7, 'a', undefined, { techs: ['ion-drive'] });
    expect(g.snapshot().players.s1?.techs).toContain('ion-drive');
    expect(counters(g, 's1')?.tradeGoods).toBe(0);

    const h = dealt();
    for (const [seat, card] of [['s1', 3], ['s2', 8], ['s3', 4]] as const) {
      h.makeMove(roundMoves.strategic, seat, card);
      if (seat === 's1') h.makeMove(roundMoves.primary, 's1', 3, 'a');
      h.makeMove(roundMoves.endTurn, seat);
    }
    h.makeMove(roundMoves.strategic, 's1', 7);
    h.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 10);
    // Hyper Metabolism needs Gen Synthesis, bought just before it in the same change.
    expectRefused(h, 'not-enough', () => h.makeMove(roundMoves.primary, 's1', 7, 'b', undefined, { techs: ['gen-synthesis', 'hyper-metabolism'], choice: { planets: [], tradeGoods: 9 } }));
    expectRefused(h, 'invalid-input', () => h.makeMove(roundMoves.primary, 's1', 7, 'b', undefined, { techs: ['ion-drive', 'gen-synthesis', 'xenopsychology', 'transfabrication'] }));
    h.makeMove(roundMoves.primary, 's1', 7, 'b', undefined, { techs: ['gen-synthesis', 'hyper-metabolism'], choice: { planets: [], tradeGoods: 10 } });
    expect(h.snapshot().players.s1?.techs).toEqual(expect.arrayContaining(['gen-synthesis', 'hyper-metabolism']));
    expect(counters(h, 's1')?.tradeGoods).toBe(0);
    expect(h.undoPreview?.map((e) => (e.k === 'round' ? e.op : e.k))).toEqual(['pay', 'tech', 'tech', 'primary']);
  });

  it('Bureaucracy: a Stage I objective placed face up, and the rotation cycler flipped by its holder for 1 influence while she resolves it', () => {
    const g = dealt();
    for (const [seat, card] of [['s1', 3]] as const) {
      g.makeMove(roundMoves.strategic, seat, card);
      g.makeMove(roundMoves.primary, 's1', 3, 'b', undefined, { speaker: 's3' });
      g.makeMove(roundMoves.endTurn, seat);
    }
    g.makeMove(roundMoves.strategic, 's2', 8);
    g.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 1);
    expectRefused(g, 'invalid-input', () => g.makeMove(roundMoves.primary, 's2', 8, 'a', { pool: 1, fleet: 0, strat: 0 }, { objective: 'stage2-01' }));
    g.makeMove(roundMoves.primary, 's2', 8, 'a', { pool: 1, fleet: 0, strat: 0 }, { objective: 'stage1-03', flip: true, choice: { planets: [], tradeGoods: 1 } });
    const s = g.snapshot();
    expect(s.tracker.revealed).toContain('stage1-03');
    expect(s.tracker.direction).toBe('counterclockwise');
    expect(counters(g, 's2')?.tradeGoods).toBe(0);
    expect(s.problems).toEqual([]);
    // Once resolved, only the speaker turns it.
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.setDirection, 's2', 'clockwise'));
  });

  it("a flip of the cycler by the Bureaucracy holder without its 1 influence paid in the same change is refused on every phone (issue 34 item 9)", () => {
    const g = dealt();
    g.makeMove(roundMoves.strategic, 's1', 3);
    g.makeMove(roundMoves.primary, 's1', 3, 'b', undefined, { speaker: 's3' });
    g.makeMove(roundMoves.endTurn, 's1');
    g.makeMove(roundMoves.strategic, 's2', 8);
    const before = g.snapshot().tracker.direction;
    g.append([{ k: 'round', op: 'cycler', seat: 's2', direction: before === 'clockwise' ? 'counterclockwise' : 'clockwise' }]);
    expect(g.snapshot().tracker.direction).toBe(before);
    expect(g.snapshot().tracker.notices.at(-1)).toMatchObject({ seat: 's2', refused: true, text: expect.stringMatching(/Bureaucracy flips it for 1 influence, paid in the same change/) });
  });

  it('a flip of the cycler written by the Bureaucracy holder outside its resolution is refused on every phone and named to the table', () => {
    const g = dealt();
    const before = g.snapshot().tracker.direction;
    g.append([{ k: 'round', op: 'cycler', seat: 's2', direction: before === 'clockwise' ? 'counterclockwise' : 'clockwise' }]);
    expect(g.snapshot().tracker.direction).toBe(before);
    expect(g.snapshot().tracker.notices.at(-1)).toMatchObject({ seat: 's2', refused: true, text: expect.stringMatching(/Ben turning the rotation cycler did not count: only the speaker turns it/) });
  });
});

describe('Prospect a: a Stage I objective kept by her race sheet (strategy_cards_sa.json)', () => {
  /** Four players (Prospect is in play with 4, 7 or 8): Ana holds Prospect and plays it first. */
  function prospect(): Game {
    const g = createGame(
      { name: 'Four', vpGoal: 10, options: { pathOfFate: false, simultaneousTactical: false, ascendancy: false }, seats: [
        { name: 'Ana', color: 'red', race: 'sol' }, { name: 'Ben', color: 'blue', race: 'letnev' }, { name: 'Cleo', color: 'green', race: 'xxcha' }, { name: 'Dee', color: 'black', race: 'hacan' },
      ] },
      { id: 'four', secret: 'secret', device: 'dev1', clock: clockAt(1_700_000_000_000) },
    );
    for (const [seat, card] of [['s1', 9], ['s2', 2], ['s3', 3], ['s4', 4], ['s1', 8], ['s2', 7], ['s3', 6], ['s4', 5]] as const) g.makeMove(roundMoves.pick, seat, card);
    for (const [seat, card] of [['s2', 2], ['s3', 3], ['s4', 4]] as const) {
      g.makeMove(roundMoves.strategic, seat, card);
      g.makeMove(roundMoves.endTurn, seat);
    }
    return g;
  }

  it('only its keeper may claim it, it is not a public objective, and nobody may keep one already face up', () => {
    const g = prospect();
    g.makeMove(roundMoves.strategic, 's1', 8);
    g.makeMove(roundMoves.primary, 's1', 8, 'a', { pool: 1, fleet: 0, strat: 0 }, { objective: 'stage1-02' });
    g.makeMove(roundMoves.endTurn, 's1');
    for (const [seat, card] of [['s2', 7], ['s3', 6], ['s4', 5]] as const) {
      g.makeMove(roundMoves.strategic, seat, card);
      g.makeMove(roundMoves.endTurn, seat);
    }
    g.makeMove(roundMoves.strategic, 's1', 9);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.primary, 's1', 9, 'a', undefined, { objective: 'stage1-02' }));
    g.makeMove(roundMoves.primary, 's1', 9, 'a', undefined, { objective: 'stage1-05' });
    const s = g.snapshot();
    expect(s.tracker.kept).toEqual([{ objective: 'stage1-05', seat: 's1' }]);
    expect(s.tracker.revealed).not.toContain('stage1-05');
    expect(lastSentence(g)).toBe('Ana resolved Prospect, option a');
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.reveal, 'stage1-05'));
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 1 });
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.claim, 's2', 'stage1-05'));
    g.makeMove(objectiveMoves.claim, 's1', 'stage1-05');
    expect(g.snapshot().tracker.claims.map((c) => [c.seat, c.objective])).toEqual([['s1', 'stage1-05']]);
  });
});

describe('secondaries with their bookkeeping', () => {
  it('Hidden Agendas (Assembly) draws 1 action and 1 political card for a strategy counter', () => {
    const g = dealt();
    g.makeMove(roundMoves.strategic, 's1', 3);
    const before = { ...counters(g, 's2') };
    g.makeMove(roundMoves.secondary, 's2', 3, true);
    expect([counters(g, 's2')?.actionCards, counters(g, 's2')?.politicalCards, counters(g, 's2')?.strategyAllocation]).toEqual([
      (before.actionCards ?? 0) + 1,
      (before.politicalCards ?? 0) + 1,
      (before.strategyAllocation ?? 0) - 1,
    ]);
  });

  it('Imperial Network (Bureaucracy) gives 1 trade good for a strategy counter', () => {
    const g = dealt();
    g.makeMove(roundMoves.strategic, 's1', 3);
    g.makeMove(roundMoves.endTurn, 's1');
    g.makeMove(roundMoves.strategic, 's2', 8);
    const before = { ...counters(g, 's3') };
    g.makeMove(roundMoves.secondary, 's3', 8, true);
    expect([counters(g, 's3')?.tradeGoods, counters(g, 's3')?.strategyAllocation]).toEqual([(before.tradeGoods ?? 0) + 1, (before.strategyAllocation ?? 0) - 1]);
  });

  it('Advanced Research (Technology) records a technology at 5 resources in one change with the answer and the counter', () => {
    const g = dealt();
    for (const [seat, card] of [['s1', 3], ['s2', 8], ['s3', 4]] as const) {
      g.makeMove(roundMoves.strategic, seat, card);
      g.makeMove(roundMoves.endTurn, seat);
    }
    g.makeMove(roundMoves.strategic, 's1', 7);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.advancedResearch, 's2', 'war-sun', { planets: [], tradeGoods: 0 }));
    g.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 5);
    const before = { ...counters(g, 's2') };
    g.makeMove(roundMoves.advancedResearch, 's2', 'ion-drive', { planets: [], tradeGoods: 5 });
    expect(g.snapshot().players.s2?.techs).toContain('ion-drive');
    expect([counters(g, 's2')?.tradeGoods, counters(g, 's2')?.strategyAllocation]).toEqual([0, (before.strategyAllocation ?? 0) - 1]);
    expect(g.undoPreview?.map((e) => e.k)).toEqual(['round', 'pay', 'tech']);
    expect(g.snapshot().tracker.secondaries.find((o) => o.card === 7)?.answers).toEqual({ s2: true });
  });
});

describe('Annexation Treaty (Diplomacy secondary)', () => {
  it('a counter and 2 influence for a planet, which arrives exhausted; never a home system planet nor one of the holder\'s', () => {
    const g = table();
    g.makeMove(roundMoves.strategic, 's1', 1);
    g.makeMove(roundMoves.endTurn, 's1');
    g.makeMove(roundMoves.strategic, 's2', 2);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.annex, 's3', 'jord', { planets: [], tradeGoods: 0 }));
    g.makeMove(planetMoves.addPlanet, 's2', 'abyz');
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.annex, 's3', 'abyz', { planets: [], tradeGoods: 0 }));
    const before = { ...counters(g, 's3') };
    g.makeMove(roundMoves.annex, 's3', 'lodor', { planets: ['archon-ren'], tradeGoods: 0 });
    expect(g.snapshot().planets.lodor).toMatchObject({ owner: 's3', exhausted: true });
    expect(g.snapshot().planets['archon-ren']?.exhausted).toBe(true);
    expect(counters(g, 's3')?.strategyAllocation).toBe((before.strategyAllocation ?? 0) - 1);
    expect(g.undoPreview?.map((e) => e.k)).toEqual(['round', 'pay', 'owner', 'exhaust']);
  });
});

describe('Technology for the Nekro Virus and the Universities of Jol-Nar (003 "Appendix 2: Races")', () => {
  /** Ana (Nekro), Ben (Jol-Nar), Cleo (Sol); `holder` holds Technology (7) and has just played it. */
  function racesAtTechnology(holder: 's1' | 's3'): Game {
    const seats = [
      { name: 'Ana', color: 'red', race: 'nekro', tradeGoods: 0 },
      { name: 'Ben', color: 'blue', race: 'jol-nar', tradeGoods: 0 },
      { name: 'Cleo', color: 'green', race: 'sol', tradeGoods: 0 },
    ];
    const g = createGame({ name: 'Race night', vpGoal: 12, options: { pathOfFate: false, simultaneousTactical: false, ascendancy: false }, seats }, { id: `tech-${holder}`, secret: 'secret', device: 'dev1', clock: clockAt(1_700_000_000_000) });
    const picks: [string, number][] = holder === 's1' ? [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 7], ['s2', 4], ['s3', 5]] : [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 7]];
    for (const [seat, card] of picks) g.makeMove(roundMoves.pick, seat, card);
    const plays = holder === 's1' ? [['s1', 1], ['s2', 2], ['s3', 3]] : [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5]];
    for (const [seat, card] of plays as [string, number][]) {
      g.makeMove(roundMoves.strategic, seat, card);
      g.makeMove(roundMoves.endTurn, seat);
    }
    g.makeMove(roundMoves.strategic, holder, 7);
    return g;
  }

  it('Nekro: Technology a gives 3 command counters placed where she picks instead of the free technology', () => {
    const g = racesAtTechnology('s1');
    const before = { ...counters(g, 's1') };
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.primary, 's1', 7, 'a', undefined, { techs: ['ion-drive'] }));
    g.makeMove(roundMoves.primary, 's1', 7, 'a', { pool: 2, fleet: 1, strat: 0 });
    expect([counters(g, 's1')?.commandPool, counters(g, 's1')?.fleetSupply]).toEqual([(before.commandPool ?? 0) + 2, (before.fleetSupply ?? 0) + 1]);
    expect(g.snapshot().players.s1?.techs).toEqual(expect.not.arrayContaining(['ion-drive']));
  });

  it('Nekro: Technology b gives 3 command counters for each technology forgone, 1 to 3, at 5 resources each', () => {
    const g = racesAtTechnology('s1');
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 10);
    const pool = counters(g, 's1')?.commandPool ?? 0;
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.primary, 's1', 7, 'b', { pool: 4, fleet: 0, strat: 0 }, { choice: { planets: [], tradeGoods: 10 } }));
    expectRefused(g, 'not-enough', () => g.makeMove(roundMoves.primary, 's1', 7, 'b', { pool: 6, fleet: 0, strat: 0 }, { choice: { planets: [], tradeGoods: 5 } }));
    g.makeMove(roundMoves.primary, 's1', 7, 'b', { pool: 6, fleet: 0, strat: 0 }, { choice: { planets: [], tradeGoods: 10 } });
    expect([counters(g, 's1')?.commandPool, counters(g, 's1')?.tradeGoods]).toEqual([pool + 6, 0]);
  });

  it('Nekro: Advanced Research gives 3 command counters for 5 resources and her strategy counter, never a technology', () => {
    const g = racesAtTechnology('s3');
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 5);
    const before = { ...counters(g, 's1') };
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.advancedResearch, 's1', 'ion-drive', { planets: [], tradeGoods: 5 }));
    expectRefused(g, 'invalid-input', () => g.makeMove(roundMoves.advancedResearchCounters, 's1', { pool: 2, fleet: 0, strat: 0 }, { planets: [], tradeGoods: 5 }));
    g.makeMove(roundMoves.advancedResearchCounters, 's1', { pool: 3, fleet: 0, strat: 0 }, { planets: [], tradeGoods: 5 });
    expect([counters(g, 's1')?.commandPool, counters(g, 's1')?.strategyAllocation, counters(g, 's1')?.tradeGoods]).toEqual([(before.commandPool ?? 0) + 3, (before.strategyAllocation ?? 0) - 1, 0]);
    expect(g.snapshot().tracker.secondaries.find((o) => o.card === 7)?.answers).toMatchObject({ s1: true });
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.advancedResearchCounters, 's2', { pool: 3, fleet: 0, strat: 0 }, { planets: [], tradeGoods: 0 }));
  });

  it("Jol-Nar: Advanced Research may also execute Technology's primary, 1 technology free, its prerequisites met with the one just bought; no other race may", () => {
    const g = racesAtTechnology('s3');
    g.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 5);
    // Gen Synthesis needs Cybernetics: not with Ion Drive, but with Cybernetics bought in the same change.
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.advancedResearch, 's2', 'ion-drive', { planets: [], tradeGoods: 5 }, undefined, 'gen-synthesis'));
    g.makeMove(roundMoves.advancedResearch, 's2', 'cybernetics', { planets: [], tradeGoods: 5 }, undefined, 'gen-synthesis');
    expect(g.snapshot().players.s2?.techs).toEqual(expect.arrayContaining(['cybernetics', 'gen-synthesis']));
    expect(counters(g, 's2')?.tradeGoods).toBe(0);
    expect(g.undoPreview?.map((e) => e.k)).toEqual(['round', 'pay', 'tech', 'tech']);

    const h = racesAtTechnology('s1');
    h.makeMove(sheetMoves.adjustCounter, 's3', 'tradeGoods', 5);
    expectRefused(h, 'not-allowed', () => h.makeMove(roundMoves.advancedResearch, 's3', 'ion-drive', { planets: [], tradeGoods: 5 }, undefined, 'xenopsychology'));
  });
});
