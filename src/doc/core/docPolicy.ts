/**
 * The document's policy (issue 17): one declared row per root key of the document (schema.ts), saying what
 * the input guard (guard.ts) lets an update change there: the shape, the keys, whether a key is written once
 * or only at the game's creation, whether entries may be deleted, and what each value must be. Edit the row,
 * not the checks. With it, the value checks the rows are made of, and `shown`, how a refusal names a value.
 */
import { metaFieldFits } from './schema';

export interface RootPolicy {
  shape: 'map' | 'array';
  /** The only keys a map may hold (omitted: any key of 1 to 80 characters). */
  keys?: readonly string[];
  /** A key, once this phone has it, is never written again (nor deleted). */
  writeOnce?: boolean;
  /** Written only with the game's creation: no key is added once this phone holds the game's meta. */
  atCreation?: boolean;
  /** The most keys a map holds. */
  maxKeys?: number;
  /**
   * Written by older versions only: accepted while this phone has no game yet (the first sync of an
   * old game brings it whole, history included), refused once it has one.
   */
  legacy?: boolean;
  /** Whether another phone may delete entries this phone has. */
  deletes: 'never' | 'any';
  /** Each value stored (one per map key, one per array entry). */
  value(v: unknown): boolean;
  /** What a map key must hold besides (meta: what a game cannot be read without, schema.ts). */
  fits?(key: string, v: unknown): boolean;
}

export const text = (max: number) => (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= max;
/** Plain data (what JSON can hold) of at most `max` characters as JSON. */
const plain = (max: number) => (v: unknown) => {
  try {
    const json = JSON.stringify(v);
    return typeof json === 'string' && json.length <= max;
  } catch {
    return false; // a bigint or a cycle: not a value this app writes
  }
};
/** A value as a refusal names it: short, as JSON (it passed the root's `value` check, so it has some). */
export const shown = (v: unknown): string => (JSON.stringify(v) ?? String(v)).slice(0, 40);
// Bytes: a claim's public key and a signature (signature.ts), 64 bytes at most.
const field = (v: unknown) => v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= 1000) || (v instanceof Uint8Array && v.length <= 64);
/** An encoded event (codec.ts): [code, time, device, ...fields, signature?], fields plain and short. */
const event = (v: unknown) => Array.isArray(v) && v.length >= 3 && v.length <= 64 && v.every(field);

export const DOC_POLICY: Readonly<Record<string, RootPolicy>> = {
  // A meta readMeta cannot read is no game at all: every phone would show "Game not found".
  meta: { shape: 'map', keys: ['schema', 'id', 'name', 'vpGoal', 'options', 'createdAt', 'secret'], writeOnce: true, deletes: 'never', value: plain(1000), fits: metaFieldFits },
  // A game has 2 to 8 seats (doc/setup MAX_SEATS), all written when it is created: a seat added later
  // would be a new player in every phone's game, and any number of them would bloat it.
  seats: { shape: 'map', writeOnce: true, atCreation: true, maxKeys: 8, deletes: 'never', value: plain(1000) },
  // Seat claims are log events now (table.ts); old games keep their map as the claims at the start.
  claims: { shape: 'map', legacy: true, maxKeys: 8, deletes: 'never', value: text(80) },
  devices: { shape: 'map', deletes: 'any', value: text(80) },
  // Undo is an appended event: nothing ever deletes an entry of the log.
  log: { shape: 'array', deletes: 'never', value: event },
};
