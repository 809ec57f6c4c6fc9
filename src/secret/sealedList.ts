/**
 * A list of strings this phone keeps per game between starts, sealed with an HMAC whose key is a
 * non-extractable WebCrypto key in this phone's private store: what it has already checked and need not
 * check again (verdicts.ts: signatures; checkedSnapshots.ts: stored snapshots). A list damaged, edited or
 * copied from another game or phone fails its seal and is ignored whole, so everything is checked as before.
 * Where WebCrypto or IndexedDB is missing, nothing is kept.
 */
import { get, set } from 'idb-keyval';
import { privateStore } from './device';

const KEY = 'verdict-seal-key';

/** One kind of list: where it is stored, under which field, how many items at most, and the bytes sealed. */
export interface SealedListKind {
  storeKey(gameId: string): string;
  /** The stored record's field holding the items. */
  field: string;
  /** What a start reads: bounded, so a list that grew wrong cannot cost more than it saves. */
  max: number;
  /** The bytes its HMAC covers: a kind of its own for each list, so one list never passes for another. */
  sealed(gameId: string, items: readonly string[]): Uint8Array<ArrayBuffer>;
  /** Told to the console when a list fails its seal. */
  refused: string;
}

async function sealKey(create: boolean): Promise<CryptoKey | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const known = await get<unknown>(KEY, privateStore());
  if (known instanceof CryptoKey) return known;
  if (!create) return undefined;
  const key = await subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  await set(KEY, key, privateStore());
  return key;
}

/** The items of `gameId`'s list of this kind; empty when there is none, or it fails its seal. Never throws. */
export async function readSealedList(kind: SealedListKind, gameId: string): Promise<string[]> {
  try {
    const list = await get<Record<string, unknown>>(kind.storeKey(gameId), privateStore());
    const items = list?.[kind.field];
    if (!list || list.version !== 1 || list.gameId !== gameId || !Array.isArray(items) || items.length > kind.max) return [];
    if (!items.every((v) => typeof v === 'string') || !(list.mac instanceof ArrayBuffer)) return [];
    const key = await sealKey(false);
    if (!key || !(await crypto.subtle.verify('HMAC', key, list.mac, kind.sealed(gameId, items)))) {
      console.warn(kind.refused);
      return [];
    }
    return items;
  } catch {
    return [];
  }
}

/** Seals and keeps `items` (the last `max` of them) as `gameId`'s list of this kind. Never throws. */
export async function writeSealedList(kind: SealedListKind, gameId: string, items: readonly string[]): Promise<void> {
  try {
    const kept = items.slice(-kind.max);
    const key = await sealKey(true);
    if (!key || !kept.length) return;
    const mac = await crypto.subtle.sign('HMAC', key, kind.sealed(gameId, kept));
    await set(kind.storeKey(gameId), { version: 1, gameId, [kind.field]: kept, mac }, privateStore());
  } catch {
    // Not kept: the next start checks everything, as before.
  }
}
