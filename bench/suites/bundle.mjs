// Bundle: gzip bytes (level 9) of what the first screen needs and of everything the phone downloads
// and keeps (all JS and CSS, plus every file the service worker precaches). See bench/lib/bundle.mjs
// for exactly what counts; scripts/check-build.mjs fails `npm test` on the same budgets.
import { analyzeBuild, BUDGETS } from '../lib/bundle.mjs';

export const targets = {
  'bundle.firstScreenGzipBytes': { max: BUDGETS.firstScreenGzipBytes },
  'bundle.totalGzipBytes': { max: BUDGETS.totalGzipBytes },
};

export async function run(ctx) {
  const a = analyzeBuild(ctx.distDir);
  if (a.missing.length) throw new Error(`the build references missing files: ${a.missing.join(', ')}`);
  const isJs = (f) => /\.m?js$/.test(f.file);
  const sum = (files) => files.reduce((s, f) => s + f.gzipBytes, 0);
  ctx.detail('firstScreen', a.firstScreen.files);
  ctx.detail('files', a.files);
  ctx.note('bundle.firstScreenGzipBytes', `${a.firstScreen.files.join(' + ')}`);
  ctx.note('bundle.lazyJsGzipBytes', 'JS chunks loaded on demand (game screen, Yjs, WebRTC…), all precached');
  return {
    'bundle.firstScreenGzipBytes': a.firstScreen.gzipBytes,
    'bundle.firstScreenRawBytes': a.firstScreen.rawBytes,
    'bundle.totalGzipBytes': a.total.gzipBytes,
    'bundle.totalRawBytes': a.total.rawBytes,
    'bundle.jsGzipBytes': sum(a.files.filter(isJs)),
    'bundle.cssGzipBytes': sum(a.files.filter((f) => f.file.endsWith('.css'))),
    'bundle.otherPrecachedGzipBytes': sum(a.files.filter((f) => !isJs(f) && !f.file.endsWith('.css'))),
    'bundle.lazyJsGzipBytes': a.lazy.gzipBytes,
    'bundle.precachedFiles': a.precache.length,
  };
}
