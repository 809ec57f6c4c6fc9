/**
 * Commit–reveal for face-down choices (an agenda placed, a ballot locked in). What goes into the shared
 * document first is only SHA-256(game id ‖ vote id ‖ seat ‖ canonical JSON of the choice ‖ salt); the
 * choice and the 128-bit salt stay on the phone until the rules reveal them. Binding the ids stops a
 * player from copying another's commitment; the salt stops anyone from guessing a choice by hashing
 * every possible ballot. lib0's SHA-256 is used rather than WebCrypto so it works outside secure
 * contexts (a phone on a LAN address) and synchronously inside a fold.
 */
import { digest } from 'lib0/hash/sha256';
import { toHexString } from 'lib0/buffer';

/** JSON with object keys sorted at every level, so the same choice always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('A choice cannot hold a non-finite number.');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new Error(`A choice cannot hold a ${typeof value}.`);
}

/** 128 random bits, hex. */
export function newSalt(): string {
  return toHexString(crypto.getRandomValues(new Uint8Array(16)));
}

export interface Opening {
  /** The canonical JSON of the choice. */
  choice: string;
  salt: string;
}

export function commitment(gameId: string, voteId: string, seat: string, opening: Opening): string {
  const text = [gameId, voteId, seat, opening.choice, opening.salt].join('\u0000');
  return toHexString(digest(new TextEncoder().encode(text)));
}

/** Seals a choice: returns the opening (to keep on the phone) and the commitment (to publish). */
export function seal(gameId: string, voteId: string, seat: string, choice: unknown): { opening: Opening; hash: string } {
  const opening = { choice: canonicalJson(choice), salt: newSalt() };
  return { opening, hash: commitment(gameId, voteId, seat, opening) };
}

export function matches(hash: string, gameId: string, voteId: string, seat: string, opening: Opening): boolean {
  return /^[0-9a-f]{32}$/.test(opening.salt) && commitment(gameId, voteId, seat, opening) === hash;
}
