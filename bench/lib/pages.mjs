// Bench pages: small HTML pages in bench/pages/ that import the app's real modules (src/…), bundled
// by Vite into bench/out/pages/ and served on loopback, for measurements that need a real browser
// but not the whole app (IndexedDB load times, a panel rendered alone…). Add a page by adding
// bench/pages/<name>.html with a module script; open it at `${url}/<name>.html`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import solid from 'vite-plugin-solid';

export async function buildPages(root, outDir) {
  const dir = join(root, 'bench', 'pages');
  const input = Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith('.html')).map((f) => [f.replace(/\.html$/, ''), join(dir, f)]));
  await build({
    configFile: false,
    root: dir,
    base: './',
    logLevel: 'warn',
    plugins: [solid()],
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false, rollupOptions: { input } },
  });
  return outDir;
}
