import { describe, expect, it } from 'vitest';
import { buildReport, formatTable, KEYS, strictFailures, unitOf, verdict } from '../../../bench/lib/report.mjs';
import type { SuiteOutcome } from '../../../bench/lib/report.mjs';

const at = '2025-01-01T00:00:00.000Z';
const outcome = (o: Partial<SuiteOutcome> & { name: string }): SuiteOutcome => ({ ok: true, ms: 1, measuredAt: at, results: {}, ...o });
const report = (outcomes: SuiteOutcome[], available = outcomes.map((o) => o.name), previous = null as ReturnType<typeof buildReport> | null) =>
  buildReport({ outcomes, previous, machine: { cpus: 2 }, versions: { yjs: '13' }, measuredAt: at, available });

describe('bench results', () => {
  it('lists every key of the issue, null with a "not measured yet" note when its suite does not exist', () => {
    const r = report([outcome({ name: 'bundle', results: { 'bundle.firstScreenGzipBytes': 12_000, 'bundle.totalGzipBytes': 140_000 } })]);
    for (const key of Object.keys(KEYS)) expect(r.results).toHaveProperty([key]);
    expect(r.results['sync.p50Ms']).toBeNull();
    expect(r.notes['sync.p50Ms']).toMatch(/^not measured yet: /);
    expect(r.results['bundle.firstScreenGzipBytes']).toBe(12_000);
    expect(r.status['bundle.firstScreenGzipBytes']).toBe('pass');
    expect(Object.keys(r.results)).toEqual([...Object.keys(r.results)].sort());
    expect(r).toMatchObject({ machine: { cpus: 2 }, versions: { yjs: '13' }, measuredAt: at });
  });

  it('keeps the keys of a failed suite, as null with the error, and --strict reports it', () => {
    const r = report([outcome({ name: 'document', ok: false, error: 'boom', keys: ['doc.extraMs'] })]);
    expect(r.results['doc.bytesV1']).toBeNull();
    expect(r.results['doc.extraMs']).toBeNull();
    expect(r.notes['doc.loadMs']).toContain('boom');
    expect(r.suites.document).toMatchObject({ ok: false, error: 'boom' });
    expect(strictFailures(r)).toEqual(['suite document failed: boom']);
    expect(formatTable(r)).toContain('suite document FAILED: boom');
  });

  it('judges figures against the issue targets and the targets a suite exports', () => {
    const r = report([
      outcome({ name: 'bundle', results: { 'bundle.firstScreenGzipBytes': 61_000, 'bundle.totalGzipBytes': 1 } }),
      outcome({ name: 'sync', results: { 'sync.p95Ms': 300 }, targets: { 'sync.p95Ms': { max: 250 } } }),
    ]);
    expect(r.status['bundle.firstScreenGzipBytes']).toBe('fail');
    expect(r.status['sync.p95Ms']).toBe('fail');
    expect(r.targets['sync.p95Ms']).toEqual({ max: 250, unit: 'ms' });
    expect(strictFailures(r)).toHaveLength(2);
    expect(formatTable(r)).toMatch(/bundle\.firstScreenGzipBytes\s+61,000 B\s+≤ 60,000 B\s+OVER/);
  });

  it('carries over the figures of suites that did not run this time (--only)', () => {
    const first = report([outcome({ name: 'bundle', results: { 'bundle.firstScreenGzipBytes': 1, 'bundle.totalGzipBytes': 2 } }), outcome({ name: 'wire', results: { 'wire.ratio': 9 } })]);
    const second = report([outcome({ name: 'wire', results: { 'wire.ratio': 10 } })], ['bundle', 'wire'], first);
    expect(second.results['bundle.totalGzipBytes']).toBe(2);
    expect(second.suites.bundle?.carriedOver).toBe(true);
    expect(second.results['wire.ratio']).toBe(10);
  });

  it('reads units from key names', () => {
    expect([unitOf('start.interactiveMs'), unitOf('doc.bytesV1'), unitOf('wire.jsonBytesPerChange'), unitOf('wire.ratio'), unitOf('doc.events')]).toEqual(['ms', 'B', 'B', '×', '']);
    expect([verdict(null, { max: 1 }), verdict(2, undefined), verdict(2, { max: 1 }), verdict(1, { max: 1 })]).toEqual(['missing', 'n/a', 'fail', 'pass']);
  });
});
