/**
 * Opening, creating and importing games on this device: ties a game's Y.Doc to its local store and
 * keeps the home screen's list of games up to date.
 */
import * as Y from 'yjs';
import { Game, createGame, memoryMemo, readSecret } from '../doc';
import { deviceKeeper } from './keeper';
import type { FoldMemo, GameSetup, GameSnapshot } from '../doc';
import { warmSigner } from '../crypto/signature';
import { keepVerdicts, loadVerdicts } from '../secret/verdicts';
import { keepView, keptView } from '../sync/viewCache';
import { randomId } from '../secret/device';
import { signerOf } from '../secret/signer';
import type { DeviceInfo } from '../secret/device';
import { importChecked, readBackup } from '../sync/backup';
import { PeerSync } from '../sync/peer';
import { TableLink } from '../sync/link/tableLink';
import { startAutoReveal } from './autoReveal';
import { startSetupAgent } from './setupAgent';
import { startHandFollows } from './handFollows';
import { knownSecret, loadSettings, requestPersistentStorage, signalingUrls } from '../sync/settings';
import { GamePersistence, takeEarlyOpen } from '../sync/persistence';
import { loadLocalCopy } from '../sync/localCopies';
import { intact } from '../sync/storedEntry';
import { readEntriesTag } from '../sync/gameStore';
import type { LocalCopy } from '../sync/localCopies';
import type { LoadReport } from '../sync/persistence';
import { RACES_BY_ID } from '../data';
import { saveSummary } from '../sync/library';
import type { GameSummary } from '../sync/library';
import { SETTLE_MS, whenSettled } from '../later';
import { checkAfterChanges } from './afterChanges';

// What the folds remember of costly checks (the setup's deal check, doc/core/memo.ts), kept on this phone in
// localStorage because a fold reads it synchronously; where it is missing or full, the check just runs again.
// The runtime owns it and hands it to each game it opens (issue 37: folds keep no module-level state).
const deviceMemo: FoldMemo = {
  get: (key) => {
    try {
      return globalThis.localStorage?.getItem(`tt-${key}`);
    } catch {
      return undefined;
    }
  },
  set: (key, value) => {
    try {
      globalThis.localStorage?.setItem(`tt-${key}`, value);
    } catch {
      // Full or forbidden: the next opening checks again.
    }
  },
};
const foldMemo = memoryMemo(8, deviceMemo);

export interface GameSession {
  game: Game;
  persistence: GamePersistence;
  report: LoadReport;
  /** Live sync with the other phones; undefined when this phone does not know the game's secret. */
  peers: PeerSync | undefined;
  /** The serverless table link (pairing by QR codes). */
  link: TableLink;
  /** Tells `listener` when this phone could not do its part of a setup at the table (its keys lost, a bad card dealt). */
  onSetupError(listener: (message: string) => void): () => void;
  close(): Promise<void>;
}

export function summarize(s: GameSnapshot, now = Date.now()): GameSummary {
  return {
    id: s.meta.id,
    name: s.meta.name,
    vpGoal: s.meta.vpGoal,
    createdAt: s.meta.createdAt,
    updatedAt: now,
    seats: s.seats.map(({ name, race, color }) => ({ name, race, color, raceName: RACES_BY_ID.get(race)?.shortName ?? race })),
  };
}

function keepSummary(game: Game): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    const s = game.snapshotOrUndefined();
    if (s) void saveSummary(summarize(s));
  };
  // Saved 300 ms after the first change of a burst, not rearmed by each: a timer cleared and set again on
  // every change was half a millisecond of each tap at 4× CPU (issue 33).
  const onUpdate = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      save();
    }, 300);
  };
  game.doc.on('update', onUpdate);
  return () => {
    clearTimeout(timer);
    game.doc.off('update', onUpdate);
    save();
  };
}

/** The seat this phone holds in the game, if any. */
export function seatOf(game: Game, device: string): string | undefined {
  const claims = game.snapshotOrUndefined()?.claims ?? {};
  return Object.keys(claims).find((seat) => claims[seat] === device);
}

/** Keeps the presence this phone announces (which seat it holds) in step with the document. */
function keepPresence(game: Game, device: DeviceInfo, announce: (p: { device: string; name: string; seat: string | null }) => void): () => void {
  const presence = () => ({ device: device.tag, name: device.name, seat: seatOf(game, device.tag) ?? null });
  let last = JSON.stringify(presence());
  return checkAfterChanges(
    game,
    () => {
      const next = presence();
      const text = JSON.stringify(next);
      if (text !== last) announce(next);
      last = text;
    },
    (s) => [s.claims],
  );
}

export interface OpenOptions {
  /** Connect to the other phones (default true). */
  connect?: boolean;
}

/** Open sessions by game id: a screen handing over to another (join → game) keeps the links up. */
const open = new Map<string, { session: Promise<GameSession>; users: number; closing?: ReturnType<typeof setTimeout> }>();
const CLOSE_GRACE_MS = 1500;

/**
 * Opens a game on this phone (shared by every screen that has it open): its local store, live sync
 * with the other phones where the secret is known, and the table link. `close()` releases this
 * screen's hold; the session really closes shortly after the last one lets go.
 */
export async function openSession(gameId: string, device: DeviceInfo, options: OpenOptions = {}): Promise<GameSession> {
  let entry = open.get(gameId);
  // A screen opened before this phone knew the game's secret ("Game not found", then the join link in
  // the same tab) leaves a session with no sync for a moment, in case it is reopened. Reused now, the
  // join would wait on it forever (issue 26): it is closed, and the game opened again with its secret.
  if (entry && !entry.users && options.connect !== false && !(await entry.session.catch(() => undefined))?.peers && (await knownSecret(gameId))) {
    const stale = entry;
    if (open.get(gameId) === stale && !stale.users) {
      clearTimeout(stale.closing);
      open.delete(gameId);
      await (await stale.session.catch(() => undefined))?.close();
    }
    entry = open.get(gameId);
  }
  if (!entry) {
    entry = { session: startSession(gameId, device, options), users: 0 };
    open.set(gameId, entry);
  }
  clearTimeout(entry.closing);
  entry.users++;
  const shared = await entry.session;
  const held = entry;
  let released = false;
  return {
    ...shared,
    close: async () => {
      if (released) return;
      released = true;
      if (--held.users > 0) return;
      await new Promise<void>((done) => {
        held.closing = setTimeout(done, CLOSE_GRACE_MS);
      });
      if (held.users > 0 || open.get(gameId) !== held) return;
      open.delete(gameId);
      await shared.close();
    },
  };
}

async function startSession(gameId: string, device: DeviceInfo, options: OpenOptions): Promise<GameSession> {
  // Read with the game, not after it: the game screen waits for this session.
  const settingsRead = loadSettings();
  settingsRead.catch(() => undefined); // a failure surfaces where it is awaited, below
  // The signatures this phone checked at its last start need no second check (secret/verdicts.ts).
  const verdictsRead = loadVerdicts(gameId);
  const { persistence, report } = await (takeEarlyOpen(gameId) ?? GamePersistence.open(gameId, new Y.Doc()));
  mark('tt:stored');
  const doc = persistence.doc;
  const game = new Game(doc, device.tag, undefined, device.key && signerOf(device.key), foldMemo);
  game.keeper = deviceKeeper;
  await verdictsRead;
  // The game as the last start folded it, for exactly this document: shown first, the fold a slice at a
  // time after it (viewCache.ts, GameCore.paintFrom), its signatures known from that start.
  const view = await keptView(gameId, Y.encodeStateVector(doc));
  if (view) void game.paintFrom(view);
  // Otherwise, before the first fold: the browser checks the game's signatures natively, all at once
  // (those not checked at an earlier start).
  else await game.prewarmSignatures();
  mark('tt:signatures');
  const stopSummary = keepSummary(game);
  const secret = readSecret(game.root) ?? (await knownSecret(gameId));
  const seat = seatOf(game, device.tag) ?? null;
  // Every game opened, not only created, asks the browser to keep its storage (a joining phone creates none).
  void requestPersistentStorage();
  const link = new TableLink(doc, device.tag, gameId, { name: device.name, seat });
  let peers: PeerSync | undefined;
  if (secret && options.connect !== false) {
    const settings = await settingsRead;
    // In the background, after the game is on screen (a phone opening a long game should not wait for
    // WebRTC), and a moment later when this phone has the game to show: its player's first taps come
    // before connecting (issue 9). A phone with nothing yet (joining) connects at once.
    const delay = doc.store.clients.size > 0 ? SETTLE_MS : 50;
    peers = PeerSync.create(doc, { gameId, secret, signaling: signalingUrls(settings), iceServers: settings.iceServers }, { device: device.tag, name: device.name, seat }, delay);
  }
  // What the next start reads (the signatures checked, the game as folded): kept once the game has settled,
  // when the phone puts the app away, and when the game closes.
  let transactions = 0;
  doc.on('afterTransaction', () => transactions++);
  const keepForNextStart = () => {
    void keepVerdicts(gameId);
    const s = game.snapshotOrUndefined();
    if (s && !game.paintingFromView) void keepViewOf(s);
  };
  // The view is tagged with the document's state vector, and with the stored entries it is exactly the
  // union of (what the next start's first frame can check before Yjs loads): read back once every change
  // is saved, and used only if nothing changed while they were read.
  const keepViewOf = async (s: GameSnapshot) => {
    const [sv, before] = [Y.encodeStateVector(doc), transactions];
    const entries = persistence.state === 'saved' && report.skipped.length === 0 ? await readEntriesTag(gameId).catch(() => undefined) : undefined;
    await keepView(s, sv, transactions === before ? entries : undefined);
  };
  const stopWarm = whenSettled(() => {
    // A seat held from before signatures: claimed again, signed, so this phone's signed events count
    // (once the game is on screen: whether the table knows this phone's key needs the whole fold).
    if (seat && !game.keyPublished) game.claimSeat(seat).catch((e: unknown) => console.warn('Could not publish this phone\'s key:', e));
    // A key in this page's memory (plain http) does its one-time work once the game is on screen, not
    // before it shows nor in the player's first signed tap.
    warmSigner(game.signer);
    keepForNextStart();
  });
  const keepOnHide = () => document.visibilityState === 'hidden' && keepForNextStart();
  globalThis.document?.addEventListener('visibilitychange', keepOnHide);
  const stopReveal = startAutoReveal(game, device.tag);
  const setupListeners = new Set<(message: string) => void>();
  const stopSetup = startSetupAgent(game, (message) => {
    console.warn(message);
    for (const l of setupListeners) l(message);
  });
  const stopHandFollows = startHandFollows(game);
  const stopPresence = keepPresence(game, device, (p) => {
    peers?.setPresence(p);
    link.setPresence({ name: p.name, seat: p.seat });
  });
  const session: GameSession = {
    game,
    persistence,
    report,
    peers,
    link,
    onSetupError(listener) {
      setupListeners.add(listener);
      return () => setupListeners.delete(listener);
    },
    close: async () => {
      stopWarm();
      globalThis.document?.removeEventListener('visibilitychange', keepOnHide);
      keepForNextStart();
      stopReveal();
      stopSetup();
      stopHandFollows();
      stopPresence();
      peers?.destroy();
      link.destroy();
      stopSummary();
      await persistence.destroy();
      doc.destroy();
    },
  };
  exposeForTests(session);
  mark('tt:session');
  return session;
}

/** A User Timing mark of a start's phases, which the start benchmark lists (bench/suites/start.mjs). */
function mark(name: string): void {
  globalThis.performance?.mark?.(name);
}

/**
 * Browser tests drive many phones at once; they reach the open session through this handle, which answers only
 * when the page has localStorage `tt-debug` = "1" (a part's moves: `__tt.game.moves.round.pick`). Asked when read,
 * not when the session opens: a page's first read of localStorage blocks on the browser loading it (about 6 ms at
 * any CPU speed), and a start's session opens in the tasks right after its first frame (issue 33).
 */
function exposeForTests(session: GameSession): void {
  const debugging = (): boolean => {
    try {
      return globalThis.localStorage?.getItem('tt-debug') === '1';
    } catch {
      return false; // no localStorage (a sandboxed frame): nothing to expose
    }
  };
  Object.defineProperty(globalThis, '__tt', { configurable: true, get: () => (debugging() ? session : undefined) });
}

/** Creates a game, saves it, and lists it; resolves with its id once it is on disk. */
export async function createSavedGame(setup: GameSetup, device: DeviceInfo): Promise<string> {
  const id = randomId(10);
  const game = createGame(setup, { id, secret: randomId(22), device: device.tag, ...(device.key && { signer: signerOf(device.key) }), memo: foldMemo });
  const { persistence } = await GamePersistence.open(id, new Y.Doc());
  Y.applyUpdateV2(persistence.doc, Y.encodeStateAsUpdateV2(game.doc));
  await persistence.whenSaved();
  await persistence.destroy();
  await saveSummary(summarize(game.snapshot()));
  void requestPersistentStorage();
  return id;
}

/** Imports a backup file; a game already on this device is merged with it, not replaced. */
export async function importSavedGame(text: string): Promise<string> {
  const { meta, update } = readBackup(text);
  const doc = new Y.Doc();
  const { persistence } = await GamePersistence.open(meta.id, doc);
  try {
    importChecked(doc, update);
  } catch (e) {
    await persistence.destroy();
    doc.destroy();
    throw e;
  }
  await persistence.whenSaved();
  const game = new Game(doc, 'import');
  await saveSummary(summarize(game.snapshot()));
  await persistence.destroy();
  doc.destroy();
  return meta.id;
}

/**
 * Brings back an earlier copy of a game kept on this phone (localCopies.ts): merged into the game as it
 * is now, or saved as the game again if it was deleted. Resolves with the game's id.
 */
export async function restoreLocalCopy(copy: LocalCopy): Promise<string> {
  const record = await loadLocalCopy(copy);
  if (!record || !(await intact(record))) throw new Error('This copy is damaged or gone: choose another one.');
  const update = record.u;
  const doc = new Y.Doc();
  const { persistence } = await GamePersistence.open(copy.gameId, doc);
  try {
    importChecked(doc, update);
    await persistence.whenSaved();
    await saveSummary(summarize(new Game(doc, 'import').snapshot()));
  } finally {
    await persistence.destroy();
    doc.destroy();
  }
  return copy.gameId;
}
