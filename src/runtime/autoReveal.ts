/**
 * Reveals this phone's face-down choices as soon as the rules allow: its agenda once every seat has
 * placed one, its ballot once every eligible seat has locked in. It runs on every change (local or
 * from a peer) and at start, so a phone that reloads after locking in still reveals.
 *
 * It reveals for the seat this phone holds, and for a seat nobody holds: a player who placed her agenda
 * and then changed player on this phone left her choice here, and no other phone can reveal it. The
 * commitment, not the seat, is what makes a reveal trustworthy (the fold checks every one).
 */
import { playersIn, stillIn } from '../doc';
import type { Game } from '../doc';
import { ballotVoteId, placementVoteId } from '../doc/council';
import { revealAgenda, revealBallot } from '../doc/council/moves';
import { loadOpening } from '../secret/privateStore';
import { checkAfterChanges } from './afterChanges';

export function startAutoReveal(game: Game, device: string, onError: (message: string) => void = console.warn): () => void {
  const inFlight = new Set<string>();
  // Choices of a seat nobody holds that this phone does not have: asked once, not on every change.
  const notHere = new Set<string>();
  let stopped = false;

  const reveal = async (voteId: string, seat: string, held: boolean, publish: (o: NonNullable<Awaited<ReturnType<typeof loadOpening>>>) => void) => {
    const key = `${voteId}|${seat}`;
    if (inFlight.has(key) || notHere.has(key)) return;
    inFlight.add(key);
    try {
      const s = game.snapshot();
      const opening = await loadOpening(s.meta.id, voteId, seat);
      if (stopped) return;
      if (!opening && !held) return void notHere.add(key);
      if (!opening) return onError('This phone locked in a choice but no longer has it saved, so it cannot reveal it. The Speaker can close the vote.');
      publish(opening);
    } catch (e) {
      onError((e as Error).message);
    } finally {
      inFlight.delete(key);
    }
  };

  const check = () => {
    const s = game.snapshotOrUndefined();
    if (!s || stopped || !game.writable) return;
    const round = s.round.round;
    // Every player still in the game has placed one: a player out of it places none (001 "Elimination" 5).
    const placed = s.council.agendas.filter((a) => a.round === round && a.seat !== null && stillIn(s, a.seat));
    for (const { id: seat } of s.seats) {
      const holder = s.claims[seat];
      if (holder !== undefined && holder !== device) continue;
      const held = holder === device;
      const own = placed.find((a) => a.seat === seat);
      if (own && !own.revealed && placed.length === playersIn(s)) {
        void reveal(placementVoteId(round), seat, held, (o) => game.makeMove(revealAgenda, seat, round, o));
      }
      for (const v of s.council.sessions) {
        const everyone = v.eligible.every((x) => v.locked[x]);
        if (!v.results && everyone && v.locked[seat] && !v.ballots[seat] && !v.refused[seat]) {
          void reveal(ballotVoteId(v.id), seat, held, (o) => game.makeMove(revealBallot, seat, v.id, o));
        }
      }
    }
  };
  const stop = checkAfterChanges(game, check, (s) => [s.round, s.council, s.seats, s.claims, s.tracker]);
  return () => {
    stopped = true;
    stop();
  };
}
