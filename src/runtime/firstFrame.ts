/**
 * A stored game's first frame, painted before its code has loaded (issue 33). A start used to wait for
 * the `core` chunk (Yjs, every fold, the rules: ~370 KB compiled in one long task), the stored game's
 * apply and its signature check before the game screen could render at all. When this phone kept a view
 * of the game at its last open (viewCache.ts) for exactly the entries its store still holds, the screen
 * renders that view at once, with a stand-in session; the real session opens behind it and takes the
 * stand-in's place without a new render.
 *
 * The stand-in decides nothing: a command tapped before the real session is open waits for it, and runs
 * on the real game (which validates it against the real fold, never the view); the real fold replaces the
 * view moments later and a difference is reported (GameCore.paintFrom). This module loads no Yjs: it is
 * part of the game screen's chunk (`npm run check:build` holds that).
 */
import type { Game } from '../doc';
import type { GameSnapshot } from '../doc/views';
import type { GamePersistence, SaveState } from '../sync/persistence';
import type { GameSession, openSession } from './session';
import { viewIn } from '../sync/viewCache';
import { earlyViewFits, peekView } from '../sync/viewEarly';
import { nextTask } from '../later';

/**
 * The session's code after a painted first frame, in three tasks: as one chunk its evaluation was one task of
 * 85–150 ms at 4× CPU, which a tap on that frame waited behind (issue 33). The libraries (lib0, then Yjs) and
 * the curve (Ed25519, SHA-512) are chunks of their own (vite.config.ts, `startChunks`): importing each alone
 * evaluates it in its own task, and the session's import then evaluates only the app's code (8–30 ms).
 */
export async function openInSteps(): Promise<{ openSession: typeof openSession }> {
  await import('./lib0');
  await nextTask();
  await import('./libraries');
  globalThis.performance?.mark?.('tt:libraries');
  await nextTask();
  await import('./curve');
  await nextTask();
  const session = await import('./session');
  globalThis.performance?.mark?.('tt:code');
  return session;
}

export interface FirstFrame {
  /** Shows the kept view until the real session is open, then forwards everything to it. */
  session: GameSession;
  /**
   * Whether `real` can take the stand-in's place on the screen already rendered: not when it holds what
   * that screen showed otherwise (entries left out as damaged, a game this version cannot write, no game).
   */
  adopts(real: GameSession): boolean;
  /**
   * The view itself, once (then undefined), for the screen's store to keep without a copy
   * (createGameStore's `owned`): `keptFirstView` parsed it for this frame alone.
   */
  takeView(): GameSnapshot | undefined;
}

/**
 * The view of `gameId` kept for exactly the entries its store holds (by the early reads a start makes,
 * App.tsx), by this build; or undefined: the screen then waits for the session, as before.
 */
export async function keptFirstView(gameId: string): Promise<GameSnapshot | undefined> {
  const kept = peekView(gameId);
  if (!kept || !(await earlyViewFits(gameId))) return undefined;
  const view = await kept.then((k) => k && viewIn(k, gameId));
  return view && { ...view, log: [] };
}

/** The first frame of a game from `view` (`keptFirstView`), standing in for the session `opening` opens. */
export function firstFrame(view: GameSnapshot, device: string, opening: Promise<GameSession>): FirstFrame {
  let untaken: GameSnapshot | undefined = view;
  return {
    takeView: () => {
      const taken = untaken;
      untaken = undefined;
      return taken;
    },
    session: standInSession(view, device, opening),
    adopts: (real) => real.report.skipped.length === 0 && real.game.writable && real.game.snapshotOrUndefined() !== undefined,
  };
}

type Listener = (...args: never[]) => unknown;

/**
 * Listeners a screen adds to the stand-in (the store's refresh, the save label), added to the real
 * session by `add` when it opens; the returned stop works in both phases.
 */
function forwarded<L extends Listener>(opening: Promise<GameSession>, add: (real: GameSession, l: L) => () => void) {
  const waiting = new Map<L, { stop?: () => void; gone?: boolean }>();
  void opening.then(
    (real) => {
      for (const [l, hold] of waiting) {
        if (!hold.gone) hold.stop = add(real, l);
      }
    },
    () => undefined,
  );
  return (l: L): (() => void) => {
    const hold: { stop?: () => void; gone?: boolean } = {};
    waiting.set(l, hold);
    return () => {
      hold.gone = true;
      hold.stop?.();
      waiting.delete(l);
    };
  };
}

/** What the screen reads of a session while the stand-in shows the view. */
function standInSession(view: GameSnapshot, device: string, opening: Promise<GameSession>): GameSession {
  let real: GameSession | undefined;
  void opening.then((s) => (real = s), () => undefined);
  const onState = forwarded<(s: SaveState, error?: Error) => void>(opening, (s, l) => s.persistence.onState(l));
  const persistence = {
    get state(): SaveState {
      return real?.persistence.state ?? 'saved';
    },
    onState: (l: (s: SaveState, error?: Error) => void) => (real ? real.persistence.onState(l) : onState(l)),
  };
  const onSetupError = forwarded<(message: string) => void>(opening, (s, l) => s.onSetupError(l));
  return {
    game: standInGame(view, device, opening),
    // The stand-in reads only `state` and `onState` of it (GameScreen's save label).
    persistence: persistence as unknown as GamePersistence,
    report: { applied: 0, skipped: [] },
    peers: undefined,
    // The screen mounts the connection's controls only once the real session is open (GameScreen).
    get link(): GameSession['link'] {
      if (!real) throw new Error('The table link is not open yet');
      return real.link;
    },
    onSetupError: (l) => (real ? real.onSetupError(l) : onSetupError(l)),
    // The screen closes the real session itself.
    close: async () => undefined,
  };
}

/**
 * The game while the view shows: what a render reads (the view, no undo yet, this phone) answered from
 * the view; the store's listeners kept for the real game; and any call, at any depth (`game.move(…)`), a call
 * that waits for the real game and runs there, its refusal reported as a signed move's is. What a screen names
 * through the stand-in and hands to such a call (`game.moves.planets.setExhausted`, whose code the first frame
 * has not loaded) is the real game's own member by the time the call runs.
 */
function standInGame(view: GameSnapshot, device: string, opening: Promise<GameSession>): Game {
  let real: Game | undefined;
  const refresh = new Set<() => void>();
  void opening.then(
    (s) => {
      real = s.game;
      for (const l of refresh) real.doc.on('afterTransaction', l);
      // The real game's snapshot (the same kept view, or its fold) in place of the stand-in's.
      for (const l of refresh) l();
    },
    () => undefined,
  );
  const onRefold = forwarded<() => void>(opening, (s, l) => s.game.onRefold(l));
  const doc = {
    on: (_: 'afterTransaction', l: () => void) => (real ? real.doc.on('afterTransaction', l) : refresh.add(l)),
    off: (_: 'afterTransaction', l: () => void) => (real ? real.doc.off('afterTransaction', l) : refresh.delete(l)),
  };
  const known: Record<PropertyKey, () => unknown> = {
    snapshotOrUndefined: () => () => view,
    snapshot: () => () => view,
    doc: () => doc,
    onRefold: () => onRefold,
    writable: () => true,
    device: () => device,
    canUndo: () => false,
    undoPreview: () => undefined,
    paintingFromView: () => true,
    // Not a promise: whatever awaits the game gets the game.
    then: () => undefined,
  };
  /** The path from the game of each member named through the stand-in, to find the real one. */
  const paths = new WeakMap<object, string[]>();
  const realMember = (game: Game, path: string[]): unknown => path.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], game);
  const later = (owners: string[], name: string): unknown => {
    const member = new Proxy(() => undefined, {
      get: (_, key) => (typeof key === 'symbol' || key === 'then' ? undefined : later([...owners, name], key)),
      apply: (_, __, args: unknown[]) =>
        opening.then(({ game }) => {
          const owner = realMember(game, owners) as Record<string, unknown>;
          const command = owner[name];
          if (typeof command !== 'function') throw new Error(`The game has no command ${[...owners, name].join('.')}`);
          const real = args.map((a) => (typeof a === 'function' && paths.has(a) ? realMember(game, paths.get(a) as string[]) : a));
          return (command as (...a: unknown[]) => unknown).call(owner, ...real);
        }),
    });
    paths.set(member, [...owners, name]);
    return member;
  };
  // A Proxy, because the screens reach the game's members by name (its runner, and every part's moves through
  // `game.moves`): listing them here would be a second list to keep. Typed as the Game it stands in for.
  return new Proxy({} as Game, {
    get: (_, key) => {
      if (real) {
        const value = Reflect.get(real, key, real) as unknown;
        return typeof value === 'function' ? (value as Listener).bind(real) : value;
      }
      if (typeof key === 'symbol') return undefined;
      const answer = known[key];
      return answer ? answer() : later([], key);
    },
  });
}

