import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { analyzeBuild, parseIndexHtml, precacheUrls, staticImports } from '../../../bench/lib/bundle.mjs';
import { checkBuild, firstFrameFailures } from '../../../scripts/check-build.mjs';

describe('bundle analysis', () => {
  it('finds the static imports of a built chunk, not the dynamic ones', () => {
    const code = 'import{a as b}from"./x.js";import"./y.js";import e from"./z.js";import*as q from"./w.js";export{a}from"./u.js";const l=()=>import("./lazy.js");';
    expect(staticImports(code).sort()).toEqual(['./u.js', './w.js', './x.js', './y.js', './z.js']);
  });

  it('reads what index.html loads up front', () => {
    const html = '<script type="module" crossorigin src="/assets/index-A.js"></script><link rel="modulepreload" href="/assets/dep-B.js"><link rel="stylesheet" href="/assets/index-C.css"><link rel="manifest" href="/manifest.webmanifest">';
    expect(parseIndexHtml(html)).toEqual({ scripts: ['/assets/index-A.js'], modulepreloads: ['/assets/dep-B.js'], stylesheets: ['/assets/index-C.css'], manifest: '/manifest.webmanifest' });
  });

  it('reads the precache manifest injected into our service worker, each URL once', () => {
    const sw = 'var e=self.registration.scope;for(let{url:e,revision:t}of [{"revision":"1","url":"index.html"},{"revision":null,"url":"assets/a.js"},{"revision":"1","url":"index.html"}])r.set(e,t);self.addEventListener(`fetch`,e=>{})';
    expect(precacheUrls(sw)).toEqual(['index.html', 'assets/a.js']);
  });

  it('reads the workbox precache manifest of a build from before it, each URL once', () => {
    const sw = 'define(["./workbox-1"],function(e){e.precacheAndRoute([{url:"index.html",revision:"1"},{url:"assets/a.js",revision:null},{url:"index.html",revision:"1"}],{}),e.cleanupOutdatedCaches()});';
    expect(precacheUrls(sw)).toEqual(['index.html', 'assets/a.js']);
  });
});

describe('the build check', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  function fakeBuild() {
    dir = mkdtempSync(join(tmpdir(), 'tt-build-'));
    put('index.html', '<script type="module" src="./assets/index-A.js"></script><link rel="stylesheet" href="./assets/index-C.css"><link rel="manifest" href="./manifest.webmanifest">');
    put('assets/index-A.js', 'import{x}from"./shared-B.js";const g=()=>import("./game-D.js");console.log(x,g);');
    put('assets/shared-B.js', 'export const x=1;');
    put('assets/game-D.js', `import{x}from"./shared-B.js";const c=()=>import("./core-E.js");export const big=${JSON.stringify('y'.repeat(5000))};`);
    put('assets/core-E.js', 'const yjs="__ $YJS$ __";export{yjs};');
    put('assets/index-C.css', 'body{color:red}');
    put('icons/icon-192.png', 'png');
    put('icons/icon-512.png', 'png');
    const icons = [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    ];
    put('manifest.webmanifest', JSON.stringify({ name: 'T', short_name: 'T', start_url: './', scope: './', display: 'standalone', icons }));
    const urls = ['index.html', 'manifest.webmanifest', 'assets/index-A.js', 'assets/shared-B.js', 'assets/game-D.js', 'assets/core-E.js', 'assets/index-C.css'];
    put('sw.js', `e.precacheAndRoute([${urls.map((u) => `{url:"${u}",revision:null}`).join(',')}],{})`);
  }

  it('passes a complete build within budget and counts the first screen without the lazy chunks', () => {
    fakeBuild();
    const { problems, analysis } = checkBuild(dir);
    expect(problems).toEqual([]);
    expect(analysis?.firstScreen.files).toEqual(['assets/index-A.js', 'assets/index-C.css', 'assets/shared-B.js']);
    expect(analysis?.lazy.files).toEqual(['assets/core-E.js', 'assets/game-D.js']);
    expect(analyzeBuild(dir).total.files).toContain('sw.js');
  });

  it('fails a build over budget', () => {
    fakeBuild();
    const { problems } = checkBuild(dir, { firstScreenGzipBytes: 10, totalGzipBytes: 100 });
    expect(problems.join('\n')).toMatch(/first screen is \d+ B gzip, over the 10 B budget/);
    expect(problems.join('\n')).toMatch(/over the 100 B budget/);
  });

  it('fails a build without its manifest, icons or precached index.html', () => {
    fakeBuild();
    rmSync(join(dir, 'icons/icon-512.png'));
    put('sw.js', 'e.precacheAndRoute([{url:"assets/index-A.js",revision:null}],{})');
    const { problems } = checkBuild(dir);
    expect(problems).toContain('the manifest icon icons/icon-512.png is not in the build');
    expect(problems).toContain('the service worker does not precache index.html (no offline start)');
    rmSync(join(dir, 'manifest.webmanifest'));
    rmSync(join(dir, 'sw.js'));
    const again = checkBuild(dir).problems;
    expect(again).toContain('the web app manifest (manifest.webmanifest) is missing');
    expect(again).toContain('the service worker (sw.js) is missing');
  });

  it("fails a build that refers to URLs from the host's root, which break when it is served under a path", () => {
    fakeBuild();
    put('index.html', '<script type="module" src="/assets/index-A.js"></script><link rel="stylesheet" href="./assets/index-C.css"><link rel="manifest" href="./manifest.webmanifest">');
    put('manifest.webmanifest', JSON.stringify({ name: 'T', short_name: 'T', start_url: '/', display: 'standalone', icons: [{ src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' }, { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' }] }));
    const { problems } = checkBuild(dir);
    expect(problems).toContain("index.html refers to /assets/index-A.js from the host's root (it would break under a path)");
    expect(problems).toContain("the manifest refers to / from the host's root (it would break under a path)");
  });

  it("fails a build whose game screen loads Yjs before a stored game's first frame (issue 33), not one that loads it later", () => {
    fakeBuild();
    expect(checkBuild(dir).problems).toEqual([]);
    put('assets/game-D.js', 'import{x}from"./shared-B.js";import{yjs}from"./core-E.js";export const big=x+yjs;');
    expect(checkBuild(dir).problems).toContain("the game screen's first frame loads Yjs: core-E.js (imported by game-D.js) holds it; import views, not a doc/ index, on the game screen");
  });

  it("fails a build whose game screen's chunk imports a chunk the first screen neither imports nor links ahead, not one whose index.html links it", () => {
    fakeBuild();
    put('assets/runtime-F.js', 'export const t=1;');
    put('assets/game-D.js', 'import{x}from"./shared-B.js";import{t}from"./runtime-F.js";export const big=x+t;');
    expect(checkBuild(dir).problems).toContain(
      "the game screen's chunk imports runtime-F.js, which the first screen neither imports nor links ahead: a stored game's start asks for it only once game-D.js has arrived (link it in index.html, as linkAhead in vite.config.ts does Rolldown's runtime)",
    );
    put('index.html', '<script type="module" src="./assets/index-A.js"></script><link rel="modulepreload" crossorigin href="./assets/runtime-F.js"><link rel="stylesheet" href="./assets/index-C.css"><link rel="manifest" href="./manifest.webmanifest">');
    expect(firstFrameFailures(dir)).toEqual([]);
  });

  it("fails a build whose stored game's first frame waits for more script than issue 33 allows, counting the first screen's chunks and the game screen's, not the lazy ones", () => {
    fakeBuild();
    // index-A.js, shared-B.js and game-D.js, the 5,000 characters of `big` among them; not core-E.js.
    const waited = ['assets/index-A.js', 'assets/shared-B.js', 'assets/game-D.js'].reduce((n, f) => n + readFileSync(join(dir, f)).byteLength, 0);
    expect(firstFrameFailures(dir, waited)).toEqual([]);
    expect(firstFrameFailures(dir, waited - 1)).toEqual([
      `a stored game's first frame waits for ${waited} B of script (index-A.js, shared-B.js, game-D.js), over issue 33's ${waited - 1} B: a screen of that frame imports more than views (a part's moves bring their checks: reach them through the game it holds there, game.moves)`,
    ]);
  });
});
