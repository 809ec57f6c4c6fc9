/**
 * The pay helper: which refreshed planets to exhaust, and how many trade goods to add, to pay a cost.
 * Seed 001 "Spending Resources and Influence" and "Trade Goods": a planet gives its whole value of one
 * kind when exhausted ("extra resources/influence provided are lost"), and each trade good stands for
 * one resource or one influence.
 *
 * The plan is exact. Planet values are small integers, so a subset-sum table over the reachable totals
 * (planets × total value cells) finds the best set without trying all 2^n sets; 30 planets take well
 * under a millisecond.
 */
import { planetInfluence, planetResources, type PlanetState } from './planets';

export type PayKind = 'resources' | 'influence';

/**
 * Which plan wins, compared key by key (both end with the same two keys):
 * - `'save-trade-goods'` (default): fewest trade goods, then least waste, then most of the other value
 *   kept. Trade goods only fill what the refreshed planets cannot cover: they last from round to
 *   round and serve either kind, while exhausted planets come back at the next status phase.
 * - `'least-waste'`: least waste, then most of the other value kept, then fewest trade goods. It
 *   spends trade goods rather than overpay with a planet or exhaust one that has a high other value,
 *   so pass in `tradeGoods` only what the player is willing to spend.
 * Then, in both: fewest planets exhausted; and finally the planets listed first in `planets` are
 * exhausted first (the lexicographically smallest list of positions), so the caller can order planets
 * by how willingly the player gives them up.
 */
export type PaymentPriority = 'save-trade-goods' | 'least-waste';

export interface PaymentRequest {
  /** What must be paid; 0 is a valid cost (nothing is exhausted). */
  cost: number;
  kind: PayKind;
  /** Her planets; exhausted ones are ignored. */
  planets: readonly PlanetState[];
  /** Trade goods she may spend (0 pays with planets only). */
  tradeGoods: number;
  /** What one trade good pays: 1, or 2 for the Mentak with Mirror Computing (rules/raceAbilities.ts). */
  goodWorth?: number;
  priority?: PaymentPriority;
}

export interface PaymentPlan {
  ok: true;
  /** Planets to exhaust, in the order they were given. */
  planetIds: string[];
  tradeGoods: number;
  /** Value provided: planets plus trade goods. */
  paid: number;
  /** Overpay, lost by the rules. */
  waste: number;
  /** Total of the other kind (influence when paying resources) on the refreshed planets left upright. */
  keptOther: number;
}

export interface PaymentShortfall {
  ok: false;
  reason: string;
  /** What she has towards this kind of cost right now. */
  available: { planets: number; tradeGoods: number; total: number };
}

export type PaymentResult = PaymentPlan | PaymentShortfall;

const isCount = (n: number): boolean => Number.isInteger(n) && n >= 0;
const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * Plan a payment of resources or influence with the least loss (see {@link PaymentPriority} for the
 * exact order of preferences). 001 "Spending Resources and Influence", "Trade Goods".
 */
export function planPayment(request: PaymentRequest): PaymentResult {
  const { cost, kind, tradeGoods } = request;
  const worth = request.goodWorth ?? 1;
  const goodsFor = (rest: number) => Math.ceil(Math.max(0, rest) / worth);
  const priority = request.priority ?? 'save-trade-goods';
  const refreshed = request.planets.filter((p) => !p.exhausted);
  const payOf = kind === 'resources' ? planetResources : planetInfluence;
  const otherOf = kind === 'resources' ? planetInfluence : planetResources;
  const pay = refreshed.map(payOf);
  const other = refreshed.map(otherOf);
  const fromPlanets = pay.reduce((a, b) => a + b, 0);
  const available = { planets: fromPlanets, tradeGoods: Math.max(0, tradeGoods), total: fromPlanets + Math.max(0, tradeGoods) * worth };

  const bad = refreshed.find((_, i) => !isCount(pay[i] ?? -1) || !isCount(other[i] ?? -1));
  if (bad) return { ok: false, reason: `Planet ${bad.id} has a value that is not a whole number of 0 or more.`, available };
  if (!isCount(cost)) return { ok: false, reason: 'A cost must be a whole number of 0 or more.', available };
  if (!isCount(tradeGoods)) return { ok: false, reason: 'Trade goods must be a whole number of 0 or more.', available };
  if (available.total < cost) {
    return {
      ok: false,
      reason:
        `You need ${plural(cost, kind === 'resources' ? 'resource' : 'influence', kind)} but have only ${available.total}: ` +
        `${fromPlanets} from refreshed planets and ${plural(tradeGoods, 'trade good', 'trade goods')}.`,
      available,
    };
  }

  // best[i][s]: the cheapest way to make exactly s from planets i..n-1, cheapest meaning least other
  // value lost, then fewest planets; both packed in one number (lost * (n+1) + planets) so comparing
  // numbers compares the pair. Built from the last planet back, so the rebuild below can walk forward
  // and take each planet whenever an optimal set still can, which exhausts the earliest planets.
  const n = refreshed.length;
  const width = n + 1;
  const best: Float64Array[] = [];
  const none = new Float64Array(fromPlanets + 1).fill(Infinity);
  none[0] = 0;
  best[n] = none;
  for (let i = n - 1; i >= 0; i--) {
    const next = best[i + 1] as Float64Array;
    const row = Float64Array.from(next);
    const p = pay[i] as number;
    const step = (other[i] as number) * width + 1;
    for (let s = p; s <= fromPlanets; s++) {
      const withIt = (next[s - p] as number) + step;
      if (withIt < (row[s] as number)) row[s] = withIt;
    }
    best[i] = row;
  }

  // Pick the total to reach. For a given total the trade goods and the waste are fixed, and two totals
  // never share both, so comparing per total is exact.
  const first = best[0] as Float64Array;
  let chosen = -1;
  let chosenKey: number[] = [];
  for (let s = 0; s <= fromPlanets; s++) {
    const packed = first[s] as number;
    if (packed === Infinity) continue;
    const goods = goodsFor(cost - s);
    if (goods > tradeGoods) continue;
    const waste = s + goods * worth - cost;
    const lost = Math.floor(packed / width);
    const count = packed % width;
    const key = priority === 'save-trade-goods' ? [goods, waste, lost, count] : [waste, lost, goods, count];
    if (chosen < 0 || lexLess(key, chosenKey)) {
      chosen = s;
      chosenKey = key;
    }
  }

  const planetIds: string[] = [];
  let lostOther = 0;
  let left = chosen;
  for (let i = 0; i < n && left > 0; i++) {
    const p = pay[i] as number;
    if (p > left) continue;
    const step = (other[i] as number) * width + 1;
    if (((best[i + 1] as Float64Array)[left - p] as number) + step === (best[i] as Float64Array)[left]) {
      planetIds.push((refreshed[i] as PlanetState).id);
      lostOther += other[i] as number;
      left -= p;
    }
  }

  const goods = goodsFor(cost - chosen);
  const totalOther = other.reduce((a, b) => a + b, 0);
  return {
    ok: true,
    planetIds,
    tradeGoods: goods,
    paid: chosen + goods * worth,
    waste: chosen + goods * worth - cost,
    keptOther: totalOther - lostOther,
  };
}

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let k = 0; k < a.length; k++) {
    const x = a[k] as number;
    const y = b[k] as number;
    if (x !== y) return x < y;
  }
  return false;
}
