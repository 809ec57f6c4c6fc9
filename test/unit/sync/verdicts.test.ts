import 'fake-indexeddb/auto';
import { get, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { gameRoot, readRaw, foldGame } from '../../../src/doc';
import { checkedVerdicts, forgetVerdicts, signatureOf, verify } from '../../../src/crypto/signature';
import { privateStore } from '../../../src/secret/device';
import { keepVerdicts, loadVerdicts } from '../../../src/secret/verdicts';
import { simulateGame } from '../../../bench/simulate';

/** Issue 33: a start does not verify again the signatures this phone verified before, sealed on the phone. */
describe('signatures checked at an earlier start', () => {
  const sim = simulateGame({ players: 3, rounds: 2, seed: 11 });
  const game = sim.games[0]!;
  const raw = readRaw(gameRoot(game.doc))!;
  const gameId = raw.meta.id;
  const signed = raw.log.filter((e) => Array.isArray(e) && signatureOf(e)).length;

  it('are kept sealed on the phone and taken back at the next start, every one of this game', async () => {
    forgetVerdicts();
    const folded = foldGame(raw);
    const verified = checkedVerdicts(gameId);
    expect(signed).toBeGreaterThan(3);
    expect(verified.length).toBeGreaterThanOrEqual(signed);
    await keepVerdicts(gameId);
    forgetVerdicts();
    expect(checkedVerdicts(gameId)).toEqual([]);
    expect(await loadVerdicts(gameId)).toBe(verified.length);
    expect(checkedVerdicts(gameId).sort()).toEqual([...verified].sort());
    // The fold from what was kept is the fold that verified everything.
    expect(foldGame(raw)).toEqual(folded);
  });

  it('a list edited to hold a forged signature is refused whole, and the forgery is still refused by the fold', async () => {
    forgetVerdicts();
    foldGame(raw);
    await keepVerdicts(gameId);
    const list = await get<{ verified: string[] }>(`verified:${gameId}`, privateStore());
    // A forged triple (another message under a kept signature) slipped into the list.
    const forged = `${list!.verified[0]!}x`;
    await set(`verified:${gameId}`, { ...list, verified: [...list!.verified, forged] }, privateStore());
    forgetVerdicts();
    expect(await loadVerdicts(gameId)).toBe(0);
    expect(checkedVerdicts(gameId)).toEqual([]);
    // Nothing was taken as verified: a signature over another message is checked, and fails.
    const entry = raw.log.find((e): e is unknown[] => Array.isArray(e) && !!signatureOf(e))!;
    const sig = signatureOf(entry)!;
    expect(verify(sig, new TextEncoder().encode('not what was signed'), sim.games[0]!.signer.publicKey)).toBe(false);
  });

  it('a list copied from another game does not count for this one', async () => {
    forgetVerdicts();
    foldGame(raw);
    await keepVerdicts(gameId);
    const list = await get<object>(`verified:${gameId}`, privateStore());
    await set('verified:another-game', { ...list, gameId: 'another-game' }, privateStore());
    forgetVerdicts();
    expect(await loadVerdicts('another-game')).toBe(0);
  });
});
