/** Log sentences for council events: what the table may know at that point, never more. */
import type { EventBody, GameSnapshot } from '../core/types';
import { listWords, playerName, plural } from '../core/words';
import type { CouncilEvent } from './events';
import { canonicalJson } from '../../crypto/commit';
import { ballotWords, cardName } from './views';

/** Her name, as in the rest of the log; the table for what no seat did. */
const seatName = (s: GameSnapshot, seat: string | null) => (seat === null ? 'The table' : playerName(s, seat));

export function describeCouncil(s: GameSnapshot, seat: string | null, e: CouncilEvent): string {
  const who = seatName(s, seat);
  switch (e.c) {
    case 'place':
      return `${who} placed an agenda face down`;
    case 'reveal':
      return e.source === 'hand' ? `${who}'s agenda is revealed: ${cardName(e.card)}` : `${who}'s agenda is revealed: the top card of the deck`;
    case 'name':
      return `${who}'s agenda from the deck is ${cardName(e.card)}`;
    case 'extra':
      return `An extra agenda is revealed from the deck: ${cardName(e.card)}`;
    case 'session':
      return `${who} called the Twilight Council to vote on ${plural(e.agendas.length, 'agenda')}`;
    case 'voc':
      return `${who} spent a strategy allocation counter to add the Voice of the Council election`;
    case 'dice':
      return `${who} rolled ${e.dice.join(', ')} for votes`;
    case 'commit':
      return `${who} locked in a ballot`;
    case 'open': {
      // What the table counted: the ballot that stood, when this is its reveal (a refused one shows nothing).
      const b = s.council.sessions.find((x) => x.id === e.session)?.ballots[seat ?? ''];
      return b && canonicalJson(b) === e.ballot ? `${who}'s ballot is revealed: ${ballotWords(s.council, s.seats, b)}` : `${who}'s ballot is revealed`;
    }
    case 'tie':
      return `${who} (Speaker) broke the tie: ${e.outcome}`;
    case 'closing':
      return `${who} (Speaker) started the countdown to close the vote`;
    case 'close': {
      const v = s.council.sessions.find((x) => x.id === e.session);
      // Seats whose ballot was revealed and refused are named where it was refused, not here.
      const silent = (v?.abstained ?? []).filter((x) => !v?.refused[x]).map((x) => seatName(s, x));
      if (!silent.length) return `${who} (Speaker) closed the vote`;
      return `${who} (Speaker) closed the vote; ${listWords(silent)} had not revealed and ${silent.length === 1 ? 'counts' : 'count'} as abstaining`;
    }
    case 'law':
      return `${cardName(e.card)} is ${e.inForce ? 'now' : 'no longer'} a law in force`;
  }
}

export function describeCouncilEntry({ event: e }: { event: EventBody }, s: GameSnapshot): string | undefined {
  return e.k === 'council' ? describeCouncil(s, e.seat, e.e) : undefined;
}
