/**
 * The signatures this phone has already checked, kept between starts (issue 33): a stored game's start
 * verified every signature of the log again, about 160 ms of a 4× start at round 16 (242 signatures). The
 * fold still runs every other check on every stored entry (the guard, seat authority, replays); only the
 * Ed25519 verification of a (signature, message, key) triple this phone verified before is skipped.
 *
 * The list is sealed with an HMAC whose key is a non-extractable WebCrypto key kept in this phone's private
 * store: a damaged, edited or copied list (another game's, another phone's) fails its seal and is ignored
 * whole, so the signatures are verified as before. Nothing here can make a signature pass that this phone
 * has not verified itself. Where WebCrypto or IndexedDB is missing, nothing is kept.
 */
import { get, set } from 'idb-keyval';
import { checkedVerdicts, seedVerdicts } from '../doc/core/signature';
import { privateStore } from './device';

const KEY = 'verdict-seal-key';
const listKey = (gameId: string) => `verified:${gameId}`;
/** What a start reads: bounded, so a list that grew wrong cannot cost more than it saves. */
const MAX_KEPT = 5_000;

interface SealedList {
  version: 1;
  gameId: string;
  verified: string[];
  mac: ArrayBuffer;
}

/** This phone's HMAC key for what it keeps between starts (here, and checkedSnapshots.ts); created when `create`. */
export async function sealKey(create: boolean): Promise<CryptoKey | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const known = await get<unknown>(KEY, privateStore());
  if (known instanceof CryptoKey) return known;
  if (!create) return undefined;
  const key = await subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  await set(KEY, key, privateStore());
  return key;
}

const sealed = (gameId: string, verified: readonly string[]) => new TextEncoder().encode(JSON.stringify([1, gameId, verified]));

/** Marks as verified the signatures this phone sealed for `gameId`; resolves with how many (0: none or refused). */
export async function loadVerdicts(gameId: string): Promise<number> {
  try {
    const list = await get<SealedList>(listKey(gameId), privateStore());
    if (!list || list.version !== 1 || list.gameId !== gameId || !Array.isArray(list.verified) || list.verified.length > MAX_KEPT) return 0;
    if (!list.verified.every((v) => typeof v === 'string') || !(list.mac instanceof ArrayBuffer)) return 0;
    const key = await sealKey(false);
    if (!key || !(await crypto.subtle.verify('HMAC', key, list.mac, sealed(gameId, list.verified)))) {
      console.warn('The list of signatures this phone checked before does not match its seal: every signature is checked again.');
      return 0;
    }
    seedVerdicts(list.verified);
    return list.verified.length;
  } catch {
    return 0;
  }
}

/** Seals the signatures of `gameId` verified on this page so far (call once the game has settled). */
export async function keepVerdicts(gameId: string): Promise<void> {
  try {
    const verified = checkedVerdicts(gameId).slice(-MAX_KEPT);
    const key = await sealKey(true);
    if (!key || !verified.length) return;
    const mac = await crypto.subtle.sign('HMAC', key, sealed(gameId, verified));
    await set(listKey(gameId), { version: 1, gameId, verified, mac } satisfies SealedList, privateStore());
  } catch {
    // Not kept: the next start verifies every signature, as before.
  }
}
