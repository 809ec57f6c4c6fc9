import { describe, expect, it } from 'vitest';
import { RACES_BY_ID } from '../../../src/data';
import { createGame } from '../../../src/doc';
import type { Game, GameSetup } from '../../../src/doc';
import { awaited, upkeepDue } from '../../../src/doc/round';
import { prerequisiteWaiver, seatTotals, victoryPoints } from '../../../src/doc/sheet';
import { RACES_WITH_EFFECTS, checkAbilityByName, raceEffects } from '../../../src/rules/raceAbilities';
import { planPayment } from '../../../src/rules/pay';
import { atStatusStep, clockAt, expectRefused } from './fixtures';
import * as objectiveMoves from '../../../src/doc/objectives/moves';
import * as roundMoves from '../../../src/doc/round/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan'];

function table(races: string[], vpGoal = 12): Game {
  const setup: GameSetup = {
    name: 'Race night',
    vpGoal,
    options: { pathOfFate: false, simultaneousTactical: false, ascendancy: false },
    seats: races.map((race, i) => ({ name: NAMES[i] as string, color: `c${i}`, race })),
  };
  return createGame(setup, { id: 'races', secret: 'secret', device: 'dev1', clock: clockAt(1_700_000_000_000) });
}

const counters = (g: Game, seat: string) => g.snapshot().players[seat]?.counters;
const noPayment = { planets: [], tradeGoods: 0 };

describe('the race ability table (003 "Appendix 2: Races")', () => {
  it('declares an effect only where the race sheet prints the ability it comes from', () => {
    const printed: Record<string, RegExp> = {
      sol: /During the Status Phase, you receive one extra CC/,
      yssaril: /skip action turns during the Action Phase without passing\. You may not skip two in a row[\s\S]*draw one additional Action Card during every Status Phase/,
      mentak: /start the game with one extra CC in your Fleet Supply/,
      l1z1x: /start with one fewer CC in your Strategy Allocation/,
      hacan: /do not require approval to make a Trade Agreement[\s\S]*do not need to spend a CC to execute the secondary ability of Trade/,
      winnu: /do not need to spend a Command Counter to execute the secondary ability of Technology/,
      nekro: /may not vote[\s\S]*instead gain 3 Command Counters/,
      saar: /Gain 1 Trade Good every time you acquire a new planet/,
      'jol-nar': /When executing the Secondary Ability of the Technology Strategy, you may additionally execute the Primary Ability/,
      xxcha: /either the resource or influence value of a planet when counting votes/,
      yin: /As an Action, once per game round you may place your control marker on an unexhausted Planet Card you control\. Until the end of the Round, its Influence and Resource values are reversed/,
    };
    expect([...RACES_WITH_EFFECTS].sort()).toEqual(Object.keys(printed).sort());
    for (const [race, text] of Object.entries(printed)) expect(RACES_BY_ID.get(race)?.abilities.join(' '), race).toMatch(text);
    expect(raceEffects('arborec')).toEqual(raceEffects(undefined));
  });

  it('an ability with a control of its own names the beginning of a text its race sheet prints, and only that ability is kept off the Round tab\'s list', () => {
    for (const race of RACES_WITH_EFFECTS) {
      const abilities = RACES_BY_ID.get(race)?.abilities ?? [];
      for (const own of raceEffects(race).ownControls) expect(abilities.filter((a) => a.startsWith(own.text)), `${race}: ${own.text}`).toHaveLength(1);
      const listed = abilities.filter((a) => checkAbilityByName(race, a.slice(0, 60)).ok);
      expect(listed.length, race).toBe(abilities.length - raceEffects(race).ownControls.length);
    }
  });

  it('Mentak starts with 4 fleet supply and the L1Z1X with 1 strategy allocation; the others 3 and 2', () => {
    const g = table(['mentak', 'l1z1x', 'sol']);
    expect([counters(g, 's1')?.fleetSupply, counters(g, 's1')?.strategyAllocation]).toEqual([4, 2]);
    expect([counters(g, 's2')?.fleetSupply, counters(g, 's2')?.strategyAllocation]).toEqual([3, 1]);
    expect([counters(g, 's3')?.fleetSupply, counters(g, 's3')?.strategyAllocation, counters(g, 's3')?.commandPool]).toEqual([3, 2, 3]);
  });
});

describe('race abilities in the round', () => {
  /** Each of `turns` plays her card, the others decline its secondary, and she ends her turn. */
  function play(g: Game, turns: [string, number][]): void {
    for (const [seat, card] of turns) {
      g.makeMove(roundMoves.strategic, seat, card);
      for (const other of ['s1', 's2', 's3'].filter((x) => x !== seat)) g.makeMove(roundMoves.secondary, other, card, false);
      g.makeMove(roundMoves.endTurn, seat);
    }
  }

  /** s1 Sol holds Trade (5) and Technology (7), s2 Hacan 1 and 2, s3 Winnu 3 and 4; 1 and 3 are played. */
  function dealt(): Game {
    const g = table(['sol', 'hacan', 'winnu']);
    const order: [string, number][] = [['s1', 5], ['s2', 1], ['s3', 3], ['s1', 7], ['s2', 2], ['s3', 4]];
    for (const [seat, card] of order) g.makeMove(roundMoves.pick, seat, card);
    play(g, [['s2', 1], ['s3', 3]]);
    return g;
  }

  it('the Hacan use the secondary of Trade without a strategy counter; another player pays one', () => {
    const g = dealt();
    g.makeMove(roundMoves.strategic, 's1', 5);
    const [hacan, winnu] = [counters(g, 's2')?.strategyAllocation ?? 0, counters(g, 's3')?.strategyAllocation ?? 0];
    g.makeMove(roundMoves.secondary, 's2', 5, true);
    g.makeMove(roundMoves.secondary, 's3', 5, true);
    expect(counters(g, 's2')?.strategyAllocation).toBe(hacan);
    expect(counters(g, 's3')?.strategyAllocation).toBe(winnu - 1);
  });

  it('the Winnu use the secondary of Technology without a strategy counter; the Hacan pay one', () => {
    const g = dealt();
    play(g, [['s1', 5], ['s2', 2], ['s3', 4]]);
    g.makeMove(roundMoves.strategic, 's1', 7);
    const [hacan, winnu] = [counters(g, 's2')?.strategyAllocation ?? 0, counters(g, 's3')?.strategyAllocation ?? 0];
    g.makeMove(roundMoves.secondary, 's3', 7, true);
    g.makeMove(roundMoves.secondary, 's2', 7, true);
    expect(counters(g, 's3')?.strategyAllocation).toBe(winnu);
    expect(counters(g, 's2')?.strategyAllocation).toBe(hacan - 1);
  });

  it('the Saar gain 1 trade good for each planet they acquire, not for their home planets nor one they already hold; the others gain none (003 Saar)', () => {
    const g = table(['saar', 'sol']);
    expect(counters(g, 's1')?.tradeGoods).toBe(counters(g, 's2')?.tradeGoods);
    const before = [counters(g, 's1')?.tradeGoods ?? 0, counters(g, 's2')?.tradeGoods ?? 0];
    g.makeMove(planetMoves.addPlanet, 's1', 'mecatol-rex');
    g.makeMove(planetMoves.addPlanet, 's2', 'bereg');
    expect([counters(g, 's1')?.tradeGoods, counters(g, 's2')?.tradeGoods]).toEqual([(before[0] ?? 0) + 1, before[1]]);
    // Taken from another player: a new planet for her too.
    g.makeMove(planetMoves.takePlanet, 's1', 'bereg');
    expect(counters(g, 's1')?.tradeGoods).toBe((before[0] ?? 0) + 2);
    // Undone, the goods go with it.
    g.undo();
    expect(counters(g, 's1')?.tradeGoods).toBe((before[0] ?? 0) + 1);
  });

  it('the Yssaril draw 2 action cards at status step 6, the others 1', () => {
    const g = table(['yssaril', 'sol', 'hacan']);
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 6 });
    const before = [counters(g, 's1')?.actionCards ?? 0, counters(g, 's3')?.actionCards ?? 0];
    g.makeMove(roundMoves.receive, 's1', { pool: 2, fleet: 0, strat: 0 });
    g.makeMove(roundMoves.receive, 's3', { pool: 2, fleet: 0, strat: 0 });
    expect([counters(g, 's1')?.actionCards, counters(g, 's3')?.actionCards]).toEqual([(before[0] ?? 0) + 2, (before[1] ?? 0) + 1]);
    expect(awaited(g.snapshot())).toEqual(['s2']);
  });

  it('status step 6 never leaves a hand above 7: she draws, then discards down to 7, and the table is told; the Yssaril keep every action card (001 "Hand limit")', () => {
    const g = table(['yssaril', 'sol', 'hacan']);
    for (const seat of ['s1', 's3']) {
      g.makeMove(sheetMoves.adjustCounter, seat, 'actionCards', 7 - (counters(g, seat)?.actionCards ?? 0));
      g.makeMove(sheetMoves.adjustCounter, seat, 'politicalCards', 7 - (counters(g, seat)?.politicalCards ?? 0));
    }
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 6 });
    g.makeMove(roundMoves.receive, 's3', { pool: 2, fleet: 0, strat: 0 });
    expect([counters(g, 's3')?.actionCards, counters(g, 's3')?.politicalCards]).toEqual([7, 7]);
    expect(g.snapshot().tracker.notices.at(-1)?.text).toMatch(/Cleo drew past the hand limit of 7: 1 action card and 1 political card discarded from her hand/);
    g.makeMove(roundMoves.receive, 's1', { pool: 2, fleet: 0, strat: 0 });
    expect([counters(g, 's1')?.actionCards, counters(g, 's1')?.politicalCards]).toEqual([9, 7]);
  });
});

describe('race abilities on the sheet', () => {
  it('the Winnu count their own exhausted home planet as votes, not one they captured from another race', () => {
    const g = table(['winnu', 'sol', 'hacan']);
    const home = RACES_BY_ID.get('winnu')?.homePlanets[0] as string;
    const homeInfluence = g.snapshot().planets[home]?.influence ?? 0;
    g.makeMove(planetMoves.setExhausted, home, true);
    expect(seatTotals(g.snapshot(), 's1').votes).toBe(homeInfluence);
    g.makeMove(planetMoves.takePlanet, 's1', 'jord'); // Sol's home planet, acquired exhausted
    expect(seatTotals(g.snapshot(), 's1').votes).toBe(homeInfluence);
  });

  it('the Nekro record a technology without its prerequisites; the L1Z1X only with Inheritance Systems, for 2 more resources; others never', () => {
    const g = table(['nekro', 'l1z1x', 'sol']);
    expect(prerequisiteWaiver(g.snapshot(), 's1')).toEqual({ extraCost: 0 });
    g.makeMove(sheetMoves.research, 's1', 'war-sun', 0, noPayment, true);
    expect(g.snapshot().players.s1?.techs).toContain('war-sun');
    expectRefused(g, 'not-allowed', () => g.makeMove(sheetMoves.research, 's3', 'war-sun', 0, noPayment, true));
    expect(prerequisiteWaiver(g.snapshot(), 's2')).toBeNull();
    expectRefused(g, 'not-allowed', () => g.makeMove(sheetMoves.research, 's2', 'war-sun', 0, noPayment, true));
    g.makeMove(sheetMoves.adjustCounter, 's2', 'vp', 10);
    atStatusStep(g, 4);
    g.makeMove(sheetMoves.unlockUpgrade, 's2', 'inheritance-systems', noPayment);
    expect(prerequisiteWaiver(g.snapshot(), 's2')).toEqual({ extraCost: 2 });
    expectRefused(g, 'not-enough', () => g.makeMove(sheetMoves.research, 's2', 'war-sun', 0, noPayment, true));
    g.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 2);
    g.makeMove(sheetMoves.research, 's2', 'war-sun', 0, { planets: [], tradeGoods: 2 }, true);
    expect(g.snapshot().players.s2?.techs).toContain('war-sun');
  });
});

describe('rules the app computes (001)', () => {
  it('a player without her whole home system suffers −2 VP, does not win with them, and wins once she takes it back', () => {
    const g = table(['sol', 'hacan', 'xxcha'], 8);
    g.makeMove(planetMoves.takePlanet, 's2', 'jord');
    g.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 9);
    expect(victoryPoints(g.snapshot(), 's1')).toEqual({ recorded: 9, penalty: 2, total: 7 });
    expect(g.snapshot().tracker.victory).toBeNull();
    g.makeMove(planetMoves.takePlanet, 's1', 'jord');
    expect(g.snapshot().tracker.victory?.winners).toEqual(['s1']);
  });

  it('with 2 players no preliminary objective is revealed', () => {
    const g = table(['sol', 'hacan']);
    const e = expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.reveal, 'antagonist'));
    expect(e.message).toMatch(/With 2 players no preliminary objective is revealed/);
    table(['sol', 'hacan', 'xxcha']).makeMove(objectiveMoves.reveal, 'antagonist');
  });

  it('fleet supply upkeep is paid once a round: then it is no longer due, and a second payment is refused', () => {
    const g = table(['sol', 'hacan', 'xxcha']);
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 7 });
    g.makeMove(sheetMoves.receiveCounters, 's1', { pool: 0, fleet: 7, strat: 0 });
    expect(upkeepDue(g.snapshot(), 's1')).toBe(2);
    g.makeMove(roundMoves.payUpkeep, 's1', { planets: ['jord'], tradeGoods: 0 });
    expect(upkeepDue(g.snapshot(), 's1')).toBe(0);
    expectRefused(g, 'invalid-input', () => g.makeMove(roundMoves.payUpkeep, 's1', noPayment));
    expect(g.snapshot().log.at(-1)?.event).toMatchObject({ k: 'pay', amount: 2, what: 'fleet supply upkeep' });
  });
});

describe("Mentak's Mirror Computing (003 Mentak: each trade good counts as 2 resources or 2 influence)", () => {
  it('the pay helper and every payment count a trade good as 2 once it is unlocked, not before; others count 1', () => {
    const g = table(['mentak', 'sol']);
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 2);
    g.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 2);
    // Before the upgrade: 2 trade goods pay 2.
    expectRefused(g, 'not-enough', () => g.makeMove(planetMoves.pay, 's1', 'resources', 4, { planets: [], tradeGoods: 2 }, 'a carrier'));
    g.append([{ k: 'upgrade', seat: 's1', upgrade: 'mirror-computing', unlocked: true }]);
    const before = counters(g, 's1')?.tradeGoods ?? 0;
    g.makeMove(planetMoves.pay, 's1', 'resources', 4, { planets: [], tradeGoods: 2 }, 'a carrier');
    expect(counters(g, 's1')?.tradeGoods).toBe(before - 2);
    expect(g.snapshot().problems).toEqual([]);
    // No more than the cost needs: 1 trade good pays 2 of a 2-resource cost.
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 2);
    expectRefused(g, 'invalid-input', () => g.makeMove(planetMoves.pay, 's1', 'influence', 2, { planets: [], tradeGoods: 2 }, 'x'));
    expectRefused(g, 'not-enough', () => g.makeMove(planetMoves.pay, 's2', 'resources', 4, { planets: [], tradeGoods: 2 }, 'a carrier'));
    expect(planPayment({ cost: 5, kind: 'resources', planets: [], tradeGoods: 3, goodWorth: 2 })).toMatchObject({ ok: true, tradeGoods: 3, paid: 6, waste: 1 });
    expect(planPayment({ cost: 4, kind: 'resources', planets: [], tradeGoods: 3, goodWorth: 2 })).toMatchObject({ ok: true, tradeGoods: 2, paid: 4, waste: 0 });
  });
});
