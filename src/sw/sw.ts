/**
 * The app's service worker, hand-written in place of workbox's (issue 20, bundle budget: with
 * workbox-window gone too, 7.5 KB gzip less for the same few things, listed below). vite-plugin-pwa builds it
 * (`strategies: 'injectManifest'`) and puts the precache manifest of the build where
 * `self.__WB_MANIFEST` is. It does what the generated one did:
 * - precaches every file of the manifest, keyed by URL and revision (a hashed file's name is its
 *   revision), so a new build downloads what changed and keeps what did not;
 * - answers those URLs from the precache, and any navigation in its scope with the precached
 *   index.html, so the app starts offline;
 * - once active, drops the previous builds' entries and the caches of earlier precaches of this scope
 *   (workbox's among them);
 * - waits when it is an update, until a page asks it to take over ({ type: 'SKIP_WAITING' }, the
 *   message workbox-window sent too): the player chooses when to reload (src/ui/shell/serviceWorker.ts).
 * Every URL is resolved against the worker's own, so the app works under any path (vite.config.ts base).
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: readonly { url: string; revision: string | null }[] };
export {};

const scope = self.registration.scope;
// The scope in the name: apps at other paths of the same origin share its CacheStorage.
const CACHE = `tt-precache-${scope}`;
const INDEX = new URL('index.html', location.href).href;

/** Each precached URL → its cache key: the URL itself when its name is hashed, else with its revision. */
const keys = new Map<string, string>();
for (const { url, revision } of self.__WB_MANIFEST) {
  const key = new URL(url, location.href);
  if (revision) key.searchParams.set('__WB_REVISION__', revision);
  keys.set(new URL(url, location.href).href, key.href);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        [...keys].map(async ([url, key]) => {
          if (await cache.match(key)) return; // the same file as in the build before: kept
          // An unhashed file (index.html, the manifest) skips the HTTP cache: its URL did not change.
          let response = await fetch(url, { cache: url === key ? 'default' : 'reload', credentials: 'same-origin' });
          if (!response.ok) throw new Error(`precaching ${url}: HTTP ${response.status}`);
          // A redirected response may not answer a navigation: keep a copy without the redirect.
          if (response.redirected) response = new Response(await response.blob(), response);
          await cache.put(key, response);
        }),
      ),
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const current = new Set(keys.values());
      for (const request of await cache.keys()) if (!current.has(request.url)) await cache.delete(request);
      for (const name of await caches.keys()) if (name !== CACHE && name.includes('-precache-') && name.endsWith(scope)) await caches.delete(name);
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  url.hash = '';
  if (!keys.has(url.href) && url.pathname.endsWith('/')) url.pathname += 'index.html';
  const precached = keys.has(url.href);
  if (!precached && request.mode !== 'navigate') return; // not ours: the network, as without a worker
  const key = keys.get(precached ? url.href : INDEX);
  if (key === undefined) return;
  // From the precache; from the network only if the phone evicted it.
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(key))
      .then((response) => response ?? fetch(precached ? request : INDEX)),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
