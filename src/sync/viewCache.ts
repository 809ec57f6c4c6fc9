/**
 * The folded game as a start last saw it, kept on this phone so the next start can paint before it folds
 * the log (issue 33: a stored game's first frame waited for Yjs, the signature check and a fold of the
 * whole game). Kept with the document's state vector and the app's build: a view is used only for exactly
 * the document it was folded from, by exactly the code that folded it, and only for the first paint
 * (GameCore.paintFrom): the real fold replaces it a moment later and a difference is reported.
 *
 * The log stays out of it (it is most of a long game's size, and the Log tab waits for the fold).
 */
import { get, set } from 'idb-keyval';
import type { GameSnapshot } from '../doc';
import { privateStore } from '../secret/device';

declare const __TT_BUILD__: string | undefined;
/** The build that folded a view: a view from another build of the app is never shown. */
export const BUILD = typeof __TT_BUILD__ === 'string' ? __TT_BUILD__ : 'dev';

interface KeptView {
  build: string;
  /** Base64 of Y.encodeStateVector of the document the view was folded from. */
  sv: string;
  /** JSON of the snapshot without its log. */
  view: string;
}

const keyOf = (gameId: string) => `view:${gameId}`;
const early = new Map<string, Promise<KeptView | undefined>>();
const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));

function read(gameId: string): Promise<KeptView | undefined> {
  return get<KeptView>(keyOf(gameId), privateStore()).catch(() => undefined);
}

/** Starts reading the kept view of a game the app opens on, while its scripts load. */
export function readViewEarly(gameId: string): void {
  if (!early.has(gameId)) early.set(gameId, read(gameId));
}

/**
 * The view kept for the document whose state vector (Y.encodeStateVector) is `sv`, by this build, or
 * undefined. (The state vector comes from the caller: the first screen, which starts the early read, loads
 * no Yjs.)
 */
export async function keptView(gameId: string, sv: Uint8Array): Promise<GameSnapshot | undefined> {
  const pending = early.get(gameId);
  early.delete(gameId);
  const kept = await (pending ?? read(gameId));
  if (!kept || kept.build !== BUILD || typeof kept.view !== 'string' || kept.sv !== toBase64(sv)) return undefined;
  try {
    return JSON.parse(kept.view) as GameSnapshot;
  } catch {
    return undefined;
  }
}

/** Keeps `s`, folded from the document whose state vector is `sv`, for the next start (a few milliseconds). */
export async function keepView(s: GameSnapshot, sv: Uint8Array): Promise<void> {
  const { log: _log, ...rest } = s;
  const kept: KeptView = { build: BUILD, sv: toBase64(sv), view: JSON.stringify(rest) };
  await set(keyOf(s.meta.id), kept, privateStore()).catch(() => undefined);
}
