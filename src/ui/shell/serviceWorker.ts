/**
 * Registers the service worker (src/sw/sw.ts) and tells when a new version of the app waits: the few
 * lines of workbox-window the app used, without its 2.2 KB gzip (issue 20, bundle budget). Relative
 * URLs: the worker sits beside index.html and its scope is the app's folder, wherever that is served.
 */
export function registerServiceWorker(onWaiting: () => void): void {
  if (!('serviceWorker' in navigator)) return; // plain http on a LAN address: no worker, the app still runs
  const workers = navigator.serviceWorker;
  let waiting = false;
  const wait = () => {
    if (waiting) return;
    waiting = true;
    // The player agreed (here or in another tab of the app): the new version controls this page now, and
    // this page's scripts are the old version's, so it reloads onto the new one.
    workers.addEventListener('controllerchange', () => window.location.reload());
    onWaiting();
  };
  // A first install activates at once and is no update; an update installs, then waits for the player.
  const watch = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && workers.controller) wait();
    });
  workers.register('./sw.js', { scope: './' }).then(
    (registration: ServiceWorkerRegistration | undefined) => {
      // A browser that blocks service workers may answer with no registration at all (Playwright's
      // `serviceWorkers: 'block'` does): nothing to watch then.
      if (!registration) return;
      // The browser may have found the new version when this page opened, before this ran (it runs
      // after the first screen has settled): already waiting, or still installing.
      if (registration.waiting) wait();
      watch(registration.installing);
      registration.addEventListener('updatefound', () => watch(registration.installing));
    },
    () => {}, // no worker (a private window, say): the app runs from the network as before
  );
}

/** Asks the waiting version to take over; the page then reloads (see `wait` above). */
export async function applyUpdate(): Promise<void> {
  (await navigator.serviceWorker.getRegistration('./'))?.waiting?.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * Asks the address the app came from for a newer version now (a phone that met a newer one at the table):
 * one found installs and waits, and the update prompt shows. False when none could be asked (offline, no worker).
 */
export async function lookForUpdate(): Promise<boolean> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration('./');
    if (!registration) return false;
    await registration.update();
    return true;
  } catch {
    return false; // offline, or the address is gone: the prompt comes when the phone next reaches it
  }
}
