import { describe, it, expect } from 'vitest';
import {
  BREAK_AGREEMENTS_STEP,
  canBreakInStatusPhase,
  canOpenAgreement,
  canUseTradeOptionB,
  approvalNeededFrom,
  tradeNegotiator,
  collectTradeGoods,
  placeTradeGoods,
  selfTradeAllowed,
  settleBrokenAgreement,
  type TradeAgreement,
} from '../../../src/rules/trade';

describe('the Trading Example (001 "Trade Contracts and Trade Agreements" › "Trading Example")', () => {
  // Letnev gave Sol a contract of value 1; Sol gave Letnev one of value 2. Side A is Letnev, who holds
  // Sol's contract (2); side B is Sol, who holds Letnev's (1).
  const opened: TradeAgreement = { a: 'letnev', b: 'sol', valueOnA: 2, valueOnB: 1, goodsOnA: 0, goodsOnB: 0 };
  const loaded = placeTradeGoods(opened);

  it('placing trade goods puts 2 on Letnev\'s agreement and 1 on Sol\'s', () => {
    expect([loaded.goodsOnA, loaded.goodsOnB]).toEqual([2, 1]);
  });

  it('Letnev collecting gains the 2 on Sol\'s contract and leaves Sol\'s pile alone', () => {
    const { collected, agreement } = collectTradeGoods(loaded, 'A');
    expect(collected).toBe(2);
    expect([agreement.goodsOnA, agreement.goodsOnB]).toEqual([0, 1]);
  });

  it('broken by Sol\'s hostile act against Letnev: Letnev gains 2, Sol gains nothing and discards 1', () => {
    expect(settleBrokenAgreement({ goodsOnA: loaded.goodsOnA, goodsOnB: loaded.goodsOnB, hostile: { aggressor: 'B' } })).toEqual({
      collectA: 2,
      collectB: 0,
      discarded: 1,
    });
  });

  it('broken for another reason: Letnev gains half of 2 (1), Sol half of 1 rounded down (0)', () => {
    expect(settleBrokenAgreement({ goodsOnA: loaded.goodsOnA, goodsOnB: loaded.goodsOnB })).toEqual({ collectA: 1, collectB: 0, discarded: 2 });
  });
});

describe('breaking trade agreements (001 "Breaking Trade Agreements")', () => {
  it.each([
    [5, 4, 'A', 0, 4, 5],
    [5, 4, 'B', 5, 0, 4],
  ] as const)('after a hostile act (%i on A, %i on B, aggressor %s) the victim keeps her own pile, the aggressor\'s is discarded', (onA, onB, aggressor, a, b, discarded) => {
    expect(settleBrokenAgreement({ goodsOnA: onA, goodsOnB: onB, hostile: { aggressor } })).toEqual({ collectA: a, collectB: b, discarded });
  });

  it.each([
    [0, 0, 0, 0],
    [7, 3, 3, 1],
    [6, 9, 3, 4],
  ])('otherwise each collects half of her pile, rounded down (%i, %i → %i, %i)', (onA, onB, a, b) => {
    const r = settleBrokenAgreement({ goodsOnA: onA, goodsOnB: onB });
    expect([r.collectA, r.collectB]).toEqual([a, b]);
    expect(r.discarded).toBe(onA + onB - a - b);
  });

  it('placing goods again adds to what already lies there (001 "Receiving Trade Goods from Trade Agreements")', () => {
    const twice = placeTradeGoods(placeTradeGoods({ a: 'x', b: 'y', valueOnA: 3, valueOnB: 1, goodsOnA: 0, goodsOnB: 0 }));
    expect([twice.goodsOnA, twice.goodsOnB]).toEqual([6, 2]);
  });
});

describe('self-trading (001 "Self-Trading", "Rule Adjustments Based On The Number Of Players")', () => {
  it.each([
    [2, 2],
    [3, 2],
    [4, 1],
    [5, 0],
    [6, 0],
    [8, 0],
  ])('with %i players a player may self-trade %i of her contracts', (players, allowed) => {
    expect(selfTradeAllowed(players)).toBe(allowed);
  });

  it('a 4-player self-trade is allowed once, a 3-player one twice, a 6-player one never', () => {
    const one = [{ a: 'ann', b: 'ann' }];
    expect(canOpenAgreement({ a: 'ann', b: 'ann', open: [], playerCount: 4 }).ok).toBe(true);
    expect(canOpenAgreement({ a: 'ann', b: 'ann', open: one, playerCount: 4 }).ok).toBe(false);
    expect(canOpenAgreement({ a: 'ann', b: 'ann', open: one, playerCount: 3 }).ok).toBe(true);
    expect(canOpenAgreement({ a: 'ann', b: 'ann', open: [], playerCount: 6 }).ok).toBe(false);
  });
});

describe('opening trade agreements (001 "Opening Trade Agreements", "Trade Contracts")', () => {
  it('two players may not hold two agreements with each other', () => {
    expect(canOpenAgreement({ a: 'ann', b: 'bob', open: [{ a: 'bob', b: 'ann' }], playerCount: 6 })).toEqual({
      ok: false,
      reason: expect.stringMatching(/already have a trade agreement/),
    });
  });

  it('a player with both contracts in use cannot open another', () => {
    const open = [{ a: 'ann', b: 'bob' }, { a: 'cy', b: 'ann' }];
    expect(canOpenAgreement({ a: 'ann', b: 'dee', open, playerCount: 6 }).ok).toBe(false);
    expect(canOpenAgreement({ a: 'bob', b: 'dee', open, playerCount: 6 }).ok).toBe(true);
  });

  it('a self-trade uses one of her two contracts', () => {
    const open = [{ a: 'ann', b: 'ann' }, { a: 'ann', b: 'bob' }];
    expect(canOpenAgreement({ a: 'ann', b: 'cy', open, playerCount: 3 }).ok).toBe(false);
    expect(canOpenAgreement({ a: 'ann', b: 'ann', open, playerCount: 3 }).ok).toBe(false);
  });
});

describe('when an agreement may be broken (001 "Breaking Trade Agreements", Status Phase step 8)', () => {
  it('one side may break it only in step 8, "Scuttle units and break Trade Agreements"', () => {
    expect(BREAK_AGREEMENTS_STEP).toBe(8);
    expect(canBreakInStatusPhase({ round: 3, phase: 'status', step: 8 }).ok).toBe(true);
    for (const step of [1, 5, 7, 9]) expect(canBreakInStatusPhase({ round: 3, phase: 'status', step }).ok).toBe(false);
    expect(canBreakInStatusPhase({ round: 3, phase: 'action', step: null })).toEqual({ ok: false, reason: expect.stringMatching(/step 8 .* it is now the action phase of round 3/) });
  });

  it.each([
    [2, false],
    [3, true],
    [4, true],
    [8, true],
  ])('Trade card option b (break all agreements) with %i players: allowed %s', (players, ok) => {
    expect(canUseTradeOptionB(players).ok).toBe(ok);
  });
});

describe('the Hacan bonus in a settlement (003 "Appendix 2")', () => {
  it('adds the bonus to a side that collects something, from the supply: the goods discarded do not change', () => {
    expect(settleBrokenAgreement({ goodsOnA: 6, goodsOnB: 3, bonusA: 1 })).toEqual({ collectA: 4, collectB: 1, discarded: 5 });
    expect(settleBrokenAgreement({ goodsOnA: 6, goodsOnB: 3, hostile: { aggressor: 'A' }, bonusA: 1, bonusB: 1 })).toEqual({ collectA: 0, collectB: 4, discarded: 6 });
    expect(settleBrokenAgreement({ goodsOnA: 1, goodsOnB: 0, bonusB: 1 })).toEqual({ collectA: 0, collectB: 0, discarded: 1 });
  });
});

describe('the Trade card\'s holder approves new agreements (003:1514 "You must approve all new trade agreements"; SA card 5: "then players may open agreements you approve")', () => {
  const races: Record<string, string> = { ana: 'sol', ben: 'letnev', cleo: 'xxcha', hana: 'hacan' };
  const raceOf = (seat: string) => races[seat];
  const need = (holder: string | null, a: string, b: string) => approvalNeededFrom({ holder, a, b, raceOf });

  it('during the Trade primary a new agreement between two other players, or another player\'s self-trade, needs the holder\'s approval', () => {
    expect(need('cleo', 'ana', 'ben')).toBe('cleo');
    expect(need('cleo', 'ana', 'ana')).toBe('cleo');
  });

  it('the holder\'s own agreements need none: agreeing is her approval', () => {
    expect([need('cleo', 'cleo', 'ana'), need('cleo', 'ben', 'cleo'), need('cleo', 'cleo', 'cleo')]).toEqual([null, null, null]);
  });

  it('the Hacan need none (003:1058 "You do not require approval to make a Trade Agreement": the active player\'s approval, 003:712), nor their partner in that agreement', () => {
    expect([need('cleo', 'hana', 'ana'), need('cleo', 'ben', 'hana'), need('cleo', 'hana', 'hana')]).toEqual([null, null, null]);
  });

  it('outside the Trade primary, or with Trade played by no player (001 "5 players": its "Primary Ability has no effect"), nobody approves', () => {
    expect(need(null, 'ana', 'ben')).toBeNull();
  });

  it('the negotiations are the holder\'s strategic action playing Trade: not another card, not a tactical action', () => {
    expect(tradeNegotiator({ active: 'cleo', acting: 'strategic', playing: 5 })).toBe('cleo');
    expect(tradeNegotiator({ active: 'cleo', acting: 'strategic', playing: 7 })).toBeNull();
    expect(tradeNegotiator({ active: 'cleo', acting: 'tactical', playing: null })).toBeNull();
    expect(tradeNegotiator({ active: null, acting: null, playing: null })).toBeNull();
  });
});

