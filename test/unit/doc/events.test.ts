import { describe, expect, it } from 'vitest';
import { decodeEvent, encodeEvent } from '../../../src/doc/events';
import type { GameEvent } from '../../../src/doc/events';

const samples: GameEvent[] = [
  { k: 'counter', seat: 's1', counter: 'tradeGoods', delta: -3, t: 5, dev: 'abc' },
  { k: 'give', from: 's1', to: 's2', amount: 2, t: 6, dev: 'abc' },
  { k: 'owner', planet: 'jord', seat: null, t: 7, dev: 'abc' },
  { k: 'owner', planet: 'jord', seat: 's2', t: 7, dev: 'abc' },
  { k: 'exhaust', planet: 'jord', exhausted: true, t: 8, dev: 'abc' },
  { k: 'refreshAll', seat: 's1', t: 8, dev: 'abc' },
  { k: 'facility', planet: 'abyz', facility: 'refinery', t: 9, dev: 'abc' },
  { k: 'facility', planet: 'abyz', facility: null, t: 9, dev: 'abc' },
  { k: 'wealth', planet: 'abyz', delta: 2, t: 9, dev: 'abc' },
  { k: 'customPlanet', planet: { id: 'custom-x', name: 'X', resources: 2, influence: 1, specialties: ['red', 'blue'] }, t: 9, dev: 'abc' },
  { k: 'pay', seat: 's1', kind: 'influence', amount: 4, planets: ['jord', 'abyz'], tradeGoods: 1, what: 'Command counters', t: 10, dev: 'abc' },
  { k: 'pay', seat: 's1', kind: 'resources', amount: 0, planets: [], tradeGoods: 0, what: '', t: 10, dev: 'abc' },
  { k: 'tech', seat: 's1', tech: 'sarween-tools', owned: true, t: 11, dev: 'abc' },
  { k: 'upgrade', seat: 's1', upgrade: 'sol-1', unlocked: false, t: 11, dev: 'abc' },
  { k: 'leader', seat: 's1', leader: 2, status: { capturedBy: 's3' }, t: 12, dev: 'abc' },
  { k: 'leader', seat: 's1', leader: 0, status: 'killed', t: 12, dev: 'abc' },
  { k: 'note', seat: null, text: 'Mecatol falls', t: 13, dev: 'abc' },
];

describe('event codec', () => {
  it.each(samples.map((e) => [e.k, e] as const))('a %s event survives encoding and decoding unchanged', (_k, event) => {
    expect(decodeEvent(encodeEvent(event))).toEqual(event);
  });

  it.each([
    ['not an array', { k: 'n' }],
    ['too short', ['n', 1]],
    ['unknown kind', ['?', 1, 'dev', 's1']],
    ['negative time', ['n', -1, 'dev', 's1', 1, 1]],
    ['fractional delta', ['n', 1, 'dev', 's1', 1, 0.5]],
    ['unknown counter', ['n', 1, 'dev', 's1', 99, 1]],
    ['missing seat', ['n', 1, 'dev', '', 1, 1]],
    ['negative gift', ['g', 1, 'dev', 's1', 's2', -4]],
    ['exhaust flag not 0/1', ['x', 1, 'dev', 'jord', true]],
    ['unknown facility', ['f', 1, 'dev', 'jord', 'castle']],
    ['oversized note', ['.', 1, 'dev', '', 'x'.repeat(501)]],
    ['captor not a seat id', ['l', 1, 'dev', 's1', 0, '@']],
    ['pay kind unknown', ['p', 1, 'dev', 's1', 'z', 1, '', 0, '']],
  ])('rejects a stored entry that is %s', (_why, raw) => {
    expect(decodeEvent(raw)).toBeUndefined();
  });
});
