import { createEffect, createSignal, on, onCleanup } from 'solid-js';
import { EMPTY_HAND, loadHand, onHandChange, updateHand } from '../../secret/privateStore';
import type { Hand } from '../../secret/privateStore';

/**
 * Her hand as this phone keeps it (never in the shared game), for the panels that show it: re-read
 * whenever it changes on this phone, whoever changed it (the Council tab, a claim on the Round tab, a
 * placed agenda, an agenda the rules hand back). A plain signal rather than a resource: re-reading it
 * must not suspend the panel around it.
 */
export function createPrivateHand(source: () => { gameId: string; seat: string } | undefined) {
  const [hand, setHand] = createSignal<Hand>();
  let reads = 0;
  const read = (s: { gameId: string; seat: string } | undefined) => {
    const n = ++reads;
    if (!s) return setHand(undefined);
    void loadHand(s.gameId, s.seat).then((h) => {
      // Only the latest read counts: the seat may have changed meanwhile.
      if (n === reads) setHand(h);
    });
  };
  const key = () => {
    const s = source();
    return s ? `${s.gameId}|${s.seat}` : '';
  };
  createEffect(on(key, () => read(source())));
  onCleanup(
    onHandChange((gameId, seat) => {
      const s = source();
      if (s && s.gameId === gameId && s.seat === seat) read(s);
    }),
  );
  return {
    hand: (): Hand => hand() ?? EMPTY_HAND,
    loaded: () => hand() !== undefined,
    update: (change: (h: Hand) => Hand): Promise<Hand> | undefined => {
      const s = source();
      return s ? updateHand(s.gameId, s.seat, change) : undefined;
    },
  };
}
