/**
 * What only this phone may know: the cards in the player's hand, her secret objectives, and the
 * openings (choice + salt) of what she placed face down. Kept in IndexedDB on the device, never in a
 * game document; the document holds only counts and commitments.
 */
import { get, set, del } from 'idb-keyval';
import { privateStore } from './device';
import type { Opening } from '../crypto/commit';
import type { FateObjective } from '../rules/variants';

export interface Hand {
  /** Political card ids (from the SA list) or, for "other…", the name as typed. */
  political: string[];
  action: string[];
  secretObjectives: string[];
  /**
   * Political cards she placed as agendas from this hand, by agenda key ("3:s2"): out of the hand while
   * they lie in the Council, kept here so the one the rules hand back (not voted on) comes back.
   */
  placed: { key: string; card: string }[];
  /**
   * Path of Fate: her race-specific objectives as she typed them (name, VP), at most 3, until she scores
   * one (its claim reveals it). Absent from hands saved before the option was tracked.
   */
  fate?: FateObjective[];
}

export const EMPTY_HAND: Hand = { political: [], action: [], secretObjectives: [], placed: [] };

const handKey = (gameId: string, seat: string) => `hand:${gameId}:${seat}`;
const openingKey = (gameId: string, voteId: string, seat: string) => `opening:${gameId}:${voteId}:${seat}`;

export async function loadHand(gameId: string, seat: string): Promise<Hand> {
  const h = await get<Partial<Hand>>(handKey(gameId, seat), privateStore());
  if (!h || !Array.isArray(h.political) || !Array.isArray(h.action) || !Array.isArray(h.secretObjectives)) return EMPTY_HAND;
  // Hands saved before agendas were tracked have no `placed`.
  const fate = Array.isArray(h.fate) ? h.fate.filter((o) => typeof o?.name === 'string' && typeof o.vp === 'number') : [];
  return { political: h.political, action: h.action, secretObjectives: h.secretObjectives, placed: Array.isArray(h.placed) ? h.placed : [], fate };
}

type HandListener = (gameId: string, seat: string) => void;
const listeners = new Set<HandListener>();

/** Called after any change to a hand on this phone, so every view of it (Council, Round) re-reads it. */
export function onHandChange(listener: HandListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function saveHand(gameId: string, seat: string, hand: Hand): Promise<void> {
  await set(handKey(gameId, seat), hand, privateStore());
  for (const l of listeners) l(gameId, seat);
}

// One change at a time per hand: a card placed from the Council while the round hands one back must
// not overwrite the other's change.
const queues = new Map<string, Promise<unknown>>();

/** Reads, changes and saves a hand, after any change to it still under way (`change` returns the same hand for no change). */
export function updateHand(gameId: string, seat: string, change: (hand: Hand) => Hand): Promise<Hand> {
  const key = handKey(gameId, seat);
  const next = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(async () => {
    const before = await loadHand(gameId, seat);
    const hand = change(before);
    if (hand !== before) await saveHand(gameId, seat, hand);
    return hand;
  });
  queues.set(key, next);
  return next;
}

/** The first copy of `card` leaves the list (a hand may hold two of a kind). */
export function without(cards: readonly string[], card: string): string[] {
  const i = cards.indexOf(card);
  return i < 0 ? [...cards] : [...cards.slice(0, i), ...cards.slice(i + 1)];
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
