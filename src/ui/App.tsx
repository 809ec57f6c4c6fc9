import { Match, Show, Switch, createRenderEffect, createResource, createSignal, lazy, onCleanup } from 'solid-js';
import { loadDevice } from '../secret/device';
import { Home } from './shell/Home';
import { createRoute } from './shell/route';
import { readGameEarly } from '../sync/gameStore';
import { readCheckedSnapshotsEarly } from '../secret/checkedSnapshots';
import { earlyViewFits, readViewEarly } from '../sync/viewEarly';

// The home screen needs neither Yjs nor the game tables: load them with the first game opened.
const NewGame = lazy(() => import('./shell/NewGame').then((m) => ({ default: m.NewGame })));
const GameScreen = lazy(() => import('./shell/GameScreen').then((m) => ({ default: m.GameScreen })));
const JoinScreen = lazy(() => import('./sync/JoinScreen').then((m) => ({ default: m.JoinScreen })));
const TableView = lazy(() => import('./shell/TableView').then((m) => ({ default: m.TableView })));
const LinkJoinScreen = lazy(() => import('./sync/LinkJoinScreen').then((m) => ({ default: m.LinkJoinScreen })));

export function App() {
  const { route, dispose } = createRoute();
  onCleanup(dispose);
  // The app opened on a game: fetch its screen's scripts and read the game from IndexedDB now, while
  // this phone's identity loads, instead of one after the other (issue 9, start time).
  const first = route();
  // The code of the screen the address opens, where it is fetched early (index.html's "Loading…" waits for it).
  let screen: Promise<unknown> = Promise.resolve();
  if (first.name === 'game' || first.name === 'table') {
    readGameEarly(first.id);
    readCheckedSnapshotsEarly(first.id);
    readViewEarly(first.id);
    // A failure here shows when the screen itself loads them: these only start early.
    const ignore = () => undefined;
    screen = (first.name === 'game' ? GameScreen : TableView).preload();
    // Its biggest imports too, at once, rather than level by level as each script is parsed (the page links
    // ahead only what the first screen's chunk and the game's need first: linkAhead in vite.config.ts), and
    // the game itself is read and applied to its document while the rest arrives. Unless the game screen can paint a view kept for exactly this
    // game (runtime/firstFrame.ts): then those wait for that frame (issue 33).
    const early = () => {
      import('../runtime/session').catch(ignore);
      import('../sync/persistence').then((m) => m.openGameEarly(first.id)).catch(ignore);
    };
    if (first.name === 'table') early();
    else earlyViewFits(first.id).then((fits) => fits || early(), early);
  }
  if (first.name === 'join') {
    // Joining: the join screen, the session and the game screen it hands over to load while this phone's
    // identity does, not one after the other (issue 26: the seats showed 3.3 s after the link was opened).
    const ignore = () => undefined;
    screen = JoinScreen.preload();
    import('../runtime/session').catch(ignore);
    GameScreen.preload().catch(ignore);
  }
  // index.html's own "Loading…" is on screen from the page's first frame, before any script. It stays until
  // this phone's identity has loaded and the screen the address opens has its code, so that a start paints
  // neither a second copy of it nor an empty frame between it and that screen (issue 33).
  const [screenLoaded, setScreenLoaded] = createSignal(false);
  void screen.finally(() => setScreenLoaded(true)).catch(() => undefined);
  const [device] = createResource(loadDevice);
  createRenderEffect(() => (device.error || (device() && screenLoaded())) && document.getElementById('splash')?.remove());
  return (
    <Show when={device()} fallback={device.error && <p class="muted">This phone's storage cannot be opened: {String(device.error)}</p>}>
      {(dev) => (
        <Switch fallback={<Home />}>
          <Match when={route().name === 'new'}>
            <NewGame device={dev()} />
          </Match>
          {/* Keyed: another game's address mounts its screen anew, and the game left behind is closed (its
              session, its connection) instead of staying on screen under the new address. */}
          <Match when={(() => { const r = route(); return r.name === 'game' ? r.id : undefined; })()} keyed>
            {(id) => <GameScreen id={id} device={dev()} />}
          </Match>
          <Match when={(() => { const r = route(); return r.name === 'table' ? r.id : undefined; })()} keyed>
            {(id) => <TableView id={id} device={dev()} />}
          </Match>
          <Match when={(() => { const r = route(); return r.name === 'join' ? r.query : undefined; })()}>
            {(query) => <JoinScreen query={query()} device={dev()} />}
          </Match>
          <Match when={(() => { const r = route(); return r.name === 'link' ? r.code : undefined; })()}>
            {(code) => <LinkJoinScreen code={code()} device={dev()} />}
          </Match>
        </Switch>
      )}
    </Show>
  );
}
