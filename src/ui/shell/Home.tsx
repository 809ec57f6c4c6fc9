import { For, Show, createResource, createSignal, lazy } from 'solid-js';
import { forgetGame, listGames } from '../../sync/library';
import { COPIES_KEPT, listLocalCopies } from '../../sync/localCopies';
import type { LocalCopy } from '../../sync/localCopies';
import { go } from './route';

const ScanCode = lazy(() => import('../sync/ScanCode').then((m) => ({ default: m.ScanCode })));

/** The first screen: saved games, new game, import a backup. */
export function Home() {
  const [games, { refetch }] = createResource(listGames);
  const [error, setError] = createSignal<string>();
  const [scanning, setScanning] = createSignal(false);
  const onScanned = async (text: string) => {
    // A table link code (no server needed) or a join link (through the signaling server).
    if (/^\s*TL1/i.test(text)) {
      setScanning(false);
      go(`/link?c=${encodeURIComponent(text.trim())}`);
      return;
    }
    const { parseJoin, joinLink } = await import('../../sync/joinLink');
    const info = parseJoin(text);
    if (!info) {
      setError('That code is not a Twilight Table join link.');
      return;
    }
    setScanning(false);
    go(joinLink('', info).slice(2));
  };
  let fileInput!: HTMLInputElement;

  const onImport = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    try {
      // Loaded on demand: the home screen itself needs no Yjs.
      const { importSavedGame } = await import('../../runtime/session');
      const id = await importSavedGame(await file.text());
      await refetch();
      go(`/game/${id}`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      fileInput.value = '';
    }
  };

  const [copies] = createResource(listLocalCopies);
  const onRestore = async (copy: LocalCopy) => {
    setError(undefined);
    try {
      const { restoreLocalCopy } = await import('../../runtime/session');
      const id = await restoreLocalCopy(copy);
      await refetch();
      go(`/game/${id}`);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const onDelete = async (id: string, name: string) => {
    if (!confirm(`Delete "${name}" from this phone? Other phones keep their copy.`)) return;
    const { deleteGameData } = await import('../../sync/persistence');
    await deleteGameData(id);
    await forgetGame(id);
    await refetch();
  };

  return (
    <main>
      <h1>Twilight Table</h1>
      <p class="muted">Your race sheet, planet cards, counters and the Twilight Council, on your phone. The board stays on the table.</p>
      <div class="row">
        <a class="button primary" href="#/new">New game</a>
        <button type="button" onClick={() => setScanning(!scanning())} aria-expanded={scanning()}>Join a game</button>
        <button type="button" onClick={() => fileInput.click()}>Import a game file</button>
        <input ref={(el) => (fileInput = el)} type="file" accept=".json,application/json" aria-label="Game file to import" hidden onChange={(e) => void onImport(e.currentTarget.files?.[0])} />
      </div>
      <Show when={scanning()}>
        <section class="card" aria-label="Join a game">
          <p>Scan the QR code on the host's phone (or paste the link or code it shows).</p>
          <ScanCode label="Camera view for the host's QR code" onResult={(t) => void onScanned(t)} />
        </section>
      </Show>
      <Show when={error()}>
        {(message) => (
          <p class="alert" role="alert">
            <strong>That did not work.</strong> {message()}
          </p>
        )}
      </Show>
      <h2>Saved games</h2>
      <Show when={games.error}>
        <p class="alert" role="alert">The saved games could not be listed: {String(games.error)}</p>
      </Show>
      <Show when={games()?.length} fallback={<p class="muted">{games.loading ? 'Loading…' : 'No games on this phone yet.'}</p>}>
        <ul class="list" aria-label="Saved games">
          <For each={games()}>
            {(g) => (
              <li class="row">
                <a class="card row spread button grow" style={{ 'justify-content': 'space-between' }} href={`#/game/${g.id}`}>
                  <span>
                    <strong>{g.name}</strong>
                    <br />
                    <span class="muted">
                      {g.seats.length} players · {g.vpGoal} VP · {g.seats.map((s) => s.raceName).join(', ')}
                    </span>
                  </span>
                  <span class="muted">{new Date(g.updatedAt).toLocaleDateString()}</span>
                </a>
                <button type="button" class="danger" aria-label={`Delete ${g.name}`} onClick={() => void onDelete(g.id, g.name)}>✕</button>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <Show when={copies()?.length}>
        <details class="card">
          <summary>Restore an earlier copy</summary>
          <p class="muted">This phone keeps the last {COPIES_KEPT} checked copies of each game. Restoring one adds back whatever the game lacks; nothing it has since is lost.</p>
          <ul class="list" aria-label="Earlier copies">
            <For each={copies()}>
              {(c) => (
                <li class="row spread">
                  <span>
                    <strong>{c.name}</strong> <span class="muted">{new Date(c.at).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' })}</span>
                  </span>
                  <button type="button" aria-label={`Restore ${c.name} as saved ${new Date(c.at).toLocaleString()}`} onClick={() => void onRestore(c)}>
                    Restore
                  </button>
                </li>
              )}
            </For>
          </ul>
        </details>
      </Show>
    </main>
  );
}
