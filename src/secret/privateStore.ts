/**
 * What only this phone may know: the cards in the player's hand, her secret objectives, and the
 * openings (choice + salt) of what she placed face down. Kept in IndexedDB on the device, never in a
 * game document; the document holds only counts and commitments.
 */
import { get, set, del } from 'idb-keyval';
import { privateStore } from './device';
import type { Opening } from './commit';

export interface Hand {
  /** Political card ids (from the SA list) or, for "other…", the name as typed. */
  political: string[];
  action: string[];
  secretObjectives: string[];
}

export const EMPTY_HAND: Hand = { political: [], action: [], secretObjectives: [] };

const handKey = (gameId: string, seat: string) => `hand:${gameId}:${seat}`;
const openingKey = (gameId: string, voteId: string, seat: string) => `opening:${gameId}:${voteId}:${seat}`;

export async function loadHand(gameId: string, seat: string): Promise<Hand> {
  const h = await get<Hand>(handKey(gameId, seat), privateStore());
  return h && Array.isArray(h.political) && Array.isArray(h.action) && Array.isArray(h.secretObjectives) ? h : EMPTY_HAND;
}

export async function saveHand(gameId: string, seat: string, hand: Hand): Promise<void> {
  await set(handKey(gameId, seat), hand, privateStore());
}

/** Saved before the commitment is published, so a phone that crashes after locking in can still reveal. */
export async function saveOpening(gameId: string, voteId: string, seat: string, opening: Opening): Promise<void> {
  await set(openingKey(gameId, voteId, seat), opening, privateStore());
}

export async function loadOpening(gameId: string, voteId: string, seat: string): Promise<Opening | undefined> {
  const o = await get<Opening>(openingKey(gameId, voteId, seat), privateStore());
  return o && typeof o.choice === 'string' && typeof o.salt === 'string' ? o : undefined;
}

export async function forgetOpening(gameId: string, voteId: string, seat: string): Promise<void> {
  await del(openingKey(gameId, voteId, seat), privateStore());
}
