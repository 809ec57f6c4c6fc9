/** Hash routes: they work offline from the service worker cache with no server-side routing. */
import { createSignal } from 'solid-js';

export type Route = { name: 'home' } | { name: 'new' } | { name: 'game'; id: string } | { name: 'table'; id: string } | { name: 'join'; query: string } | { name: 'link'; code: string };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '');
  const game = /^\/game\/([a-z0-9]{4,40})$/.exec(path);
  if (game?.[1]) return { name: 'game', id: game[1] };
  const table = /^\/table\/([a-z0-9]{4,40})$/.exec(path);
  if (table?.[1]) return { name: 'table', id: table[1] };
  if (path === '/new') return { name: 'new' };
  if (path.startsWith('/join?')) return { name: 'join', query: path.slice('/join?'.length) };
  if (path.startsWith('/link?')) return { name: 'link', code: new URLSearchParams(path.slice('/link?'.length)).get('c') ?? '' };
  return { name: 'home' };
}

export function createRoute() {
  const [route, setRoute] = createSignal(parseRoute(location.hash));
  const onHash = () => setRoute(parseRoute(location.hash));
  window.addEventListener('hashchange', onHash);
  return { route, dispose: () => window.removeEventListener('hashchange', onHash) };
}

export function go(path: string): void {
  location.hash = path;
}
