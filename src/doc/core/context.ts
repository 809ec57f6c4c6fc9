/**
 * What a command is given and the small checks every part's commands share: the narrow face of a game
 * (`CommandContext`) a command reaches it through, this phone's clock and origin, and the mixin's type.
 */
import { fail } from './errors';
import type { EventBody, GameSnapshot, SeatInfo } from './types';

/** Why a phone whose log holds an event of a kind from a newer version writes nothing. */
export const NEWER_KIND_REFUSAL = 'This change was not made: another phone at the table runs a newer Twilight Table and wrote a change this version cannot read. Update this app, then reopen the game.';

export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** The origin of this phone's own transactions: persistence, sync and undo key off it. */
export interface LocalOrigin {
  readonly device: string;
}

/** What a command may use: the folded game, this phone, and appending events it has validated. */
export interface CommandContext {
  readonly device: string;
  snapshot(): GameSnapshot;
  /** Appends events in one transaction with this phone's origin (so undo and saving see it). */
  append(bodies: EventBody[]): void;
  /** The same for events this phone must sign (`signed` in their codec): signing is asynchronous. */
  appendSigned(bodies: EventBody[]): Promise<void>;
}

/** A class a feature's mixin can extend (the TypeScript mixin pattern needs `any[]` here). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the mixin pattern's constructor type
export type Constructor<T = object> = new (...args: any[]) => T;

/** The seat, or a refusal naming it. */
export function requireSeat(s: GameSnapshot, id: string): SeatInfo {
  return s.seats.find((x) => x.id === id) ?? fail('unknown-seat', `There is no seat "${id}" in this game.`);
}

/** A whole number typed by a player, or a refusal. */
export function wholeNumber(n: unknown, what: string): number {
  if (!Number.isSafeInteger(n)) fail('invalid-input', `${what} must be a whole number.`);
  return n as number;
}
