import { describe, expect, it } from 'vitest';
import { amountOf, describeEvent } from '../../../src/doc';
import type { EventBody, LogEntry } from '../../../src/doc';
import { expectRefused, newGame } from './fixtures';

const s = newGame().snapshot();
const say = (event: EventBody) => describeEvent({ event }, s);

describe('the game log in words', () => {
  it.each<[EventBody, string]>([
    [{ k: 'pay', seat: 's1', kind: 'resources', amount: 4, planets: ['jord'], tradeGoods: 0, what: '' }, 'Sol exhausted Jord for 4 resources'],
    [{ k: 'pay', seat: 's1', kind: 'resources', amount: 5, planets: ['jord', 'abyz'], tradeGoods: 1, what: 'Sarween Tools' }, 'Sol exhausted Jord and Abyz and spent 1 trade good for 5 resources: Sarween Tools'],
    [{ k: 'pay', seat: 's2', kind: 'influence', amount: 2, planets: [], tradeGoods: 2, what: '' }, 'Hacan spent 2 trade goods for 2 influence'],
    [{ k: 'counter', seat: 's1', counter: 'vp', delta: 1 }, 'Sol gained 1 victory point'],
    [{ k: 'counter', seat: 's3', counter: 'tradeGoods', delta: -3 }, 'Xxcha lost 3 trade goods'],
    [{ k: 'give', from: 's1', to: 's2', amount: 2 }, 'Sol gave 2 trade goods to Hacan'],
    [{ k: 'owner', planet: 'abyz', seat: 's2' }, 'Hacan took control of Abyz'],
    [{ k: 'owner', planet: 'abyz', seat: null }, 'Abyz was given up'],
    [{ k: 'exhaust', planet: 'jord', exhausted: true }, 'Sol exhausted Jord'],
    [{ k: 'refreshAll', seat: 's1', keep: ['abyz'] }, 'Sol refreshed all planets (Abyz stayed exhausted: facility built)'],
    [{ k: 'facility', planet: 'jord', facility: 'colony' }, 'Sol built a colony on Jord'],
    [{ k: 'tech', seat: 's1', tech: 'sarween-tools', owned: true }, 'Sol researched Sarween Tools'],
    [{ k: 'upgrade', seat: 's1', upgrade: 'spec-ops-training', unlocked: true }, 'Sol unlocked Spec Ops Training'],
    [{ k: 'leader', seat: 's2', leader: 0, status: { capturedBy: 's3' } }, "Hacan's Diplomat Gila was captured by Xxcha"],
    [{ k: 'cc', seat: 's1', pool: 1, fleet: 0, strat: 1, why: 'receive' }, 'Sol received 2 command counters (+1 command pool, +1 strategy allocation)'],
    [{ k: 'cc', seat: 's1', pool: -1, fleet: 1, strat: 0, why: 'move' }, 'Sol reallocated command counters: −1 command pool, +1 fleet supply'],
    [{ k: 'cc', seat: 's1', pool: -1, fleet: 0, strat: 0, why: 'tactical' }, 'Sol spent a command pool counter on a tactical action'],
    [{ k: 'phase', round: 2, phase: 'status', step: 7 }, 'Now Round 2 · Status phase, step 7: Reallocate Command Counters and Fleet Supply Upkeep'],
    [{ k: 'artifact', color: 'red', seat: 's3' }, 'Xxcha took control of the red artifact'],
    [{ k: 'note', seat: null, text: 'Mecatol falls' }, 'Note: Mecatol falls'],
  ])('%j reads "%s"', (event, sentence) => {
    expect(say(event)).toBe(sentence);
  });

  it('has a sentence for the setup of a new game', () => {
    const sentences = s.log.map((e) => describeEvent(e, s));
    expect(sentences).toContain('Sol took control of Jord');
    expect(sentences).toContain('Sol researched Cybernetics');
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
    game.pay('s1', 'resources', 1, { planets: ['jord'], tradeGoods: 0 });
    const s = game.snapshot();
    expect(describeEvent(s.log.at(-1) as LogEntry, s)).toBe('Sol exhausted Jord for 1 resource');
    const e = expectRefused(game, 'not-enough', () => game.pay('s2', 'resources', 1, { planets: [], tradeGoods: 0 }));
    expect(e.message).toBe('That pays 0 of the 1 resource needed: choose more planets or trade goods.');
  });
});
