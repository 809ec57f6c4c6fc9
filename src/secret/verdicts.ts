/**
 * The signatures this phone has already checked, kept between starts (issue 33): a stored game's start
 * verified every signature of the log again, about 160 ms of a 4× start at round 16 (242 signatures). The
 * fold still runs every other check on every stored entry (the guard, seat authority, replays); only the
 * Ed25519 verification of a (signature, message, key) triple this phone verified before is skipped.
 *
 * The list is sealed (sealedList.ts): a damaged, edited or copied list (another game's, another phone's)
 * fails its seal and is ignored whole, so the signatures are verified as before. Nothing here can make a
 * signature pass that this phone has not verified itself.
 */
import { checkedVerdicts, seedVerdicts } from '../crypto/signature';
import { readSealedList, writeSealedList } from './sealedList';
import type { SealedListKind } from './sealedList';

const VERDICTS: SealedListKind = {
  storeKey: (gameId) => `verified:${gameId}`,
  field: 'verified',
  max: 5_000,
  sealed: (gameId, verified) => new TextEncoder().encode(JSON.stringify([1, gameId, verified])),
  refused: 'The list of signatures this phone checked before does not match its seal: every signature is checked again.',
};

/** Marks as verified the signatures this phone sealed for `gameId`; resolves with how many (0: none or refused). */
export async function loadVerdicts(gameId: string): Promise<number> {
  const verified = await readSealedList(VERDICTS, gameId);
  if (verified.length) seedVerdicts(verified);
  return verified.length;
}

/** Seals the signatures of `gameId` verified on this page so far (call once the game has settled). */
export async function keepVerdicts(gameId: string): Promise<void> {
  await writeSealedList(VERDICTS, gameId, checkedVerdicts(gameId));
}
