// Small statistics helpers for benchmark suites: medians and percentiles of repeated measurements.

/** The p-th percentile (0–100) of `values`, linear interpolation between closest ranks; null when empty. */
export function percentile(values, p) {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!xs.length) return null;
  const rank = (p / 100) * (xs.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return xs[lo] + (xs[hi] - xs[lo]) * (rank - lo);
}

export const median = (values) => percentile(values, 50);

/** Rounds to `digits` decimals (results.json keeps milliseconds to 0.1 ms, bytes as integers). */
export function round(value, digits = 1) {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Runs `fn` `runs` times after `warmup` discarded runs; resolves with every measured value. */
export async function repeat(runs, fn, { warmup = 1 } = {}) {
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const out = [];
  for (let i = 0; i < runs; i++) out.push(await fn(i));
  return out;
}
