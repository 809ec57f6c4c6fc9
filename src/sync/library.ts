/**
 * The list of games saved on this device (the home screen), kept apart from the games themselves so
 * the home screen opens without loading any game.
 */
import { createStore, del, get, set, values } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';

export interface GameSummary {
  id: string;
  name: string;
  vpGoal: number;
  createdAt: number;
  /** Last time this device saw a change (epoch ms). */
  updatedAt: number;
  seats: { name: string; race: string; raceName: string; color: string }[];
}

// One connection for the page's lifetime: createStore opens a new one on every call.
let store: UseStore | undefined;
const library = () => (store ??= createStore('tt-library', 'games'));

export async function listGames(): Promise<GameSummary[]> {
  const all = (await values<GameSummary>(library())).filter((g) => typeof g?.id === 'string');
  return all.sort((a, b) => b.updatedAt - a.updatedAt);
}

export async function getSummary(id: string): Promise<GameSummary | undefined> {
  return get<GameSummary>(id, library());
}

export async function saveSummary(summary: GameSummary): Promise<void> {
  await set(summary.id, summary, library());
}

export async function forgetGame(id: string): Promise<void> {
  await del(id, library());
}
