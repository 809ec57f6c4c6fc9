import { describe, expect, it } from 'vitest';
import { describeEvent, decodeEvent, encodeEvent, readRaw, foldGame } from '../../../src/doc';
import type { EventBody, GameEvent, Game, GameSetup, GameSnapshot, RawGame } from '../../../src/doc';
import { contractUse, freeContracts } from '../../../src/doc/trade';
import { expectRefused, expectRefusedSigned, merge, newGame, replicaOf, threeSeats, proposeNow } from './fixtures';
import * as tradeMoves from '../../../src/doc/trade/moves';
import * as roundMoves from '../../../src/doc/round/moves';

// Ben plays the Letnev here with the Hacan's contract values (3 and 3): the Hacan's own trade abilities
// (003 "Appendix 2") change collecting and breaking, and have tests of their own at the end.
const noHacan: GameSetup = { ...threeSeats, seats: threeSeats.seats.map((x) => (x.race === 'hacan' ? { ...x, race: 'letnev', tradeContracts: [3, 3] as [number, number] } : x)) };

/** Ana (Sol, contracts 2/2) on dev1, Ben (Letnev, 3/3) on dev2, Cleo (Xxcha, 2/2) on dev3: one phone each. */
function table(setup: GameSetup = noHacan) {
  const ana = newGame(setup);
  ana.claimSeat('s1');
  const ben = replicaOf(ana, 'dev2');
  ben.claimSeat('s2');
  const cleo = replicaOf(ana, 'dev3');
  cleo.claimSeat('s3');
  const phones = [ana, ben, cleo];
  const sync = () => {
    for (let round = 0; round < 2; round++) for (const a of phones) for (const b of phones) if (a !== b) merge(a, b);
  };
  sync();
  return { ana, ben, cleo, phones, sync };
}

const seats = (n: number): GameSetup => ({
  ...threeSeats,
  seats: ['sol', 'letnev', 'xxcha', 'saar', 'mentak', 'naalu', 'jol-nar', 'yin'].slice(0, n).map((race, i) => ({ name: `P${i + 1}`, color: `c${i}`, race })),
});

const tg = (g: Game, seat: string) => g.snapshot().players[seat]?.counters.tradeGoods;
const agreements = (g: Game) => g.snapshot().trade.agreements;
const tradeOf = (g: Game) => JSON.stringify({ trade: g.snapshot().trade, players: g.snapshot().players, problems: g.snapshot().problems });
const sentences = (s: GameSnapshot) => s.log.filter((e) => e.event.k === 'trade').map((e) => describeEvent(e, s));

/** Ana proposes to Ben and Ben accepts on his phone: the usual way an agreement opens. */
function open(t: ReturnType<typeof table>, anaGives: 0 | 1 = 0, benGives: 0 | 1 = 0): string {
  const id = proposeNow(t.ana, 's1', 's2', anaGives);
  t.sync();
  t.ben.makeMoveSigned(tradeMoves.accept, id, benGives);
  t.sync();
  return id;
}

describe('opening a trade agreement: a proposal on one phone, the answer on the other (001 "Opening Trade Agreements")', () => {
  it('a proposal opens nothing until the other player accepts on her own phone; then each holds the other\'s contract', () => {
    const t = table();
    t.ana.makeMove(tradeMoves.correctContracts, 's1', [1, 4]);
    t.sync();
    const id = proposeNow(t.ana, 's1', 's2', 1);
    t.sync();
    expect(t.ben.snapshot().trade.proposals).toMatchObject([{ id, from: 's1', to: 's2', contract: 1, value: 4 }]);
    expect(agreements(t.ben)).toEqual([]);
    t.ben.makeMoveSigned(tradeMoves.accept, id, 0);
    t.sync();
    const [x] = agreements(t.cleo);
    // Ana holds Ben's contract 1 (value 3); Ben holds Ana's contract 2 (value 4).
    expect(x).toMatchObject({ id, a: 's1', b: 's2', onA: { owner: 's2', contract: 0, value: 3, goods: 0 }, onB: { owner: 's1', contract: 1, value: 4, goods: 0 } });
    expect(t.cleo.snapshot().trade.proposals).toEqual([]);
    expect(contractUse(t.cleo.snapshot(), 's1', 1)).toMatchObject({ kind: 'held', by: 's2' });
    expect(freeContracts(t.cleo.snapshot(), 's1')).toEqual([0]);
  });

  it('a phone may only accept, decline or propose for the seat it holds', async () => {
    const t = table();
    await expectRefusedSigned(t.cleo, 'not-allowed', () => t.cleo.makeMoveSigned(tradeMoves.propose, 's1', 's2', 0));
    const id = proposeNow(t.ana, 's1', 's2', 0);
    t.sync();
    expect((await expectRefusedSigned(t.ana, 'not-allowed', () => t.ana.makeMoveSigned(tradeMoves.accept, id, 0))).message).toBe("Only the phone that holds Ben's seat can accept Ana's proposal.");
    expectRefused(t.cleo, 'not-allowed', () => t.cleo.makeMove(tradeMoves.decline, id));
    expectRefused(t.ben, 'not-allowed', () => t.ben.makeMove(tradeMoves.withdraw, id));
  });

  it('the phone that proposed cannot accept, even after moving to the other seat', async () => {
    const t = table();
    const id = proposeNow(t.ana, 's1', 's2', 0);
    t.ana.claimSeat('s2');
    expect((await expectRefusedSigned(t.ana, 'not-allowed', () => t.ana.makeMoveSigned(tradeMoves.accept, id, 0))).message).toBe("This phone made the proposal: Ben accepts it on Ben's own phone.");
  });

  it('declining or withdrawing closes the proposal and the offered contract is free again', async () => {
    const t = table();
    const first = proposeNow(t.ana, 's1', 's2', 0);
    t.sync();
    t.ben.makeMove(tradeMoves.decline, first);
    t.sync();
    expect(t.ana.snapshot().trade.proposals).toEqual([]);
    const second = proposeNow(t.ana, 's1', 's2', 0);
    t.ana.makeMove(tradeMoves.withdraw, second);
    t.sync();
    expect(t.ben.snapshot().trade.proposals).toEqual([]);
    await expectRefusedSigned(t.ben, 'invalid-input', () => t.ben.makeMoveSigned(tradeMoves.accept, second, 0));
    expect(agreements(t.ben)).toEqual([]);
    expect(sentences(t.ben.snapshot())).toEqual([
      'Ana proposed a trade agreement to Ben, offering Ana\'s trade contract 1',
      "Ben declined Ana's trade proposal",
      'Ana proposed a trade agreement to Ben, offering Ana\'s trade contract 1',
      'Ana withdrew the trade proposal to Ben',
    ]);
  });

  it('two players may not hold two agreements with each other, nor wait on two proposals', async () => {
    const t = table();
    t.ana.makeMoveSigned(tradeMoves.propose, 's1', 's2', 0);
    t.sync();
    expect((await expectRefusedSigned(t.ben, 'not-allowed', () => t.ben.makeMoveSigned(tradeMoves.propose, 's2', 's1', 0))).message).toMatch(/Ana has already proposed an agreement to Ben: accept or decline hers/);
    await expectRefusedSigned(t.ana, 'not-allowed', () => t.ana.makeMoveSigned(tradeMoves.propose, 's1', 's2', 1));
    const id = t.ben.snapshot().trade.proposals[0]?.id ?? '';
    t.ben.makeMoveSigned(tradeMoves.accept, id, 1);
    t.sync();
    expect((await expectRefusedSigned(t.ben, 'not-allowed', () => t.ben.makeMoveSigned(tradeMoves.propose, 's2', 's1', 0))).message).toBe('These two players already have a trade agreement with each other.');
  });

  it('a contract already offered or held cannot be offered again', async () => {
    const t = table();
    t.ana.makeMoveSigned(tradeMoves.propose, 's1', 's2', 0);
    expect((await expectRefusedSigned(t.ana, 'not-allowed', () => t.ana.makeMoveSigned(tradeMoves.propose, 's1', 's3', 0))).message).toMatch(/already offered to Ben/);
    t.ana.makeMoveSigned(tradeMoves.propose, 's1', 's3', 1);
    t.sync();
    const toCleo = t.cleo.snapshot().trade.proposals.find((p) => p.to === 's3')?.id ?? '';
    t.cleo.makeMoveSigned(tradeMoves.accept, toCleo, 0);
    t.sync();
    expect(contractUse(t.ana.snapshot(), 's1', 1)).toMatchObject({ kind: 'held', by: 's3' });
  });

  it('with both contracts in use a player can open no third agreement', async () => {
    const t = table(seats(5));
    const [p1, p2, p3] = [t.ana, t.ben, t.cleo];
    const id = proposeNow(p1, 's1', 's2', 0);
    t.sync();
    p2.makeMoveSigned(tradeMoves.accept, id, 0);
    const id2 = proposeNow(p1, 's1', 's3', 1);
    t.sync();
    p3.makeMoveSigned(tradeMoves.accept, id2, 0);
    t.sync();
    expect((await expectRefusedSigned(p2, 'not-allowed', () => p2.makeMoveSigned(tradeMoves.propose, 's2', 's1', 1))).message).toMatch(/already have a trade agreement/);
    expect((await expectRefusedSigned(p3, 'not-allowed', () => p3.makeMoveSigned(tradeMoves.propose, 's3', 's1', 1))).message).toMatch(/already have a trade agreement/);
    expect(freeContracts(p1.snapshot(), 's1')).toEqual([]);
  });
});

describe('self-trading, by player count (001 "Self-Trading", "Rule Adjustments Based On The Number Of Players")', () => {
  it.each([
    [2, 2],
    [3, 2],
    [4, 1],
    [5, 0],
    [6, 0],
    [8, 0],
  ])('with %i players a player may self-trade %i contract(s), and is told why not beyond that', (n, allowed) => {
    const g = newGame(seats(n));
    g.claimSeat('s1');
    for (let c = 0; c < allowed; c++) g.makeMove(tradeMoves.selfTrade, 's1', c as 0 | 1);
    expect(agreements(g)).toHaveLength(allowed);
    const error = expectRefused(g, 'not-allowed', () => g.makeMove(tradeMoves.selfTrade, 's1', allowed === 1 ? 1 : 0));
    expect(error.message).toBe(
      allowed === 0 ? `Self-trading is not allowed with ${n} players.` : allowed === 1 ? 'With 4 players you may self-trade only one contract.' : `With ${n} players you may self-trade only both contracts.`,
    );
  });

  it('a self-trade is one card: it receives its value once, and its holder collects it', () => {
    const g = newGame(seats(3));
    g.claimSeat('s1');
    g.makeMove(tradeMoves.selfTrade, 's1', 0);
    g.makeMove(tradeMoves.placeGoods, 's1');
    expect(agreements(g)[0]).toMatchObject({ a: 's1', b: 's1', onA: { owner: 's1', value: 2, goods: 2 }, onB: null });
    g.makeMove(tradeMoves.collect, 's1');
    expect(tg(g, 's1')).toBe(1 + 2); // quick setup's 1, then the 2 collected
    expect(sentences(g.snapshot())).toEqual([
      'P1 self-traded trade contract 1',
      'P1 placed trade goods on every active trade agreement (2 trade goods in all)',
      'P1 collected 2 trade goods from trade agreements',
    ]);
  });

  it('proposing to herself is a self-trade', () => {
    const g = newGame(seats(2));
    g.claimSeat('s1');
    g.makeMoveSigned(tradeMoves.propose, 's1', 's1', 1);
    expect(agreements(g)[0]).toMatchObject({ a: 's1', b: 's1', onA: { contract: 1 } });
  });
});

describe('trade goods on agreements (001 "Receiving Trade Goods from Trade Agreements")', () => {
  it('the Trading Example: Letnev holds Sol\'s contract (2), Sol holds Letnev\'s (1); placing puts 2 and 1; Letnev collects 2', () => {
    const t = table({ ...threeSeats, seats: [{ name: 'Lea', color: 'red', race: 'letnev', tradeGoods: 0 }, { name: 'Sam', color: 'blue', race: 'sol', tradeGoods: 0 }, { name: 'Cleo', color: 'green', race: 'xxcha', tradeGoods: 0 }] });
    open(t);
    t.cleo.makeMove(tradeMoves.placeGoods, 's3');
    t.sync();
    expect(agreements(t.ana)[0]).toMatchObject({ onA: { owner: 's2', value: 2, goods: 2 }, onB: { owner: 's1', value: 1, goods: 1 } });
    t.ana.makeMove(tradeMoves.collect, 's1');
    t.sync();
    expect([tg(t.ben, 's1'), tg(t.ben, 's2')]).toEqual([2, 0]);
    expect(agreements(t.ben)[0]).toMatchObject({ onA: { goods: 0 }, onB: { goods: 1 } });
  });

  it('placing again adds to what lies there; each agreement receives its own values', () => {
    const t = table();
    open(t);
    const id = proposeNow(t.ana, 's1', 's3', 1);
    t.sync();
    t.cleo.makeMoveSigned(tradeMoves.accept, id, 0);
    t.sync();
    t.ben.makeMove(tradeMoves.placeGoods, 's2');
    t.sync();
    t.cleo.makeMove(tradeMoves.placeGoods, 's3');
    t.sync();
    const [ab, ac] = agreements(t.ana);
    expect([ab?.onA.goods, ab?.onB?.goods, ac?.onA.goods, ac?.onB?.goods]).toEqual([6, 4, 4, 4]);
  });

  it('two phones collecting the same pile at once give it once, not twice', () => {
    const t = table();
    open(t);
    t.ana.makeMove(tradeMoves.placeGoods, 's1');
    t.sync();
    // Ben's phone and a second tab of it (the same device) both record Ben's collect before hearing of the other.
    const benTab = replicaOf(t.ben, 'dev2');
    t.ben.makeMove(tradeMoves.collect, 's2');
    benTab.makeMove(tradeMoves.collect, 's2');
    merge(t.ben, benTab);
    t.sync();
    for (const p of t.phones) expect(tg(p, 's2')).toBe(2);
    expect(new Set(t.phones.map(tradeOf)).size).toBe(1);
    expect(sentences(t.ana.snapshot()).filter((x) => x.startsWith('Ben collected')).sort()).toEqual([
      'Ben collected 0 trade goods from trade agreements',
      'Ben collected 2 trade goods from trade agreements',
    ]);
  });

  it('refuses to place with no agreement open and to collect from empty agreements', () => {
    const t = table();
    expectRefused(t.ana, 'invalid-input', () => t.ana.makeMove(tradeMoves.placeGoods, 's1'));
    open(t);
    expectRefused(t.ana, 'invalid-input', () => t.ana.makeMove(tradeMoves.collect, 's1'));
  });

  it('a corrected contract value applies to the open card from then on, not to goods placed before', () => {
    const t = table();
    open(t);
    t.ana.makeMove(tradeMoves.placeGoods, 's1');
    t.sync();
    t.ben.makeMove(tradeMoves.correctContracts, 's2', [5, 3]);
    t.sync();
    t.ana.makeMove(tradeMoves.placeGoods, 's1');
    t.sync();
    expect(agreements(t.cleo)[0]).toMatchObject({ onA: { value: 5, goods: 3 + 5 }, onB: { value: 2, goods: 4 } });
    expectRefused(t.ben, 'invalid-input', () => t.ben.makeMove(tradeMoves.correctContracts, 's2', [5, 3]));
    expectRefused(t.ben, 'invalid-input', () => t.ben.makeMove(tradeMoves.correctContracts, 's2', [10, 3]));
    expect(sentences(t.cleo.snapshot())).toContain("Ben's trade contract values were corrected to 5 and 3");
  });
});

describe('breaking agreements (001 "Breaking Trade Agreements")', () => {
  function loaded() {
    const t = table();
    const id = open(t);
    // Ana holds Ben's 3, Ben holds Ana's 2: twice placed, 6 and 4.
    t.ana.makeMove(tradeMoves.placeGoods, 's1');
    t.ana.makeMove(tradeMoves.placeGoods, 's1');
    t.sync();
    return { t, id };
  }

  it('by one side only in step 8 of the status phase, refused before with the reason', () => {
    const { t, id } = loaded();
    t.ana.makeMove(roundMoves.setRound, { round: 2, phase: 'status', step: 7 });
    expect(expectRefused(t.ana, 'not-allowed', () => t.ana.makeMove(tradeMoves.breakInStatusPhase, id, 's1')).message).toBe(
      'A trade agreement may be broken by one side only in step 8 of the status phase (Scuttle units and break Trade Agreements); it is now step 7 of the status phase of round 2.',
    );
    t.ana.makeMove(roundMoves.setRound, { round: 2, phase: 'status', step: 8 });
    t.sync();
    expectRefused(t.cleo, 'not-allowed', () => t.cleo.makeMove(tradeMoves.breakInStatusPhase, id, 's3'));
    expectRefused(t.ana, 'not-allowed', () => t.ana.makeMove(tradeMoves.breakInStatusPhase, id, 's2'));
    t.ben.makeMove(tradeMoves.breakInStatusPhase, id, 's2');
    t.sync();
    // Each collects half of her own pile, rounded down: Ana 3 of 6, Ben 2 of 4; 5 discarded.
    for (const p of t.phones) expect([tg(p, 's1'), tg(p, 's2'), agreements(p).length]).toEqual([3, 2, 0]);
    expect(freeContracts(t.ana.snapshot(), 's1')).toEqual([0, 1]);
    expect(freeContracts(t.ana.snapshot(), 's2')).toEqual([0, 1]);
    expect(sentences(t.cleo.snapshot()).at(-1)).toBe('Ben broke the trade agreement between Ana and Ben in the status phase: Ana collected 3 trade goods and Ben collected 2 trade goods, 5 discarded');
  });

  it('halves round down: 7 and 3 on the cards give 3 and 1', () => {
    const t = table();
    t.ana.makeMove(tradeMoves.correctContracts, 's1', [3, 3]);
    t.ben.makeMove(tradeMoves.correctContracts, 's2', [7, 7]);
    t.sync();
    const id = open(t);
    t.ana.makeMove(tradeMoves.placeGoods, 's1');
    t.ana.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 8 });
    t.ana.makeMove(tradeMoves.breakInStatusPhase, id, 's1');
    expect([tg(t.ana, 's1'), tg(t.ana, 's2')]).toEqual([3, 1]);
  });

  it.each([
    ['s2', 's1', 0, 4],
    ['s1', 's1', 0, 4],
    ['s1', 's2', 6, 0],
    ['s2', 's2', 6, 0],
  ] as const)('after a hostile act (declared by %s, aggressor %s) the victim collects all of her pile, the aggressor nothing', (by, aggressor, anaGets, benGets) => {
    const { t, id } = loaded();
    const phone = by === 's1' ? t.ana : t.ben;
    phone.makeMove(tradeMoves.breakAfterHostileAct, id, by, aggressor);
    t.sync();
    for (const p of t.phones) expect([tg(p, 's1'), tg(p, 's2'), agreements(p).length]).toEqual([anaGets, benGets, 0]);
    expect(sentences(t.cleo.snapshot()).at(-1)).toMatch(new RegExp(`after a hostile act by ${aggressor === 's1' ? 'Ana' : 'Ben'}`));
  });

  it('the hostile act is recorded with who declared it and who performed it, in any phase', () => {
    const { t, id } = loaded();
    t.ben.makeMove(tradeMoves.breakAfterHostileAct, id, 's2', 's1');
    t.sync();
    expect(sentences(t.ana.snapshot()).at(-1)).toBe('Ben broke the trade agreement between Ana and Ben after a hostile act by Ana: Ana collected 0 trade goods and Ben collected 4 trade goods, 6 discarded');
  });

  it('a hostile act needs a partner as aggressor and never breaks a self-trade', () => {
    const { t, id } = loaded();
    expectRefused(t.ana, 'invalid-input', () => t.ana.makeMove(tradeMoves.breakAfterHostileAct, id, 's1', 's3'));
    t.ana.makeMove(tradeMoves.selfTrade, 's1', 1);
    const self = agreements(t.ana).find((x) => x.a === 's1' && x.b === 's1')?.id ?? '';
    expectRefused(t.ana, 'invalid-input', () => t.ana.makeMove(tradeMoves.breakAfterHostileAct, self, 's1', 's1'));
  });

  it('Trade card option b breaks every agreement, self-trades included, each side collecting half', () => {
    const { t } = loaded();
    t.cleo.makeMove(tradeMoves.selfTrade, 's3', 0);
    t.cleo.makeMove(tradeMoves.placeGoods, 's3');
    t.sync();
    // Ana 9 (6+3), Ben 6 (4+2), Cleo 2 (self-trade of 2).
    t.cleo.makeMove(tradeMoves.breakAll, 's3');
    t.sync();
    for (const p of t.phones) expect([tg(p, 's1'), tg(p, 's2'), tg(p, 's3'), agreements(p).length]).toEqual([4, 3, 1, 0]);
    expect(sentences(t.ana.snapshot()).at(-1)).toBe(
      'Cleo broke every trade agreement (Trade card, option b): Ana collected 4 trade goods, Ben collected 3 trade goods and Cleo collected 1 trade good, 9 discarded',
    );
  });

  it('Trade card option b may not be used with 2 players', () => {
    const g = newGame(seats(2));
    g.claimSeat('s1');
    g.makeMove(tradeMoves.selfTrade, 's1', 0);
    expect(expectRefused(g, 'not-allowed', () => g.makeMove(tradeMoves.breakAll, 's1')).message).toMatch(/With 2 players, option b/);
  });

  it('undo of the break gives the agreement and its goods back', () => {
    const { t, id } = loaded();
    t.ana.makeMove(tradeMoves.breakAfterHostileAct, id, 's1', 's2');
    expect(tg(t.ana, 's1')).toBe(6);
    t.ana.undo();
    expect(tg(t.ana, 's1')).toBe(0);
    expect(agreements(t.ana)[0]).toMatchObject({ onA: { goods: 6 }, onB: { goods: 4 } });
  });
});

describe('after a player leaves, trade follows the players still in the game (001 "Elimination" 6, "Rule Adjustments Based On The Number Of Players")', () => {
  it('after an elimination leaves 2 players, the bulk break of trade agreements follows the 2-player rule (001 "2 players" › Trade: "The option b) of the Trade Strategy Card may not be used")', () => {
    const t = table();
    open(t);
    t.cleo.makeMove(tradeMoves.selfTrade, 's3', 0);
    t.sync();
    t.ana.makeMove(roundMoves.setRound, { round: 1, phase: 'action', step: null });
    t.ana.makeMove(roundMoves.eliminate, 's3');
    t.sync();
    // Her self-trade broke with her (001 "Elimination" 2); Ana and Ben keep theirs.
    for (const p of t.phones) expect(agreements(p)).toHaveLength(1);
    expect(expectRefused(t.ana, 'not-allowed', () => t.ana.makeMove(tradeMoves.breakAll, 's1')).message).toMatch(/With 2 players, option b/);
    // Written by a phone that counts the eliminated seat: every phone refuses it and says why.
    t.ben.append([{ k: 'trade', op: 'breakAll', by: 's2' }]);
    t.sync();
    for (const p of t.phones) {
      expect(agreements(p)).toHaveLength(1);
      expect(p.snapshot().problems.at(-1)?.message).toMatch(/With 2 players, option b/);
    }
  });

  it('after an elimination at a 4-player table, the 3 left may self-trade both contracts (001 "3 players": "Players may self-trade BOTH of their Trade Agreements")', () => {
    const g = newGame(seats(4));
    g.claimSeat('s1');
    g.makeMove(tradeMoves.selfTrade, 's1', 0);
    expectRefused(g, 'not-allowed', () => g.makeMove(tradeMoves.selfTrade, 's1', 1));
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'action', step: null });
    g.makeMove(roundMoves.eliminate, 's4');
    g.makeMove(tradeMoves.selfTrade, 's1', 1);
    expect(agreements(g)).toHaveLength(2);
    expect(foldGame(readRaw(g.root) as RawGame).trade.agreements).toHaveLength(2);
  });
});

describe('races between phones: the log order settles them the same way on every phone', () => {
  /** The game's log with these events appended in this order, folded. */
  function foldWith(g: Game, ...bodies: EventBody[]): GameSnapshot {
    const raw = readRaw(g.root);
    if (!raw) throw new Error('no game');
    return foldGame({ ...raw, log: [...raw.log, ...bodies.map((b) => encodeEvent({ ...b, t: 1, dev: 'dx' } as GameEvent))] });
  }

  it('two proposals crossing: accepting one sets the other aside; accepting both opens one agreement and says so', () => {
    const g = newGame(noHacan);
    const s = foldWith(
      g,
      { k: 'trade', op: 'propose', id: 'p1', from: 's1', to: 's2', contract: 0 },
      { k: 'trade', op: 'propose', id: 'p2', from: 's2', to: 's1', contract: 1 },
      { k: 'trade', op: 'accept', id: 'p1', contract: 0 },
      { k: 'trade', op: 'accept', id: 'p2', contract: 1 },
    );
    expect(s.trade.agreements).toHaveLength(1);
    expect(s.trade.agreements[0]).toMatchObject({ id: 'p1', a: 's1', b: 's2' });
    expect(s.trade.proposals).toEqual([]);
    expect(s.problems.map((p) => p.message)).toEqual(["Ana accepted Ben's trade proposal, but Ben and Ana had already opened an agreement through another proposal: no agreement was opened."]);
    expect(sentences(s).at(-1)).toMatch(/Ana accepted Ben's trade proposal, giving Ana's trade contract 2 \(nothing happened: /);
  });

  it('an acceptance after the proposal was withdrawn opens nothing and is shown to the table', () => {
    const g = newGame(noHacan);
    const s = foldWith(
      g,
      { k: 'trade', op: 'propose', id: 'p1', from: 's1', to: 's2', contract: 0 },
      { k: 'trade', op: 'withdraw', id: 'p1' },
      { k: 'trade', op: 'accept', id: 'p1', contract: 0 },
    );
    expect(s.trade.agreements).toEqual([]);
    expect(s.problems.map((p) => p.message)).toEqual(["Ben accepted Ana's trade proposal, but Ana's proposal to Ben had already been withdrawn: no agreement was opened."]);
  });

  it('a withdrawal after the acceptance leaves the agreement standing, and says so', () => {
    const g = newGame(noHacan);
    const s = foldWith(
      g,
      { k: 'trade', op: 'propose', id: 'p1', from: 's1', to: 's2', contract: 0 },
      { k: 'trade', op: 'accept', id: 'p1', contract: 0 },
      { k: 'trade', op: 'withdraw', id: 'p1' },
    );
    expect(s.trade.agreements).toHaveLength(1);
    expect(s.problems[0]?.message).toMatch(/Ana withdrew a trade proposal, but it had already been accepted: the agreement stands/);
  });

  it('an acceptance whose contract went elsewhere meanwhile opens nothing', () => {
    const g = newGame(noHacan);
    const s = foldWith(
      g,
      { k: 'trade', op: 'propose', id: 'p1', from: 's1', to: 's2', contract: 0 },
      { k: 'trade', op: 'propose', id: 'p2', from: 's3', to: 's2', contract: 0 },
      { k: 'trade', op: 'accept', id: 'p2', contract: 0 },
      { k: 'trade', op: 'accept', id: 'p1', contract: 0 },
    );
    expect(s.trade.agreements.map((x) => x.id)).toEqual(['p2']);
    expect(s.problems[0]?.message).toBe("Ben accepted Ana's trade proposal, but no agreement was opened: Ben's trade contract 1 is already held by Cleo.");
  });

  it('two breaks of one agreement settle it once: the first in the log wins', () => {
    const g = newGame(noHacan);
    const s = foldWith(
      g,
      { k: 'trade', op: 'propose', id: 'p1', from: 's1', to: 's2', contract: 0 },
      { k: 'trade', op: 'accept', id: 'p1', contract: 0 },
      { k: 'trade', op: 'place', by: 's1' },
      { k: 'phase', round: 1, phase: 'status', step: 8 },
      { k: 'trade', op: 'break', id: 'p1', by: 's1', why: 'status' },
      { k: 'trade', op: 'break', id: 'p1', by: 's2', why: 'hostile', aggressor: 's1' },
    );
    expect([s.players.s1?.counters.tradeGoods, s.players.s2?.counters.tradeGoods]).toEqual([1, 1]);
    expect(s.problems.map((p) => p.message)).toEqual(['Ben broke the trade agreement between Ana and Ben, but it was already broken: the first settlement stands.']);
  });

  it('malformed or impossible trade events change nothing and are reported, never thrown', () => {
    const g = newGame(noHacan);
    const s = foldWith(
      g,
      { k: 'trade', op: 'propose', id: 'p1', from: 's1', to: 's9', contract: 0 },
      { k: 'trade', op: 'accept', id: 'nope', contract: 0 },
      { k: 'trade', op: 'break', id: 'nope', by: 's1', why: 'status' },
      { k: 'trade', op: 'self', id: 'x', seat: 's1', contract: 0 },
      { k: 'trade', op: 'self', id: 'x', seat: 's1', contract: 1 },
    );
    expect(s.trade.agreements.map((x) => x.id)).toEqual(['x']);
    expect(s.problems).toHaveLength(3);
  });

  it('concurrent proposals, answers and breaks on three replicas converge to one ledger', () => {
    const t = table();
    const p1 = proposeNow(t.ana, 's1', 's2', 0);
    const p2 = proposeNow(t.ben, 's2', 's1', 1);
    t.sync();
    t.ben.makeMoveSigned(tradeMoves.accept, p1, 0);
    t.ana.makeMoveSigned(tradeMoves.accept, p2, 1);
    t.cleo.makeMove(tradeMoves.selfTrade, 's3', 0);
    t.sync();
    expect(new Set(t.phones.map(tradeOf)).size).toBe(1);
    expect(agreements(t.ana).filter((x) => x.a !== x.b)).toHaveLength(1);
    expect(t.ana.snapshot().problems).toHaveLength(1);
    t.ana.makeMove(tradeMoves.placeGoods, 's1');
    t.sync();
    const id = agreements(t.ana).find((x) => x.a !== x.b)?.id ?? '';
    t.ana.makeMove(tradeMoves.breakAfterHostileAct, id, 's1', 's2');
    t.ben.makeMove(tradeMoves.breakAfterHostileAct, id, 's2', 's1');
    t.sync();
    expect(new Set(t.phones.map(tradeOf)).size).toBe(1);
    expect(agreements(t.ana).filter((x) => x.a !== x.b)).toHaveLength(0);
  });
});

/** Cleo plays the Trade card: Ana (initiative 1) and Ben (2) have taken their turns, her strategic action is under way. */
function duringCleosTrade(setup: GameSetup = noHacan) {
  const t = table(setup);
  const phoneOf: Record<string, Game> = { s1: t.ana, s2: t.ben, s3: t.cleo };
  for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 5], ['s1', 3], ['s2', 4], ['s3', 6]] as const) {
    phoneOf[seat]?.makeMove(roundMoves.pick, seat, card);
    t.sync();
  }
  for (const seat of ['s1', 's2']) {
    phoneOf[seat]?.makeMove(roundMoves.tactical, seat);
    phoneOf[seat]?.makeMove(roundMoves.endTurn, seat);
    t.sync();
  }
  t.cleo.makeMove(roundMoves.strategic, 's3', 5);
  t.sync();
  return t;
}

describe('the Trade card\'s holder approves every new agreement during her Trade (003:1514 "You must approve all new trade agreements"; 003:712 "the agreement must first be approved by the active player"; SA card 5: "then players may open agreements you approve")', () => {
  it('during Cleo\'s Trade, Ben may not accept Ana\'s proposal before Cleo approves it: the command refuses, every phone\'s fold refuses an acceptance written anyway, and the proposal still waits', async () => {
    const t = duringCleosTrade();
    const id = proposeNow(t.ana, 's1', 's2', 0);
    t.sync();
    expect((await expectRefusedSigned(t.ben, 'not-allowed', () => t.ben.makeMoveSigned(tradeMoves.accept, id, 0))).message).toBe("Cleo plays Trade: every new trade agreement needs Cleo's approval first (she approves it on her Trade tab).");
    void t.ben.appendSigned([{ k: 'trade', op: 'accept', id, contract: 0 }]);
    t.sync();
    for (const phone of t.phones) {
      expect(agreements(phone)).toEqual([]);
      expect(phone.snapshot().trade.proposals.map((p) => p.id)).toEqual([id]);
    }
    expect(t.ana.snapshot().problems.map((p) => p.message)).toContain("Ben accepted Ana's trade proposal, but no agreement was opened yet: Cleo plays Trade: every new trade agreement needs Cleo's approval first (she approves it on her Trade tab).");
  });

  it('Cleo approves on her phone, then Ben accepts: the agreement opens, and the log says who approved it', () => {
    const t = duringCleosTrade();
    const id = proposeNow(t.ana, 's1', 's2', 0);
    t.sync();
    void t.cleo.makeMoveSigned(tradeMoves.approve, id);
    t.sync();
    expect(t.ben.snapshot().trade.proposals[0]?.approval).toEqual({ by: 's3', round: 1 });
    void t.ben.makeMoveSigned(tradeMoves.accept, id, 1);
    t.sync();
    for (const phone of t.phones) expect(agreements(phone)).toMatchObject([{ a: 's1', b: 's2' }]);
    expect(sentences(t.ana.snapshot())).toContain("Cleo approved Ana's trade proposal to Ben (Trade)");
    expect(t.ana.snapshot().problems).toEqual([]);
  });

  it('a proposal Cleo refuses is closed: Ben has nothing left to accept, and the log says so', async () => {
    const t = duringCleosTrade();
    const id = proposeNow(t.ana, 's1', 's2', 0);
    t.sync();
    t.cleo.makeMove(tradeMoves.veto, id);
    t.sync();
    for (const phone of t.phones) expect(phone.snapshot().trade.proposals).toEqual([]);
    expect(sentences(t.ben.snapshot()).at(-1)).toBe("Cleo refused Ana's trade proposal to Ben (Trade)");
    await expectRefusedSigned(t.ben, 'invalid-input', () => t.ben.makeMoveSigned(tradeMoves.accept, id, 0));
  });

  it('only the holder approves, and only during her Trade: another seat\'s approval is refused by the command and by every phone\'s fold', async () => {
    const t = duringCleosTrade();
    const id = proposeNow(t.ana, 's1', 's2', 0);
    t.sync();
    expect((await expectRefusedSigned(t.ana, 'not-allowed', () => t.ana.makeMoveSigned(tradeMoves.approve, id))).message).toMatch(/Only Cleo, who plays Trade, approves/);
    void t.ana.appendSigned([{ k: 'trade', op: 'approve', id, by: 's1' }]);
    t.sync();
    expect(t.ben.snapshot().trade.proposals[0]?.approval).toBeUndefined();
    expect(t.ben.snapshot().problems.map((p) => p.message).at(-1)).toMatch(/^Ana approved Ana's trade proposal to Ben, but only Cleo, who plays Trade, approves/);
    t.cleo.makeMove(roundMoves.endTurn, 's3');
    t.sync();
    expect((await expectRefusedSigned(t.cleo, 'not-allowed', () => t.cleo.makeMoveSigned(tradeMoves.approve, id))).message).toMatch(/No Trade card is being played/);
  });

  it('her own agreements need no approval but her own, and none is asked outside her Trade (no Trade played, or her turn over)', () => {
    const t = duringCleosTrade();
    const mine = proposeNow(t.cleo, 's3', 's1', 0);
    t.sync();
    void t.ana.makeMoveSigned(tradeMoves.accept, mine, 0);
    const other = proposeNow(t.ana, 's1', 's2', 1);
    t.sync();
    expect(agreements(t.ben)).toHaveLength(1);
    t.cleo.makeMove(roundMoves.endTurn, 's3');
    t.sync();
    void t.ben.makeMoveSigned(tradeMoves.accept, other, 0);
    t.sync();
    expect(agreements(t.cleo)).toHaveLength(2);
    expect(t.cleo.snapshot().problems).toEqual([]);
  });

  it('the Hacan need no approval (003:1058 "You do not require approval to make a Trade Agreement"): during Cleo\'s Trade, Ana\'s proposal to Ben (Hacan) opens when Ben accepts', () => {
    const t = duringCleosTrade(threeSeats);
    const id = proposeNow(t.ana, 's1', 's2', 0);
    t.sync();
    void t.ben.makeMoveSigned(tradeMoves.accept, id, 0);
    t.sync();
    expect(agreements(t.cleo)).toMatchObject([{ a: 's1', b: 's2' }]);
    expect(t.cleo.snapshot().problems).toEqual([]);
  });

  it('a self-trade during Cleo\'s Trade is a new agreement too: it waits for her approval, and opens when she approves (001 "Self-Trading": "treat it as a Trade Agreement opened with yourself")', () => {
    const t = duringCleosTrade();
    expect(expectRefused(t.ana, 'not-allowed', () => t.ana.makeMove(tradeMoves.selfTrade, 's1', 1)).message).toMatch(/needs Cleo's approval first/);
    const id = proposeNow(t.ana, 's1', 's1', 1);
    t.sync();
    expect(agreements(t.cleo)).toEqual([]);
    expect(t.cleo.snapshot().trade.proposals).toMatchObject([{ id, from: 's1', to: 's1', contract: 1 }]);
    void t.cleo.makeMoveSigned(tradeMoves.approve, id);
    t.sync();
    for (const phone of t.phones) {
      expect(agreements(phone)).toMatchObject([{ id, a: 's1', b: 's1', onA: { owner: 's1', contract: 1 } }]);
      expect(phone.snapshot().trade.proposals).toEqual([]);
    }
    expect(t.ana.snapshot().problems).toEqual([]);
  });
});

describe('trade events in the log', () => {
  const ops: EventBody[] = [
    { k: 'trade', op: 'propose', id: 'ab12-x', from: 's1', to: 's2', contract: 1 },
    { k: 'trade', op: 'accept', id: 'ab12-x', contract: 0 },
    { k: 'trade', op: 'decline', id: 'ab12-x' },
    { k: 'trade', op: 'withdraw', id: 'ab12-x' },
    { k: 'trade', op: 'approve', id: 'ab12-x', by: 's3' },
    { k: 'trade', op: 'veto', id: 'ab12-x', by: 's3' },
    { k: 'trade', op: 'open', id: 'cd34-y', from: 's2', to: 's1', contract: 1, theirs: 0 },
    { k: 'trade', op: 'self', id: 'q', seat: 's3', contract: 0 },
    { k: 'trade', op: 'place', by: 's1' },
    { k: 'trade', op: 'collect', seat: 's2' },
    { k: 'trade', op: 'break', id: 'q', by: 's2', why: 'status' },
    { k: 'trade', op: 'break', id: 'q', by: 's2', why: 'hostile', aggressor: 's1' },
    { k: 'trade', op: 'breakAll', by: 's3' },
    { k: 'trade', op: 'contracts', seat: 's1', values: [0, 9] },
  ];

  it.each(ops.map((e) => [e.k === 'trade' ? e.op : '', e] as const))('a trade %s event survives encoding and decoding unchanged', (_op, body) => {
    const e = { ...body, t: 3, dev: 'abc' } as GameEvent;
    expect(decodeEvent(encodeEvent(e))).toEqual(e);
  });

  it.each([
    ['unknown operation', ['T', 1, 'd', '?', 'x']],
    ['contract 3', ['T', 1, 'd', 'p', 'id', 's1', 's2', 2]],
    ['hostile act without aggressor', ['T', 1, 'd', 'b', 'id', 's1', 'h']],
    ['status break with aggressor', ['T', 1, 'd', 'b', 'id', 's1', 's', 's2']],
    ['contract value 10', ['T', 1, 'd', 'v', 's1', 10, 1]],
    ['empty seat', ['T', 1, 'd', 'c', '']],
  ])('rejects a malformed trade event (%s)', (_what, raw) => {
    expect(decodeEvent(raw)).toBeUndefined();
  });
});

describe('the Hacan (003 "Appendix 2": Masters of Trade)', () => {
  /** Ana (Sol) and Ben (Hacan) hold an agreement with goods on both cards. */
  function withHacan() {
    const t = table(threeSeats);
    const id = proposeNow(t.ana, 's1', 's2', 0);
    t.sync();
    t.ben.makeMoveSigned(tradeMoves.accept, id, 0);
    t.sync();
    t.cleo.makeMove(tradeMoves.placeGoods, 's3');
    t.sync();
    return { t, id };
  }

  it('receive one more trade good for each agreement they collect from; their partner does not', () => {
    const { t } = withHacan();
    const x = agreements(t.ana)[0];
    const [onAna, onBen] = [x?.onA.goods ?? 0, x?.onB?.goods ?? 0];
    t.ben.makeMove(tradeMoves.collect, 's2');
    t.ana.makeMove(tradeMoves.collect, 's1');
    t.sync();
    expect([tg(t.ana, 's1'), tg(t.ana, 's2')]).toEqual([onAna, onBen + 1]);
  });

  it('no partner may break an agreement with them by choice; the Hacan may, and a hostile act still breaks it', () => {
    const { t, id } = withHacan();
    t.ana.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 8 });
    t.sync();
    expect(expectRefused(t.ana, 'not-allowed', () => t.ana.makeMove(tradeMoves.breakInStatusPhase, id, 's1')).message).toMatch(/No player may voluntarily break a trade agreement with Ben/);
    t.ben.makeMove(tradeMoves.breakInStatusPhase, id, 's2');
    t.sync();
    expect(agreements(t.ana)).toEqual([]);
  });

  it('a forged break by the partner is refused by every phone\'s fold and shown to the table', () => {
    const { t } = withHacan();
    t.ana.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 8 });
    const s = foldGame({ ...(readRaw(t.ana.root) as RawGame), log: [...(readRaw(t.ana.root) as RawGame).log, encodeEvent({ k: 'trade', op: 'break', id: agreements(t.ana)[0]?.id as string, by: 's1', why: 'status', t: 1, dev: 'dev1' } as GameEvent)] });
    expect(s.trade.agreements).toHaveLength(1);
    expect(s.problems.map((p) => p.message)).toContain('Ana tried to break a trade agreement with Ben, which no player may break by choice; nothing changed.');
  });

  it('the Hacan still need their partner\'s consent (003:710 "After agreeing to trade"; 001 "Opening Trade Agreements": "When two players want to open a Trade Agreement"): their ability lifts the Trade holder\'s approval (003:712, 003:1058), so every phone\'s fold refuses an agreement opened without the partner\'s answer', () => {
    const t = table(threeSeats);
    // Written by a phone that skips the commands (the app offers no such opening): signed by Ben's phone, refused by every fold.
    void t.ben.appendSigned([{ k: 'trade', op: 'open', id: 'forged-1', from: 's2', to: 's1', contract: 1, theirs: 0 }]);
    t.sync();
    for (const phone of t.phones) expect(agreements(phone)).toEqual([]);
    expect(t.cleo.snapshot().problems.map((p) => p.message)).toContain(
      "Ben opened a trade agreement with Ana without approval, but no agreement was opened: Ana's consent is needed: a race ability lifts only the Trade card holder's approval (003 Appendix 2, Hacan); propose it, and Ana accepts on her own phone.",
    );
    // The usual way: Ben proposes and Ana accepts on her phone.
    const id = proposeNow(t.ben, 's2', 's1', 1);
    t.sync();
    t.ana.makeMoveSigned(tradeMoves.accept, id, 0);
    t.sync();
    expect(agreements(t.cleo)).toMatchObject([{ a: 's2', b: 's1' }]);
  });
});
