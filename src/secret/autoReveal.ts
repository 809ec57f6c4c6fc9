/**
 * Reveals this phone's face-down choices as soon as the rules allow: its agenda once every seat has
 * placed one, its ballot once every eligible seat has locked in. It runs on every change (local or
 * from a peer) and at start, so a phone that reloads after locking in still reveals.
 */
import type { Game } from '../doc/game';
import { ballotVoteId, placementVoteId } from '../doc/council/events';
import { revealAgenda, revealBallot } from '../doc/council/commands';
import { loadOpening } from './privateStore';

export function startAutoReveal(game: Game, device: string, onError: (message: string) => void = console.warn): () => void {
  const inFlight = new Set<string>();
  let stopped = false;

  const reveal = async (voteId: string, seat: string, publish: (o: NonNullable<Awaited<ReturnType<typeof loadOpening>>>) => void) => {
    if (inFlight.has(voteId)) return;
    inFlight.add(voteId);
    try {
      const s = game.snapshot();
      const opening = await loadOpening(s.meta.id, voteId, seat);
      if (stopped) return;
      if (!opening) return onError('This phone locked in a choice but no longer has it saved, so it cannot reveal it. The Speaker can close the vote.');
      publish(opening);
    } catch (e) {
      onError((e as Error).message);
    } finally {
      inFlight.delete(voteId);
    }
  };

  const check = () => {
    const s = game.snapshotOrUndefined();
    if (!s || stopped || !game.writable) return;
    const mine = s.seats.filter((x) => s.claims[x.id] === device).map((x) => x.id);
    for (const seat of mine) {
      const round = s.round.round;
      const placed = s.council.agendas.filter((a) => a.round === round && a.seat !== null);
      const own = placed.find((a) => a.seat === seat);
      if (own && !own.revealed && placed.length === s.seats.length) {
        void reveal(placementVoteId(round), seat, (o) => revealAgenda(game, seat, round, o));
      }
      for (const v of s.council.sessions) {
        const everyone = v.eligible.every((x) => v.locked[x]);
        if (!v.results && everyone && v.locked[seat] && !v.ballots[seat] && !v.refused[seat]) {
          void reveal(ballotVoteId(v.id), seat, (o) => revealBallot(game, seat, v.id, o));
        }
      }
    }
  };
  game.doc.on('update', check);
  check();
  return () => {
    stopped = true;
    game.doc.off('update', check);
  };
}
