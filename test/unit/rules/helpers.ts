import type { PlanetState } from '../../../src/rules/planets';

/** A refreshed, facility-less, non-home planet; override what the test is about. */
export function planet(id: string, resources: number, influence: number, extra: Partial<PlanetState> = {}): PlanetState {
  return {
    id,
    resources,
    influence,
    specialties: [],
    exhausted: false,
    facility: null,
    home: false,
    tradeStation: false,
    ...extra,
  };
}

/** Deterministic PRNG (mulberry32) so random cases are the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
