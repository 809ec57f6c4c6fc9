/** The Twilight Council: agendas placed face down, secret ballots by commitment then reveal, laws, the Voice of the Council. */
import { defineModule } from '../core/module';
import { describeCouncilEntry } from './describe';
import { councilEvents } from './events';
import { CouncilFold } from './fold';
import type { CouncilContext } from './fold';
import { councilSpeaker } from './views';

export const council = defineModule({
  name: 'council',
  events: councilEvents,
  stateKey: 'council',
  fold({ seats, gameId }) {
    const fold = new CouncilFold();
    let context: CouncilContext | undefined;
    return {
      apply(e, table) {
        if (e.k !== 'council') return;
        context ??= {
          gameId,
          seats,
          planetsOf: (seat) => Object.values(table.planets).filter((p) => p.owner === seat),
          tradeGoods: (seat) => table.players[seat]?.counters.tradeGoods ?? 0,
          speaker: () => councilSpeaker(seats, table.speaker?.()),
          problem: (m) => table.problem(m),
          out: () => table.out?.() ?? [],
          now: () => table.round,
          at: () => table.at,
        };
        fold.apply(e.seat, e.e, context);
      },
      // The round reads the Voice and hands back unvoted agendas at the round's end.
      facts: { council: fold },
      result: () => fold.state(),
    };
  },
  describe: describeCouncilEntry,
  // The event names the seat that acts (placing, voting, the speaker's tie and close); none: a law by hand.
  authority: { council: (e) => (e.seat ? [e.seat] : 'anyone') },
});

export type { AgendaChoice } from './moves';
export type { CouncilEvent } from './events';
export { ballotVoteId, placementVoteId } from './events';
export type { CouncilSession, CouncilState, PlacedAgenda } from './state';
export { ballotTable, ballotVotes } from './ballots';
export { agendasToVote, ballotAgendas, ballotWords, cardName, CLOSE_COUNTDOWN_S, closingSince, councilSpeaker, ownVotes, politicalCard, POLITICAL_BY_ID, QUIET_BEFORE_CLOSING_S, stillNews, VOC_KEY, votedOn, voteStalled } from './views';
