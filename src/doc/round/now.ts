/**
 * What the table waits on now, seen from one phone (issue 26, "one glance, one tap"): the one thing this
 * phone's player is asked for (a ballot to lock in, a secondary ability to answer, her pick, her turn, a
 * status step), or whom the table waits on. The now bar renders it on every tab; the tab title and the
 * vibration follow it. Pure: read from the snapshot only.
 */
import { isNobodyActor } from '../../rules/strategy';
import { STATUS_STEPS } from '../../rules/round';
import type { CouncilSession } from '../council';
import { listWords } from '../core/words';
import type { GameSnapshot } from '../core/types';
import { actorName, strategyCardName } from './state';
import { awaited, roundView } from './views';

export type NowKind = 'over' | 'ballot' | 'secondary' | 'pick' | 'turn' | 'status' | 'nobody' | 'none';

export interface Now {
  kind: NowKind;
  /** The table waits on this phone's player. */
  mine: boolean;
  /** One line a glance reads: "Your pick of a strategy card", "Waiting for Ben to pick". */
  text: string;
  /** The tab where it is done (or watched). */
  tab: 'round' | 'council';
  /** Seats (or "#n" actors) the table waits on. */
  waiting: string[];
  /** The card whose secondary ability is offered, or being answered. */
  card?: number;
}

/** The open council vote, if one is waiting for ballots (001 "Voting"). */
function openSession(s: GameSnapshot): CouncilSession | undefined {
  return s.council.sessions.find((v) => !v.closed && !v.results && v.round === s.round.round);
}

/**
 * What the table waits on, for the phone holding `mySeat` (none: a phone that holds no seat sees whom
 * the table waits on). Her own obligations come first, in the order the rules resolve them: a vote
 * under way, then a secondary ability offered to her, then her pick, turn or status step.
 */
export function nowFor(s: GameSnapshot, mySeat: string | undefined): Now {
  const v = roundView(s);
  const name = (id: string) => actorName(v, id);
  const names = (ids: string[]) => listWords(ids.map(name));
  const t = s.tracker;
  if (t.victory) {
    // The winner's own phone speaks to her (issue 35 item 7).
    const won = mySeat && t.victory.winners.includes(mySeat);
    const others = t.victory.winners.filter((id) => id !== mySeat);
    const text = won ? `Game over: you won${others.length ? ` with ${names(others)}` : ''}` : `Game over: ${names(t.victory.winners)} won`;
    return { kind: 'over', mine: false, text, tab: 'round', waiting: [] };
  }

  const vote = openSession(s);
  const unlocked = vote ? vote.eligible.filter((id) => vote.locked[id] === undefined) : [];
  if (mySeat && unlocked.includes(mySeat)) return { kind: 'ballot', mine: true, text: 'Lock in your ballot', tab: 'council', waiting: unlocked };

  // A property read per seat, not `in`: the store tracks reads of a key, so the bar updates on an answer.
  // Offers left unanswered are not asked for once the action phase is over.
  const offer = mySeat && s.round.phase === 'action' ? t.secondaries.find((o) => o.by !== mySeat && o.answers[mySeat] === undefined) : undefined;
  if (offer) {
    const by = offer.by ? name(offer.by) : 'no player';
    return { kind: 'secondary', mine: true, text: `Follow ${strategyCardName(offer.card)} (played by ${by})?`, tab: 'round', waiting: [mySeat as string], card: offer.card };
  }

  if (vote && unlocked.length) return { kind: 'ballot', mine: false, text: `Council: waiting on ${names(unlocked)}`, tab: 'council', waiting: unlocked };

  const waiting = awaited(s);
  const mine = !!mySeat && waiting.includes(mySeat);
  if (s.round.phase === 'strategy' && waiting.length) {
    return { kind: 'pick', mine, text: mine ? 'Your pick of a strategy card' : `Waiting for ${names(waiting)} to pick`, tab: 'round', waiting };
  }
  if (s.round.phase === 'action' && waiting.length) {
    const actor = waiting[0] as string;
    if (isNobodyActor(actor)) return { kind: 'nobody', mine: false, text: `Play ${name(actor)}`, tab: 'round', waiting };
    // Her latest card's secondary still open for others: she sees who has not answered yet.
    const played = t.secondaries.filter((o) => o.by === actor).pop();
    const answering = played ? v.seats.map((x) => x.id).filter((id) => id !== actor && played.answers[id] === undefined) : [];
    if (mine) {
      const text = t.acting ? `Your turn: finish your ${t.acting} action` : 'Your turn: take an action';
      return { kind: 'turn', mine, text: answering.length && played ? `${text} (${strategyCardName(played.card)}: ${names(answering)} to answer)` : text, tab: 'round', waiting };
    }
    return { kind: 'turn', mine, text: `${name(actor)}'s turn`, tab: 'round', waiting };
  }
  if (s.round.phase === 'status' && waiting.length) {
    const step = s.round.step ?? 1;
    const what = STATUS_STEPS[step - 1] ?? '';
    if (mine) return { kind: 'status', mine, text: `Status step ${step}: ${what}`, tab: 'round', waiting };
    return { kind: 'status', mine, text: `Step ${step}: waiting for ${names(waiting)}`, tab: 'round', waiting };
  }
  return { kind: 'none', mine: false, text: 'Nothing to wait for: move the table on', tab: 'round', waiting: [] };
}
