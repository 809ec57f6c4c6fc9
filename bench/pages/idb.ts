/**
 * Bench page for the document suite: stores a game in this origin's IndexedDB exactly as the app lays
 * it out (src/sync/persistence.ts), then times opening it with the real GamePersistence.open.
 */
import * as Y from 'yjs';
import { promisifyRequest } from 'idb-keyval';
import { Game } from '../../src/doc';
import { GamePersistence, deleteGameData } from '../../src/sync/persistence';
import { gameStore } from '../../src/sync/gameStore';

const fromBase64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

export interface LoadTiming {
  /** GamePersistence.open into a new Y.Doc: reading every entry and applying it. */
  loadMs: number;
  /** Checking its signatures and folding the loaded log into the snapshot the screens read (the first Game.snapshot()). */
  foldMs: number;
  applied: number;
  skipped: number;
  events: number;
}

const api = {
  /** Replaces what this origin holds for `gameId` with the given entries: [key, base64 v2 update]. */
  async store(gameId: string, entries: [string, string][]): Promise<void> {
    await deleteGameData(gameId);
    const store = gameStore(gameId);
    await store('readwrite', (s) => {
      for (const [key, b64] of entries) s.put(fromBase64(b64), key);
      return promisifyRequest(s.transaction);
    });
    const db = await store('readonly', (s) => s.transaction.db);
    db.close();
  },

  async load(gameId: string): Promise<LoadTiming> {
    const doc = new Y.Doc();
    const t0 = performance.now();
    const { persistence, report } = await GamePersistence.open(gameId, doc);
    const t1 = performance.now();
    // As the app opens a game (session.ts): signatures checked natively first, then the first fold.
    const game = new Game(doc, 'bench');
    await game.prewarmSignatures();
    const events = game.snapshot().log.length;
    const t2 = performance.now();
    await persistence.destroy();
    doc.destroy();
    return { loadMs: t1 - t0, foldMs: t2 - t1, applied: report.applied, skipped: report.skipped.length, events };
  },
};

declare global {
  interface Window {
    ttBench: typeof api;
  }
}
window.ttBench = api;
document.title += ' (ready)';
