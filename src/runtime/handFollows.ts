/**
 * The private hand follows what the table does with the agendas this phone placed from it: an agenda
 * the rules hand back (001 "Status Phase › 9) Clean-up": not voted on this round) comes back into the
 * hand; one that was voted on is gone for good (001 "Voting": resolved agendas are discarded, laws stay
 * on the table). Placing one takes it out of the hand at once (the council's placeAgenda).
 *
 * A player out of the game holds no card: her action and political cards, and the agendas she placed
 * from her hand, are discarded; her secret objectives stay hers (001 "Elimination" 1).
 *
 * It runs on every change, local or from a peer, and at start, so a phone that was closed when the
 * round ended catches up when it opens the game.
 */
import type { Game } from '../doc';
import { updateHand } from '../secret/privateStore';
import { checkAfterChanges } from './afterChanges';

export function startHandFollows(game: Game): () => void {
  // Agendas already settled in this session: no need to read the hand again on every change.
  const settled = new Set<string>();

  const check = () => {
    const s = game.snapshotOrUndefined();
    if (!s || !game.writable) return;
    for (const seat of s.tracker.out) {
      if (settled.has(`out:${seat}`)) continue;
      settled.add(`out:${seat}`);
      void updateHand(s.meta.id, seat, (h) => (h.political.length || h.action.length || h.placed.length ? { ...h, political: [], action: [], placed: [] } : h)).catch((e: unknown) =>
        console.warn('The hand on this phone could not be updated:', e),
      );
    }
    const voted = new Set(s.council.sessions.flatMap((v) => v.agendas));
    for (const a of s.council.agendas) {
      if (!a.seat || settled.has(a.key) || !a.revealed || a.source !== 'hand') continue;
      const back = a.returned;
      if (!back && !voted.has(a.key)) continue;
      settled.add(a.key);
      void updateHand(s.meta.id, a.seat, (h) => {
        const placed = h.placed.find((p) => p.key === a.key);
        if (!placed) return h;
        const placedLeft = h.placed.filter((p) => p !== placed);
        return back ? { ...h, political: [...h.political, placed.card], placed: placedLeft } : { ...h, placed: placedLeft };
      }).catch((e: unknown) => console.warn('The hand on this phone could not be updated:', e));
    }
  };
  return checkAfterChanges(game, check, (s) => [s.meta, s.tracker, s.council]);
}
