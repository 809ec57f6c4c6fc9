import { describe, it, expect } from 'vitest';
import { planPayment, type PayKind, type PaymentPriority } from '../../../src/rules/pay';
import { planetInfluence, planetResources, type PlanetState } from '../../../src/rules/planets';
import { planet, seeded } from './helpers';

// All tests: 001 "Spending Resources and Influence" (whole planet values, overpay lost) and "Trade Goods"
// (one trade good = one resource or one influence).

interface Best {
  planetIds: string[];
  tradeGoods: number;
  waste: number;
  keptOther: number;
}

/** Every subset of refreshed planets and every trade-good count, compared by the documented order. */
function bruteForce(cost: number, kind: PayKind, planets: PlanetState[], goods: number, priority: PaymentPriority): Best | null {
  const refreshed = planets.filter((p) => !p.exhausted);
  const payOf = kind === 'resources' ? planetResources : planetInfluence;
  const otherOf = kind === 'resources' ? planetInfluence : planetResources;
  const totalOther = refreshed.reduce((a, p) => a + otherOf(p), 0);
  let best: { key: number[]; picks: number[]; plan: Best } | null = null;
  for (let mask = 0; mask < 1 << refreshed.length; mask++) {
    const picks = refreshed.map((_, i) => i).filter((i) => mask & (1 << i));
    const sum = picks.reduce((a, i) => a + payOf(refreshed[i]!), 0);
    const lost = picks.reduce((a, i) => a + otherOf(refreshed[i]!), 0);
    for (let t = 0; t <= goods; t++) {
      if (sum + t < cost) continue;
      const waste = sum + t - cost;
      const keptOther = totalOther - lost;
      const key =
        priority === 'save-trade-goods' ? [t, waste, -keptOther, picks.length] : [waste, -keptOther, t, picks.length];
      if (best === null || compare(key, best.key) < 0 || (compare(key, best.key) === 0 && compare(picks, best.picks) < 0)) {
        best = { key, picks, plan: { planetIds: picks.map((i) => refreshed[i]!.id), tradeGoods: t, waste, keptOther } };
      }
    }
  }
  return best?.plan ?? null;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let k = 0; k < Math.min(a.length, b.length); k++) if (a[k] !== b[k]) return a[k]! - b[k]!;
  return a.length - b.length;
}

function randomPlanets(rand: () => number, n: number): PlanetState[] {
  const int = (max: number): number => Math.floor(rand() * (max + 1));
  return Array.from({ length: n }, (_, i) =>
    planet(`p${i}`, int(5), int(5), {
      exhausted: rand() < 0.2,
      facility: rand() < 0.15 ? 'colony' : rand() < 0.15 ? 'refinery' : null,
    }),
  );
}

describe('planPayment is exact: it matches brute force on random small tables', () => {
  it.each(['save-trade-goods', 'least-waste'] as const)('priority %s, 400 seeded cases of up to 12 planets', (priority) => {
    const rand = seeded(priority === 'least-waste' ? 7 : 3);
    for (let round = 0; round < 400; round++) {
      const planets = randomPlanets(rand, Math.floor(rand() * 13));
      const kind: PayKind = rand() < 0.5 ? 'resources' : 'influence';
      const goods = Math.floor(rand() * 4);
      const cost = Math.floor(rand() * 20);
      const expected = bruteForce(cost, kind, planets, goods, priority);
      const got = planPayment({ cost, kind, planets, tradeGoods: goods, priority });
      if (expected === null) {
        expect(got.ok, `case ${round}`).toBe(false);
        continue;
      }
      expect(got, `case ${round}`).toEqual({ ok: true, paid: cost + expected.waste, ...expected });
    }
  });
});

describe('planPayment cases', () => {
  it('a cost of 0 exhausts nothing and keeps every other value', () => {
    const planets = [planet('a', 2, 3), planet('b', 1, 1)];
    expect(planPayment({ cost: 0, kind: 'resources', planets, tradeGoods: 2 })).toEqual({
      ok: true,
      planetIds: [],
      tradeGoods: 0,
      paid: 0,
      waste: 0,
      keptOther: 4,
    });
  });

  it('refuses when planets and trade goods together fall short, saying what is available', () => {
    const planets = [planet('a', 2, 0), planet('b', 3, 0), planet('c', 4, 0, { exhausted: true })];
    const r = planPayment({ cost: 8, kind: 'resources', planets, tradeGoods: 2 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.available).toEqual({ planets: 5, tradeGoods: 2, total: 7 });
    expect(r.reason).toContain('8 resources');
    expect(r.reason).toContain('7');
  });

  it('trade goods fill the gap the refreshed planets leave', () => {
    const planets = [planet('a', 2, 1), planet('b', 3, 1)];
    const r = planPayment({ cost: 7, kind: 'resources', planets, tradeGoods: 5 });
    expect(r).toMatchObject({ ok: true, planetIds: ['a', 'b'], tradeGoods: 2, paid: 7, waste: 0, keptOther: 0 });
  });

  it('finds the exact fit a largest-first greedy misses', () => {
    // 6 = 3 + 3, while greedy takes 4 then 3 and overpays by 1.
    const planets = [planet('four', 4, 0), planet('x', 3, 0), planet('y', 3, 0)];
    expect(planPayment({ cost: 6, kind: 'resources', planets, tradeGoods: 0 })).toMatchObject({ planetIds: ['x', 'y'], waste: 0 });
  });

  it('among exact fits, keeps the most of the other value', () => {
    const planets = [planet('rich', 2, 3), planet('a', 1, 0), planet('b', 1, 0)];
    expect(planPayment({ cost: 2, kind: 'resources', planets, tradeGoods: 0 })).toMatchObject({ planetIds: ['a', 'b'], keptOther: 3 });
  });

  it('pays influence with influence values and keeps resources', () => {
    const planets = [planet('a', 4, 2), planet('b', 0, 2), planet('c', 1, 4)];
    expect(planPayment({ cost: 4, kind: 'influence', planets, tradeGoods: 0 })).toMatchObject({ planetIds: ['c'], keptOther: 4 });
  });

  it('uses no trade goods while planets can cover the cost (default priority)', () => {
    const planets = [planet('big', 4, 0)];
    expect(planPayment({ cost: 3, kind: 'resources', planets, tradeGoods: 3 })).toMatchObject({ planetIds: ['big'], tradeGoods: 0, waste: 1 });
  });

  it("spends trade goods rather than overpay with priority 'least-waste'", () => {
    const planets = [planet('big', 4, 0)];
    expect(planPayment({ cost: 3, kind: 'resources', planets, tradeGoods: 3, priority: 'least-waste' })).toMatchObject({
      planetIds: [],
      tradeGoods: 3,
      waste: 0,
    });
  });

  it('exhausts the planet listed first when two choices are otherwise equal', () => {
    const planets = [planet('first', 2, 1), planet('second', 2, 1)];
    expect(planPayment({ cost: 2, kind: 'resources', planets, tradeGoods: 0 })).toMatchObject({ planetIds: ['first'] });
    expect(planPayment({ cost: 2, kind: 'resources', planets: [...planets].reverse(), tradeGoods: 0 })).toMatchObject({ planetIds: ['second'] });
  });

  it('never exhausts an exhausted planet', () => {
    const planets = [planet('tired', 5, 0, { exhausted: true }), planet('ok', 2, 0)];
    expect(planPayment({ cost: 5, kind: 'resources', planets, tradeGoods: 3 })).toMatchObject({ planetIds: ['ok'], tradeGoods: 3 });
  });

  it('refuses malformed numbers with a sentence instead of a wrong plan', () => {
    expect(planPayment({ cost: -1, kind: 'resources', planets: [], tradeGoods: 0 }).ok).toBe(false);
    expect(planPayment({ cost: 1, kind: 'resources', planets: [planet('a', 1.5, 0)], tradeGoods: 0 }).ok).toBe(false);
  });
});

describe('planPayment with 30 planets', () => {
  // 28 planets of 3 resources / 2 influence and two of 2 / 0: the only way to pay exactly 10 is
  // 3 + 3 + 2 + 2, taking the first two 3s in input order.
  const planets = [
    ...Array.from({ length: 14 }, (_, i) => planet(`t${i}`, 3, 2)),
    planet('two-a', 2, 0),
    ...Array.from({ length: 14 }, (_, i) => planet(`t${14 + i}`, 3, 2)),
    planet('two-b', 2, 0),
  ];

  it('is exact', () => {
    expect(planPayment({ cost: 10, kind: 'resources', planets, tradeGoods: 0 })).toEqual({
      ok: true,
      planetIds: ['t0', 't1', 'two-a', 'two-b'],
      tradeGoods: 0,
      paid: 10,
      waste: 0,
      keptOther: 28 * 2 - 4,
    });
  });

  it('runs well under 10 ms', () => {
    const rand = seeded(30);
    const tables = Array.from({ length: 20 }, () => randomPlanets(rand, 30));
    planPayment({ cost: 25, kind: 'resources', planets: tables[0]!, tradeGoods: 3 }); // warm up
    const start = performance.now();
    for (const t of tables) planPayment({ cost: 25, kind: 'resources', planets: t, tradeGoods: 3 });
    const perCall = (performance.now() - start) / tables.length;
    expect(perCall).toBeLessThan(10);
  });
});
