#!/usr/bin/env node
// `npm run bench`: builds the app if its sources changed since the last bench build, runs every suite
// in bench/suites/*.mjs one after the other, writes bench/results.json and prints a short table.
// A failing suite is reported (in the table and the JSON) and the others still run; the exit code is
// 0 unless --strict is given and a suite failed or a figure is over its target. See bench/README.md.
//
//   node bench/run.mjs [--only bundle,start] [--strict] [--rebuild] [--dist <dir>] [--out <file>]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runnerImport } from 'vite';
import { startAppServer } from '../scripts/serve.mjs';
import { chromiumVersion, launchChromium, newPhone, throttleCpu } from './lib/chromium.mjs';
import { buildPages } from './lib/pages.mjs';
import { buildReport, formatTable, strictFailures } from './lib/report.mjs';
import { median, percentile, repeat, round } from './lib/stats.mjs';

// The app as it ships: Yjs in development mode deep-freezes every value it stores, and a signature
// (bytes) cannot be frozen, so the simulated game is written as a production build writes it.
process.env.NODE_ENV = 'production';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'bench', 'out');
const SUITES = join(ROOT, 'bench', 'suites');
/** The seed of the simulated game every suite shares (bench/simulate.ts). */
const SEED = 1;
const DEFAULT_TIMEOUT_MS = 5 * 60_000;

function parseArgs(argv) {
  const args = { only: null, strict: false, rebuild: false, dist: null, out: join(ROOT, 'bench', 'results.json') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--strict') args.strict = true;
    else if (a === '--rebuild') args.rebuild = true;
    else if (a === '--only') args.only = argv[++i].split(',').map((s) => s.trim()).filter(Boolean);
    else if (a.startsWith('--only=')) args.only = a.slice(7).split(',').filter(Boolean);
    else if (a === '--dist') args.dist = resolve(argv[++i]);
    else if (a === '--out') args.out = resolve(argv[++i]);
    else if (a === '--help' || a === '-h') {
      console.log('node bench/run.mjs [--only bundle,start] [--strict] [--rebuild] [--dist <dir>] [--out <file>]');
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  return args;
}

const log = (...m) => console.log(...m);

// ——— the build ———

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) for (const name of readdirSync(p)) visit(join(p, name));
    else newest = Math.max(newest, s.mtimeMs);
  };
  paths.forEach((p) => visit(join(ROOT, p)));
  return newest;
}

/** Builds into bench/out/dist (not dist/, which `npm test` and other tools rebuild) when stale. */
function ensureBuild(args) {
  if (args.dist) {
    if (!existsSync(join(args.dist, 'index.html'))) throw new Error(`--dist ${args.dist} holds no index.html`);
    return { distDir: args.dist, built: false };
  }
  const distDir = join(OUT, 'dist');
  const stamp = join(distDir, '.bench-build');
  const inputs = newestMtime(['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json']);
  const fresh = existsSync(stamp) && statSync(stamp).mtimeMs >= inputs && !args.rebuild;
  if (fresh) return { distDir, built: false };
  log(`Building the app into ${relative(ROOT, distDir)}/ …`);
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', distDir, '--emptyOutDir'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr);
    throw new Error('the build failed');
  }
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  return { distDir, built: true };
}

// ——— the machine and versions ———

function osName() {
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
    return `${pretty ? `${pretty}, ` : ''}${platform()} ${release()}`;
  } catch {
    return `${platform()} ${release()}`;
  }
}

function machineInfo(loadAtStart) {
  const list = cpus();
  const load = (l) => l.map((v) => Math.round(v * 100) / 100);
  return {
    cpus: list.length,
    cpuModel: list[0]?.model?.trim() ?? null,
    memory: totalmem(),
    node: process.version,
    chromium: chromiumVersion(),
    os: osName(),
    // 1, 5 and 15 minute load averages when the run started and ended: timings taken on a busy machine
    // (load well above the number of cores) are not comparable with quiet runs.
    loadAverage: { start: load(loadAtStart), end: load(loadavg()) },
  };
}

// ——— one run at a time ———

const LOCK = join(OUT, '.lock');

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** Waits (up to 15 minutes) while another bench run of this work tree is measuring: two runs on the
 * same cores would slow each other down and both report wrong timings. */
async function takeLock() {
  const started = Date.now();
  let told = false;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      const release = () => rmSync(LOCK, { recursive: true, force: true });
      process.on('exit', release);
      return release;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(join(LOCK, 'pid'), { encoding: 'utf8', flag: 'a+' }) || 0);
      if (pid && !alive(pid)) {
        rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      if (Date.now() - started > 15 * 60_000) {
        log(`Another bench run (pid ${pid}) is still going after 15 minutes: measuring anyway.`);
        return () => {};
      }
      if (!told) log(`Waiting for another bench run (pid ${pid || '?'}) to finish…`);
      told = true;
      await new Promise((ok) => setTimeout(ok, 2000));
    }
  }
}

function git(...a) {
  try {
    return execFileSync('git', a, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

function versions() {
  const pkg = (name) => {
    try {
      return JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      return null;
    }
  };
  const app = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const names = ['yjs', 'solid-js', 'y-webrtc', 'y-protocols', 'lib0', 'idb-keyval', 'vite', 'vite-plugin-pwa', 'workbox-window', 'playwright-core', 'axe-core', 'typescript'];
  const status = git('status', '--porcelain');
  return { app: app.version, commit: git('rev-parse', '--short', 'HEAD'), dirty: status === null ? null : status.length > 0, ...Object.fromEntries(names.map((n) => [n, pkg(n)])) };
}

// ——— the context suites get ———

function memo() {
  const cache = new Map();
  return (key, fn) => {
    if (!cache.has(key)) cache.set(key, Promise.resolve().then(fn));
    return cache.get(key);
  };
}

function baseContext({ args, distDir, appUrl, servers }) {
  const shared = memo();
  const importTs = (path) => shared(`ts:${path}`, async () => (await runnerImport(join(ROOT, path), { configFile: false, root: ROOT, logLevel: 'warn' })).module);
  return {
    root: ROOT,
    args,
    distDir,
    appUrl,
    outDir: OUT,
    stats: { median, percentile, round, repeat },
    newPhone,
    throttleCpu,
    shared,
    importTs,
    /** URL of the bench pages (bench/pages/*.html), built and served on first use. */
    pagesUrl: () =>
      shared('pages', async () => {
        const dir = await buildPages(ROOT, join(OUT, 'pages'));
        const server = await startAppServer({ root: dir, port: 0, host: '127.0.0.1' });
        servers.push(server);
        return server.url;
      }),
    /**
     * The simulated 8-player game (bench/simulate.ts) after `rounds` rounds (16 unless asked), computed once
     * per run: the same seed, so the game after round 1 is the first round of the 16-round one's table.
     */
    simulation: (rounds = 16) => shared(`simulation:${rounds}`, async () => (await importTs('bench/simulate.ts')).simulateGame({ players: 8, rounds, seed: SEED })),
  };
}

function suiteContext(base, name) {
  const browsers = [];
  const notes = {};
  const details = {};
  const resultsDir = join(OUT, name);
  mkdirSync(resultsDir, { recursive: true });
  const ctx = {
    ...base,
    name,
    resultsDir,
    launchChromium: async (extraArgs = []) => {
      const b = await launchChromium(extraArgs);
      browsers.push(b);
      return b;
    },
    note: (key, text) => void (notes[key] = text),
    detail: (key, value) => void (details[key] = value),
    log: (...m) => log(`  [${name}]`, ...m),
  };
  const cleanup = async () => {
    await Promise.allSettled(browsers.map((b) => b.close()));
  };
  return { ctx, notes, details, cleanup };
}

async function runSuite(base, file) {
  const name = file.replace(/\.mjs$/, '');
  const started = performance.now();
  const measuredAt = new Date().toISOString();
  const outcome = { name, ok: false, ms: 0, measuredAt, results: {}, notes: {}, details: {}, targets: {}, keys: [] };
  let suite;
  try {
    suite = await import(pathToFileURL(join(SUITES, file)).href);
    outcome.targets = suite.targets ?? {};
    outcome.keys = suite.keys ?? [];
  } catch (e) {
    outcome.error = `could not load bench/suites/${file}: ${e.message}`;
    return outcome;
  }
  const { ctx, notes, details, cleanup } = suiteContext(base, name);
  const timeoutMs = suite.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timer;
  try {
    if (typeof suite.run !== 'function') throw new Error('the module exports no run(ctx) function');
    const timeout = new Promise((_, ko) => (timer = setTimeout(() => ko(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs)));
    const results = await Promise.race([suite.run(ctx), timeout]);
    if (!results || typeof results !== 'object') throw new Error('run(ctx) returned no results object');
    for (const [k, v] of Object.entries(results)) {
      if (v !== null && (typeof v !== 'number' || !Number.isFinite(v))) throw new Error(`result ${k} is not a number or null: ${JSON.stringify(v)}`);
    }
    outcome.results = results;
    outcome.ok = true;
  } catch (e) {
    outcome.error = (e && e.message) || String(e);
    if (e?.stack) ctx.log(e.stack.split('\n').slice(0, 6).join('\n'));
  } finally {
    clearTimeout(timer);
    await cleanup();
    outcome.notes = notes;
    outcome.details = details;
    outcome.ms = Math.round(performance.now() - started);
  }
  return outcome;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const available = readdirSync(SUITES).filter((f) => f.endsWith('.mjs')).sort();
  const availableNames = available.map((f) => f.replace(/\.mjs$/, ''));
  const unknown = (args.only ?? []).filter((n) => !availableNames.includes(n));
  if (unknown.length) throw new Error(`no suite ${unknown.join(', ')} in bench/suites/ (there are: ${availableNames.join(', ')})`);
  const selected = available.filter((f) => !args.only || args.only.includes(f.replace(/\.mjs$/, '')));

  mkdirSync(OUT, { recursive: true });
  const release = await takeLock();
  const loadAtStart = loadavg();
  const { distDir, built } = ensureBuild(args);
  if (!built) log(`Measuring the build in ${relative(ROOT, distDir) || distDir}/ (up to date).`);
  const servers = [];
  const app = await startAppServer({ root: distDir, port: 0, host: '127.0.0.1' });
  servers.push(app);
  const base = baseContext({ args, distDir, appUrl: app.url, servers });

  const outcomes = [];
  try {
    for (const file of selected) {
      log(`▸ ${file.replace(/\.mjs$/, '')}`);
      const o = await runSuite(base, file);
      log(`  ${o.ok ? 'done' : `FAILED: ${o.error}`} (${(o.ms / 1000).toFixed(1)} s)`);
      outcomes.push(o);
    }
  } finally {
    await Promise.allSettled(servers.map((s) => s.close()));
  }

  let previous = null;
  if (args.only && existsSync(args.out)) {
    try {
      previous = JSON.parse(readFileSync(args.out, 'utf8'));
    } catch {
      previous = null;
    }
  }
  const report = buildReport({ outcomes, previous, machine: machineInfo(loadAtStart), versions: versions(), measuredAt: new Date().toISOString(), available: availableNames });
  writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);
  release();
  log('');
  log(formatTable(report));
  log('');
  log(`Written to ${relative(process.cwd(), args.out) || args.out}`);
  const [busy] = report.machine.loadAverage.start;
  if (busy > report.machine.cpus * 1.5) log(`Note: the machine was busy (load ${busy} on ${report.machine.cpus} cores): timings are inflated.`);
  const failures = strictFailures(report);
  if (args.strict && failures.length) {
    console.error(`\n--strict: ${failures.length} problem(s):\n  ${failures.join('\n  ')}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`bench: ${e.message}`);
    process.exit(2);
  },
);
