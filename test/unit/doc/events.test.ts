import { describe, expect, it } from 'vitest';
import { decodeEvent, encodeEvent } from '../../../src/doc';
import type { GameEvent } from '../../../src/doc';

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
  { k: 'refreshAll', seat: 's1', keep: ['abyz', 'fria'], t: 14, dev: 'abc' },
  { k: 'cc', seat: 's1', pool: 1, fleet: 0, strat: 1, why: 'receive', t: 15, dev: 'abc' },
  { k: 'cc', seat: 's1', pool: -2, fleet: 1, strat: 1, why: 'move', t: 15, dev: 'abc' },
  { k: 'cc', seat: 's1', pool: -1, fleet: 0, strat: 0, why: 'tactical', t: 15, dev: 'abc' },
  { k: 'cc', seat: 's1', pool: 0, fleet: 0, strat: -1, why: 'secondary', t: 15, dev: 'abc' },
  { k: 'phase', round: 3, phase: 'status', step: 7, t: 16, dev: 'abc' },
  { k: 'phase', round: 4, phase: 'strategy', step: null, t: 16, dev: 'abc' },
  { k: 'artifact', color: 'yellow', seat: 's2', t: 17, dev: 'abc' },
  { k: 'artifact', color: 'green', seat: null, t: 17, dev: 'abc' },
  { k: 'refreshUse', seat: 's1', planet: 'sumerian', t: 18, dev: 'abc' },
  { k: 'takeWealth', seat: 's1', planet: 'abyz', t: 18, dev: 'abc' },
  { k: 'reverse', seat: 's2', planet: 'darien', round: 3, t: 18, dev: 'abc' },
  { k: 'leaderUse', seat: 's1', leader: 1, round: 3, planet: null, t: 19, dev: 'abc' },
  { k: 'leaderUse', seat: 's1', leader: 2, round: 3, planet: 'jord', t: 19, dev: 'abc' },
  { k: 'captive', captor: 's2', seat: 's1', leader: 0, planet: null, lose: false, t: 20, dev: 'abc' },
  { k: 'captive', captor: 's2', seat: 's1', leader: 0, planet: 'abyz', lose: true, t: 20, dev: 'abc' },
  { k: 'scientist', seat: 's2', planet: 'garbozia', tech: 'neural-motivator', ignored: 'stasis-capsules', t: 21, dev: 'abc' },
];

describe('event codec', () => {
  it('gives every event kind its own one-letter code', () => {
    const codes = samples.map((e) => encodeEvent(e)[0]);
    const kinds = new Map<unknown, string>();
    samples.forEach((e, i) => {
      expect(String(codes[i])).toHaveLength(1);
      expect(kinds.get(codes[i]) ?? e.k).toBe(e.k);
      kinds.set(codes[i], e.k);
    });
  });

  it('reads a refresh written before "keep" existed as keeping nothing', () => {
    expect(decodeEvent(['R', 1, 'dev', 's1'])).toEqual({ k: 'refreshAll', seat: 's1', t: 1, dev: 'dev' });
  });

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
    ['a note over the guard\'s field size', ['.', 1, 'dev', '', 'x'.repeat(1001)]],
    ['captor not a seat id', ['l', 1, 'dev', 's1', 0, '@']],
    ['pay kind unknown', ['p', 1, 'dev', 's1', 'z', 1, '', 0, '']],
    ['counter move with an unknown reason', ['c', 1, 'dev', 's1', 1, -1, 0, 'x']],
    ['counter move with a fractional count', ['c', 1, 'dev', 's1', 0.5, 0, 0, 'r']],
    ['round 0', ['h', 1, 'dev', 0, 1, 0]],
    ['a status step outside the status phase', ['h', 1, 'dev', 2, 1, 7]],
    ['the status phase without a step', ['h', 1, 'dev', 2, 2, 0]],
    ['status step 10', ['h', 1, 'dev', 2, 2, 10]],
    ['an artifact of no colour', ['a', 1, 'dev', 'p', 's1']],
    ['a reversed planet for round 0', ['Y', 1, 'dev', 's2', 'darien', 0]],
    ['a refresh ability used on no planet', ['U', 1, 'dev', 's1', '']],
    ['a leader ability with a negative leader number', ['L', 1, 'dev', 's1', -1, 2, '']],
    ['a captive decision with a lose flag not 0/1', ['K', 1, 'dev', 's2', 's1', 0, 'abyz', 'yes']],
    ['a Scientist waiver naming no prerequisite', ['S', 1, 'dev', 's2', 'garbozia', 'neural-motivator']],
  ])('rejects a stored entry that is %s', (_why, raw) => {
    expect(decodeEvent(raw)).toBeUndefined();
  });
});
