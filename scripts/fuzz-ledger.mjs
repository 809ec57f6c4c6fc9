#!/usr/bin/env node
// The long sweep of the convergence fuzz with its trade goods ledger (issue 36 item 5): eight phones, seeds
// 1–64 of 1,000 steps each by default, every phone's snapshot checked against a fresh fold and against the
// ledger after every merge. `npm test` plays 3 seeds of 600 steps; this is the bound the README quotes.
//
//   npm run fuzz:ledger [-- --seeds 1-64] [--steps 1000]
//
// Runs test/unit/sync/convergenceFuzz.test.ts under vitest (one worker: the seeds run one after another),
// prints one line per seed and a summary, and saves every seed's stats in bench/out/fuzz-ledger.json. A
// failing seed's message names the event where the ledger and the fold part, and how to replay it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** "1-64" or "1,5,9-12" → the seeds. */
function parseSeeds(text) {
  return text.split(',').flatMap((part) => {
    const [a, b] = part.split('-').map(Number);
    if (!Number.isSafeInteger(a) || (b !== undefined && !Number.isSafeInteger(b))) throw new Error(`Not a seed list: ${text}`);
    return b === undefined ? [a] : Array.from({ length: b - a + 1 }, (_, i) => a + i);
  });
}

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

const seeds = parseSeeds(option('seeds', '1-64'));
const steps = Number(option('steps', '1000'));
const outDir = join(ROOT, 'bench', 'out');
mkdirSync(outDir, { recursive: true });
const lines = join(outDir, 'fuzz-ledger.jsonl');
rmSync(lines, { force: true });

console.log(`Convergence fuzz with the trade goods ledger: 8 phones, ${seeds.length} seeds (${seeds[0]}–${seeds.at(-1)}), ${steps} steps each.`);
const started = Date.now();
const run = spawnSync(
  process.execPath,
  [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'test/unit/sync/convergenceFuzz.test.ts', '-t', 'eight phones with', '--reporter=dot', '--maxWorkers=1'],
  { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, FUZZ_SEEDS: seeds.join(','), FUZZ_STEPS: String(steps), FUZZ_OUT: lines } },
);
const ms = Date.now() - started;

let results = [];
try {
  results = readFileSync(lines, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
} catch {
  // No line at all: vitest failed before any seed ran (its own output above says why).
}
const failed = results.filter((r) => r.failed);
const passed = results.filter((r) => !r.failed);
for (const r of results) {
  if (r.failed) console.log(`seed ${r.seed}: FAILED\n  ${r.failed.split('\n').slice(0, 3).join('\n  ')}`);
  else console.log(`seed ${r.seed}: ok in ${(r.ms / 1000).toFixed(1)} s — round ${r.round}, ${r.logLength} events, ${r.ledgerLines} moving trade goods (${r.goods} held at the end), ${r.ledgerChecks} ledger checks, ${r.merges} merges`);
}
const sum = (key) => passed.reduce((n, r) => n + (r[key] ?? 0), 0);
const missing = seeds.filter((seed) => !results.some((r) => r.seed === seed));
const summary = {
  seeds: seeds.length,
  steps,
  phones: 8,
  passed: passed.length,
  failed: failed.map((r) => r.seed),
  notRun: missing,
  ms,
  merges: sum('merges'),
  ledgerChecks: sum('ledgerChecks'),
  ledgerMs: Math.round(sum('ledgerMs')),
  checkMs: Math.round(sum('checkMs')),
  ledgerLines: sum('ledgerLines'),
  events: sum('logLength'),
  maxRound: Math.max(0, ...passed.map((r) => r.round)),
};
writeFileSync(join(outDir, 'fuzz-ledger.json'), `${JSON.stringify({ summary, results }, null, 2)}\n`);
console.log(
  `\n${summary.passed} of ${summary.seeds} seeds balanced on every phone after every merge` +
    `${failed.length ? `; failed: ${summary.failed.join(', ')}` : ''}${missing.length ? `; not run: ${missing.join(', ')}` : ''}.` +
    `\n${summary.merges} merges, ${summary.ledgerChecks} distinct documents held to the ledger (${(summary.ledgerMs / 1000).toFixed(1)} s of ledger, ${(summary.checkMs / 1000).toFixed(1)} s of fresh folds),` +
    ` ${summary.ledgerLines} trade good movements in ${summary.events} events, up to round ${summary.maxRound}; ${(ms / 60000).toFixed(1)} min in all.` +
    `\nSaved in bench/out/fuzz-ledger.json.`,
);
process.exit(run.status === 0 && !failed.length && !missing.length ? 0 : 1);
