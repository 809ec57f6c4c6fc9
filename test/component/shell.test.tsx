// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { createStore, set } from 'idb-keyval';
import { render } from 'solid-js/web';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Game } from '../../src/doc';
import { listGames } from '../../src/sync/library';
import { sealEntry } from '../../src/sync/persistence';
import { createSavedGame, openSession } from '../../src/runtime/session';
import { saveSettings } from '../../src/sync/settings';
import { GameScreen } from '../../src/ui/shell/GameScreen';
import { App } from '../../src/ui/App';
import { Home } from '../../src/ui/shell/Home';
import { NewGame } from '../../src/ui/shell/NewGame';
import { newGame, threeSeats } from '../unit/doc/fixtures';

const device = { tag: 'phone1', name: 'Test phone' };
let dispose: (() => void) | undefined;
// No signaling server in these tests (jsdom's WebSocket cannot run under vitest): the shell still
// starts its peer sync, which then simply has nobody to talk to.
beforeAll(() => saveSettings({ signaling: [], iceServers: [] }));
afterEach(() => {
  dispose?.();
  document.body.innerHTML = '';
  location.hash = '';
});

function mount(ui: () => unknown) {
  const root = document.createElement('div');
  document.body.append(root);
  dispose = render(ui as () => never, root);
  return root;
}

describe('new game form', () => {
  it('creates a 3-seat game, saves it on the phone and opens it', async () => {
    mount(() => <NewGame device={device} />);
    fireEvent.input(screen.getByLabelText('Game name'), { target: { value: 'Form game' } });
    for (const [i, name, race] of [[0, 'Ana', 'sol'], [1, 'Ben', 'hacan'], [2, 'Cleo', 'xxcha']] as const) {
      fireEvent.input(document.getElementById(`seat-${i}-name`)!, { target: { value: name } });
      fireEvent.change(document.getElementById(`seat-${i}-race`)!, { target: { value: race } });
    }
    expect((screen.getByLabelText('Victory points to win') as HTMLSelectElement).value).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: 'Create game' }));
    await waitFor(() => expect(location.hash).toMatch(/^#\/game\/[a-z0-9]+$/));
    const saved = (await listGames()).find((g) => g.name === 'Form game');
    expect(saved?.seats.map((s) => s.raceName)).toEqual(['Sol', 'Hacan', 'Xxcha']);
  });

  it('says what is wrong with a setup and creates nothing', async () => {
    const before = (await listGames()).length;
    mount(() => <NewGame device={device} />);
    fireEvent.input(screen.getByLabelText('Game name'), { target: { value: 'Broken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create game' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Seat 1 needs a player name/);
    expect((await listGames()).length).toBe(before);
  });

  it('says the seats are entered in clockwise order, which picking and the status phase follow', () => {
    mount(() => <NewGame device={device} />);
    expect(screen.getByText(/Enter the players in the order they sit, going clockwise/).textContent).toMatch(/picking strategy cards and the status phase follow this order/);
    expect(screen.getByRole('group', { name: 'Seat 2 (clockwise after seat 1)' })).toBeTruthy();
  });

  it('offers 2 to 8 seats', () => {
    mount(() => <NewGame device={device} />);
    for (let i = 0; i < 5; i++) fireEvent.click(screen.getByRole('button', { name: 'Add a player' }));
    expect(screen.queryByRole('button', { name: 'Add a player' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Players (8)' })).toBeTruthy();
    for (let i = 8; i > 2; i--) fireEvent.click(screen.getByRole('button', { name: `Remove seat ${i}` }));
    expect(screen.queryByRole('button', { name: /Remove seat/ })).toBeNull();
  });
});

describe('home screen', () => {
  it('lists the games saved on this phone', async () => {
    await createSavedGame({ ...threeSeats, name: 'Listed game' }, device);
    mount(() => <Home />);
    const list = await screen.findByRole('list', { name: 'Saved games' });
    await waitFor(() => expect(within(list).getByText('Listed game')).toBeTruthy());
  });
});

describe('game screen', () => {
  it('another game\'s address shows that game, not the one opened before it', async () => {
    const first = await createSavedGame({ ...threeSeats, name: 'First night' }, device);
    const second = await createSavedGame({ ...threeSeats, name: 'Second night' }, device);
    location.hash = `#/game/${first}`;
    mount(() => <App />);
    await screen.findByRole('heading', { name: 'First night' });
    location.hash = `#/game/${second}`;
    await screen.findByRole('heading', { name: 'Second night' });
    expect(screen.queryByRole('heading', { name: 'First night' })).toBeNull();
  });

  it('asks which player this phone is, then shows the table with that seat marked', async () => {
    const id = await createSavedGame({ ...threeSeats, name: 'Seat game' }, device);
    mount(() => <GameScreen id={id} device={device} />);
    fireEvent.click(await screen.findByRole('button', { name: /This phone is Ben/ }));
    await screen.findByText(/This phone is/);
    // The table's overview is below the fold: it comes in the task after the first frame.
    expect(await screen.findByRole('listitem', { name: 'Ben (you)' })).toBeTruthy();
    // The claim is in the shared document, so it survives closing the game.
    dispose?.();
    const session = await openSession(id, device);
    expect(session.game.snapshot().claims.s2).toBe('phone1');
    await session.close();
  });

  it('"Change player" to a seat further down the list makes this phone that player', async () => {
    const id = await createSavedGame({ ...threeSeats, name: 'Switch game' }, device);
    mount(() => <GameScreen id={id} device={device} />);
    fireEvent.click(await screen.findByRole('button', { name: /This phone is Ana/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Change player' }));
    // One tap takes the player off her panels: the phone asks first, and Cancel keeps her.
    const ask = within(await screen.findByRole('dialog', { name: 'Change player?' }));
    fireEvent.click(ask.getByRole('button', { name: 'Cancel' }));
    expect((await screen.findByText(/This phone is/)).textContent).toBe('This phone is Ana.');
    fireEvent.click(await screen.findByRole('button', { name: 'Change player' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Change player?' })).getByRole('button', { name: 'Choose another player' }));
    fireEvent.click(await screen.findByRole('button', { name: /This phone is Cleo/ }));
    expect((await screen.findByText(/This phone is/)).textContent).toBe('This phone is Cleo.');
    expect(await screen.findByRole('listitem', { name: 'Cleo (you)' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Ana (you)' })).toBeNull();
  });

  it('shows changes made through the document at once (the Y → Solid bridge)', async () => {
    const id = await createSavedGame({ ...threeSeats, name: 'Live game' }, device);
    const session = await openSession(id, device);
    const game: Game = session.game;
    game.claimSeat('s1');
    await session.persistence.whenSaved();
    await session.close();
    mount(() => <GameScreen id={id} device={device} />);
    const ana = await screen.findByRole('listitem', { name: 'Ana (you)' });
    expect(ana.textContent).toMatch(/0 VP/);
  });

  it('a game read only for a newer phone\'s change says so and, asked twice, goes on without it on this phone (issue 36 item 7)', async () => {
    const id = await createSavedGame({ ...threeSeats, name: 'Newer game' }, device);
    const session = await openSession(id, device);
    await session.game.claimSeat('s1');
    // Ben's newer phone wrote a kind this version cannot read (code `Ch9`: a kind of events version 9).
    session.game.doc.transact(() => session.game.root.log.push([['Ch9', 61, 'phone2', 's2', 'cheers']]));
    await session.persistence.whenSaved();
    await session.close();
    mount(() => <GameScreen id={id} device={device} />);
    const readOnly = await screen.findByRole('alert', { name: 'Read only' });
    expect(readOnly.textContent).toMatch(/runs a newer Twilight Table and wrote a change this one cannot read/);
    // Cancel first: nothing is written.
    fireEvent.click(await within(readOnly).findByRole('button', { name: 'Go on without it' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert', { name: 'Read only' })).toBeTruthy();
    fireEvent.click(within(readOnly).getByRole('button', { name: 'Go on without it' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Go on without it' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Read only' })).toBeNull());
    expect(await screen.findByText(/was set aside: the table went on without it/)).toBeTruthy();
    dispose?.();
    dispose = undefined;
    const reopened = await openSession(id, device);
    expect(reopened.game.writable).toBe(true);
    expect(reopened.game.snapshot().log.some((e) => e.event.k === 'setAside')).toBe(true);
    await reopened.close();
  });

  it('says so when the game is not on this phone', async () => {
    mount(() => <GameScreen id="nosuchgame" device={device} />);
    expect(await screen.findByRole('heading', { name: 'Game not found' })).toBeTruthy();
  });

  it('says why, and where an earlier copy is, when every saved copy of the game on this phone was refused', async () => {
    // The only entry: a whole game whose schema is a word, sealed so that its checksum matches.
    const forged = new Y.Doc();
    forged.transact(() => newGame().doc.getMap('meta').forEach((v, k) => forged.getMap('meta').set(k, k === 'schema' ? 'x' : v)));
    await set('s1-forged', await sealEntry(Y.encodeStateAsUpdateV2(forged)), createStore('tt-game-refusedgame', 'updates'));
    mount(() => <GameScreen id="refusedgame" device={device} />);
    expect(await screen.findByRole('heading', { name: 'This game could not be opened' })).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/Restore an earlier copy/);
    expect(alert.textContent).toMatch(/a saved copy of the whole game \(entry s1-forged\) was refused: it sets "schema" of "meta" to "x"/);
  });
});
