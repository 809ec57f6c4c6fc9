import { describe, expect, it } from 'vitest';
import { createGame, describeEvent } from '../../../src/doc';
import type { Game, GameSetup, LogEntry } from '../../../src/doc';
import { executiveCommandsCost, PRIMARIES } from '../../../src/rules/strategyCards';
import { specialNow } from '../../../src/doc/round';
import { clockAt, expectRefused, merge, replicaOf, proposeNow } from './fixtures';

/** Ana (Sol), Ben (Letnev), Cleo (Xxcha): no race ability in the way of the cards. */
function table0(): Game {
  const setup: GameSetup = {
    name: 'Cards night',
    vpGoal: 12,
    options: { pathOfFate: false, simultaneousTactical: false, ascendancy: false },
    seats: [
      { name: 'Ana', color: 'red', race: 'sol' },
      { name: 'Ben', color: 'blue', race: 'letnev' },
      { name: 'Cleo', color: 'green', race: 'xxcha' },
    ],
  };
  return createGame(setup, { id: 'cards', secret: 'secret', device: 'dev1', clock: clockAt(1_700_000_000_000) });
}

/** Ana holds Leadership (1) and Trade (5), Ben 2 and 3, Cleo 4 and 6. */
function table(): Game {
  const g = table0();
  for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 4], ['s1', 5], ['s2', 3], ['s3', 6]] as const) g.round.pick(seat, card);
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
    expectRefused(g, 'not-allowed', () => g.round.primary('s1', 1, 'a', { pool: 3, fleet: 0, strat: 0 }));
    g.round.strategic('s1', 1);
    expectRefused(g, 'not-allowed', () => g.round.primary('s1', 1, 'a', { pool: 2, fleet: 0, strat: 0 }));
    const before = counters(g, 's1');
    g.round.primary('s1', 1, 'a', { pool: 2, fleet: 0, strat: 1 });
    expect([counters(g, 's1')?.commandPool, counters(g, 's1')?.strategyAllocation]).toEqual([(before?.commandPool ?? 0) + 2, (before?.strategyAllocation ?? 0) + 1]);
    expect(lastSentence(g)).toBe('Sol resolved Leadership, option a: +3 command counters (2 command pool, 1 strategy allocation)');
    expectRefused(g, 'not-allowed', () => g.round.primary('s1', 1, 'a', { pool: 3, fleet: 0, strat: 0 }));
  });

  it('Executive Commands costs 1, 3, 6 or 10 influence for 1 to 4 counters, paid and placed in one change; a follower answers with it', () => {
    expect([1, 2, 3, 4, 5].map(executiveCommandsCost)).toEqual([1, 3, 6, 10, undefined]);
    const g = table();
    g.round.strategic('s1', 1);
    g.round.primary('s1', 1, 'a', { pool: 3, fleet: 0, strat: 0 });
    g.adjustCounter('s2', 'tradeGoods', 3);
    const before = counters(g, 's2');
    g.round.executiveCommands('s2', { pool: 1, fleet: 1, strat: 0 }, { planets: [], tradeGoods: 3 });
    expect([counters(g, 's2')?.tradeGoods, counters(g, 's2')?.commandPool, counters(g, 's2')?.fleetSupply]).toEqual([0, (before?.commandPool ?? 0) + 1, (before?.fleetSupply ?? 0) + 1]);
    expect(g.snapshot().tracker.secondaries.find((o) => o.card === 1)?.answers).toEqual({ s2: true });
    expect(g.undoPreview?.map((e) => e.k)).toEqual(['pay', 'round', 'cc']);
    expectRefused(g, 'not-allowed', () => g.round.executiveCommands('s2', { pool: 1, fleet: 0, strat: 0 }, { planets: [], tradeGoods: 0 }));
    expectRefused(g, 'invalid-input', () => g.round.executiveCommands('s3', { pool: 5, fleet: 0, strat: 0 }, { planets: [], tradeGoods: 0 }));
  });

  it("the holder may buy more counters herself, but only after Progressive Campaign", () => {
    const g = table();
    g.round.strategic('s1', 1);
    g.adjustCounter('s1', 'tradeGoods', 1);
    expectRefused(g, 'not-allowed', () => g.round.executiveCommands('s1', { pool: 1, fleet: 0, strat: 0 }, { planets: [], tradeGoods: 1 }));
    g.round.primary('s1', 1, 'a', { pool: 3, fleet: 0, strat: 0 });
    g.round.executiveCommands('s1', { pool: 1, fleet: 0, strat: 0 }, { planets: [], tradeGoods: 1 });
    expect(counters(g, 's1')?.tradeGoods).toBe(0);
  });
});

describe('Trade (strategy card 5)', () => {
  /** Ben and Cleo hold an agreement with goods on it when Ana plays Trade. */
  function atTrade(): Game {
    const g = table();
    for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 4]] as const) {
      g.round.strategic(seat, card);
      for (const other of ['s1', 's2', 's3'].filter((x) => x !== seat)) g.round.secondary(other, card, false);
      g.round.endTurn(seat);
    }
    // Consent is given on each player's own phone.
    const [ben, cleo] = [replicaOf(g, 'dev2'), replicaOf(g, 'dev3')];
    ben.claimSeat('s2');
    cleo.claimSeat('s3');
    merge(ben, cleo);
    const id = proposeNow(ben, 's2', 's3', 0);
    merge(ben, cleo);
    cleo.trade.accept(id, 1);
    merge(cleo, g);
    g.trade.placeGoods('s1');
    g.round.strategic('s1', 5);
    return g;
  }

  it('option a gives 3 trade goods', () => {
    const g = atTrade();
    const before = counters(g, 's1')?.tradeGoods ?? 0;
    g.round.primary('s1', 5, 'a');
    expect(counters(g, 's1')?.tradeGoods).toBe(before + 3);
    expect(lastSentence(g)).toBe('Sol resolved Trade, option a: +3 trade goods');
  });

  it('Realize Profits collects what lies on the follower\'s agreements and costs her a strategy allocation counter', () => {
    const g = atTrade();
    g.round.primary('s1', 5, 'a');
    const lying = g.snapshot().trade.agreements[0]?.onA.goods ?? 0;
    expect(lying).toBeGreaterThan(0);
    const before = counters(g, 's2');
    const ben = replicaOf(g, 'dev2');
    ben.round.realizeProfits('s2');
    merge(ben, g);
    expect(counters(g, 's2')?.tradeGoods).toBe((before?.tradeGoods ?? 0) + lying);
    expect(counters(g, 's2')?.strategyAllocation).toBe((before?.strategyAllocation ?? 0) - 1);
    expect(g.snapshot().tracker.secondaries.find((o) => o.card === 5)?.answers).toEqual({ s2: true });
  });

  it("Trade's special: once every player has answered Realize Profits, the holder places goods on every agreement, once", () => {
    const g = atTrade();
    g.round.primary('s1', 5, 'a');
    const [ben, cleo] = [replicaOf(g, 'dev2'), replicaOf(g, 'dev3')];
    expect(expectRefused(g, 'not-allowed', () => g.round.tradeSpecial('s1')).message).toMatch(/Every player answers Realize Profits first/);
    ben.round.realizeProfits('s2');
    merge(ben, g);
    expect(specialNow(g.snapshot(), 's1', 5)).toBe('waiting');
    cleo.round.secondary('s3', 5, false);
    merge(cleo, g);
    expect(specialNow(g.snapshot(), 's1', 5)).toBe('ready');
    const before = g.snapshot().trade.agreements[0]?.onA.goods ?? 0;
    g.round.tradeSpecial('s1');
    expect(g.snapshot().trade.agreements[0]?.onA.goods).toBeGreaterThan(before);
    expect(specialNow(g.snapshot(), 's1', 5)).toBe('done');
    expect(expectRefused(g, 'not-allowed', () => g.round.tradeSpecial('s1')).message).toMatch(/already placed/);
    // Ben did not play Trade: the special is not his.
    merge(g, ben);
    expectRefused(ben, 'not-allowed', () => ben.round.tradeSpecial('s2'));
  });

  it('option b breaks every agreement, each side collecting half', () => {
    const g = atTrade();
    const x = g.snapshot().trade.agreements[0];
    const before = [counters(g, 's2')?.tradeGoods ?? 0, counters(g, 's3')?.tradeGoods ?? 0];
    g.round.primary('s1', 5, 'b');
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
    g.round.strategic('s1', 1);
    g.round.endTurn('s1');
    g.round.strategic('s2', 2);
    g.round.endTurn('s2');
    g.round.strategic('s3', 4);
    g.round.endTurn('s3');
    g.round.strategic('s1', 5);
    g.round.endTurn('s1');
    g.round.strategic('s2', 3);
    const before = counters(g, 's2');
    g.round.primary('s2', 3, 'b');
    expect([counters(g, 's2')?.politicalCards, counters(g, 's2')?.actionCards]).toEqual([(before?.politicalCards ?? 0) + 2, (before?.actionCards ?? 0) + 2]);
    expectRefused(g, 'not-allowed', () => g.round.primary('s2', 3, 'c'));
  });
});

describe('secondaries with their bookkeeping', () => {
  /** Ana (Sol) holds Assembly (3) and Technology (7), Ben (Letnev) Bureaucracy (8) and Leadership (1), Cleo (Xxcha) 2 and 4. */
  function dealt(): Game {
    const g = table0();
    for (const [seat, card] of [['s1', 3], ['s2', 8], ['s3', 2], ['s1', 7], ['s2', 1], ['s3', 4]] as const) g.round.pick(seat, card);
    for (const [seat, card] of [['s2', 1], ['s3', 2]] as const) {
      g.round.strategic(seat, card);
      g.round.endTurn(seat);
    }
    return g;
  }

  it('Hidden Agendas (Assembly) draws 1 action and 1 political card for a strategy counter', () => {
    const g = dealt();
    g.round.strategic('s1', 3);
    const before = { ...counters(g, 's2') };
    g.round.secondary('s2', 3, true);
    expect([counters(g, 's2')?.actionCards, counters(g, 's2')?.politicalCards, counters(g, 's2')?.strategyAllocation]).toEqual([
      (before.actionCards ?? 0) + 1,
      (before.politicalCards ?? 0) + 1,
      (before.strategyAllocation ?? 0) - 1,
    ]);
  });

  it('Imperial Network (Bureaucracy) gives 1 trade good for a strategy counter', () => {
    const g = dealt();
    g.round.strategic('s1', 3);
    g.round.endTurn('s1');
    g.round.strategic('s2', 8);
    const before = { ...counters(g, 's3') };
    g.round.secondary('s3', 8, true);
    expect([counters(g, 's3')?.tradeGoods, counters(g, 's3')?.strategyAllocation]).toEqual([(before.tradeGoods ?? 0) + 1, (before.strategyAllocation ?? 0) - 1]);
  });

  it('Advanced Research (Technology) records a technology at 5 resources in one change with the answer and the counter', () => {
    const g = dealt();
    for (const [seat, card] of [['s1', 3], ['s2', 8], ['s3', 4]] as const) {
      g.round.strategic(seat, card);
      g.round.endTurn(seat);
    }
    g.round.strategic('s1', 7);
    expectRefused(g, 'not-allowed', () => g.round.advancedResearch('s2', 'war-sun', { planets: [], tradeGoods: 0 }));
    g.adjustCounter('s2', 'tradeGoods', 5);
    const before = { ...counters(g, 's2') };
    g.round.advancedResearch('s2', 'ion-drive', { planets: [], tradeGoods: 5 });
    expect(g.snapshot().players.s2?.techs).toContain('ion-drive');
    expect([counters(g, 's2')?.tradeGoods, counters(g, 's2')?.strategyAllocation]).toEqual([0, (before.strategyAllocation ?? 0) - 1]);
    expect(g.undoPreview?.map((e) => e.k)).toEqual(['round', 'pay', 'tech']);
    expect(g.snapshot().tracker.secondaries.find((o) => o.card === 7)?.answers).toEqual({ s2: true });
  });
});

describe('Annexation Treaty (Diplomacy secondary)', () => {
  it('a counter and 2 influence for a planet, which arrives exhausted; never a home system planet nor one of the holder\'s', () => {
    const g = table();
    g.round.strategic('s1', 1);
    g.round.endTurn('s1');
    g.round.strategic('s2', 2);
    expectRefused(g, 'not-allowed', () => g.round.annex('s3', 'jord', { planets: [], tradeGoods: 0 }));
    g.addPlanet('s2', 'abyz');
    expectRefused(g, 'not-allowed', () => g.round.annex('s3', 'abyz', { planets: [], tradeGoods: 0 }));
    const before = { ...counters(g, 's3') };
    g.round.annex('s3', 'lodor', { planets: ['archon-ren'], tradeGoods: 0 });
    expect(g.snapshot().planets.lodor).toMatchObject({ owner: 's3', exhausted: true });
    expect(g.snapshot().planets['archon-ren']?.exhausted).toBe(true);
    expect(counters(g, 's3')?.strategyAllocation).toBe((before.strategyAllocation ?? 0) - 1);
    expect(g.undoPreview?.map((e) => e.k)).toEqual(['round', 'pay', 'owner', 'exhaust']);
  });
});
