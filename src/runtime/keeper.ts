/**
 * The runner's keeper (doc/core/moves.ts `Keeper`) over this phone's private store: what a move keeps off
 * the shared game goes to IndexedDB before its events are written (issue 37 item 2: the I/O left `src/doc`).
 */
import type { Keeper, Kept } from '../doc';
import { saveOpening, updateHand, without } from '../secret/privateStore';

async function keepOne(gameId: string, k: Kept): Promise<void> {
  if (k.kind === 'opening') return saveOpening(gameId, k.vote, k.seat, k.opening);
  // Placed face down, the card leaves her hand on this phone at once; it is remembered so that the rules can
  // hand it back at the end of the round (runtime/handFollows.ts). The public count drops only when it is
  // revealed: until then nobody may know it came from her hand.
  await updateHand(gameId, k.seat, (h) => ({ ...h, political: without(h.political, k.card), placed: [...h.placed.filter((p) => p.key !== k.key), { key: k.key, card: k.card }] }));
}

export const deviceKeeper: Keeper = {
  async keep(gameId, kept) {
    for (const k of kept) await keepOne(gameId, k);
  },
};
