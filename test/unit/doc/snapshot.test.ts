import { describe, expect, it } from 'vitest';
import { encodeEvent, foldGame, gameRoot, readRaw } from '../../../src/doc';
import type { RawGame } from '../../../src/doc';
import { newGame } from './fixtures';

function raw(log: unknown[]): RawGame {
  const base = readRaw(gameRoot(newGame().doc));
  if (!base) throw new Error('no game');
  return { ...base, log };
}

describe('folding the log (untrusted input)', () => {
  it('skips and reports a malformed log entry, and still applies the ones after it', () => {
    const s = foldGame(raw([['n', 0, 'd', 's1', 0, 2], 'garbage', ['n', 0, 'd', 's1', 0, 3]]));
    expect(s.players.s1?.counters.vp).toBe(5);
    expect(s.problems).toEqual([{ index: 1, message: expect.stringMatching(/not a valid event/) }]);
    expect(s.log.map((l) => l.index)).toEqual([0, 2]);
  });

  it('ignores an event about a seat that does not exist, and says so', () => {
    const s = foldGame(raw([encodeEvent({ k: 'counter', seat: 's9', counter: 'vp', delta: 3, t: 0, dev: 'd' })]));
    expect(s.problems[0]?.message).toMatch(/seat "s9"/);
    expect(Object.keys(s.players)).toEqual(['s1', 's2', 's3']);
  });

  it('ignores a planet that is in neither table, and a planet given to a seat that does not exist', () => {
    const s = foldGame(raw([
      encodeEvent({ k: 'owner', planet: 'atlantis', seat: 's1', t: 0, dev: 'd' }),
      encodeEvent({ k: 'owner', planet: 'abyz', seat: 's9', t: 0, dev: 'd' }),
    ]));
    expect(s.planets.atlantis).toBeUndefined();
    expect(s.planets.abyz).toBeUndefined();
    expect(s.problems).toHaveLength(2);
  });

  it('refuses a custom planet that would shadow a printed one', () => {
    const s = foldGame(raw([encodeEvent({ k: 'customPlanet', planet: { id: 'jord', name: 'Fake Jord', resources: 9, influence: 9, specialties: [] }, t: 0, dev: 'd' })]));
    expect(s.problems[0]?.message).toMatch(/reuses the id "jord"/);
  });

  it('exhausts the planets of a payment and spends its trade goods', () => {
    const s = foldGame(raw([
      encodeEvent({ k: 'owner', planet: 'jord', seat: 's1', t: 0, dev: 'd' }),
      encodeEvent({ k: 'counter', seat: 's1', counter: 'tradeGoods', delta: 3, t: 0, dev: 'd' }),
      encodeEvent({ k: 'pay', seat: 's1', kind: 'resources', amount: 6, planets: ['jord'], tradeGoods: 2, what: 'a carrier', t: 0, dev: 'd' }),
    ]));
    expect(s.planets.jord?.exhausted).toBe(true);
    expect(s.players.s1?.counters.tradeGoods).toBe(1);
  });

  it('refreshes only the planets of the seat that refreshed', () => {
    const s = foldGame(raw([
      encodeEvent({ k: 'owner', planet: 'jord', seat: 's1', t: 0, dev: 'd' }),
      encodeEvent({ k: 'owner', planet: 'abyz', seat: 's2', t: 0, dev: 'd' }),
      encodeEvent({ k: 'exhaust', planet: 'jord', exhausted: true, t: 0, dev: 'd' }),
      encodeEvent({ k: 'exhaust', planet: 'abyz', exhausted: true, t: 0, dev: 'd' }),
      encodeEvent({ k: 'refreshAll', seat: 's1', t: 0, dev: 'd' }),
    ]));
    expect([s.planets.jord?.exhausted, s.planets.abyz?.exhausted]).toEqual([false, true]);
  });
});
