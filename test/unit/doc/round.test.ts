import { describe, expect, it } from 'vitest';
import { createGame, decodeEvent, encodeEvent } from '../../../src/doc';
import type { Game, GameSetup, EventBody, GameEvent, LogEntry, PlayerState } from '../../../src/doc';
import { awaited, rotation, turnOrder } from '../../../src/doc/round';
import type { RoundOp } from '../../../src/doc/round';
import { RoundFold } from '../../../src/doc/round/fold';
import type { RoundState } from '../../../src/rules/round';
import { statusIncome } from '../../../src/rules/status';
import { clockAt, expectRefused, merge, replicaOf } from './fixtures';
import * as objectiveMoves from '../../../src/doc/objectives/moves';
import * as roundMoves from '../../../src/doc/round/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

const RACES = ['sol', 'hacan', 'xxcha', 'jol-nar', 'letnev', 'mentak', 'naalu', 'sardakk'];
const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal'];
const COLORS = ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'black', 'pink'];

function table(players: number, vpGoal = 12): Game {
  const setup: GameSetup = {
    name: 'Round night',
    vpGoal,
    options: { pathOfFate: false, simultaneousTactical: false, ascendancy: false },
    seats: NAMES.slice(0, players).map((name, i) => ({ name, color: COLORS[i] as string, race: RACES[i] as string })),
  };
  return createGame(setup, { id: 'round1', secret: 'secret', device: 'dev1', clock: clockAt(1_700_000_000_000) });
}

const t = (g: Game) => g.snapshot().tracker;
const r = (g: Game) => g.snapshot().round;
const counters = (g: Game, seat: string) => g.snapshot().players[seat]?.counters;
const holders = (g: Game) => Object.fromEntries(t(g).cards.filter((c) => c.holder).map((c) => [c.initiative, c.holder]));

/** Everyone picks in turn: the picker takes the lowest free card (or the one listed for her). */
function pickAll(g: Game, prefer: Record<string, number[]> = {}): void {
  for (let guard = 0; t(g).picker && guard < 40; guard++) {
    const seat = t(g).picker as string;
    const free = t(g).cards.filter((c) => !c.holder);
    const wanted = (prefer[seat] ?? []).find((n) => free.some((c) => c.initiative === n));
    const card = free.find((c) => c.initiative === wanted) ?? (free[0] as { initiative: number; bonus: number });
    g.makeMove(roundMoves.pick, seat, card.initiative, { tradeGoods: card.bonus, pool: 0, fleet: 0, strat: 0 });
  }
}

/** The action phase with every player playing her cards then passing. */
function playActions(g: Game): void {
  for (let guard = 0; r(g).phase === 'action' && guard < 100; guard++) {
    const actor = t(g).active as string;
    if (actor.startsWith('#')) {
      g.makeMove(roundMoves.playForNobody, Number(actor.slice(1)));
      continue;
    }
    const card = t(g).cards.find((c) => c.holder === actor && !c.played);
    if (card) {
      g.makeMove(roundMoves.strategic, actor, card.initiative);
      g.makeMove(roundMoves.endTurn, actor);
    } else g.makeMove(roundMoves.pass, actor);
  }
}

function statusPhase(g: Game): void {
  for (let guard = 0; r(g).phase === 'status' && guard < 100; guard++) {
    const seat = awaited(g.snapshot())[0] as string;
    const race = g.snapshot().seats.find((x) => x.id === seat)?.race;
    if (r(g).step === 6) g.makeMove(roundMoves.receive, seat, { pool: statusIncome(g.snapshot().seats.length, race).counters, fleet: 0, strat: 0 });
    else g.makeMove(roundMoves.done, seat);
  }
}

describe('strategy phase: picking (001 "Strategy Card Picking")', () => {
  it('the speaker picks first, then round the table in the rotation cycler\'s direction; out of turn is refused', () => {
    const g = table(4);
    g.makeMove(roundMoves.setSpeaker, 's3');
    g.makeMove(roundMoves.setDirection, 's3', 'counterclockwise');
    expect(rotation(g.snapshot())).toEqual(['s3', 's2', 's1', 's4']);
    expect(t(g).picker).toBe('s3');
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.pick, 's1', 1));
    g.makeMove(roundMoves.pick, 's3', 5);
    expect(t(g).picker).toBe('s2');
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.pick, 's2', 5));
  });

  it('only the speaker turns the rotation cycler', () => {
    const g = table(3);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.setDirection, 's2', 'counterclockwise'));
  });

  it('4 players pick two cards each, one at a time, among nine (Prospect is in)', () => {
    const g = table(4);
    expect(t(g).cards.map((c) => c.initiative)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    pickAll(g);
    expect(holders(g)).toEqual({ 1: 's1', 2: 's2', 3: 's3', 4: 's4', 5: 's1', 6: 's2', 7: 's3', 8: 's4' });
    expect(r(g).phase).toBe('action');
  });

  it.each([
    [2, 3, 8],
    [3, 2, 8],
    [6, 1, 8],
    [7, 1, 9],
    [8, 1, 9],
  ])('%i players: each picks %i, among %i cards, then the action phase starts', (players, each, cards) => {
    const g = table(players);
    expect(t(g).cards.length).toBe(cards);
    pickAll(g);
    const held = t(g).cards.filter((c) => c.holder);
    expect(held.length).toBe(players * each);
    for (let i = 1; i <= players; i++) expect(held.filter((c) => c.holder === `s${i}`).length).toBe(each);
    expect(r(g)).toEqual({ round: 1, phase: 'action', step: null });
  });

  it('a bonus counter goes on each unpicked card and they stack; the next picker converts them as she chooses', () => {
    const g = table(4);
    pickAll(g, { s1: [1, 2] });
    expect(t(g).cards.find((c) => c.initiative === 9)?.bonus).toBe(1);
    expect(t(g).cards.filter((c) => c.holder).every((c) => c.bonus === 0)).toBe(true);
    playActions(g);
    statusPhase(g);
    expect(r(g)).toEqual({ round: 2, phase: 'strategy', step: null });
    // Cards are back on the table; Prospect kept its counter. Nobody takes it in round 2 either: 2 counters.
    expect(t(g).cards.every((c) => c.holder === null && !c.played)).toBe(true);
    pickAll(g);
    expect(t(g).cards.find((c) => c.initiative === 9)?.bonus).toBe(2);
    playActions(g);
    statusPhase(g);
    // Round 3: Ana picks Prospect and takes 1 trade good and 1 command counter for its 2 bonus counters.
    const before = counters(g, 's1');
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.pick, 's1', 9, { tradeGoods: 1, pool: 0, fleet: 0, strat: 0 }));
    g.makeMove(roundMoves.pick, 's1', 9, { tradeGoods: 1, pool: 0, fleet: 0, strat: 1 });
    expect(counters(g, 's1')?.tradeGoods).toBe((before?.tradeGoods ?? 0) + 1);
    expect(counters(g, 's1')?.strategyAllocation).toBe((before?.strategyAllocation ?? 0) + 1);
    expect(t(g).cards.find((c) => c.initiative === 9)?.bonus).toBe(0);
  });

  it('5 players: an unpicked card is drawn, loses its new bonus counter and takes a turn played by no player', () => {
    const g = table(5);
    pickAll(g);
    const drawn = t(g).cards.filter((c) => c.nobody);
    expect(drawn.length).toBe(1);
    const card = drawn[0] as { initiative: number; bonus: number };
    expect(card.bonus).toBe(0);
    expect(t(g).cards.filter((c) => !c.holder && !c.nobody).every((c) => c.bonus === 1)).toBe(true);
    expect(t(g).order).toContain(`#${card.initiative}`);
    playActions(g);
    expect(t(g).cards.find((c) => c.nobody)?.played).toBe(true);
    expect(t(g).secondaries.find((o) => o.card === card.initiative)).toMatchObject({ by: null });
    expect(r(g)).toEqual({ round: 1, phase: 'status', step: 1 });
  });

  it('two phones picking the same card at once: the first in log order wins, the other is refused for the table to see', () => {
    const a = table(3);
    a.claimSeat('s1');
    const b = replicaOf(a, a.device);
    // Ana's phone and a second tab of it both pick for her before hearing of each other.
    a.makeMove(roundMoves.pick, 's1', 1);
    b.makeMove(roundMoves.pick, 's1', 1);
    merge(a, b);
    for (const g of [a, b]) {
      expect(holders(g)).toEqual({ 1: 's1' });
      expect(t(g).picksMade).toBe(1);
      expect(t(g).picker).toBe('s2');
      expect(t(g).notices.filter((n) => n.refused).map((n) => n.text)).toEqual([expect.stringMatching(/Ana's pick of Leadership did not count/)]);
    }
    expect(JSON.stringify(a.snapshot().tracker)).toBe(JSON.stringify(b.snapshot().tracker));
  });
});

describe('the turn order the table view shows (issue 35 item 6)', () => {
  const order = (g: Game) => turnOrder(g.snapshot()).map((p) => (p.initiative === null ? p.actor : `${p.initiative} ${p.actor}`));

  it('is the picking order from the speaker before any pick, then grows with the picks by initiative (her lowest card), those still to pick after', () => {
    const g = table(4);
    g.makeMove(roundMoves.setSpeaker, 's2');
    expect(order(g)).toEqual(['s2', 's3', 's4', 's1']);
    g.makeMove(roundMoves.pick, 's2', 7);
    g.makeMove(roundMoves.pick, 's3', 2);
    expect(order(g)).toEqual(['2 s3', '7 s2', 's4', 's1']);
    for (const [seat, card] of [['s4', 5], ['s1', 8], ['s2', 3], ['s3', 6], ['s4', 1], ['s1', 4]] as const) g.makeMove(roundMoves.pick, seat, card);
    // Two cards each: her lower one places her (001 "Initiative").
    expect(order(g)).toEqual(['1 s4', '2 s3', '3 s2', '4 s1']);
    expect(r(g).phase).toBe('action');
    expect(t(g).order).toEqual(['s4', 's3', 's2', 's1']);
  });

  it('keeps the round\'s order through the action and status phases, and starts again from the picking order in the next round', () => {
    const g = table(3);
    pickAll(g, { s1: [8, 7], s2: [4, 3], s3: [1, 6] });
    expect(order(g)).toEqual(['1 s3', '3 s2', '7 s1']);
    playActions(g);
    expect(r(g).phase).toBe('status');
    expect(order(g)).toEqual(['1 s3', '3 s2', '7 s1']);
    statusPhase(g);
    expect(r(g)).toEqual({ round: 2, phase: 'strategy', step: null });
    expect(order(g)).toEqual(['s1', 's2', 's3']);
  });

  it('5 players: the card drawn for no player takes its place by its initiative', () => {
    const g = table(5);
    pickAll(g);
    const drawn = t(g).cards.find((c) => c.nobody)?.initiative as number;
    const places = turnOrder(g.snapshot());
    expect(places.find((p) => p.actor === `#${drawn}`)?.initiative).toBe(drawn);
    expect(places.map((p) => p.initiative)).toEqual([...places.map((p) => p.initiative)].sort((a, b) => (a ?? 0) - (b ?? 0)));
  });
});

describe('action phase (001 "Action Phase")', () => {
  function toActions(): Game {
    const g = table(3);
    // Rotation: Ana, Ben, Cleo, Ana, Ben, Cleo. Ana 6+2, Ben 5+8, Cleo 3+7: Ana by 2, Cleo by 3, Ben by 5.
    pickAll(g, { s1: [6, 2], s2: [5, 8], s3: [3, 7] });
    return g;
  }

  it('goes in initiative order, a player with several cards by her lowest', () => {
    const g = toActions();
    expect(t(g).order).toEqual(['s1', 's3', 's2']);
    expect(t(g).active).toBe('s1');
    expect(awaited(g.snapshot())).toEqual(['s1']);
  });

  it('a strategic action marks the card played and offers its secondary ability to the others', () => {
    const g = toActions();
    const strat = (seat: string) => counters(g, seat)?.strategyAllocation ?? 0;
    g.makeMove(roundMoves.strategic, 's1', 2);
    expect(t(g).cards.find((c) => c.initiative === 2)?.played).toBe(true);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.secondary, 's1', 2, true));
    const before = strat('s2');
    g.makeMove(roundMoves.secondary, 's2', 2, true);
    g.makeMove(roundMoves.secondary, 's3', 2, false);
    expect(strat('s2')).toBe(before - 1);
    expect(t(g).secondaries).toEqual([{ card: 2, by: 's1', answers: { s2: true, s3: false } }]);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.secondary, 's2', 2, true));
    // Her turn goes on until she ends it.
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.tactical, 's1'));
    g.makeMove(roundMoves.endTurn, 's1');
    expect(t(g).active).toBe('s3');
  });

  it('a tactical action spends a command pool counter; passing is refused until her cards are played', () => {
    const g = toActions();
    const pool = counters(g, 's1')?.commandPool ?? 0;
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.pass, 's1'));
    g.makeMove(roundMoves.tactical, 's1');
    expect(counters(g, 's1')?.commandPool).toBe(pool - 1);
    g.makeMove(roundMoves.endTurn, 's1');
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.tactical, 's1'));
  });

  it('ends when all have passed, skipping those who passed, and the status phase begins', () => {
    const g = toActions();
    for (const [seat, card] of [['s1', 2], ['s3', 3], ['s2', 5], ['s1', 6], ['s3', 7], ['s2', 8]] as const) {
      expect(t(g).active).toBe(seat);
      g.makeMove(roundMoves.strategic, seat, card);
      g.makeMove(roundMoves.endTurn, seat);
    }
    g.makeMove(roundMoves.pass, 's1');
    g.makeMove(roundMoves.tactical, 's3');
    g.makeMove(roundMoves.endTurn, 's3');
    expect(t(g).active).toBe('s2');
    g.makeMove(roundMoves.pass, 's2');
    expect(t(g).active).toBe('s3');
    g.makeMove(roundMoves.pass, 's3');
    expect(r(g)).toEqual({ round: 1, phase: 'status', step: 1 });
    expect(t(g).active).toBeNull();
  });
});

describe('status phase checklist (001 "Status Phase")', () => {
  function toStatus(players = 3): Game {
    const g = table(players);
    pickAll(g);
    playActions(g);
    return g;
  }

  it('every seat finishes each step for itself; the table waits for the others, then moves on', () => {
    const g = toStatus();
    expect(r(g).step).toBe(1);
    g.makeMove(roundMoves.done, 's1');
    expect(awaited(g.snapshot())).toEqual(['s2', 's3']);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.done, 's1'));
    g.makeMove(roundMoves.done, 's2');
    g.makeMove(roundMoves.done, 's3');
    // Step 2, progression feedback, is automatic: straight on to step 3.
    expect(r(g).step).toBe(3);
  });

  it('progression feedback: the VP leader gains her lead in trade goods', () => {
    const g = toStatus();
    g.makeMove(sheetMoves.adjustCounter, 's2', 'vp', 3);
    g.makeMove(sheetMoves.adjustCounter, 's3', 'vp', 1);
    const tg = counters(g, 's2')?.tradeGoods ?? 0;
    for (const s of ['s1', 's2', 's3']) g.makeMove(roundMoves.done, s);
    expect(counters(g, 's2')?.tradeGoods).toBe(tg + 2);
    expect(t(g).feedback).toEqual({ seat: 's2', tradeGoods: 2 });
  });

  it('produces trade goods 2:1 at step 3 only, from exhausted planets', () => {
    const g = toStatus();
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.produceTradeGoods, 's1', 4, { planets: ['jord'], tradeGoods: 0 }));
    for (const s of ['s1', 's2', 's3']) g.makeMove(roundMoves.done, s);
    g.makeMove(roundMoves.produceTradeGoods, 's1', 4, { planets: ['jord'], tradeGoods: 0 });
    expect(counters(g, 's1')?.tradeGoods).toBe(1 + 2); // quick setup's 1, then 2 for 4 resources
    expect(g.snapshot().planets.jord?.exhausted).toBe(true);
  });

  it('step 6 gives 1 action card, 1 political card and 2 command counters, once', () => {
    const g = toStatus();
    while (r(g).step !== 6) for (const s of awaited(g.snapshot())) g.makeMove(roundMoves.done, s);
    const before = counters(g, 's2');
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.receive, 's2', { pool: 1, fleet: 0, strat: 0 }));
    g.makeMove(roundMoves.receive, 's2', { pool: 1, fleet: 0, strat: 1 });
    const after = counters(g, 's2');
    expect([after?.actionCards, after?.politicalCards, after?.commandPool, after?.strategyAllocation]).toEqual([
      (before?.actionCards ?? 0) + 1,
      (before?.politicalCards ?? 0) + 1,
      (before?.commandPool ?? 0) + 1,
      (before?.strategyAllocation ?? 0) + 1,
    ]);
    expect(t(g).done).toContain('s2');
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.receive, 's2', { pool: 2, fleet: 0, strat: 0 }));
  });

  it('2 players receive one command counter at step 6', () => {
    const g = toStatus(2);
    while (r(g).step !== 6) for (const s of awaited(g.snapshot())) g.makeMove(roundMoves.done, s);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.receive, 's2', { pool: 2, fleet: 0, strat: 0 }));
    g.makeMove(roundMoves.receive, 's2', { pool: 1, fleet: 0, strat: 0 });
  });

  it('Sol receives one extra command counter at step 6 (003 "Appendix 2": "During the Status Phase, you receive one extra CC")', () => {
    const g = toStatus();
    while (r(g).step !== 6) for (const s of awaited(g.snapshot())) g.makeMove(roundMoves.done, s);
    expect(g.snapshot().seats.find((x) => x.id === 's1')?.race).toBe('sol');
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.receive, 's1', { pool: 2, fleet: 0, strat: 0 }));
    const before = counters(g, 's1')?.commandPool ?? 0;
    g.makeMove(roundMoves.receive, 's1', { pool: 3, fleet: 0, strat: 0 });
    expect(counters(g, 's1')?.commandPool).toBe(before + 3);
  });

  it('after step 9 the next round starts: strategy cards return to the table', () => {
    const g = toStatus();
    statusPhase(g);
    expect(r(g)).toEqual({ round: 2, phase: 'strategy', step: null });
    expect(t(g).picker).toBe('s1');
    expect(t(g).history).toEqual([expect.objectContaining({ round: 1, cards: { s1: [1, 4], s2: [2, 5], s3: [3, 6] } })]);
    expect(t(g).roundStarts.length).toBe(2);
  });

  it('two phones tapping "next step" at once move the table one step, not two', () => {
    const a = toStatus();
    for (const s of ['s1', 's2', 's3']) a.makeMove(roundMoves.done, s);
    const b = replicaOf(a, 'dev2');
    a.makeMove(roundMoves.advance, a.snapshot().round);
    b.makeMove(roundMoves.advance, b.snapshot().round);
    merge(a, b);
    expect(r(a)).toEqual({ round: 1, phase: 'status', step: 4 });
    expect(r(b)).toEqual(r(a));
  });

  it('a stale "next" from this phone is refused with the current state', () => {
    const g = toStatus();
    const seen = r(g);
    g.makeMove(roundMoves.advance, seen);
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.advance, seen));
  });
});

describe('objectives and victory (001 "Claim Objectives", "Types of objectives", "Winning the game")', () => {
  function atClaimStep(players = 3, vpGoal = 12): Game {
    const g = table(players, vpGoal);
    pickAll(g);
    playActions(g);
    return g;
  }
  const nextRound = (g: Game) => {
    statusPhase(g);
    pickAll(g);
    playActions(g);
  };

  it('claim limits: one public objective (Stage I or II) and one secret per step, the preliminary besides', () => {
    const g = atClaimStep();
    for (const o of ['stage1-01', 'stage1-02', 'antagonist']) g.makeMove(objectiveMoves.reveal, o);
    g.makeMove(objectiveMoves.claim, 's1', 'stage1-01');
    expect(counters(g, 's1')?.vp).toBe(1);
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.claim, 's1', 'stage1-02'));
    g.makeMove(objectiveMoves.claim, 's1', 'conqueror');
    expect(counters(g, 's1')?.vp).toBe(3);
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.claim, 's1', 'warmonger'));
    g.makeMove(objectiveMoves.claim, 's1', 'antagonist');
    expect(counters(g, 's1')?.vp).toBe(4);
    // Another seat may claim the same public objective; nobody else holds that secret card.
    g.makeMove(objectiveMoves.claim, 's2', 'stage1-01');
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.claim, 's2', 'conqueror'));
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.claim, 's2', 'stage1-03'));
  });

  it('objectives are claimed at status step 1; nothing secret is in the document before the claim', () => {
    const g = table(3);
    g.makeMove(objectiveMoves.reveal, 'stage1-01');
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.claim, 's1', 'stage1-01'));
    expect(JSON.stringify(g.doc.getArray('log').toJSON())).not.toContain('conqueror');
  });

  it('Stage II objectives open once as many Stage I objectives are revealed as the VP goal', () => {
    const g = atClaimStep(3, 8);
    g.makeMove(objectiveMoves.reveal, 'stage2-01');
    for (let i = 1; i <= 7; i++) g.makeMove(objectiveMoves.reveal, `stage1-0${i}`);
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.claim, 's1', 'stage2-01'));
    g.makeMove(objectiveMoves.reveal, 'stage1-08');
    g.makeMove(objectiveMoves.claim, 's1', 'stage2-01');
    expect(counters(g, 's1')?.vp).toBe(2);
  });

  it('the preliminary objective closes to the others at the end of the round it was first claimed', () => {
    const g = atClaimStep();
    g.makeMove(objectiveMoves.reveal, 'pioneer');
    g.makeMove(objectiveMoves.claim, 's1', 'pioneer');
    g.makeMove(objectiveMoves.claim, 's2', 'pioneer'); // the same round: still open
    nextRound(g);
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.claim, 's3', 'pioneer'));
  });

  it('special objectives are claimed automatically in the claim step and lost at once when no longer met', () => {
    const g = table(3);
    g.makeMove(planetMoves.setArtifact, 'red', 's1');
    expect(t(g).specials.s1).toEqual([]); // not claimed outside the claim step
    pickAll(g);
    playActions(g);
    expect(t(g).specials.s1).toEqual(['lazax-armory']);
    expect(counters(g, 's1')?.vp).toBe(1);
    g.makeMove(planetMoves.setArtifact, 'red', 's2'); // Ben takes the artifact: Ana loses it at once, Ben qualifies
    expect(t(g).specials.s1).toEqual([]);
    expect(counters(g, 's1')?.vp).toBe(0);
    expect(t(g).specials.s2).toEqual(['lazax-armory']);
    expect(t(g).notices.map((n) => n.text)).toEqual(expect.arrayContaining([expect.stringMatching(/Ana lost Lazax Armory/)]));
  });

  it('Sovereign needs more than 8 planets outside the home system, and is not in play with 2 players', () => {
    const many = ['abyz', 'anchorpoint', 'arcturus', 'arinam', 'arkath', 'arnor', 'ashtroth', 'aurum-vi', 'beli'];
    for (const players of [3, 2]) {
      const g = table(players);
      for (const p of many) g.makeMove(planetMoves.addPlanet, 's1', p);
      pickAll(g);
      playActions(g);
      expect(t(g).specials.s1).toEqual(players === 2 ? [] : ['sovereign']);
    }
  });

  it('VP never drop below the special objectives she holds, nor below 0', () => {
    const g = table(3);
    g.makeMove(planetMoves.setArtifact, 'blue', 's1');
    pickAll(g);
    playActions(g);
    expect(counters(g, 's1')?.vp).toBe(1);
    g.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 2);
    const b = replicaOf(g, 'dev2');
    // Two phones take away VP at once: the floor holds.
    g.makeMove(sheetMoves.adjustCounter, 's1', 'vp', -3);
    b.makeMove(sheetMoves.adjustCounter, 's1', 'vp', -3);
    merge(g, b);
    expect(counters(g, 's1')?.vp).toBe(1);
    expect(counters(b, 's1')?.vp).toBe(1);
  });

  it('victory: reaching the goal outside the status phase ends the game at once', () => {
    const g = table(3, 8);
    g.makeMove(sheetMoves.adjustCounter, 's2', 'vp', 8);
    expect(t(g).victory).toMatchObject({ winners: ['s2'], decidedBy: 'victory-points', round: 1 });
  });

  it('victory in the claim step waits until the claiming is over; a tie goes to the most planets outside the home system', () => {
    const g = atClaimStep(3, 8);
    g.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 7);
    g.makeMove(sheetMoves.adjustCounter, 's2', 'vp', 7);
    g.makeMove(objectiveMoves.reveal, 'stage1-01');
    g.makeMove(planetMoves.addPlanet, 's2', 'abyz');
    g.makeMove(objectiveMoves.claim, 's1', 'stage1-01');
    expect(t(g).victory).toBeNull();
    g.makeMove(objectiveMoves.claim, 's2', 'stage1-01');
    expect(t(g).victory).toBeNull();
    for (const s of ['s1', 's2', 's3']) g.makeMove(roundMoves.done, s);
    expect(t(g).victory).toMatchObject({ winners: ['s2'], decidedBy: 'planets' });
  });

  it('still tied on planets: a shared victory', () => {
    const g = atClaimStep(3, 8);
    g.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 8);
    g.makeMove(sheetMoves.adjustCounter, 's3', 'vp', 8);
    for (const s of ['s1', 's2', 's3']) g.makeMove(roundMoves.done, s);
    expect(t(g).victory).toMatchObject({ winners: ['s1', 's3'], decidedBy: 'shared' });
  });
});

describe('round events in the log', () => {
  const samples: RoundOp[] = [
    { op: 'speaker', seat: 's2' },
    { op: 'cycler', seat: 's2', direction: 'counterclockwise' },
    { op: 'pick', round: 3, seat: 's1', card: 9, tg: 1, pool: 0, fleet: 1, strat: 0, drawn: null },
    { op: 'pick', round: 1, seat: 's5', card: 2, tg: 0, pool: 0, fleet: 0, strat: 0, drawn: 7 },
    { op: 'act', round: 2, seat: 's1', what: 'strategic', card: 4 },
    { op: 'act', round: 2, seat: 's1', what: 'pass', card: null },
    { op: 'act', round: 2, seat: 's1', what: 'skip', card: null },
    { op: 'nobody', round: 2, card: 6 },
    { op: 'secondary', round: 2, seat: 's3', card: 4, use: false },
    { op: 'done', round: 2, step: 9, seat: 's3' },
    { op: 'advance', round: 2, phase: 'status', step: 4 },
    { op: 'advance', round: 2, phase: 'strategy', step: null },
    { op: 'income', round: 2, seat: 's3', pool: 1, fleet: 0, strat: 1 },
    { op: 'reveal', objective: 'stage1-03', shown: false },
    { op: 'claim', round: 5, seat: 's3', objective: 'warmonger' },
  ];

  it('survive encoding, each one compact, and malformed ones are refused', () => {
    for (const op of samples) {
      const e = { k: 'round', ...op, t: 9, dev: 'abc' } as GameEvent;
      const encoded = encodeEvent(e);
      expect(encoded[0]).toBe('7');
      expect(decodeEvent(JSON.parse(JSON.stringify(encoded)))).toEqual(e);
    }
    for (const bad of [['7', 1, 'd', 'p', 0, 's1', 1, 0, 0, 0, 0, 0], ['7', 1, 'd', 'a', 1, 's1', 'x', 0], ['7', 1, 'd', 'v', 1, 2, 0], ['7', 1, 'd', 'q'], ['7', 1, 'd', 'k', 1, 10, 's1']]) {
      expect(decodeEvent(bad)).toBeUndefined();
    }
  });
});

describe('more round rules', () => {
  it('the Voice of the Council holds its special objective while she is the Voice (the council fold says who)', () => {
    const seats = table(3).snapshot().seats;
    const fold = new RoundFold(seats);
    const player = (seat: string) => ({ seat, counters: { vp: 0 } }) as unknown as PlayerState;
    const ctx = {
      round: { round: 1, phase: 'status', step: 1 } as RoundState,
      players: { s1: player('s1'), s2: player('s2'), s3: player('s3') },
      planets: {},
      artifacts: { red: null, green: null, blue: null, yellow: null },
      player(seat: string) {
        return this.players[seat as 's1'];
      },
      // The sheet's part of the fold, for the only change this test makes (a special objective's VP).
      derive(bodies: readonly EventBody[]) {
        for (const b of bodies) if (b.k === 'counter') this.players[b.seat as 's1'].counters[b.counter] += b.delta;
      },
      problem: () => undefined,
      council: { voice: 's2' as string | null },
    };
    const entry = (index: number): LogEntry => ({ index, t: index, dev: 'd', event: { k: 'note', seat: null, text: 'x' } });
    fold.after({ ...entry(0), event: { k: 'phase', round: 1, phase: 'status', step: 1 } }, ctx);
    expect(fold.s.specials.s2).toEqual(['voice-of-the-council']);
    expect(ctx.players.s2.counters.vp).toBe(1);
    ctx.council.voice = 's3';
    ctx.round = { round: 1, phase: 'status', step: 3 };
    fold.after({ ...entry(1), event: { k: 'phase', round: 1, phase: 'status', step: 3 } }, ctx);
    expect(fold.s.specials.s2).toEqual([]);
    expect(fold.s.specials.s3).toEqual([]); // not in the claim step: claimed at the next one
    expect(ctx.players.s2.counters.vp).toBe(0);
  });

  it('Bureaucracy: right after playing it, one public objective may be claimed in the action phase', () => {
    const g = table(3);
    g.makeMove(objectiveMoves.reveal, 'stage1-01');
    g.makeMove(objectiveMoves.reveal, 'stage1-02');
    pickAll(g, { s1: [1, 8] });
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.claim, 's1', 'stage1-01'));
    g.makeMove(roundMoves.strategic, 's1', 1);
    g.makeMove(roundMoves.endTurn, 's1');
    for (const s of ['s2', 's3']) {
      g.makeMove(roundMoves.tactical, s);
      g.makeMove(roundMoves.endTurn, s);
    }
    g.makeMove(roundMoves.strategic, 's1', 8);
    g.makeMove(objectiveMoves.claim, 's1', 'stage1-01');
    expect(counters(g, 's1')?.vp).toBe(1);
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.claim, 's1', 'stage1-02'));
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.claim, 's2', 'stage1-02'));
  });

  it('5 players: only the drawn card\'s turn lets a phone play it for no player', () => {
    const g = table(5);
    pickAll(g);
    const drawn = t(g).cards.find((c) => c.nobody)?.initiative as number;
    if (t(g).active === `#${drawn}`) g.makeMove(roundMoves.playForNobody, drawn); // its turn came first: played, then never again
    expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.playForNobody, drawn));
  });
});
