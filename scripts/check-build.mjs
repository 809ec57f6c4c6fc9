#!/usr/bin/env node
// The build check of `npm test` (after `npm run build`): fails when the built app is over its size
// budget or is not an installable, offline-capable PWA any more. Sizes are counted as the bundle
// benchmark counts them (bench/lib/bundle.mjs); the budgets are those of issue 9.
//
//   node scripts/check-build.mjs [--dist <dir>]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeBuild, BUDGETS, budgetFailures, CEILINGS, formatFiles, parseIndexHtml, staticImports } from '../bench/lib/bundle.mjs';

const REQUIRED_ICON_SIZES = ['192x192', '512x512'];

/** Every problem with the build in `distDir` (an empty list when it is fine), and its sizes. */
export function checkBuild(distDir, budgets = CEILINGS) {
  const problems = [];
  const file = (p) => join(distDir, p.replace(/^\//, ''));
  if (!existsSync(file('index.html'))) return { problems: [`${distDir} has no index.html: run \`npm run build\` first`], analysis: null };
  const analysis = analyzeBuild(distDir);
  for (const f of analysis.missing) problems.push(`the build refers to ${f}, which is not in it`);

  // Deployable under any path (issue 20): a URL from the host's root would leave the app's folder.
  const fromRoot = (url) => typeof url === 'string' && /^\/(?!\/)/.test(url);
  const html = readFileSync(file('index.html'), 'utf8');
  for (const m of html.matchAll(/\b(?:src|href)\s*=\s*["']([^"']+)["']/gi)) {
    if (fromRoot(m[1])) problems.push(`index.html refers to ${m[1]} from the host's root (it would break under a path)`);
  }

  // The web app manifest, linked from index.html, with its icons.
  if (!analysis.index.manifest) problems.push('index.html links no web app manifest (<link rel="manifest">)');
  const manifestPath = file(analysis.index.manifest ?? 'manifest.webmanifest');
  if (!existsSync(manifestPath)) problems.push('the web app manifest (manifest.webmanifest) is missing');
  else {
    let manifest = null;
    try {
      manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    } catch (e) {
      problems.push(`the web app manifest is not valid JSON (${e.message})`);
    }
    if (manifest) {
      for (const key of ['name', 'short_name', 'start_url', 'display']) if (!manifest[key]) problems.push(`the manifest has no "${key}"`);
      const icons = Array.isArray(manifest.icons) ? manifest.icons : [];
      for (const size of REQUIRED_ICON_SIZES) {
        if (!icons.some((i) => String(i.sizes).split(/\s+/).includes(size) && /png/.test(i.type ?? i.src))) problems.push(`the manifest has no ${size} PNG icon`);
      }
      for (const icon of icons) if (!existsSync(file(icon.src))) problems.push(`the manifest icon ${icon.src} is not in the build`);
      for (const url of [manifest.start_url, manifest.scope, ...icons.map((i) => i.src)]) {
        if (fromRoot(url)) problems.push(`the manifest refers to ${url} from the host's root (it would break under a path)`);
      }
    }
  }

  // The service worker, precaching the app shell.
  if (!existsSync(file('sw.js'))) problems.push('the service worker (sw.js) is missing');
  else {
    if (!analysis.precache.length) problems.push('sw.js has no precache manifest (the list vite-plugin-pwa injects)');
    else if (!analysis.precache.includes('index.html')) problems.push('the service worker does not precache index.html (no offline start)');
    for (const f of analysis.total.files) if (/^assets\/.*\.(js|css)$/.test(f) && !analysis.precache.includes(f)) problems.push(`${f} is not precached (it would be missing offline)`);
  }

  problems.push(...firstFrameFailures(distDir));
  problems.push(...budgetFailures(analysis, budgets));
  return { problems, analysis };
}

/** A string only Yjs's own code holds (its check against a second copy of itself). */
const YJS_MARK = '__ $YJS$ __';

/** Issue 33: the script a stored game's first frame waits for (raw, as compiled), `start.scriptBeforeFirstPaintBytes`. */
export const FIRST_FRAME_SCRIPT_MAX = 205_000;

/**
 * A stored game's first frame is painted before Yjs loads (issue 33, src/runtime/firstFrame.ts): the game
 * screen's chunk, and every chunk it imports statically, must not hold Yjs. One import of a `doc/` index
 * instead of its `views` from a screen would bring it back, with nothing else failing. With the first
 * screen's own chunks, they are the script that frame waits for, held to FIRST_FRAME_SCRIPT_MAX: one import of
 * a part's moves from a screen of that frame brings their checks and rules into it (issue 37).
 */
export function firstFrameFailures(distDir, maxBytes = FIRST_FRAME_SCRIPT_MAX) {
  const assets = join(distDir, 'assets');
  const game = existsSync(assets) ? readdirSync(assets).find((f) => /^game-[\w-]+\.js$/.test(f)) : undefined;
  if (!game) return ['the build has no game screen chunk (assets/game-*.js, named in vite.config.ts)'];
  const html = parseIndexHtml(existsSync(join(distDir, 'index.html')) ? readFileSync(join(distDir, 'index.html'), 'utf8') : '');
  const inAssets = (urls) => urls.flatMap((u) => /^(?:\.\/)?assets\/([^/]+\.js)$/.exec(u)?.[1] ?? []);
  const entries = inAssets(html.scripts);
  /** The chunks `roots` bring, each with its size, by static imports. */
  const closure = (roots) => {
    const sizes = new Map();
    const todo = [...roots];
    for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
      if (sizes.has(f)) continue;
      const code = readFileSync(join(assets, f), 'utf8');
      sizes.set(f, Buffer.byteLength(code));
      if (code.includes(YJS_MARK)) return { yjs: f, sizes };
      todo.push(...staticImports(code).map((i) => i.replace(/^\.\//, '')));
    }
    return { sizes };
  };
  const frame = closure([game, ...entries]);
  if (frame.yjs) return [`the game screen's first frame loads Yjs: ${frame.yjs} (imported by ${game}) holds it; import views, not a doc/ index, on the game screen`];
  const bytes = [...frame.sizes.values()].reduce((a, b) => a + b, 0);
  if (bytes > maxBytes) return [`a stored game's first frame waits for ${bytes} B of script (${[...frame.sizes.keys()].join(', ')}), over issue 33's ${maxBytes} B: a screen of that frame imports more than views (a part's moves bring their checks: reach them through the game it holds there, game.moves)`];
  // What the page asks for before the game screen's chunk has arrived: its scripts, the chunks it links ahead
  // and what they import. A chunk only the game's chunk imports is asked for once that chunk has arrived and
  // compiled, and a start waits for one more script before the game can run (Rolldown's runtime did: see
  // linkAhead in vite.config.ts).
  const early = closure([...entries, ...inAssets(html.modulepreloads)]).sizes;
  const late = [...closure([game]).sizes.keys()].filter((f) => f !== game && !early.has(f));
  if (late.length) return [`the game screen's chunk imports ${late.join(', ')}, which the first screen neither imports nor links ahead: a stored game's start asks for it only once ${game} has arrived (link it in index.html, as linkAhead in vite.config.ts does Rolldown's runtime)`];
  return [];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--dist');
  const dist = i > 0 ? resolve(process.argv[i + 1]) : fileURLToPath(new URL('../dist', import.meta.url));
  const { problems, analysis } = checkBuild(dist);
  const n = (v) => v.toLocaleString('en-US');
  if (analysis) {
    console.log(
      `Build check: first screen ${n(analysis.firstScreen.gzipBytes)} B gzip (budget ${n(BUDGETS.firstScreenGzipBytes)}), ` +
        `everything ${n(analysis.total.gzipBytes)} B gzip (target ${n(BUDGETS.totalGzipBytes)}, ceiling ${n(CEILINGS.totalGzipBytes)}), ${analysis.precache.length} files precached.`,
    );
    if (analysis.total.gzipBytes > BUDGETS.totalGzipBytes) {
      console.warn(`Warning: the whole app is ${n(analysis.total.gzipBytes - BUDGETS.totalGzipBytes)} B gzip over its ${n(BUDGETS.totalGzipBytes)} B target (issue 20; see bench/lib/bundle.mjs CEILINGS).`);
    }
  }
  if (problems.length) {
    console.error(`\nThe build check failed:\n  - ${problems.join('\n  - ')}`);
    if (analysis) console.error(`\nFiles, gzip level 9, largest first:\n${formatFiles(analysis)}`);
    process.exit(1);
  }
  console.log('Build check passed: manifest, icons, service worker precache, first-screen budget and the size ceiling.');
}
