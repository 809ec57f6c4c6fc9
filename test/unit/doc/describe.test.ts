import { describe, expect, it } from 'vitest';
import { amountOf, describeEvent, MODULES } from '../../../src/doc';
import { DESCRIBERS } from '../../../src/doc/describe';
import type { EventBody, LogEntry } from '../../../src/doc';
import { expectRefused, newGame, threeSeats } from './fixtures';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

const s = newGame().snapshot();
const say = (event: EventBody) => describeEvent({ event }, s);

describe('the game log in words', () => {
  it.each<[EventBody, string]>([
    [{ k: 'pay', seat: 's1', kind: 'resources', amount: 4, planets: ['jord'], tradeGoods: 0, what: '' }, 'Ana exhausted Jord for 4 resources'],
    [{ k: 'pay', seat: 's1', kind: 'resources', amount: 5, planets: ['jord', 'abyz'], tradeGoods: 1, what: 'Sarween Tools' }, 'Ana exhausted Jord and Abyz and spent 1 trade good for 5 resources: Sarween Tools'],
    [{ k: 'pay', seat: 's2', kind: 'influence', amount: 2, planets: [], tradeGoods: 2, what: '' }, 'Ben spent 2 trade goods for 2 influence'],
    [{ k: 'counter', seat: 's1', counter: 'vp', delta: 1 }, 'Ana gained 1 victory point'],
    [{ k: 'counter', seat: 's3', counter: 'tradeGoods', delta: -3 }, 'Cleo lost 3 trade goods'],
    [{ k: 'give', from: 's1', to: 's2', amount: 2 }, 'Ana gave 2 trade goods to Ben'],
    [{ k: 'owner', planet: 'abyz', seat: 's2' }, 'Ben took control of Abyz'],
    [{ k: 'owner', planet: 'abyz', seat: null }, 'Abyz was given up'],
    [{ k: 'exhaust', planet: 'jord', exhausted: true }, 'Ana exhausted Jord'],
    [{ k: 'refreshAll', seat: 's1', keep: ['abyz'] }, 'Ana refreshed all planets (Abyz stayed exhausted: facility built)'],
    [{ k: 'facility', planet: 'jord', facility: 'colony' }, 'Ana built a colony on Jord'],
    [{ k: 'tech', seat: 's1', tech: 'sarween-tools', owned: true }, 'Ana researched Sarween Tools'],
    [{ k: 'upgrade', seat: 's1', upgrade: 'spec-ops-training', unlocked: true }, 'Ana (Sol) unlocked Spec Ops Training'],
    [{ k: 'leader', seat: 's2', leader: 0, status: { capturedBy: 's3' } }, "Ben's Diplomat Gila was captured by Cleo"],
    [{ k: 'cc', seat: 's1', pool: 1, fleet: 0, strat: 1, why: 'receive' }, 'Ana received 2 command counters (+1 command pool, +1 strategy allocation)'],
    [{ k: 'cc', seat: 's1', pool: -1, fleet: 1, strat: 0, why: 'move' }, 'Ana reallocated command counters: −1 command pool, +1 fleet supply'],
    [{ k: 'cc', seat: 's1', pool: -1, fleet: 0, strat: 0, why: 'tactical' }, 'Ana spent a command pool counter on a tactical action'],
    [{ k: 'phase', round: 2, phase: 'status', step: 7 }, 'Now Round 2 · Status phase, step 7: Reallocate Command Counters and Fleet Supply Upkeep'],
    [{ k: 'artifact', color: 'red', seat: 's3' }, 'Cleo took control of the red artifact'],
    [{ k: 'note', seat: null, text: 'Mecatol falls' }, 'Note: Mecatol falls'],
  ])('%j reads "%s"', (event, sentence) => {
    expect(say(event)).toBe(sentence);
  });

  it('has a sentence for the setup of a new game', () => {
    const sentences = s.log.map((e) => describeEvent(e, s));
    expect(sentences).toContain('Ana took control of Jord');
    expect(sentences).toContain('Ana researched Cybernetics');
  });
});

describe('the log names players as every screen does', () => {
  it('the log names the player, not her race, for a pick', () => {
    expect(say({ k: 'round', op: 'pick', round: 1, seat: 's2', card: 1, tg: 0, pool: 0, fleet: 0, strat: 0, drawn: null })).toBe('Ben picked Leadership');
  });

  it('names the player who resolves a primary ability, passes, and whom a change concerns', () => {
    expect(say({ k: 'round', op: 'primary', round: 1, seat: 's1', card: 9, option: 'a', pool: 0, fleet: 0, strat: 0 })).toBe('Ana resolved Prospect, option a');
    expect(say({ k: 'round', op: 'act', round: 1, seat: 's3', what: 'pass', card: null })).toBe('Cleo passed');
    expect(say({ k: 'give', from: 's3', to: 's1', amount: 4 })).toBe('Cleo gave 4 trade goods to Ana');
  });

  it('adds her race where her race sheet is the point: a race ability, a racial upgrade', () => {
    expect(say({ k: 'round', op: 'play', round: 1, seat: 's3', kind: 'ability', name: 'Diplomats', turn: false })).toBe('Cleo (Xxcha) played the race ability Diplomats');
    expect(say({ k: 'round', op: 'play', round: 1, seat: 's3', kind: 'card', name: 'Sabotage', turn: false })).toBe('Cleo played the action card Sabotage');
    expect(say({ k: 'upgrade', seat: 's1', upgrade: 'spec-ops-training', unlocked: false })).toBe('Ana (Sol) locked again Spec Ops Training');
  });

  it('an undo reads as what it took back, with her name', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    game.undo();
    const s = game.snapshot();
    expect(describeEvent(s.log.at(-1) as LogEntry, s)).toBe('Undone: Ana gained 1 trade good');
  });
});

describe('counts in the log', () => {
  it.each<[EventBody, string]>([
    [{ k: 'counter', seat: 's1', counter: 'tradeGoods', delta: 1 }, 'Ana gained 1 trade good'],
    [{ k: 'give', from: 's1', to: 's2', amount: 1 }, 'Ana gave 1 trade good to Ben'],
    [{ k: 'counter', seat: 's2', counter: 'commandPool', delta: -1 }, 'Ben lost 1 command pool counter'],
    [{ k: 'cc', seat: 's1', pool: 1, fleet: 0, strat: 0, why: 'receive' }, 'Ana received 1 command counter (+1 command pool)'],
    [{ k: 'round', op: 'pick', round: 1, seat: 's1', card: 2, tg: 1, pool: 1, fleet: 0, strat: 0, drawn: null }, 'Ana picked Diplomacy (bonus: +1 trade good, +1 command counter)'],
    [{ k: 'round', op: 'primary', round: 1, seat: 's1', card: 5, option: 'a', pool: 0, fleet: 0, strat: 0 }, 'Ana resolved Trade, option a: +3 trade goods'],
    [{ k: 'setup', op: 'speaker', seat: 's2', bid: 1 }, 'Ben bid 1 trade good on the speaker token'],
    [{ k: 'setup', op: 'home', seat: 's3', location: 2, bid: 1 }, 'Cleo bid 1 trade good on home system location 2'],
    [{ k: 'setup', op: 'home', seat: 's3', location: 2, bid: 0 }, 'Cleo bid 0 trade goods on home system location 2'],
    [{ k: 'wealth', planet: 'abyz', delta: 1 }, 'Abyz: +1 trade good of Natural Wealth'],
    [{ k: 'pay', seat: 's1', kind: 'influence', amount: 1, planets: [], tradeGoods: 1, what: '' }, 'Ana spent 1 trade good for 1 influence'],
  ])('a count of 1 reads in the singular: %j reads "%s"', (event, sentence) => {
    expect(say(event)).toBe(sentence);
  });

  it('status step 6 says the cards she received: 1 action card, or 2 for the Yssaril, as the fold gives them', () => {
    const game = newGame({ ...threeSeats, seats: threeSeats.seats.map((x) => (x.race === 'xxcha' ? { ...x, race: 'yssaril' } : x)) });
    const s = game.snapshot();
    // Status step 6 (001 "Status Phase"): 1 action card and 1 political card; the Yssaril draw 2 action cards (003 "Appendix 2").
    expect(describeEvent({ event: { k: 'round', op: 'income', round: 1, seat: 's1', pool: 1, fleet: 0, strat: 0 } }, s)).toBe('Ana received 1 action card, 1 political card and 1 command counter');
    expect(describeEvent({ event: { k: 'round', op: 'income', round: 1, seat: 's3', pool: 2, fleet: 1, strat: 0 } }, s)).toBe('Cleo received 2 action cards, 1 political card and 3 command counters');
  });

  it('influence stays uncountable: 1 influence, 3 influence', () => {
    expect(say({ k: 'pay', seat: 's2', kind: 'influence', amount: 3, planets: [], tradeGoods: 0, what: '' })).toBe('Ben paid nothing for 3 influence');
  });
});

describe('amounts in words', () => {
  it('says "1 resource" and "3 resources", and influence without a plural', () => {
    expect([amountOf(1, 'resources'), amountOf(3, 'resources'), amountOf(0, 'resources'), amountOf(1, 'influence'), amountOf(2, 'influence')]).toEqual([
      '1 resource',
      '3 resources',
      '0 resources',
      '1 influence',
      '2 influence',
    ]);
  });

  it('a payment of 1 resource reads in the singular in the log and in the refusal', () => {
    const game = newGame();
    game.makeMove(planetMoves.pay, 's1', 'resources', 1, { planets: ['jord'], tradeGoods: 0 });
    const s = game.snapshot();
    expect(describeEvent(s.log.at(-1) as LogEntry, s)).toBe('Ana exhausted Jord for 1 resource');
    const e = expectRefused(game, 'not-enough', () => game.makeMove(planetMoves.pay, 's2', 'resources', 1, { planets: [], tradeGoods: 0 }));
    expect(e.message).toBe('That pays 0 of the 1 resource needed: choose more planets or trade goods.');
  });

  it('a refusal that counts 1 trade good reads in the singular', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    expect(expectRefused(game, 'not-enough', () => game.makeMove(planetMoves.pay, 's1', 'resources', 5, { planets: ['jord'], tradeGoods: 2 })).message).toBe('You have only 1 trade good, not 2.');
    expect(expectRefused(game, 'not-enough', () => game.makeMove(sheetMoves.giveTradeGoods, 's1', 's2', 2)).message).toBe('Only 1 trade good to give.');
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    expect(expectRefused(game, 'invalid-input', () => game.makeMove(planetMoves.pay, 's1', 'resources', 5, { planets: ['jord'], tradeGoods: 2 })).message).toBe('Only 1 trade good is needed with these planets, not 2.');
  });
});

describe('the log in words, on the first frame (issue 33)', () => {
  it("reads each part's own describer, in the order the game composes its parts", () => {
    expect(DESCRIBERS).toEqual(MODULES.map((m) => m.describe));
  });
});
