// Reading a Chromium trace and CPU profile of the app (the tap, start and sync suites' BENCH_…_TRACE/PROFILE):
// main-thread self time by kind of work (script, style, layout, paint…) within windows marked in the page
// with console.timeStamp, and the heaviest functions of a CPU profile within the same windows.

import { writeFileSync } from 'node:fs';

/**
 * The performance panel's categories, and any listed in BENCH_TRACE_CATS (comma-separated): `fonts` shows what a
 * first layout spends getting the fonts (FontCache::GetFontPlatformData, one per weight and size).
 */
export const TRACE_CATEGORIES = [
  ...['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'blink.user_timing', 'loading'],
  ...(process.env.BENCH_TRACE_CATS ?? '').split(',').filter(Boolean),
];

/**
 * Main-thread self time by kind of work within the windows [pointerup, frame after it] of the traced taps,
 * from a Chromium trace: nested complete events, each charged its duration less its children's.
 */
export function summariseTrace(events, [from, to] = ['tt-up', 'tt-end']) {
  // The tapped page's renderer: the one whose main thread logged the suite's marks.
  // A console.timeStamp(label) of the page, or a User Timing mark (performance.mark) of the app.
  const label = (e) => (e.name === 'TimeStamp' ? e.args?.data?.message : e.cat?.includes('user_timing') ? e.name : undefined);
  const marks = events.filter((e) => [from, to].includes(label(e))).sort((a, b) => a.ts - b.ts);
  const main = marks[0];
  if (!main) return null;
  const windows = [];
  for (const m of marks) {
    if (label(m) === from) windows.push([m.ts, Infinity]);
    else if (windows.length) windows[windows.length - 1][1] = m.ts;
  }
  const KIND = {
    FunctionCall: 'script', EvaluateScript: 'script', 'v8.run': 'script', TimerFire: 'script', FireAnimationFrame: 'script', EventDispatch: 'script', RunMicrotasks: 'script', 'v8.callFunction': 'script', V8Execute: 'script',
    MinorGC: 'gc', MajorGC: 'gc', 'V8.GC_SCAVENGER': 'gc', BlinkGC: 'gc',
    UpdateLayoutTree: 'style', RecalculateStyles: 'style', ParseAuthorStyleSheet: 'style',
    Layout: 'layout', UpdateLayerTree: 'layout', IntersectionObserverController: 'layout',
    Paint: 'paint', PrePaint: 'paint', PaintImage: 'paint', Layerize: 'paint', Commit: 'paint', UpdateLayer: 'paint', CompositeLayers: 'paint',
    HitTest: 'input',
  };
  const mine = events.filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && typeof e.dur === 'number').sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const byKind = {};
  const byName = {};
  const inWindow = (ts) => windows.some(([a, b]) => ts >= a && ts <= b);
  const stack = [];
  const charge = (e, self) => {
    if (!inWindow(e.ts)) return;
    const kind = KIND[e.name] ?? (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask' ? 'other (task)' : 'other');
    byKind[kind] = (byKind[kind] ?? 0) + self / 1000;
    byName[e.name] = (byName[e.name] ?? 0) + self / 1000;
  };
  for (const e of mine) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) {
      const done = stack.pop();
      charge(done, done.self);
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= Math.min(e.dur, parent.ts + parent.dur - e.ts);
    stack.push({ ...e, self: e.dur });
  }
  while (stack.length) {
    const done = stack.pop();
    charge(done, done.self);
  }
  const per = (o) => Object.fromEntries(Object.entries(o).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round((v / windows.length) * 10) / 10]));
  return { taps: windows.length, windows, msPerTapByKind: per(byKind), msPerTapByEvent: per(byName) };
}

/**
 * Records a Chromium trace and a CPU profile (100 µs samples) through `cdp` while `during` runs, writes them
 * to `file` and `<file>.cpuprofile` (DevTools opens both), and hands back what `during` returned with them.
 * `profile: false` records the trace alone (`profile` is then null): at 4× CPU the profiler's sampling about quadruples the script's
 * time in the trace (a tap's click handler 31 ms profiled against 7 ms measured without it).
 */
export async function traceAndProfile(cdp, file, during, { profile: withProfile = true } = {}) {
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const finished = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  if (withProfile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  }
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: TRACE_CATEGORIES } });
  if (withProfile) await cdp.send('Profiler.start');
  const result = await during();
  const profile = withProfile ? (await cdp.send('Profiler.stop')).profile : null;
  await cdp.send('Tracing.end');
  await finished;
  writeFileSync(file, JSON.stringify({ traceEvents: events }));
  if (withProfile) writeFileSync(file.replace(/(\.json)?$/, '.cpuprofile'), JSON.stringify(profile));
  return { result, events, profile };
}

/** Heaviest functions of a CPU profile by self time, in ms per window, within `windows` (trace µs). */
export function heaviest(profile, windows, n = 20) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const deltas = profile.timeDeltas ?? [];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += deltas[i] ?? 0;
    if (!windows.some(([a, b]) => at >= a && at <= b)) return;
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '')}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000 / windows.length);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, ms]) => [k, Math.round(ms * 100) / 100]);
}

