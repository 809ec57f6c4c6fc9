import { defineConfig } from 'vite';
import solid from 'vite-plugin-solid';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Chunks left to V8's lazy compilation: the other tabs' panels load while the phone is idle just after
 * the game appears (src/ui/panels/PlayerView.tsx), and compiling all of them eagerly then made a long
 * task in the first half second a player may tap. Lazily, each panel compiles when its tab is opened.
 */
const COMPILED_LAZILY = new Set(['otherPanels']);

/**
 * Asks V8 to compile every function of each chunk but COMPILED_LAZILY eagerly (Chrome's explicit
 * compile hints). Chromium then keeps the compiled code in the code cache it makes for
 * service-worker-cached scripts, so a start no longer parses and compiles each function lazily on
 * first call: measured 1.9 s → 1.45 s to interactive at 4× CPU (issue 9). Other browsers read it as
 * a comment.
 */
function compileHints(): Plugin {
  return {
    name: 'tt-compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own hook, which puts its preload helper at the top of some chunks: V8 reads the
      // hint where a file starts.
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && !COMPILED_LAZILY.has(file.name)) file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
        }
      },
    },
  };
}

/**
 * Swaps y-webrtc's src/crypto.js (WebCrypto, which plain-http pages lack) for src/sync/roomCrypto.ts,
 * which seals signaling with the game's secret in every browser (issue 17). y-webrtc imports it by a
 * relative path, which an alias cannot tell apart from any other './crypto.js'.
 */
function roomCrypto(): Plugin {
  const ours = fileURLToPath(new URL('./src/sync/roomCrypto.ts', import.meta.url));
  return {
    name: 'tt-room-crypto',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === './crypto.js' && importer && /y-webrtc[\\/]src[\\/]y-webrtc\.js$/.test(importer) ? ours : null;
    },
  };
}

/**
 * Vite wraps every dynamic import() in its preload helper, which loads the imported chunk's CSS and
 * modulepreloads its scripts first. Here modulePreload is off (build.modulePreload below) and all the
 * CSS is in the first stylesheet (src/main.tsx), so its only work left is to find that stylesheet
 * already linked; its 0.5 KB gzip of CSP, modulepreload and error-event code is on the first screen
 * (issue 20, bundle budget). This smaller helper keeps what remains: any stylesheet of `deps` not yet
 * linked is linked and awaited (once per URL) before the import runs, and a failed import still
 * rejects. It drops Vite's 'vite:preloadError' event, which nothing in the app listens to.
 */
function lightPreload(): Plugin {
  const id = '\0vite/preload-helper.js'; // Vite's own module id for its helper
  let used = false;
  return {
    name: 'tt-light-preload',
    apply: 'build',
    enforce: 'pre', // before Vite's own load of the same id
    load(source) {
      if (source !== id) return null;
      used = true;
      return `const seen = {};
export const __vitePreload = (load, deps, importerUrl) => Promise.all((deps ?? []).map((dep) => {
  const href = new URL(dep, importerUrl).href;
  return seen[href] ??= [...document.querySelectorAll('link[rel=stylesheet]')].some((l) => l.href === href) ? undefined : new Promise((ok, fail) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href, onload: ok, onerror: () => fail(new Error('Unable to preload CSS for ' + href)) });
    document.head.append(link);
  });
})).then(load);`;
    },
    buildEnd() {
      // Vite renamed its helper: the build still works, with Vite's helper, and 0.5 KB heavier.
      if (!used) this.warn(`Vite's preload helper (${id.slice(1)}) was not replaced: see lightPreload in vite.config.ts`);
    },
  };
}

/**
 * Links ahead in index.html, as `modulepreload`, the chunks a start would otherwise find one import level at a
 * time (issue 33), which modulePreload: false (below) leaves out:
 * - what the first screen's chunk imports statically (the phone's identity): asked for only once that chunk
 *   had arrived and compiled, it kept the first screen from running for one more script;
 * - Rolldown's runtime (the helper that builds a chunk's namespace for a dynamic import), which Rolldown keeps in
 *   a chunk of its own that the first screen does not import: the game's chunk found it only once compiled, and
 *   a stored game's start waited for it before the game's chunk could run (about 8 ms of an idle main thread at
 *   4× CPU). Rolldown offers no option to place it (it places the runtime itself).
 * Static links in the page, not the ones Vite's helper inserts from script for every lazy chunk (below).
 */
function linkAhead(): Plugin {
  return {
    name: 'tt-link-ahead',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const entry = chunks.find((c) => c.isEntry);
        const runtime = chunks.find((c) => c.name === 'rolldown-runtime');
        const files = new Set([...(entry?.imports ?? []), ...(runtime ? [runtime.fileName] : [])]);
        return [...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * lib0's `readVarString` decodes every string of a Yjs update with the TextDecoder, a call and a new view of
 * the bytes per string, and a game's log is thousands of short ASCII ones: this has it read those itself
 * first (src/sync/shortStrings.ts says why and measures it). lib0 is pinned (package.json): if the line
 * changes, the build stops here instead of silently going without.
 */
function lib0ShortStrings(): Plugin {
  const line = 'export const readVarString = string.utf8TextDecoder ? _readVarStringNative : _readVarStringPolyfill';
  const ours = JSON.stringify(fileURLToPath(new URL('./src/sync/shortStrings.ts', import.meta.url)));
  return {
    name: 'tt-lib0-short-strings',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]lib0[\\/]decoding\.js$/.test(id)) return null;
      if (!code.includes(line)) this.error('lib0/decoding.js is not the code lib0ShortStrings (vite.config.ts) expects: update it');
      const read = `decoder => {
  const len = readVarUint(decoder)
  const short = shortAscii(decoder.arr, decoder.pos, len)
  if (short === undefined) return string.utf8TextDecoder.decode(readUint8Array(decoder, len))
  decoder.pos += len
  return short
}`;
      return { code: `import { shortAscii } from ${ours}\n${code.replace(line, `export const readVarString = string.utf8TextDecoder ? ${read} : _readVarStringPolyfill`)}`, map: null };
    },
  };
}

/**
 * qr's encodeQR renders its grid as raw cells, ASCII, terminal text, SVG or GIF by a runtime argument, so
 * a bundler keeps all its renderers; the app asks only for 'raw' (src/ui/sync/QrCode.tsx draws its own
 * SVG path). This drops the other outputs' branches, which leaves their renderers unused and out of the
 * bundle: 0.7 KB gzip (issue 20). Another output now throws, saying so. qr is pinned (package.json):
 * if its code changes, the build stops here instead of silently keeping or breaking anything.
 */
function qrRawOnly(): Plugin {
  const otherOutputs = /\n {4}if \(output === 'ascii'\)\n[\s\S]*?return gifDataUrl\(renderGif\(r\)\);\n/;
  return {
    name: 'tt-qr-raw-only',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]qr[\\/]index\.js$/.test(id)) return null;
      if (!otherOutputs.test(code)) this.error('qr/index.js is not the code qrRawOnly (vite.config.ts) expects: update it');
      return { code: code.replace(otherOutputs, "\n    err(`the ${output} output of encodeQR is left out of this build (qrRawOnly in vite.config.ts)`);\n"), map: null };
    },
  };
}

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const SRC = fileURLToPath(new URL('./src/', import.meta.url));

/** The modules `root` reaches by static imports, not entering `outside`. */
function staticClosure(graph: ModuleGraph, root: string, outside: ReadonlySet<string>): Set<string> {
  const seen = new Set<string>();
  const todo = [root];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id) || outside.has(id)) continue;
    seen.add(id);
    todo.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Names the chunks a stored game's start loads after the first screen: `game` (the game screen with what
 * it imports), `lib` (the session's libraries, Yjs first) and `core` (the session and persistence with
 * the rest of what they import: the folds, the rules, the runtime). Left to itself, Rolldown split them
 * into eight files (shared pieces such as lib0's buffer, Solid's store or the phase bar apart), found one
 * import level at a time; as two files (`game`, `core`) they were 2.1 KB gzip smaller, and starts
 * measured the same (issue 9). What the first screen imports stays in it. Returns a `codeSplitting` group name function.
 */
function startChunks(): (id: string, ctx: ModuleGraph) => string | null {
  let chunkOf: Map<string, string> | null = null; // computed once per build, on the first question
  return (id, graph) => {
    if (!chunkOf) {
      const first = staticClosure(graph, SRC + 'main.tsx', new Set());
      // The game screen first: it paints a stored game from a kept view before the session (Yjs) loads
      // (runtime/firstFrame.ts), so what both import (views, rules, tables) is in `game`, and `core` adds
      // only what the session needs beyond it.
      const game = staticClosure(graph, SRC + 'ui/shell/GameScreen.tsx', first);
      const core = new Set([
        ...staticClosure(graph, SRC + 'runtime/session.ts', new Set([...first, ...game])),
        ...staticClosure(graph, SRC + 'sync/persistence.ts', new Set([...first, ...game])),
      ]);
      // The session's libraries apart from the app's code, each chunk evaluated in a task of its own after
      // a painted first frame (runtime/firstFrame.ts, openInSteps). Two chunks cost 0.5 KB gzip more than
      // one; three (the folds apart too) cost 1.6 KB and their evaluation was already short.
      // The curve (Ed25519 with SHA-512) is a third: with Yjs, its evaluation was one task of 50–60 ms at 4× CPU.
      // Yjs's lib0 is a fourth: with Yjs, their evaluation was one task of 30–60 ms at 4× CPU.
      const lib0 = staticClosure(graph, SRC + 'runtime/lib0.ts', new Set([...first, ...game]));
      const lib = staticClosure(graph, SRC + 'runtime/libraries.ts', new Set([...first, ...game, ...lib0]));
      const curve = staticClosure(graph, SRC + 'runtime/curve.ts', new Set([...first, ...game, ...lib0, ...lib]));
      for (const m of core) if (/[\\/]node_modules[\\/]/.test(m) && !curve.has(m)) lib.add(m);
      // Every lib0 module that Yjs and the session bring in goes with lib0, and so does the short strings' reader
      // put into lib0's decoding (lib0ShortStrings): the two chunks must not import each other.
      for (const m of lib) {
        if (!/[\\/]node_modules[\\/]lib0[\\/]|[\\/]src[\\/]sync[\\/]shortStrings\.ts$/.test(m)) continue;
        lib.delete(m);
        lib0.add(m);
      }
      chunkOf = new Map([
        ...[...core].map((m) => [m, 'core'] as const),
        ...[...curve].map((m) => [m, 'curve'] as const),
        ...[...lib].map((m) => [m, 'lib'] as const),
        ...[...lib0].map((m) => [m, 'lib0'] as const),
        ...[...game].map((m) => [m, 'game'] as const),
      ]);
    }
    return chunkOf.get(id) ?? null;
  };
}

export default defineConfig({
  // The build a kept view of a game was folded by (src/sync/viewCache.ts): a new build never paints a view
  // an older one folded.
  define: { __TT_BUILD__: JSON.stringify(`${process.env.npm_package_version ?? '0'}-${Date.now().toString(36)}`) },
  // Relative URLs everywhere (assets, manifest, service worker and its scope): the same build works at a
  // host's root (`npm start`) and under any path, such as a GitHub Pages project site (issue 20).
  base: './',
  resolve: {
    alias: {
      // Two parts of y-webrtc are swapped; each module says why.
      'simple-peer/simplepeer.min.js': fileURLToPath(new URL('./src/sync/checkedPeer.ts', import.meta.url)),
      'lib0/broadcastchannel': fileURLToPath(new URL('./src/sync/tabChannel.ts', import.meta.url)),
      // lib0's browser logger (Yjs and y-webrtc use it) builds a DOM console and pulls in lib0/dom and
      // lib0/schema, whose top-level calls keep them in the bundle. lib0's own DOM-free logger (the one
      // Deno gets) prints the same messages with console.log: 2.7 KB gzip less (issue 9).
      'lib0/logging': fileURLToPath(new URL('./node_modules/lib0/logging.node.js', import.meta.url)),
    },
  },
  plugins: [
    solid(),
    roomCrypto(),
    compileHints(),
    lightPreload(),
    linkAhead(),
    qrRawOnly(),
    lib0ShortStrings(),
    VitePWA({
      // Our own small service worker (src/sw/sw.ts, which says what it does) instead of workbox's, and
      // our own registration (src/ui/shell/serviceWorker.ts) instead of workbox-window: 7.5 KB gzip less
      // (issue 20). The plugin builds it and injects the precache manifest of the build into it.
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // 'prompt': a new version waits for the player (never reload in the middle of a vote).
      registerType: 'prompt',
      injectRegister: false,
      // The install icons are not precached: the browser fetches the manifest icons and the apple-touch-icon
      // itself when the app is installed, and the page never shows them, so precaching them only
      // downloaded ~48 KB gzip twice (issue 9, bundle budget). The favicon stays: a 32 px PNG, as an
      // SVG favicon is rendered on the main thread in the middle of a slow phone's start (~30 ms at 4×).
      includeAssets: ['icons/favicon-32.png'],
      includeManifestIcons: false,
      manifest: {
        name: 'Twilight Table',
        short_name: 'Twilight Table',
        description: 'Table companion for Twilight Imperium 3 with the Shattered Ascension rules.',
        // Relative to the manifest, which sits beside index.html: the app is wherever it was served from.
        start_url: './',
        scope: './',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0f1218',
        theme_color: '#0f1218',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,webmanifest}'],
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // No <link rel=modulepreload> for a lazy screen's chunks: inserting them cost a slow phone ~100 ms of
    // main thread at start (measured at 4× CPU), while its scripts come from the service worker's cache,
    // where the import chain costs little. Interactive went from ~1 s to ~0.87 s in alternating runs.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: startChunks() },
            // The pairing screens (join, share, link phones, QR show and scan) are one lazy chunk instead of
            // six: they load together or within a tap of each other, and as separate files each paid its
            // own gzip warm-up and import list (2.1 KB gzip more in all, issue 9).
            { name: 'pairing', test: /src\/ui\/sync\/(JoinScreen|LinkJoinScreen|ShareGame|QrCode|ScanCode|LinkPhones)\.tsx$/ },
            // The phone's identity, read by the first screen and by every later chunk: one small file, not three
            // (Rolldown put the preload helper and the signed bytes' helpers apart once device.ts imported the
            // curve lazily).
            { name: 'device', test: /src\/secret\/device\.ts$|node_modules\/idb-keyval\/|src\/crypto\/signedBytes\.ts$|vite\/preload-helper/ },
          ],
        },
      },
    },
  },
});
