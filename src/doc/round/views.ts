/**
 * What the Round panel, the now bar and the table view read: rotation, whose move the table waits for,
 * what leaving a decision would leave behind. Pure, and without the round's commands (and the Yjs they
 * bring): the screens import this file, not the index, so that a start's first frame is painted before Yjs
 * loads (issue 33).
 */
import { initiativeOf, rotationOrder } from '../../rules/order';
import { fleetSupplyUpkeep } from '../../rules/fleet';
import { costWords, objectiveCost } from '../../rules/objectives';
import { STATUS_STEPS } from '../../rules/round';
import { statusIncome } from '../../rules/status';
import type { StatusIncome } from '../../rules/status';
import { ASSEMBLY, LEADERSHIP, TRADE } from '../../rules/strategyCards';
import { actionOrder, isNobodyActor, nobodyActor, picksPerPlayer, primaryOptionsFor, secondaryCostFor } from '../../rules/strategy';
import { playersIn, seatsIn, stillIn } from '../core/players';
import { listWords } from '../core/words';
import type { GameSnapshot } from '../core/types';
import { goodsToCollect } from '../trade/views';
import { actorName, cardsOf, checkAct, checkSecondary, roundAt, strategyCardName } from './state';
import { CLAIM_STEP, OBJECTIVES_BY_ID, claimable, objectiveName, payableNow } from '../objectives/views';
import type { RoundView, SecondaryOffer } from './tracker';
import type { CouncilSession } from '../council';
import { agendasToVote } from '../council/views';

export { stepAfter } from './state';
export { roundRecords, roundSeries, seriesSummary } from './records';
export type { Measure, RoundSeries } from './records';

/** The status step where trade goods are produced 2:1 (001 "3) Produce Trade Goods (2:1)"). */
export const PRODUCE_STEP = 3;

export function roundView(s: GameSnapshot): RoundView {
  const everyone = [...s.seats].sort((a, b) => a.position - b.position);
  return { tracker: s.tracker, round: s.round, seats: seatsIn(everyone, s.tracker.out), everyone, vpGoal: s.meta.vpGoal };
}

/** Strategy cards each player picks this round, by the players still in the game (001 "Rule Adjustments…": 2 players three, 3–4 two). */
export function picksEach(s: GameSnapshot): number {
  return picksPerPlayer(playersIn(s));
}

/** What she receives at status step 6 (001 "6) …"; "2 players": one command counter fewer), by the players still in the game. */
export function statusIncomeOf(s: GameSnapshot, seat: string): StatusIncome {
  return statusIncome(playersIn(s), s.seats.find((x) => x.id === seat)?.race);
}

/** Every seat in rotation order: the speaker first, then round the table in the cycler's direction. */
export function rotation(s: GameSnapshot): string[] {
  const ids = roundView(s).seats.map((x) => x.id);
  if (!ids.length) return [];
  return rotationOrder(ids, ids.includes(s.tracker.speaker) ? s.tracker.speaker : (ids[0] as string), s.tracker.direction);
}

/**
 * Whether she may take her turn's action now (the action phase, her turn, no action under way): when a race
 * ability taken as the action (the Yin's reversed planet) is offered, as the command checks it.
 */
export function mayTakeActionNow(s: GameSnapshot, seat: string): boolean {
  return checkAct(roundView(s), seat, 'tactical', null).ok;
}

/** One place in the round's turn order: a seat, or "#n" for a card played by no player, and its initiative (null: no card yet). */
export interface TurnPlace {
  actor: string;
  initiative: number | null;
}

/**
 * The round's turn order as the table plays it (the table view's "order", issue 35 item 6): lowest
 * initiative first (001 "Action Phase"; a player with several cards counts her lowest), with the card
 * drawn for no player at its own. From the action phase on, the order it set, kept through the status
 * phase; while cards are picked, the seats holding one so far by initiative, then those still to pick in
 * rotation order; before any pick, rotation order from the speaker (every initiative null).
 */
export function turnOrder(s: GameSnapshot): TurnPlace[] {
  const t = s.tracker;
  const initiative = (actor: string) => (isNobodyActor(actor) ? Number(actor.slice(1)) : initiativeOf(cardsOf(t, actor).map((c) => c.initiative)));
  const place = (actor: string): TurnPlace => ({ actor, initiative: initiative(actor) });
  if (t.order.length) return t.order.map(place);
  const seats = rotation(s);
  const holdings = seats.map((seat) => ({ seat, cards: cardsOf(t, seat).map((c) => c.initiative) }));
  const picked = actionOrder(holdings, t.cards.filter((c) => c.nobody).map((c) => c.initiative));
  return [...picked, ...seats.filter((id) => !picked.includes(id))].map(place);
}

/** Whose move the table is waiting for: the picker, the active player, or the seats not done with a step. */
export function awaited(s: GameSnapshot): string[] {
  const t = s.tracker;
  if (t.victory) return [];
  if (s.round.phase === 'strategy') return t.picker ? [t.picker] : [];
  if (s.round.phase === 'action') return t.active ? [t.active] : [];
  return rotation(s).filter((id) => !t.done.includes(id));
}

/**
 * What moving the whole table on now would leave undone, in words, one line per kind: picks missing
 * (001 "Strategy Phase"), players who have not passed (001 "Action Phase"), seats not done with the
 * status step. Empty when the step is finished and moving on is the normal way forward.
 */
export function unfinished(s: GameSnapshot): string[] {
  const t = s.tracker;
  const v = roundView(s);
  const names = (ids: string[]) => listWords(ids.map((id) => actorName(v, id)));
  const have = (ids: string[]) => (ids.length === 1 ? 'has' : 'have');
  if (t.victory) return [];
  if (s.round.phase === 'strategy') {
    if (t.pickingOver) return [];
    const each = picksEach(s);
    const short = rotation(s).filter((id) => cardsOf(t, id).length < each);
    const missing = playersIn(s) * each - t.picksMade;
    if (!short.length) return [];
    return [`${names(short)} ${have(short)} not picked yet (${missing} strategy card pick${missing === 1 ? '' : 's'} missing): the unpicked cards get their bonus counters.`];
  }
  if (s.round.phase === 'action') {
    const out = new Set(t.passed);
    const players = t.order.filter((a) => !isNobodyActor(a) && !out.has(a));
    const nobody = t.order.filter((a) => isNobodyActor(a) && !t.cards.some((c) => c.nobody && c.played && nobodyActor(c.initiative) === a));
    return [
      ...(players.length ? [`${names(players)} ${have(players)} not passed.`] : []),
      ...(nobody.length ? [`${names(nobody)} ${nobody.length === 1 ? 'has' : 'have'} not been played.`] : []),
    ];
  }
  const waiting = rotation(s).filter((id) => !t.done.includes(id));
  if (!waiting.length) return [];
  const step = s.round.step ?? 1;
  return [`${names(waiting)} ${waiting.length === 1 ? 'is' : 'are'} not done with step ${step}: ${STATUS_STEPS[step - 1] ?? ''}.`];
}

/** Planets she controls outside her home system (tie-break, Sovereign, Imperial). */
export function planetsOutside(s: GameSnapshot, seat: string): number {
  const race = s.seats.find((x) => x.id === seat)?.race;
  return Object.values(s.planets).filter((p) => p.owner === seat && p.homeOf !== race).length;
}

/** The log entries of one round. */
export function inRound(s: GameSnapshot, index: number, round: number): boolean {
  return roundAt(s.tracker, index) === round;
}

/** Secondary abilities she has not answered yet this round (not her own cards). */
export function openOffers(s: GameSnapshot, seat: string): SecondaryOffer[] {
  // A property read, not `in`: the store tracks reads of a key, so the list updates when she answers.
  return s.tracker.secondaries.filter((o) => o.by !== seat && o.answers[seat] === undefined);
}

/** The card of her latest strategic action: the last one whose secondary she offered this round. */
export function currentCard(s: GameSnapshot, seat: string): number | undefined {
  return s.tracker.secondaries.filter((o) => o.by === seat).at(-1)?.card;
}

/**
 * The card of her strategic action under way whose primary ability is not recorded yet (a choice the app
 * tracks, or "done on the board"), or undefined: what "End turn" would leave behind (issue 35 item 1).
 */
export function primaryLeft(s: GameSnapshot, seat: string): number | undefined {
  const t = s.tracker;
  if (t.active !== seat || t.acting !== 'strategic') return undefined;
  const card = currentCard(s, seat);
  const race = s.seats.find((x) => x.id === seat)?.race;
  return card !== undefined && !t.resolved.includes(card) && primaryOptionsFor(card, race).length ? card : undefined;
}

/** A way out of a decision, which the table's referee checks before she takes it (issue 35 item 1). */
export type Exit = { by: 'end turn' } | { by: 'pass' } | { by: 'done'; step: number };

/** The status step where cards and command counters are received (001 "6) Receive Action Cards and Command Counters"). */
const INCOME_STEP = 6;

/**
 * What taking `exit` now would leave behind that the app records for her, each named for the question the
 * exit asks first ("End your turn without Technology's primary ability?"); empty when nothing is, so a
 * player who forgot nothing is never asked (issue 35 item 1: nothing owed is lost without a word).
 * - End turn: the primary ability of the card she is playing, not recorded (`primaryLeft`).
 * - End turn and Pass: Trade's goods on every agreement, ready and not placed (its special: the table is
 *   owed them).
 * - Pass: the secondary abilities offered to her and not answered: 001 "Passing" lets a player who passed
 *   execute only those of cards played after she passed. Earlier cards' primaries are not asked again:
 *   End turn asked about each.
 * - Done with step 1: a revealed objective whose only condition is its price ("spend 6 influence"), that
 *   she may claim this step and can pay now. A claim is paid in the change that claims it (every phone
 *   refuses one paid short), so no claim is ever left unpaid: what is left is the claim she did not make.
 * - Done with step 6: her cards and command counters not received.
 */
export function leftBehind(s: GameSnapshot, seat: string, exit: Exit): string[] {
  if (exit.by === 'done') {
    if (exit.step === INCOME_STEP) return s.tracker.received.includes(seat) ? [] : ['your cards and command counters'];
    if (exit.step !== CLAIM_STEP) return [];
    return claimable(s, seat).flatMap((id) => {
      const cost = objectiveCost(OBJECTIVES_BY_ID.get(id)?.text ?? '');
      return cost && payableNow(s, seat, cost) ? [`claiming ${objectiveName(id)} (you can pay its ${costWords(cost)} now)`] : [];
    });
  }
  const trade = specialNow(s, seat, TRADE) === 'ready' && s.trade.agreements.length ? [`${strategyCardName(TRADE)}'s goods on every agreement`] : [];
  if (exit.by === 'end turn') {
    const card = primaryLeft(s, seat);
    return [...(card === undefined ? [] : [`${strategyCardName(card)}'s primary ability`]), ...trade];
  }
  const offers = openOffers(s, seat).map((o) => `${strategyCardName(o.card)}'s`);
  const answers = offers.length ? [`your answer to ${listWords(offers)} secondary abilit${offers.length === 1 ? 'y' : 'ies'}`] : [];
  return [...answers, ...trade];
}

/**
 * What answering `card`'s secondary ability now would pay for and not get, named for the question it asks
 * first (issue 35 item 2: a counter paid for nothing): Realize Profits with no trade goods on her agreements,
 * when it costs her a strategy allocation counter. Undefined when it is worth something, or free.
 */
export function secondaryForNothing(s: GameSnapshot, seat: string, card: number): string | undefined {
  if (secondaryCostFor(card, s.seats.find((x) => x.id === seat)?.race) !== 'counter') return undefined;
  return card === TRADE && goodsToCollect(s, seat) === 0 ? 'no trade goods lie on your agreements' : undefined;
}

/** The Leadership holder may still buy counters with Executive Commands (once, in the action that played it). */
export function holderMayBuyCounters(s: GameSnapshot, seat: string): boolean {
  return s.tracker.cards.some((c) => c.initiative === LEADERSHIP && c.holder === seat) && checkSecondary(roundView(s), seat, LEADERSHIP, s.round.round).ok;
}

/**
 * What the holder of `card` may still do after its secondaries (its "special", 001 strategy cards): Trade's
 * goods on every agreement, Warfare's free tactical action. 'waiting' while someone has not answered the
 * secondary; 'done' once Trade's goods were placed after its primary; undefined when she did not play it.
 */
export function specialNow(s: GameSnapshot, seat: string, card: number): 'waiting' | 'ready' | 'done' | undefined {
  const t = s.tracker;
  const offer = t.secondaries.find((o) => o.card === card && o.by === seat);
  if (!offer || !t.resolved.includes(card)) return undefined;
  if (roundView(s).seats.some((x) => x.id !== seat && offer.answers[x.id] === undefined)) return 'waiting';
  if (card !== TRADE) return 'ready';
  const resolved = s.log.findLast((e) => e.event.k === 'round' && e.event.op === 'primary' && e.event.card === card && e.event.seat === seat)?.index ?? Infinity;
  const placed = s.log.some((e) => e.index > resolved && e.event.k === 'trade' && e.event.op === 'place' && e.event.by === seat);
  return placed ? 'done' : 'ready';
}

/** How the log names a fleet supply upkeep payment (the pay event's `what`). */
export const UPKEEP = 'fleet supply upkeep';

/**
 * The fleet supply upkeep she still owes this round: 1 resource per counter beyond 8 (001 "7) Reallocate
 * Command Counters and Fleet Supply Upkeep"), nothing once she has paid it this round.
 */
export function upkeepDue(s: GameSnapshot, seat: string): number {
  const paid = s.log.some((x) => x.event.k === 'pay' && x.event.seat === seat && x.event.what === UPKEEP && inRound(s, x.index, s.round.round));
  return paid ? 0 : fleetSupplyUpkeep(s.players[seat]?.counters.fleetSupply ?? 0);
}

/**
 * How she split her status step 6 counters the last time she received them (a round's `income`), so the
 * dialog can start from it: most players place them the same way every round. Undefined before her first.
 */
export function lastIncome(s: GameSnapshot, seat: string): { pool: number; fleet: number; strat: number } | undefined {
  for (let i = s.log.length - 1; i >= 0; i--) {
    const e = s.log[i]?.event;
    if (e?.k === 'round' && e.op === 'income' && e.seat === seat) return { pool: e.pool, fleet: e.fleet, strat: e.strat };
  }
  return undefined;
}

/**
 * What the table waits on now, seen from one phone (issue 26, "one glance, one tap"): the one thing this
 * phone's player is asked for (a ballot to lock in, a secondary ability to answer, her pick, her turn, a
 * status step), or whom the table waits on. The now bar renders it on every tab; the tab title and the
 * vibration follow it. Pure: read from the snapshot only.
 */
export type NowKind = 'over' | 'ballot' | 'call' | 'agenda' | 'secondary' | 'pick' | 'turn' | 'status' | 'nobody' | 'none';

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
 * Whether the table waits on her agenda (001 "Strategy Phase › 1) Agenda": each player places one face down,
 * and the cards are picked after all are revealed). Asked only in the strategy phase, of a player still in
 * who has not placed hers this round, and only at a table that keeps its council on the phones: one agenda
 * placed in this game, this round or an earlier one, says so (before any, the app cannot tell a table that
 * plays the council here from one that plays it on paper, and would hold up every pick for nothing).
 */
export function agendaOwed(s: GameSnapshot, seat: string): boolean {
  if (s.round.phase !== 'strategy' || !stillIn(s, seat)) return false;
  const round = s.round.round;
  const agendas = s.council.agendas;
  return agendas.some((a) => a.seat !== null) && !agendas.some((a) => a.round === round && a.seat === seat);
}

/**
 * Whether she is to put agendas to the vote now (001 "Twilight Council": during Assembly's primary ability
 * "the active player must choose a number of agendas to be voted on"): she played Assembly this round (a
 * card played by no player has no primary, 001 "5 players"), no vote of this round has started, and
 * revealed agendas are left to vote on. Until her round's action phase ends.
 */
export function voteToCall(s: GameSnapshot, seat: string): boolean {
  if (s.round.phase !== 'action') return false;
  const assembly = s.tracker.cards.find((c) => c.initiative === ASSEMBLY);
  if (!assembly?.played || assembly.holder !== seat || assembly.nobody) return false;
  const round = s.round.round;
  return !s.council.sessions.some((v) => v.round === round) && agendasToVote(s.council, round).length > 0;
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

  // The council's steps come before what follows them in the round: the agendas before the picks, the vote
  // within Assembly's strategic action (before she ends her turn, and after it if she ended it without one).
  if (mySeat && voteToCall(s, mySeat)) return { kind: 'call', mine: true, text: 'You played Assembly: choose the agendas to vote on', tab: 'council', waiting: [mySeat] };
  if (mySeat && agendaOwed(s, mySeat)) return { kind: 'agenda', mine: true, text: `Your agenda for round ${s.round.round}, face down`, tab: 'council', waiting: [mySeat] };

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
