import { describe, expect, it } from 'vitest';
import { upgradeOffers, victoryPoints } from '../../../src/doc/sheet';
import { addCustom, atStatusStep, expectRefused, holdRefreshed, merge, newGame, replicaOf, threeSeats } from './fixtures';
import * as roundMoves from '../../../src/doc/round/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

const noPayment = { planets: [], tradeGoods: 0 };

describe('paying (001 "Spending Resources and Influence", "Trade Goods")', () => {
  it('paying 5 resources exhausts the chosen planets and spends trade goods in one event', () => {
    const game = newGame();
    holdRefreshed(game, 's1', 'abyz');
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 2);
    const before = game.snapshot().log.length;
    game.makeMove(planetMoves.pay, 's1', 'resources', 5, { planets: ['jord'], tradeGoods: 1 }, 'a carrier');
    const s = game.snapshot();
    expect(s.log.length).toBe(before + 1);
    expect(s.planets.jord?.exhausted).toBe(true);
    expect(s.planets.abyz?.exhausted).toBe(false);
    expect(s.players.s1?.counters.tradeGoods).toBe(1);
  });

  it('the same planet spent by two payments at once is a problem every phone shows: who, which planet, which payment', () => {
    const game = newGame();
    game.claimSeat('s1');
    const tab = replicaOf(game, game.device); // Ana's second tab, offline
    game.makeMove(planetMoves.pay, 's1', 'resources', 4, { planets: ['jord'], tradeGoods: 0 }, 'a carrier');
    tab.makeMove(planetMoves.pay, 's1', 'resources', 4, { planets: ['jord'], tradeGoods: 0 }, 'a dreadnought');
    merge(game, tab);
    for (const g of [game, tab]) {
      expect(g.snapshot().problems.map((p) => p.message)).toContainEqual(expect.stringMatching(/^Jord was spent twice: Ana's payment for a (carrier|dreadnought) used it while it was already exhausted/));
    }
  });

  it('refuses paying with too little, and changes nothing', () => {
    const game = newGame();
    const e = expectRefused(game, 'not-enough', () => game.makeMove(planetMoves.pay, 's1', 'resources', 5, { planets: ['jord'], tradeGoods: 0 }));
    expect(e.message).toBe('That pays 4 of the 5 resources needed: choose more planets or trade goods.');
  });

  it('counts a facility in the value a planet pays with', () => {
    const game = newGame();
    holdRefreshed(game, 's1', 'abyz');
    game.makeMove(planetMoves.pay, 's1', 'resources', 7, { planets: ['abyz', 'jord'], tradeGoods: 0 });
    atStatusStep(game, 5);
    game.makeMove(planetMoves.buildFacility, 'abyz', 'refinery');
    game.makeMove(planetMoves.refreshAll, 's1'); // the planet built on stays exhausted at this refresh…
    expect(game.snapshot().planets.abyz?.exhausted).toBe(true);
    game.makeMove(planetMoves.refreshAll, 's1'); // …and comes back at the next one
    game.makeMove(planetMoves.pay, 's1', 'resources', 4, { planets: ['abyz'], tradeGoods: 0 });
    expect(game.snapshot().planets.abyz?.exhausted).toBe(true);
  });

  it.each([
    ['a planet she does not hold', { planets: ['arretze'], tradeGoods: 0 }, 'invalid-input', /not one of your planets/],
    ['an exhausted planet', { planets: ['jord', 'jord'], tradeGoods: 0 }, 'invalid-input', /twice/],
    ['more trade goods than she has', { planets: [], tradeGoods: 9 }, 'not-enough', /only 0 trade goods/],
  ] as const)('refuses a payment with %s', (_why, choice, code, message) => {
    const game = newGame();
    expect(expectRefused(game, code, () => game.makeMove(planetMoves.pay, 's1', 'resources', 2, choice)).message).toMatch(message);
  });

  it('refuses to spend trade goods that pay for nothing', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 3);
    expect(expectRefused(game, 'invalid-input', () => game.makeMove(planetMoves.pay, 's1', 'resources', 4, { planets: ['jord'], tradeGoods: 1 })).message).toMatch(/Only 0 trade goods are needed/);
  });

  it('refuses an exhausted planet as payment', () => {
    const game = newGame();
    game.makeMove(planetMoves.setExhausted, 'jord', true);
    expectRefused(game, 'invalid-input', () => game.makeMove(planetMoves.pay, 's1', 'influence', 1, { planets: ['jord'], tradeGoods: 0 }));
  });
});

describe('researching a technology (001 "Acquisition of Technologies")', () => {
  it('pays the price after refreshed specialty discounts and records the technology, in one change', () => {
    const game = newGame();
    holdRefreshed(game, 's1', 'fria'); // blue specialty
    game.makeMove(sheetMoves.research, 's1', 'xrd-transporters', 5, { planets: ['jord'], tradeGoods: 0 });
    const s = game.snapshot();
    expect(s.players.s1?.techs).toContain('xrd-transporters');
    expect(s.log.at(-2)?.event).toMatchObject({ k: 'pay', amount: 4, planets: ['jord'], what: 'XRD Transporters' });
    expect(s.planets.fria?.exhausted).toBe(false);
  });

  it('takes the artifact of the same colour off the price', () => {
    const game = newGame();
    game.makeMove(planetMoves.setArtifact, 'blue', 's1');
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 4);
    game.makeMove(sheetMoves.research, 's1', 'xrd-transporters', 5, { planets: [], tradeGoods: 4 });
    expect(game.snapshot().players.s1?.counters.tradeGoods).toBe(0);
  });

  it('refuses a technology whose prerequisites are missing, and names them', () => {
    const game = newGame();
    const e = expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.research, 's1', 'sarween-tools', 0, noPayment));
    expect(e.message).toBe('Sarween Tools needs one of these first: Enviro Compensator, Transfabrication.');
  });

  it('records a free technology (Technological Focus) without a payment, and refuses it twice', () => {
    const game = newGame();
    game.makeMove(sheetMoves.research, 's1', 'gen-synthesis', 0, noPayment);
    expect(game.snapshot().log.at(-1)?.event).toEqual({ k: 'tech', seat: 's1', tech: 'gen-synthesis', owned: true });
    expectRefused(game, 'invalid-input', () => game.makeMove(sheetMoves.research, 's1', 'gen-synthesis', 0, noPayment));
  });

  it('refuses to research with too little paid', () => {
    const game = newGame();
    expectRefused(game, 'not-enough', () => game.makeMove(sheetMoves.research, 's1', 'xrd-transporters', 5, noPayment));
  });
});

describe('racial upgrades (001 "Unlock Racial Upgrades")', () => {
  it('unlocks at base − VP, paid in the same change, and the next one costs its base more', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 2);
    atStatusStep(game, 4);
    game.makeMove(sheetMoves.unlockUpgrade, 's1', 'mark-ii-advanced-carriers', { planets: ['jord'], tradeGoods: 0 }); // 4 − 2 = 2
    const s = game.snapshot();
    expect(s.players.s1?.upgrades).toEqual(['mark-ii-advanced-carriers']);
    expect(s.log.at(-2)?.event).toMatchObject({ k: 'pay', amount: 2 });
    game.makeMove(planetMoves.refreshAll, 's1');
    // 5 − 2 + 4 = 7: Jord's 4 is not enough.
    const e = expectRefused(game, 'not-enough', () => game.makeMove(sheetMoves.unlockUpgrade, 's1', 'spec-ops-training', { planets: ['jord'], tradeGoods: 0 }));
    expect(e.message).toMatch(/4 of the 7 resources/);
  });

  it('refuses an upgrade of another race, and one already unlocked', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 5);
    atStatusStep(game, 4);
    expectRefused(game, 'invalid-input', () => game.makeMove(sheetMoves.unlockUpgrade, 's1', 'bioplasmosis', noPayment));
    game.makeMove(sheetMoves.unlockUpgrade, 's1', 'mark-ii-advanced-carriers', noPayment);
    expectRefused(game, 'invalid-input', () => game.makeMove(sheetMoves.unlockUpgrade, 's1', 'mark-ii-advanced-carriers', noPayment));
  });

  it('are unlocked only at status step 4, and the refusal names the step', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 5);
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.unlockUpgrade, 's1', 'mark-ii-advanced-carriers', noPayment)).message).toMatch(/only at step 4 of the status phase \(Unlock Racial Upgrades\); it is now the strategy phase/);
    atStatusStep(game, 3);
    expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.unlockUpgrade, 's1', 'mark-ii-advanced-carriers', noPayment));
    atStatusStep(game, 4);
    game.makeMove(sheetMoves.unlockUpgrade, 's1', 'mark-ii-advanced-carriers', noPayment);
    expect(game.snapshot().players.s1?.upgrades).toEqual(['mark-ii-advanced-carriers']);
  });

  it('cost 2 more while she does not hold her whole home system: the −2 VP penalty (001 "Home Systems")', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 3);
    const price = () => upgradeOffers(game.snapshot(), 's1').find((o) => o.upgrade.id === 'mark-ii-advanced-carriers')?.cost;
    expect(price()).toBe(4 - 3);
    game.makeMove(planetMoves.takePlanet, 's2', 'jord');
    expect(victoryPoints(game.snapshot(), 's1')).toEqual({ recorded: 3, penalty: 2, total: 1 });
    expect(price()).toBe(4 - 1);
    game.makeMove(planetMoves.takePlanet, 's1', 'jord');
    expect(victoryPoints(game.snapshot(), 's1')).toEqual({ recorded: 3, penalty: 0, total: 3 });
    expect(price()).toBe(4 - 3);
  });
});

describe('facilities (001 "Facilities")', () => {
  it('are built instead of refreshing: refused on a refreshed planet, kept exhausted by the next refresh', () => {
    const game = newGame();
    holdRefreshed(game, 's1', 'abyz');
    holdRefreshed(game, 's1', 'fria');
    atStatusStep(game, 5);
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(planetMoves.buildFacility, 'abyz', 'colony')).message).toMatch(/must be exhausted/);
    game.makeMove(planetMoves.pay, 's1', 'resources', 5, { planets: ['abyz', 'fria'], tradeGoods: 0 });
    game.makeMove(planetMoves.buildFacility, 'abyz', 'colony');
    game.makeMove(planetMoves.refreshAll, 's1');
    const s = game.snapshot();
    expect([s.planets.abyz?.facility, s.planets.abyz?.exhausted, s.planets.fria?.exhausted]).toEqual(['colony', true, false]);
  });

  it.each([
    ['a home system planet', 'jord', /home system/],
    ['a trade station', 'sumerian', /trade station/],
  ])('are refused on %s', (_why, planet, message) => {
    const game = newGame();
    if (planet !== 'jord') game.makeMove(planetMoves.addPlanet, 's1', planet);
    game.makeMove(planetMoves.setExhausted, planet, true);
    atStatusStep(game, 5);
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(planetMoves.buildFacility, planet, 'refinery')).message).toMatch(message);
  });

  it('allow one facility per planet', () => {
    const game = newGame();
    holdRefreshed(game, 's1', 'abyz');
    game.makeMove(planetMoves.setExhausted, 'abyz', true);
    atStatusStep(game, 5);
    game.makeMove(planetMoves.buildFacility, 'abyz', 'refinery');
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(planetMoves.buildFacility, 'abyz', 'colony')).message).toMatch(/already has a refinery/);
  });

  it('are built only at status step 5, Refresh Planets, and the refusal names the step', () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's1', 'abyz');
    const e = expectRefused(game, 'not-allowed', () => game.makeMove(planetMoves.buildFacility, 'abyz', 'refinery'));
    expect(e.message).toBe('Facilities are built (instead of refreshing the planet) only at step 5 of the status phase (Refresh Planets); it is now the strategy phase of round 1.');
    atStatusStep(game, 5);
    game.makeMove(planetMoves.buildFacility, 'abyz', 'refinery');
    expect(game.snapshot().planets.abyz?.facility).toBe('refinery');
  });
});

describe('command counters (001 "Command Counters")', () => {
  it('places received counters where she chooses, in one event', () => {
    const game = newGame();
    game.makeMove(sheetMoves.receiveCounters, 's1', { pool: 1, fleet: 0, strat: 1 });
    expect(game.snapshot().players.s1?.counters).toMatchObject({ commandPool: 4, fleetSupply: 3, strategyAllocation: 3 });
    expectRefused(game, 'invalid-input', () => game.makeMove(sheetMoves.receiveCounters, 's1', { pool: 0, fleet: 0, strat: 0 }));
    expectRefused(game, 'invalid-input', () => game.makeMove(sheetMoves.receiveCounters, 's1', { pool: -1, fleet: 2, strat: 0 }));
  });

  it('refuses moving counters between areas outside step 7 of the status phase, and says why', () => {
    const game = newGame();
    game.makeMove(roundMoves.setRound, { round: 1, phase: 'action', step: null });
    const e = expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.reallocateCounters, 's1', { pool: 2, fleet: 4, strat: 2 }));
    expect(e.message).toMatch(/only in step 7 of the status phase.*action phase of round 1/);
  });

  it('moves counters in the reallocation step, keeping the total', () => {
    const game = newGame();
    game.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 7 });
    game.makeMove(sheetMoves.reallocateCounters, 's1', { pool: 2, fleet: 5, strat: 1 });
    expect(game.snapshot().players.s1?.counters).toMatchObject({ commandPool: 2, fleetSupply: 5, strategyAllocation: 1 });
    expect(expectRefused(game, 'invalid-input', () => game.makeMove(sheetMoves.reallocateCounters, 's1', { pool: 3, fleet: 5, strat: 1 })).message).toMatch(/8 counters.*9/);
  });

  it('spends one counter for a tactical action or a secondary ability, and refuses when the area is empty', () => {
    const game = newGame();
    for (let i = 0; i < 3; i++) game.makeMove(sheetMoves.spendTactical, 's1');
    expect(expectRefused(game, 'not-enough', () => game.makeMove(sheetMoves.spendTactical, 's1')).message).toMatch(/command pool is empty/);
    game.makeMove(sheetMoves.spendSecondary, 's1');
    game.makeMove(sheetMoves.spendSecondary, 's1');
    expectRefused(game, 'not-enough', () => game.makeMove(sheetMoves.spendSecondary, 's1'));
    expect(game.snapshot().players.s1?.counters).toMatchObject({ commandPool: 0, strategyAllocation: 0, fleetSupply: 3 });
  });
});

describe('hand limit (001 "Action Cards" › "Hand limit")', () => {
  it('refuses an eighth action card with a clear message, and changes nothing', () => {
    const game = newGame();
    game.makeMove(sheetMoves.setCounter, 's1', 'actionCards', 7);
    const e = expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.adjustCounter, 's1', 'actionCards', 1));
    expect(e.message).toMatch(/at most 7 action cards/);
    expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.setCounter, 's2', 'politicalCards', 8));
  });

  it('lets the Yssaril hold any number of action cards', () => {
    const game = newGame({ ...threeSeats, seats: [...threeSeats.seats.slice(0, 2), { name: 'Ys', color: 'black', race: 'yssaril' }] });
    game.makeMove(sheetMoves.setCounter, 's3', 'actionCards', 9);
    expect(game.snapshot().players.s3?.counters.actionCards).toBe(9);
    expect(game.snapshot().problems).toEqual([]);
  });

  it('shows the table a hand over the limit that two phones made together', () => {
    const a = newGame();
    a.makeMove(sheetMoves.setCounter, 's1', 'actionCards', 6);
    const b = replicaOf(a, 'dev2');
    a.makeMove(sheetMoves.adjustCounter, 's1', 'actionCards', 1);
    b.makeMove(sheetMoves.adjustCounter, 's1', 'actionCards', 1);
    merge(a, b);
    expect(a.snapshot().problems.map((p) => p.message)).toContain('Ana has 8 action cards, over the hand limit of 7: discard down to 7.');
  });
});

describe('"set to N" on two phones at once (issue 17)', () => {
  /** Ana's phone and her second tab, both offline, with 3 trade goods. */
  function twoTabs() {
    const a = newGame();
    a.claimSeat('s1');
    a.makeMove(sheetMoves.setCounter, 's1', 'tradeGoods', 3);
    return [a, replicaOf(a, a.device)] as const;
  }
  const tg = (g: ReturnType<typeof newGame>) => g.snapshot().players.s1?.counters.tradeGoods;
  const problems = (g: ReturnType<typeof newGame>) => g.snapshot().problems.map((p) => p.message);

  it('two phones setting the same value give that value, not twice the change, and the table sees it', () => {
    const [a, b] = twoTabs();
    a.makeMove(sheetMoves.setCounter, 's1', 'tradeGoods', 5);
    b.makeMove(sheetMoves.setCounter, 's1', 'tradeGoods', 5);
    merge(a, b);
    for (const g of [a, b]) {
      expect(tg(g)).toBe(5);
      expect(problems(g)).toContain("Two phones set Ana's trade goods to 5 at once; it stays 5.");
    }
  });

  it('a set overtaken by another change keeps that change and is shown to the table', () => {
    const [a, b] = twoTabs();
    a.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    b.makeMove(sheetMoves.setCounter, 's1', 'tradeGoods', 5);
    merge(a, b);
    // Merged in either order the +1 is kept; when the set comes second, it was overtaken and the table sees it.
    const log = a.snapshot().log;
    const setSecond = log.findIndex((e) => e.event.k === 'counter' && e.event.from === 3) > log.findIndex((e) => e.event.k === 'counter' && e.event.delta === 1 && e.event.from === undefined);
    for (const g of [a, b]) {
      expect(tg(g)).toBe(6);
      expect(problems(g).some((m) => /Ana's trade goods were set to 5 \(from 3\) while another change made them 4: now 6/.test(m))).toBe(setSecond);
    }
  });
});

describe('round and artifacts', () => {
  it('starts in round 1, strategy phase, and records the phase as the table sets it', () => {
    const game = newGame();
    expect(game.snapshot().round).toEqual({ round: 1, phase: 'strategy', step: null });
    game.makeMove(roundMoves.setRound, { round: 2, phase: 'status', step: 5 });
    expect(game.snapshot().round).toEqual({ round: 2, phase: 'status', step: 5 });
    expectRefused(game, 'invalid-input', () => game.makeMove(roundMoves.setRound, { round: 2, phase: 'status', step: 12 }));
  });

  it('gives an artifact one controller at a time', () => {
    const game = newGame();
    game.makeMove(planetMoves.setArtifact, 'red', 's1');
    game.makeMove(planetMoves.setArtifact, 'red', 's2');
    expect(game.snapshot().artifacts.red).toBe('s2');
    expectRefused(game, 'unknown-seat', () => game.makeMove(planetMoves.setArtifact, 'red', 's9'));
  });
});

describe('planet control (001 "Planet Control")', () => {
  it('a planet acquired arrives exhausted, whether neutral, taken from another seat, or custom', () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's1', 'abyz');
    expect(game.snapshot().planets.abyz?.exhausted).toBe(true);
    game.makeMove(planetMoves.setExhausted, 'abyz', false);
    game.makeMove(planetMoves.takePlanet, 's2', 'abyz');
    expect(game.snapshot().planets.abyz).toMatchObject({ owner: 's2', exhausted: true });
    const id = addCustom(game, 's3', { name: 'New Hope', resources: 2, influence: 1, specialties: [] });
    expect(game.snapshot().planets[id]).toMatchObject({ owner: 's3', exhausted: true });
  });
});
