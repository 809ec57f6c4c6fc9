/**
 * Status step 5 and leaders (issue 25 item 5): refresh abilities, Natural Wealth, leader abilities that
 * rest a round, executing captives, the Scientist's prerequisite. Commands refuse with a message and write
 * nothing; every phone's fold refuses the same event written by a phone that skipped the check.
 */
import { describe, expect, it } from 'vitest';
import { describeEvent, encodeEvent, foldGame, gameRoot, readRaw } from '../../../src/doc';
import type { EventBody, Game, GameEvent, GameSnapshot, RawGame } from '../../../src/doc';
import { atStatusStep, expectRefused, holdRefreshed, newGame } from './fixtures';
import * as roundMoves from '../../../src/doc/round/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

/** The game as every phone folds it once a phone that checks nothing appended `bodies`. */
function withRaw(game: Game, ...bodies: EventBody[]): GameSnapshot {
  const raw = readRaw(gameRoot(game.doc)) as RawGame;
  return foldGame({ ...raw, log: [...raw.log, ...bodies.map((b) => encodeEvent({ ...b, t: 9, dev: 'dev1' } as GameEvent))] });
}
const tg = (s: GameSnapshot, seat: string) => s.players[seat]?.counters.tradeGoods;
const lastLine = (game: Game) => {
  const s = game.snapshot();
  const entry = s.log[s.log.length - 1];
  return entry ? describeEvent(entry, s) : '';
};
const problems = (s: GameSnapshot) => s.problems.map((p) => p.message);

describe('refresh abilities (001 "5) Refresh Planets", "Refresh Abilities")', () => {
  it('Sumerian at step 5: it stays exhausted and 2 trade goods are hers in one change, said in the log', () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's1', 'sumerian');
    atStatusStep(game, 5);
    const before = game.snapshot().log.length;
    game.makeMove(planetMoves.useRefreshAbility, 's1', 'sumerian');
    const s = game.snapshot();
    expect(s.log.length).toBe(before + 1);
    expect(s.planets.sumerian?.exhausted).toBe(true);
    expect(tg(s, 's1')).toBe(2);
    expect(lastLine(game)).toBe('Ana used the refresh ability of Sumerian instead of refreshing it (it stays exhausted) and gained 2 trade goods');
  });

  it('a unit gain is left to the board and the log says what to place', () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's1', 'mirage');
    atStatusStep(game, 5);
    game.makeMove(planetMoves.useRefreshAbility, 's1', 'mirage');
    expect(tg(game.snapshot(), 's1')).toBe(0);
    expect(lastLine(game)).toMatch(/Gain 2 Fighters: place 2 Fighters as the planet card says$/);
  });

  it('is refused outside step 5 (naming the step), twice in a round, and on a refreshed planet', () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's1', 'sumerian');
    atStatusStep(game, 4);
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(planetMoves.useRefreshAbility, 's1', 'sumerian')).message).toMatch(/step 5 of the status phase \(Refresh Planets\)/);
    atStatusStep(game, 5);
    game.makeMove(planetMoves.useRefreshAbility, 's1', 'sumerian');
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(planetMoves.useRefreshAbility, 's1', 'sumerian')).message).toMatch(/already used this round/);
    holdRefreshed(game, 's2', 'tsion');
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(planetMoves.useRefreshAbility, 's2', 'tsion')).message).toMatch(/must be exhausted/);
  });

  it('Refresh all leaves the planet whose ability was used exhausted, and the log says why: its ability, not a facility', () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's1', 'sumerian');
    game.makeMove(planetMoves.addPlanet, 's1', 'abyz');
    atStatusStep(game, 5);
    game.makeMove(planetMoves.useRefreshAbility, 's1', 'sumerian');
    game.makeMove(planetMoves.refreshAll, 's1');
    expect(game.snapshot().planets.sumerian?.exhausted).toBe(true);
    expect(game.snapshot().planets.abyz?.exhausted).toBe(false);
    expect(lastLine(game)).toBe('Ana refreshed all planets (Sumerian stayed exhausted: refresh ability used)');
  });

  it("every phone's fold refuses a use written out of its step or for another player's planet, and nobody gains", () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's2', 'sumerian');
    const early = withRaw(game, { k: 'refreshUse', seat: 's2', planet: 'sumerian' });
    expect(tg(early, 's2')).toBe(0);
    expect(problems(early)).toContainEqual(expect.stringMatching(/^Ben's use of the refresh ability of Sumerian was refused: .*step 5/));
    atStatusStep(game, 5);
    const stolen = withRaw(game, { k: 'refreshUse', seat: 's1', planet: 'sumerian' });
    expect(tg(stolen, 's1')).toBe(0);
    expect(problems(stolen)).toContainEqual(expect.stringMatching(/Only the player who controls Sumerian/));
    const twice = withRaw(game, { k: 'refreshUse', seat: 's2', planet: 'sumerian' }, { k: 'refreshUse', seat: 's2', planet: 'sumerian' });
    expect(tg(twice, 's2')).toBe(2);
  });
});

describe('Natural Wealth (001, Natural Wealth domain counter)', () => {
  it('placed on her planet, one trade good is taken onto her sheet at step 5, once per planet', () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's1', 'abyz');
    game.makeMove(planetMoves.placeNaturalWealth, 'abyz', 2);
    atStatusStep(game, 5);
    game.makeMove(planetMoves.takeNaturalWealth, 's1', 'abyz');
    expect(game.snapshot().planets.abyz?.wealth).toBe(1);
    expect(tg(game.snapshot(), 's1')).toBe(1);
    expect(lastLine(game)).toBe('Ana took 1 trade good of Natural Wealth from Abyz');
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(planetMoves.takeNaturalWealth, 's1', 'abyz')).message).toMatch(/one per planet/);
  });

  it("is refused at another step, and a forged take from another player's planet is refused by the fold", () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's1', 'abyz');
    game.makeMove(planetMoves.placeNaturalWealth, 'abyz', 1);
    atStatusStep(game, 6);
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(planetMoves.takeNaturalWealth, 's1', 'abyz')).message).toMatch(/it is now step 6/);
    game.makeMove(roundMoves.setRound, { round: 1, phase: 'action', step: null });
    const s = withRaw(game, { k: 'takeWealth', seat: 's2', planet: 'abyz' });
    expect(s.planets.abyz?.wealth).toBe(1);
    expect(tg(s, 's2')).toBe(0);
  });
});

describe('no Natural Wealth on a trade station (001 "Trade Stations": "No Domain Counter or Natural Wealth may exist on a Trade Station")', () => {
  it('placing it on Sumerian is refused with the rule, and a placement written anyway is refused by every phone\'s fold', () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's1', 'sumerian');
    expect(game.snapshot().planets.sumerian?.tradeStation).toBe(true);
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(planetMoves.placeNaturalWealth, 'sumerian', 1)).message).toMatch(/trade station/);
    const s = withRaw(game, { k: 'wealth', planet: 'sumerian', delta: 2 });
    expect(s.planets.sumerian?.wealth).toBe(0);
    expect(problems(s).join('\n')).toMatch(/Natural Wealth placed on Sumerian was refused: .*trade station/);
    // Any other planet takes it as before.
    game.makeMove(planetMoves.addPlanet, 's1', 'abyz');
    game.makeMove(planetMoves.placeNaturalWealth, 'abyz', 1);
    expect(game.snapshot().planets.abyz?.wealth).toBe(1);
  });
});

describe('leader abilities that rest this round and the next (001 "Leader Abilities")', () => {
  // Sol's leaders: Admiral, Agent, Diplomat.
  it("Sol's Agent sabotages in round 2, is refused in round 3 with the round it is ready, and may again in round 4", () => {
    const game = newGame();
    game.makeMove(roundMoves.setRound, { round: 2, phase: 'action', step: null });
    game.makeMove(sheetMoves.useLeader, 's1', 1);
    expect(lastLine(game)).toBe(`Ana's Agent Connor used "Sabotage an action card" in round 2: not again before round 4`);
    game.makeMove(roundMoves.setRound, { round: 3, phase: 'action', step: null });
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.useLeader, 's1', 1)).message).toMatch(/from round 4/);
    game.makeMove(roundMoves.setRound, { round: 4, phase: 'action', step: null });
    game.makeMove(sheetMoves.useLeader, 's1', 1);
    expect(game.snapshot().players.s1?.rested?.[1]).toBe(4);
  });

  it("the Diplomat's rests on the planet: another planet of hers may still be defended", () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's1', 'abyz');
    game.makeMove(planetMoves.addPlanet, 's1', 'fria');
    game.makeMove(sheetMoves.useLeader, 's1', 2, 'abyz');
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.useLeader, 's1', 2, 'abyz')).message).toMatch(/Abyz was used in round 1/);
    game.makeMove(sheetMoves.useLeader, 's1', 2, 'fria');
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.useLeader, 's1', 0)).message).toMatch(/Admiral has no ability that rests/);
  });

  it('a captive has no abilities, and a forged second use in the same round is refused by the fold', () => {
    const game = newGame();
    game.makeMove(sheetMoves.setLeader, 's1', 1, { capturedBy: 's2' });
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.useLeader, 's1', 1)).message).toMatch(/not free/);
    game.makeMove(sheetMoves.setLeader, 's1', 1, 'free');
    game.makeMove(sheetMoves.useLeader, 's1', 1);
    const s = withRaw(game, { k: 'leaderUse', seat: 's1', leader: 1, round: 1, planet: null });
    expect(problems(s)).toContainEqual(expect.stringMatching(/^The ability of Ana's Agent Connor was refused: .*not again this round or the next/));
  });
});

describe('executing and releasing captives (001 "Executions and Releases")', () => {
  it('Ben executes Ana\'s Agent in the status phase by exhausting one of his planets', () => {
    const game = newGame();
    holdRefreshed(game, 's2', 'abyz');
    game.makeMove(sheetMoves.setLeader, 's1', 1, { capturedBy: 's2' });
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.decideCaptive, 's2', 's1', 1, 'abyz')).message).toMatch(/during the status phase/);
    atStatusStep(game, 2);
    game.makeMove(sheetMoves.decideCaptive, 's2', 's1', 1, 'abyz');
    const s = game.snapshot();
    expect(s.players.s1?.leaders[1]).toBe('killed');
    expect(s.planets.abyz?.exhausted).toBe(true);
    expect(lastLine(game)).toBe("Ben executed Ana's Agent Connor and exhausted Abyz for it");
  });

  it('or by giving up control of an exhausted one; a release frees the leader', () => {
    const game = newGame();
    game.makeMove(planetMoves.addPlanet, 's2', 'abyz');
    game.makeMove(sheetMoves.setLeader, 's1', 1, { capturedBy: 's2' });
    game.makeMove(sheetMoves.setLeader, 's1', 2, { capturedBy: 's2' });
    atStatusStep(game, 2);
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.decideCaptive, 's2', 's1', 1, 'abyz')).message).toMatch(/already exhausted/);
    game.makeMove(sheetMoves.decideCaptive, 's2', 's1', 1, 'abyz', true);
    expect(game.snapshot().planets.abyz?.owner).toBeNull();
    expect(game.snapshot().players.s2?.planets).not.toContain('abyz');
    game.makeMove(sheetMoves.decideCaptive, 's2', 's1', 2);
    expect(game.snapshot().players.s1?.leaders[2]).toBe('free');
    expect(lastLine(game)).toBe("Ben released Ana's Diplomat Rev, who escapes");
  });

  it('a forged execution of a leader who is not that player\'s captive is refused by the fold', () => {
    const game = newGame();
    holdRefreshed(game, 's2', 'abyz');
    atStatusStep(game, 2);
    const s = withRaw(game, { k: 'captive', captor: 's2', seat: 's1', leader: 1, planet: 'abyz', lose: false });
    expect(s.players.s1?.leaders[1]).toBe('free');
    expect(s.planets.abyz?.exhausted).toBe(false);
    expect(problems(s)).toContain("Executing Ana's Agent Connor was refused: Ana's Agent Connor is not a captive of Ben.");
  });
});

describe("the Scientist's prerequisite (001 \"Scientist\")", () => {
  // Hacan (Ben) has a Scientist and starts with Enviro Compensator and Sarween Tools; Neural Motivator needs
  // Stasis Capsules (green) or Micro Technology (yellow). Garbozia has a green specialty.
  it('Ben exhausts Garbozia to ignore Stasis Capsules and researches Neural Motivator, its specialty no longer discounting', () => {
    const game = newGame();
    holdRefreshed(game, 's2', 'garbozia');
    game.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 5);
    game.makeMove(sheetMoves.research, 's2', 'neural-motivator', 5, { planets: [], tradeGoods: 5 }, false, 'garbozia');
    const s = game.snapshot();
    expect(s.players.s2?.techs).toContain('neural-motivator');
    expect(s.planets.garbozia?.exhausted).toBe(true);
    expect(tg(s, 's2')).toBe(0);
    const line = s.log.find((e) => e.event.k === 'scientist');
    expect(line && describeEvent(line, s)).toBe("Ben's Scientist exhausted Garbozia to ignore the prerequisite Stasis Capsules of Neural Motivator");
  });

  it("Technology's Advanced Research offers it too: Ben follows Ana's Technology, exhausting Garbozia to ignore Stasis Capsules", () => {
    const game = newGame();
    for (const [seat, card] of [['s1', 7], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) game.makeMove(roundMoves.pick, seat, card);
    for (const [seat, card] of [['s2', 2], ['s3', 3]] as const) {
      game.makeMove(roundMoves.strategic, seat, card);
      game.makeMove(roundMoves.endTurn, seat);
    }
    game.makeMove(roundMoves.strategic, 's1', 7);
    holdRefreshed(game, 's2', 'garbozia');
    game.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 5);
    expectRefused(game, 'not-allowed', () => game.makeMove(roundMoves.advancedResearch, 's2', 'neural-motivator', { planets: [], tradeGoods: 5 }));
    game.makeMove(roundMoves.advancedResearch, 's2', 'neural-motivator', { planets: [], tradeGoods: 5 }, 'garbozia');
    const s = game.snapshot();
    expect([s.players.s2?.techs.includes('neural-motivator'), s.planets.garbozia?.exhausted, tg(s, 's2')]).toEqual([true, true, 0]);
    expect(s.tracker.secondaries.find((o) => o.card === 7)?.answers).toEqual({ s2: true });
  });

  it('is refused without a free Scientist, or with a planet whose specialty matches no missing prerequisite', () => {
    const game = newGame();
    holdRefreshed(game, 's2', 'abaddon');
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.research, 's2', 'neural-motivator', 0, { planets: [], tradeGoods: 0 }, false, 'abaddon')).message).toMatch(/this planet has red/);
    holdRefreshed(game, 's2', 'garbozia');
    game.makeMove(sheetMoves.setLeader, 's2', 2, 'killed');
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.research, 's2', 'neural-motivator', 0, { planets: [], tradeGoods: 0 }, false, 'garbozia')).message).toBe('Ben has no free Scientist.');
  });

  it('a forged waiver by a race without a Scientist is refused by the fold and the planet stays refreshed', () => {
    const game = newGame();
    holdRefreshed(game, 's1', 'garbozia');
    const s = withRaw(game, { k: 'scientist', seat: 's1', planet: 'garbozia', tech: 'neural-motivator', ignored: 'stasis-capsules' });
    expect(s.planets.garbozia?.exhausted).toBe(false);
    expect(problems(s)).toContain("Ana's Scientist ignoring a prerequisite was refused: Ana has no free Scientist.");
  });
});
