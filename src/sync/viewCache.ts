/**
 * The folded game as a start last saw it, kept on this phone so the next start can paint before it folds
 * the log (issue 33: a stored game's first frame waited for Yjs, the signature check and a fold of the
 * whole game). Kept with the document's state vector and the app's build: a view is used only for exactly
 * the document it was folded from, by exactly the code that folded it, and only for the first paint
 * (GameCore.paintFrom): the real fold replaces it a moment later and a difference is reported.
 *
 * The log stays out of it (it is most of a long game's size, and the Log tab waits for the fold).
 */
import { set } from 'idb-keyval';
import type { GameSnapshot } from '../doc';
import { privateStore } from '../secret/device';
import { readView, viewKey } from './viewEarly';
import type { KeptView } from './viewEarly';

declare const __TT_BUILD__: string | undefined;
/** The build that folded a view: a view from another build of the app is never shown. */
export const BUILD = typeof __TT_BUILD__ === 'string' ? __TT_BUILD__ : 'dev';

const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));

/**
 * The view kept for the document whose state vector (Y.encodeStateVector) is `sv`, by this build, or
 * undefined. (The state vector comes from the caller: the first screen, which starts the early read, loads
 * no Yjs.)
 */
export async function keptView(gameId: string, sv: Uint8Array): Promise<GameSnapshot | undefined> {
  const kept = await readView(gameId);
  if (!kept || kept.build !== BUILD || typeof kept.view !== 'string' || kept.sv !== toBase64(sv)) return undefined;
  try {
    const view = JSON.parse(kept.view) as unknown;
    return looksLikeGame(view, gameId) ? view : undefined;
  } catch {
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether a view read back has the shape the screens read before the fold replaces it: a view that would
 * make the first render throw (stored by anything but this code) is not painted at all.
 */
function looksLikeGame(v: unknown, gameId: string): v is GameSnapshot {
  if (!isRecord(v) || !isRecord(v.meta) || v.meta.id !== gameId || !Array.isArray(v.seats) || !isRecord(v.players) || !isRecord(v.planets)) return false;
  if (!isRecord(v.round) || !Array.isArray(v.problems) || !isRecord(v.claims)) return false;
  if (!['council', 'tracker', 'setup', 'trade', 'dice'].every((k) => isRecord(v[k]))) return false;
  const players = v.players;
  return v.seats.every((s) => {
    const sheet = isRecord(s) && typeof s.id === 'string' ? players[s.id] : undefined;
    return isRecord(sheet) && isRecord(sheet.counters);
  });
}

/** Keeps `s`, folded from the document whose state vector is `sv`, for the next start (a few milliseconds). */
export async function keepView(s: GameSnapshot, sv: Uint8Array): Promise<void> {
  const { log: _log, ...rest } = s;
  const kept: KeptView = { build: BUILD, sv: toBase64(sv), view: JSON.stringify(rest) };
  await set(viewKey(s.meta.id), kept, privateStore()).catch(() => undefined);
}
