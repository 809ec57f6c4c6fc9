/**
 * A ballot's limits on this phone: how many votes a seat may put on it, the table's facts its effects are checked
 * against, and the vote they belong to. Apart from views.ts, which a start's first frame reads (the now bar): these
 * bring the vote-counting rules and the refusal, which that frame does not need.
 */
import type { BallotTable } from '../../rules/council';
import { ballotLimit, diceVotes } from '../../rules/council';
import { fail } from '../core/errors';
import { playersIn } from '../core/players';
import type { GameSnapshot } from '../core/types';
import type { CouncilSession } from './state';
import { ownVotes } from './views';

/** How many votes she can put on this ballot right now, with `effects` votes from named effects and `tradeGoods` spent for votes (2 players). */
export function ballotVotes(s: GameSnapshot, sessionId: string, seat: string, effects = 0, tradeGoods = 0): number {
  const v = voteOf(s, sessionId);
  const dice = v.dice[seat];
  const planetsOf = (x: string) => (s.players[x]?.planets ?? []).flatMap((id) => s.planets[id] ?? []);
  return ballotLimit(ownVotes({ seats: s.seats, planetsOf, out: () => s.tracker.out, now: () => s.round }, seat, s.council.voice), { effects, dice: dice ? diceVotes(dice) : 0, tradeGoods });
}

/** The table's facts a ballot's effects are checked against (Assembly b: 2 players, the active player). */
export function ballotTable(s: GameSnapshot, v: Pick<CouncilSession, 'active'>, seat: string): BallotTable {
  return { tradeGoodsOwned: s.players[seat]?.counters.tradeGoods ?? 0, playerCount: playersIn(s), active: v.active === seat };
}

/** The vote `id`, or a refusal: it may have ended and gone from another phone's screen. */
export function voteOf(s: GameSnapshot, id: string): CouncilSession {
  return s.council.sessions.find((x) => x.id === id) ?? fail('invalid-input', 'There is no such council vote.');
}
