/**
 * The trade goods ledger (tradeLedger.ts) against games played through the moves, with every total
 * worked out here by hand from the rulebook: the ledger and the folds must both give it. And a fold that
 * creates one good too many (a mocked settlement) is caught, and the event that created it named.
 */
import { describe, expect, it, vi } from 'vitest';
import { foldGame, readRaw, gameRoot } from '../../../src/doc';
import type { Game, GameSetup, RawGame } from '../../../src/doc';
import { cardsTable, merge, newGame, proposeNow, replicaOf, threeSeats } from './fixtures';
import { firstDivergence, heldGoods, ledgerMismatch, sayDivergence, tradeLedger } from './tradeLedger';
import type * as TradeRules from '../../../src/rules/trade';
import * as tradeMoves from '../../../src/doc/trade/moves';
import * as roundMoves from '../../../src/doc/round/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

/** When set, the trade fold's settlement of a broken agreement gives side A one good more than the rule. */
const fault = vi.hoisted(() => ({ extraGood: false }));
vi.mock('../../../src/rules/trade', async (importOriginal) => {
  const original = await importOriginal<typeof TradeRules>();
  return {
    ...original,
    settleBrokenAgreement: (input: Parameters<typeof original.settleBrokenAgreement>[0]) => {
      const out = original.settleBrokenAgreement(input);
      return fault.extraGood ? { ...out, collectA: out.collectA + 1 } : out;
    },
  };
});

/** Ana (Sol, contracts 1/2), Ben (Hacan, 3/3), Cleo (Xxcha, 2/4), no goods to start: one phone each, in sync. */
function phones() {
  const contracts: [number, number][] = [[1, 2], [3, 3], [2, 4]];
  const setup: GameSetup = { ...threeSeats, seats: threeSeats.seats.map((x, i) => ({ ...x, tradeContracts: contracts[i] as [number, number] })) };
  const ana = newGame(setup, 'ledger');
  ana.claimSeat('s1');
  const ben = replicaOf(ana, 'dev2');
  ben.claimSeat('s2');
  const cleo = replicaOf(ana, 'dev3');
  cleo.claimSeat('s3');
  const all = [ana, ben, cleo];
  const sync = () => {
    for (let n = 0; n < 2; n++) for (const a of all) for (const b of all) if (a !== b) merge(a, b);
  };
  sync();
  return { ana, ben, cleo, all, sync };
}

const balanced = (g: Game, goods: Record<string, number>) => {
  const s = g.snapshot();
  expect(heldGoods(s)).toEqual(goods);
  expect(tradeLedger(s).balances).toEqual(goods);
  expect(ledgerMismatch(s)).toBeUndefined();
};

describe('the trade goods ledger', () => {
  it('follows the goods on the agreements: placed at each card\'s value, collected with the Hacan\'s one more, broken by half, after a hostile act, and all at once (001 "Trade Contracts and Trade Agreements", 003 Appendix 2 Hacan)', async () => {
    const t = phones();
    // Ana offers her contract 1 (value 1); Ben gives his contract 2 (value 3). Cleo self-trades her contract 2 (value 4).
    const ab = proposeNow(t.ana, 's1', 's2', 0);
    t.sync();
    await t.ben.makeMoveSigned(tradeMoves.accept, ab, 1);
    t.cleo.makeMove(tradeMoves.selfTrade, 's3', 1);
    t.sync();
    t.ana.makeMove(tradeMoves.placeGoods, 's1');
    t.ana.makeMove(tradeMoves.placeGoods, 's1');
    // Ana's card (Ben's contract) holds 6, Ben's (Ana's contract) 2, Cleo's self-trade 8.
    t.sync();
    t.ben.makeMove(tradeMoves.collect, 's2');
    t.ana.makeMove(tradeMoves.collect, 's1');
    t.sync();
    balanced(t.ana, { s1: 6, s2: 3, s3: 0 });
    t.ana.makeMove(tradeMoves.placeGoods, 's1');
    t.sync();
    // Ana performs a hostile act against Ben: her pile (3) is discarded, Ben takes his (1) and the Hacan's one more.
    t.ben.makeMove(tradeMoves.breakAfterHostileAct, ab, 's2', 's1');
    t.cleo.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 8 });
    t.sync();
    // Cleo breaks her self-trade in step 8: half of 12.
    t.cleo.makeMove(tradeMoves.breakInStatusPhase, t.cleo.snapshot().trade.agreements[0]?.id as string, 's3');
    t.sync();
    balanced(t.ana, { s1: 6, s2: 5, s3: 6 });
    const ac = proposeNow(t.ana, 's1', 's3', 1);
    t.sync();
    await t.cleo.makeMoveSigned(tradeMoves.accept, ac, 0);
    t.sync();
    t.ana.makeMove(tradeMoves.placeGoods, 's1');
    t.ana.makeMove(tradeMoves.placeGoods, 's1');
    t.ana.makeMove(tradeMoves.placeGoods, 's1');
    t.sync();
    // Trade's option b: Ana's card (Cleo's contract 1, value 2) holds 6, Cleo's (Ana's contract 2, value 2) 6: 3 each.
    t.ana.makeMove(tradeMoves.breakAll, 's1');
    t.sync();
    for (const g of t.all) balanced(g, { s1: 9, s2: 5, s3: 9 });
    expect(tradeLedger(t.ana.snapshot()).piles).toEqual({});
  });

  it('follows taps, gifts, payments, strategy card goods, producing 2:1 and progression feedback (001 "Trade Goods", "Strategy Phase", "Status Phase")', () => {
    const g = cardsTable('ledger-round');
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 3);
    g.makeMove(sheetMoves.setCounter, 's1', 'tradeGoods', 5);
    g.makeMove(sheetMoves.giveTradeGoods, 's1', 's2', 2);
    // Round 1: Ana 1 and 2, Ben 3 and 5, Cleo 4 and 8; 6 and 7 are left with a bonus counter each.
    for (const [seat, card] of [['s1', 1], ['s2', 5], ['s3', 8], ['s1', 2], ['s2', 3], ['s3', 4]] as const) g.makeMove(roundMoves.pick, seat, card);
    g.makeMove(roundMoves.strategic, 's1', 1);
    g.makeMove(roundMoves.endTurn, 's1');
    // Trade a: 3 goods (no agreement to collect from).
    g.makeMove(roundMoves.strategic, 's2', 5);
    g.makeMove(roundMoves.primary, 's2', 5, 'a');
    g.makeMove(roundMoves.endTurn, 's2');
    // Bureaucracy's secondary: 1 good for a strategy counter.
    g.makeMove(roundMoves.strategic, 's3', 8);
    g.makeMove(roundMoves.secondary, 's1', 8, true);
    balanced(g, { s1: 4, s2: 5, s3: 0 });
    // Cleo leads by 2 VP at step 2: 2 goods of progression feedback.
    g.makeMove(sheetMoves.adjustCounter, 's3', 'vp', 2);
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 1 });
    g.makeMove(roundMoves.advance, g.snapshot().round);
    expect(g.snapshot().round.step).toBe(3);
    balanced(g, { s1: 4, s2: 5, s3: 2 });
    // Step 3: Ana exhausts Jord (4 resources) for 2 goods; then she pays 3 resources with goods.
    g.makeMove(planetMoves.setExhausted, 'jord', false);
    g.makeMove(roundMoves.produceTradeGoods, 's1', 4, { planets: ['jord'], tradeGoods: 0 });
    g.makeMove(planetMoves.pay, 's1', 'resources', 3, { planets: [], tradeGoods: 3 }, 'a cruiser');
    balanced(g, { s1: 3, s2: 5, s3: 2 });
    // Round 2: Ana takes Construction (6) with its bonus counter as a trade good.
    g.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
    const six = g.snapshot().tracker.cards.find((c) => c.initiative === 6);
    expect(six?.bonus).toBe(1);
    g.makeMove(roundMoves.pick, g.snapshot().tracker.picker as string, 6, { tradeGoods: 1, pool: 0, fleet: 0, strat: 0 });
    const picker = g.snapshot().tracker.cards.find((c) => c.initiative === 6)?.holder as string;
    const expected = { s1: 3, s2: 5, s3: 2 };
    expected[picker as keyof typeof expected] += 1;
    balanced(g, expected);
  });

  it('follows refresh abilities, Natural Wealth and the Saar\'s good per planet acquired (001 "Refresh Abilities", Natural Wealth, 003 Appendix 2 Saar)', () => {
    const setup: GameSetup = { ...threeSeats, seats: threeSeats.seats.map((x) => (x.race === 'xxcha' ? { ...x, race: 'saar' } : x)) };
    const g = newGame(setup, 'ledger-planets');
    // Icarus: "Gain 2 Trade Goods". Acquired, it arrives exhausted (001 "Planet Control").
    g.makeMove(planetMoves.addPlanet, 's1', 'icarus');
    g.makeMove(planetMoves.placeNaturalWealth, 'icarus', 2);
    // The Saar: one good for a planet acquired, none for their own home planets.
    g.makeMove(planetMoves.takePlanet, 's3', 'jord');
    g.makeMove(planetMoves.releasePlanet, 'jord');
    g.makeMove(planetMoves.takePlanet, 's3', 'jord');
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 5 });
    g.makeMove(planetMoves.useRefreshAbility, 's1', 'icarus');
    g.makeMove(planetMoves.takeNaturalWealth, 's1', 'icarus');
    // A second take at the same step is refused by the command; written anyway, every fold refuses it too.
    g.append([{ k: 'takeWealth', seat: 's1', planet: 'icarus' }]);
    balanced(g, { s1: 3, s2: 0, s3: 2 });
  });

  it('"set to N" from two phones at once counts once, as the fold keeps it (DESIGN "The shared document")', () => {
    const t = phones();
    t.ana.makeMove(sheetMoves.setCounter, 's1', 'tradeGoods', 4);
    // A second tab of Ana's phone, which had not heard of the first set.
    const tab = replicaOf(t.ben, 'dev1');
    tab.makeMove(sheetMoves.setCounter, 's1', 'tradeGoods', 4);
    merge(tab, t.ana);
    expect(t.ana.snapshot().problems.map((p) => p.message)).toContain("Two phones set Ana's trade goods to 4 at once; it stays 4.");
    balanced(t.ana, { s1: 4, s2: 0, s3: 0 });
  });

  it('catches a fold that creates a good, and names the event that created it', async () => {
    const t = phones();
    const ab = proposeNow(t.ana, 's1', 's2', 0);
    t.sync();
    await t.ben.makeMoveSigned(tradeMoves.accept, ab, 1);
    t.sync();
    t.ana.makeMove(tradeMoves.placeGoods, 's1');
    t.ana.makeMove(tradeMoves.placeGoods, 's1');
    t.sync();
    fault.extraGood = true;
    try {
      t.ben.makeMove(tradeMoves.breakAfterHostileAct, ab, 's2', 's2');
      const raw = readRaw(gameRoot(t.ben.doc)) as RawGame;
      const s = foldGame(raw);
      // Ben, the aggressor, collects nothing; Ana collects her whole pile (6), and the faulty fold one more.
      expect(heldGoods(s)).toEqual({ s1: 7, s2: 0, s3: 0 });
      expect(ledgerMismatch(s)).toBe('the players hold 7 trade goods (Ana 7, Ben 0, Cleo 0), the ledger says 6 (Ana 6, Ben 0, Cleo 0)');
      const first = firstDivergence(raw);
      expect(first).toMatchObject({ index: raw.log.length - 1, dev: 'dev2', fold: { s1: 7 }, ledger: { s1: 6 } });
      expect(sayDivergence(first as NonNullable<typeof first>)).toMatch(/^first off at log entry \d+ \(by dev2: "Ben broke the trade agreement between Ana and Ben after a hostile act by Ben: Ana collected 7 trade goods/);
    } finally {
      fault.extraGood = false;
    }
  });
});
