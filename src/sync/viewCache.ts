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
import { BUILD, readView, viewKey } from './viewEarly';
import type { KeptView } from './viewEarly';

const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));

/**
 * The view kept for the document whose state vector (Y.encodeStateVector) is `sv`, by this build, or
 * undefined. (The state vector comes from the caller: the first screen, which starts the early read, loads
 * no Yjs.)
 */
export async function keptView(gameId: string, sv: Uint8Array): Promise<GameSnapshot | undefined> {
  const kept = await readView(gameId);
  return kept && kept.sv === toBase64(sv) ? viewIn(kept, gameId) : undefined;
}

/**
 * Parsed once per read: the first frame and the session read the same early read, so they paint the very
 * same objects and the screen's store, comparing the two, skips every part by identity.
 */
const parsed = new WeakMap<KeptView, GameSnapshot | undefined>();

/** The view in `kept` for `gameId`, if this build kept it and it reads as a game; parsed once per read. */
export function viewIn(kept: KeptView, gameId: string): GameSnapshot | undefined {
  if (kept.build !== BUILD || typeof kept.view !== 'string') return undefined;
  if (parsed.has(kept)) return parsed.get(kept);
  let view: GameSnapshot | undefined;
  try {
    const value = JSON.parse(kept.view) as unknown;
    view = looksLikeGame(value, gameId) ? value : undefined;
  } catch {
    view = undefined;
  }
  parsed.set(kept, view);
  return view;
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

/**
 * Keeps `s`, folded from the document whose state vector is `sv` (loaded from the stored entries tagged
 * `entries`, when known), for the next start (a few milliseconds).
 */
export async function keepView(s: GameSnapshot, sv: Uint8Array, entries?: string): Promise<void> {
  const { log: _log, ...rest } = s;
  const kept: KeptView = { build: BUILD, sv: toBase64(sv), view: JSON.stringify(rest), ...(entries !== undefined && { entries }) };
  await set(viewKey(s.meta.id), kept, privateStore()).catch(() => undefined);
}
