// Helpers for suites that drive the built app in Chromium: install it on a phone (service worker in
// control), read its device identity, and store a game in its IndexedDB exactly as the app lays it
// out (src/sync/persistence.ts, src/sync/library.ts), so the app opens it at #/game/<id>.
import { Buffer } from 'node:buffer';

/** In the page: writes entries into an IndexedDB object store the way idb-keyval lays it out. Values
 * given as { b64 } are stored as Uint8Array. */
export function idbPut({ db, store, entries }) {
  const decode = (v) => (v && v.b64 !== undefined ? Uint8Array.from(atob(v.b64), (c) => c.charCodeAt(0)) : v);
  return new Promise((ok, ko) => {
    const r = indexedDB.open(db);
    r.onupgradeneeded = () => r.result.createObjectStore(store);
    r.onerror = () => ko(r.error);
    r.onsuccess = () => {
      const d = r.result;
      const tx = d.transaction(store, 'readwrite');
      for (const [k, v] of entries) tx.objectStore(store).put(decode(v), k);
      tx.oncomplete = () => (d.close(), ok());
      tx.onerror = () => ko(tx.error);
    };
  });
}

/** In the page: reads one value of an IndexedDB object store laid out by idb-keyval. */
export function idbGet({ db, store, key }) {
  return new Promise((ok, ko) => {
    const r = indexedDB.open(db);
    r.onupgradeneeded = () => r.result.createObjectStore(store);
    r.onerror = () => ko(r.error);
    r.onsuccess = () => {
      const d = r.result;
      const g = d.transaction(store).objectStore(store).get(key);
      g.onsuccess = () => (d.close(), ok(g.result));
      g.onerror = () => ko(g.error);
    };
  });
}

/** First visit: waits until the service worker controls the page (the app is precached) and the home
 * screen is up; resolves with this phone's device identity ({ tag, name }). */
export async function installApp(page, url) {
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await page.getByRole('heading', { name: 'Twilight Table' }).waitFor();
  const device = await page.evaluate(idbGet, { db: 'tt-private', store: 'kv', key: 'device' });
  if (!device?.tag) throw new Error('the app did not create its device identity');
  return device;
}

/**
 * Gives the phone a signing key made here, so that a benchmark can write the phone's own signed seat claim
 * into the game it stores. `sig` is src/crypto/signature.ts. The page is reloaded so the app starts with it.
 * Resolves with { tag, signer, kind }: kind 'webcrypto' (a phone's own) or 'software' (plain http's).
 */
export async function adoptDeviceKey(page, sig) {
  const signer = sig.softwareSigner();
  const tag = sig.tagOf(signer.publicKey);
  // Held as the app holds a key it made on a browser with WebCrypto's Ed25519 (src/secret/device.ts
  // newKey): a non-extractable CryptoKey, so a start signs and warms up as a phone's does. The library's
  // software key is what only a browser without it gets; it is kept here if the import fails.
  const kind = await page.evaluate(
    ({ tag, secret, publicKey }) =>
      new Promise((ok, ko) => {
        const b64 = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
        const jwk = { kty: 'OKP', crv: 'Ed25519', d: b64(secret), x: publicKey };
        const made = crypto.subtle
          .importKey('jwk', jwk, { name: 'Ed25519' }, false, ['sign'])
          .then((privateKey) => ({ kind: 'webcrypto', privateKey, publicKey }), () => ({ kind: 'software', secret: Uint8Array.from(secret) }));
        made.then((key) => {
          const r = indexedDB.open('tt-private');
          r.onupgradeneeded = () => r.result.createObjectStore('kv');
          r.onerror = () => ko(r.error);
          r.onsuccess = () => {
            const d = r.result;
            const tx = d.transaction('kv', 'readwrite');
            tx.objectStore('kv').put({ tag, name: 'Bench phone', key }, 'device');
            tx.oncomplete = () => (d.close(), ok(key.kind));
            tx.onerror = () => ko(tx.error);
          };
        }, ko);
      }),
    { tag, secret: [...signer.secret], publicKey: signer.publicKey },
  );
  // The app reads its identity once, at start.
  await page.reload();
  await page.getByRole('heading', { name: 'Twilight Table' }).waitFor();
  return { tag, signer, kind };
}

/**
 * Stores `game` (a Game from bench/simulate.ts, `m` that module) on the phone as one compacted
 * snapshot, and lists it on the home screen. Resolves with its id and name.
 */
export async function storeGame(page, m, game) {
  const { id, name } = game.snapshot().meta;
  const snapshot = { b64: Buffer.from(m.encodeStateV2(game.doc)).toString('base64') };
  await page.evaluate(idbPut, { db: `tt-game-${id}`, store: 'updates', entries: [['snapshot', snapshot]] });
  await page.evaluate(idbPut, { db: 'tt-library', store: 'games', entries: [[id, m.summaryOf(game)]] });
  return { id, name };
}
