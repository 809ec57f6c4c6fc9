// The shape of bench/results.json and the table `npm run bench` prints. Pure functions (no I/O), so
// they are unit tested (test/unit/bench/report.test.ts).
import { BUDGETS } from './bundle.mjs';

/**
 * Every key issue 9 asks for, the suite that measures it, its target (if the issue sets one), and why
 * it is not measured yet where its suite does not exist. Suites may report more keys, and may export
 * `targets` for their own keys; a key listed here whose suite is missing is reported as null.
 */
export const KEYS = {
  'bundle.firstScreenGzipBytes': { suite: 'bundle', target: { max: BUDGETS.firstScreenGzipBytes } },
  'bundle.totalGzipBytes': { suite: 'bundle', target: { max: BUDGETS.totalGzipBytes } },
  'start.firstRenderMs': { suite: 'start' },
  'start.interactiveMs': { suite: 'start', target: { max: 1000 } },
  'doc.bytesV1': { suite: 'document', target: { max: 65_536 } },
  'doc.bytesV2': { suite: 'document' },
  'doc.loadMs': { suite: 'document', target: { max: 50 } },
  'wire.yjsBytesPerChange': { suite: 'wire' },
  'wire.jsonBytesPerChange': { suite: 'wire' },
  'wire.ratio': { suite: 'wire' },
  'sync.p50Ms': { suite: 'sync', pending: 'peer sync between phones is being built (sync issue); bench/suites/sync.mjs will measure it' },
  'sync.p95Ms': { suite: 'sync', pending: 'peer sync between phones is being built (sync issue); bench/suites/sync.mjs will measure it' },
  'sync.lateJoinMs': { suite: 'sync', pending: 'peer sync between phones is being built (sync issue); bench/suites/sync.mjs will measure it' },
  'pairing.offerBytes': { suite: 'pairing', pending: 'QR pairing is being built (sync issue); bench/suites/pairing.mjs will measure it' },
  'pairing.answerBytes': { suite: 'pairing', pending: 'QR pairing is being built (sync issue); bench/suites/pairing.mjs will measure it' },
  'pairing.scanToSyncedMs': { suite: 'pairing', pending: 'QR pairing is being built (sync issue); bench/suites/pairing.mjs will measure it' },
  'ui.tapToPaintMs': { suite: 'tapToPaint', pending: 'the planets panel with its exhaust button is being built (panels issue); bench/suites/tapToPaint.mjs will measure it' },
  // Issue 26: what a round costs each player's thumb (bench/suites/glance.mjs).
  'ui.tapsPerRound': { suite: 'glance' },
  'ui.scrollPerRoundPx': { suite: 'glance' },
};

/** The unit of a key, from its name: …Ms is milliseconds, …Bytes (or bytes…) is bytes. */
export function unitOf(key) {
  const last = key.split('.').pop() ?? key;
  if (/Ms$/.test(last)) return 'ms';
  if (/Bytes/.test(last) || /^bytes/.test(last)) return 'B';
  if (/[rR]atio$/.test(last)) return '×';
  return '';
}

/** pass | fail | n/a (no target) | missing (null value) */
export function verdict(value, target) {
  if (value === null || value === undefined) return 'missing';
  if (!target) return 'n/a';
  if (target.max !== undefined && value > target.max) return 'fail';
  if (target.min !== undefined && value < target.min) return 'fail';
  return 'pass';
}

const sortKeys = (obj) => Object.fromEntries(Object.entries(obj).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * Builds results.json from this run's suite outcomes, carrying over what an earlier file holds for
 * suites that did not run this time (`--only`).
 *
 * outcomes: [{ name, ok, error?, ms, measuredAt, results: {key: number|null}, notes: {key: text}, details, targets }]
 * previous: the earlier results.json object, or null.
 */
export function buildReport({ outcomes, previous = null, machine, versions, measuredAt, available = [] }) {
  const ran = new Set(outcomes.map((o) => o.name));
  const suites = {};
  const results = {};
  const notes = {};
  const details = {};
  const targets = {};
  for (const [key, spec] of Object.entries(KEYS)) if (spec.target) targets[key] = { ...spec.target, unit: unitOf(key) };

  // Carried over from the previous file: suites that exist but did not run this time.
  if (previous && typeof previous === 'object') {
    for (const [name, s] of Object.entries(previous.suites ?? {})) {
      if (ran.has(name) || !available.includes(name)) continue;
      suites[name] = { ...s, carriedOver: true };
      for (const key of s.keys ?? []) {
        if (key in (previous.results ?? {})) results[key] = previous.results[key];
        if (previous.notes?.[key]) notes[key] = previous.notes[key];
        if (previous.targets?.[key]) targets[key] = previous.targets[key];
      }
      if (previous.details?.[name]) details[name] = previous.details[name];
    }
  }

  for (const o of outcomes) {
    const declared = Object.entries(KEYS).filter(([, spec]) => spec.suite === o.name).map(([k]) => k);
    const keys = [...new Set([...declared, ...(o.keys ?? []), ...Object.keys(o.results ?? {})])];
    suites[o.name] = { ok: o.ok, ms: o.ms, measuredAt: o.measuredAt, keys: keys.sort(), ...(o.error ? { error: o.error } : {}) };
    for (const [key, t] of Object.entries(o.targets ?? {})) targets[key] = { ...t, unit: unitOf(key) };
    for (const key of keys) {
      const v = o.results?.[key];
      results[key] = typeof v === 'number' && Number.isFinite(v) ? v : null;
      if (o.notes?.[key]) notes[key] = o.notes[key];
      else if (results[key] === null) notes[key] = o.ok ? 'not measured: the suite reported no value' : `not measured: suite "${o.name}" failed: ${o.error}`;
    }
    if (o.details && Object.keys(o.details).length) details[o.name] = o.details;
  }

  // Keys of the issue whose suite does not exist (yet).
  for (const [key, spec] of Object.entries(KEYS)) {
    if (key in results) continue;
    results[key] = null;
    notes[key] = available.includes(spec.suite)
      ? `not measured in this run: suite "${spec.suite}" was not selected`
      : `not measured yet: ${spec.pending ?? `no suite "${spec.suite}" in bench/suites/`}`;
  }

  const status = {};
  for (const key of Object.keys(results)) status[key] = verdict(results[key], targets[key]);

  return {
    measuredAt,
    machine,
    versions,
    results: sortKeys(results),
    targets: sortKeys(targets),
    status: sortKeys(status),
    notes: sortKeys(notes),
    suites: sortKeys(suites),
    details: sortKeys(details),
  };
}

/** Whole numbers get thousands separators; the rest one decimal. */
export function formatValue(value, unit) {
  if (value === null || value === undefined) return '—';
  const n = Number.isInteger(value) ? value.toLocaleString('en-US') : value.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return unit ? `${n} ${unit}` : n;
}

export function formatTarget(target) {
  if (!target) return '';
  const parts = [];
  if (target.max !== undefined) parts.push(`≤ ${formatValue(target.max, target.unit)}`);
  if (target.min !== undefined) parts.push(`≥ ${formatValue(target.min, target.unit)}`);
  return parts.join(', ');
}

/** The short table printed by `npm run bench`: issue keys first, then the extras, then failed suites. */
export function formatTable(report, { extras = true } = {}) {
  const issueKeys = Object.keys(KEYS);
  const keys = [...issueKeys, ...(extras ? Object.keys(report.results).filter((k) => !issueKeys.includes(k)) : [])];
  const rows = keys.map((key) => {
    const v = report.results[key];
    const s = report.status[key];
    const label = s === 'pass' ? 'ok' : s === 'fail' ? 'OVER' : '';
    const note = v === null ? (report.notes[key] ?? '') : '';
    return [key, formatValue(v, unitOf(key)), formatTarget(report.targets[key]), label, note];
  });
  const w = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length), ['key', 'value', 'target', ''][i].length));
  const line = (r) => `${r[0].padEnd(w[0])}  ${r[1].padStart(w[1])}  ${r[2].padEnd(w[2])}  ${r[3].padEnd(w[3])}  ${r[4]}`.trimEnd();
  const out = [line(['key', 'value', 'target', '', '']), ...rows.map(line)];
  const failed = Object.entries(report.suites).filter(([, s]) => !s.ok);
  if (failed.length) {
    out.push('');
    for (const [name, s] of failed) out.push(`suite ${name} FAILED: ${s.error}`);
  }
  return out.join('\n');
}

/** Whether `--strict` should fail the run: a suite failed or a measured key is over its target. */
export function strictFailures(report) {
  const out = [];
  for (const [name, s] of Object.entries(report.suites)) if (!s.ok && !s.carriedOver) out.push(`suite ${name} failed: ${s.error}`);
  for (const [key, s] of Object.entries(report.status)) if (s === 'fail') out.push(`${key} = ${report.results[key]} is over its target ${formatTarget(report.targets[key])}`);
  return out;
}
