/**
 * Export a game to a file and import it back: the backup that survives a lost phone. The file is JSON
 * around the v2-encoded document state, so importing into a phone that already has the game merges
 * the two (Yjs updates are idempotent) instead of overwriting either.
 */
import * as Y from 'yjs';
import { fail, gameRoot, readMeta } from '../doc';
import { checkUpdate } from '../doc/core/guard';
import type { GameMeta } from '../doc';

export const BACKUP_FORMAT = 'twilight-table-game';
const MAX_BACKUP_BYTES = 8 * 1024 * 1024;

export interface BackupFile {
  format: typeof BACKUP_FORMAT;
  version: 1;
  id: string;
  name: string;
  exportedAt: string;
  /** Base64 of Y.encodeStateAsUpdateV2. */
  state: string;
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export function exportGame(doc: Y.Doc, now = new Date()): BackupFile {
  const meta = readMeta(gameRoot(doc)) ?? fail('not-a-game', 'There is no game to export.');
  return { format: BACKUP_FORMAT, version: 1, id: meta.id, name: meta.name, exportedAt: now.toISOString(), state: toBase64(Y.encodeStateAsUpdateV2(doc)) };
}

export function backupFileName(file: BackupFile): string {
  const slug = file.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'game';
  return `${slug}-${file.exportedAt.slice(0, 10)}.twilight.json`;
}

/**
 * Reads a backup file's text into the update it carries and the game it holds. Everything about the
 * file is checked before anything is applied to a saved game; importing checks it once more against
 * the copy of the game the phone already has (importChecked).
 */
export function readBackup(text: string): { meta: GameMeta; update: Uint8Array } {
  if (text.length > MAX_BACKUP_BYTES) fail('invalid-input', 'This file is too large to be a Twilight Table game.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    fail('invalid-input', 'This file is not a Twilight Table game (it is not JSON).');
  }
  const file = parsed as Partial<BackupFile> | null;
  if (file?.format !== BACKUP_FORMAT || typeof file.state !== 'string') {
    fail('invalid-input', 'This file is not a Twilight Table game export.');
  }
  if (file.version !== 1) fail('newer-schema', 'This game file was written by a newer version of Twilight Table; update the app to import it.');
  let update: Uint8Array;
  const probe = new Y.Doc();
  try {
    update = fromBase64(file.state);
  } catch {
    fail('invalid-input', 'This game file is damaged: its game data cannot be read.');
  }
  // Read within a budget and held to the game's layout (the input guard) before Yjs sees it.
  const verdict = checkUpdate(probe, update, true);
  if (verdict.ok !== true) fail('invalid-input', `This game file is damaged or not a game: ${verdict.ok === 'later' ? 'it holds only part of a game' : `it ${verdict.reason.replace(/^it /, '')}`}.`);
  try {
    Y.applyUpdateV2(probe, update);
  } catch {
    fail('invalid-input', 'This game file is damaged: its game data cannot be read.');
  }
  const meta = readMeta(gameRoot(probe));
  probe.destroy();
  if (!meta || meta.id !== file.id) fail('invalid-input', 'This game file is damaged: it holds no complete game.');
  return { meta, update };
}

/**
 * Merges a file's update into the phone's own copy of the game, if the input guard allows it against
 * that copy: a file may not delete the phone's log, nor rewrite its meta or seats.
 */
export function importChecked(doc: Y.Doc, update: Uint8Array): void {
  const verdict = checkUpdate(doc, update, true);
  if (verdict.ok !== true) fail('invalid-input', `This file cannot be merged into the game on this phone: ${verdict.ok === 'later' ? 'it holds only part of a game' : verdict.reason}.`);
  Y.applyUpdateV2(doc, update);
}
