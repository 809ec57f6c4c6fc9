/**
 * The Twilight Council's moves (core/moves.ts). Face-down choices are sealed on the phone: a move that places
 * an agenda or locks in a ballot returns the opening (choice + salt) to `keep`, which the runner stores on the
 * device *before* it publishes the commitment, so a phone that crashes after locking in still reveals after a
 * reload; the document only ever sees the hash until the reveal. Those moves, and the Speaker's closing of a
 * vote, are signed (events.ts `signed`): make them with `game.moveSigned`.
 */
import type { Ballot } from '../../rules/council';
import { agendasToReveal, diceVotes, extraVotes, validateBallot } from '../../rules/council';
import { matches, seal } from '../../crypto/commit';
import type { Opening } from '../../crypto/commit';
import { fail } from '../core/errors';
import type { Move } from '../core/moves';
import { playersIn, stillIn } from '../core/players';
import type { EventBody, GameSnapshot } from '../core/types';
import type { CouncilEvent } from './events';
import { BALLOT_MAX_CHARS, ballotVoteId, placementVoteId } from './events';
import { ballotTable, ballotVotes, voteOf } from './ballots';
import { ballotAgendas, CLOSE_COUNTDOWN_S, closingSince, commitments, councilSpeaker, votedOn } from './views';

export type AgendaChoice = { source: 'hand'; card: string } | { source: 'deck' };

const council = (seat: string | null, ...events: CouncilEvent[]): EventBody[] => events.map((e) => ({ k: 'council' as const, seat, e }));

/** A phone acts only for the seat it holds (001: each player decides for herself). */
function ownSeat(s: GameSnapshot, device: string, seat: string): void {
  if (!s.seats.some((x) => x.id === seat)) fail('unknown-seat', `There is no seat "${seat}" in this game.`);
  if (s.claims[seat] !== device) fail('not-allowed', 'Only the phone holding this seat can do this.');
}

const knownCard = (card: string) => card.trim().length > 0 && card.trim().length <= 80;

// ——— agendas (strategy phase) ———

/** Her agenda for this round, face down: from her hand (the card leaves it on this phone at once) or the deck's top card. */
export const placeAgenda: Move<[seat: string, choice: AgendaChoice]> = (s, by, seat, choice) => {
  ownSeat(s, by.device, seat);
  if (!stillIn(s, seat)) fail('not-allowed', 'You are out of the game: you place no agenda (001 "Elimination").');
  const round = s.round.round;
  const key = `${round}:${seat}`;
  const placed = s.council.agendas.find((a) => a.key === key);
  if (placed) fail('not-allowed', placed.revealed ? 'Your agenda for this round is already revealed.' : 'Your agenda for this round is already placed.');
  if (choice.source === 'hand' && !knownCard(choice.card)) fail('invalid-input', 'Choose the political card to place.');
  if ((s.players[seat]?.counters.politicalCards ?? 0) < 1 && choice.source === 'hand') fail('not-enough', 'You have no political card in hand: place the top card of the deck instead.');
  const card = choice.source === 'hand' ? choice.card.trim() : null;
  const { opening, hash } = seal(s.meta.id, placementVoteId(round), seat, card !== null ? { source: 'hand', card } : { source: 'deck' });
  // The public count of her hand drops only when the agenda is revealed: until then nobody may know it came from her hand.
  return {
    events: council(seat, { c: 'place', round, hash }),
    keep: [{ kind: 'opening', vote: placementVoteId(round), seat, opening }, ...(card !== null ? [{ kind: 'placed' as const, seat, key, card }] : [])],
  };
};

/** Publishes a placed agenda's opening (the auto-reveal does this once every seat has placed). */
export const revealAgenda: Move<[seat: string, round: number, opening: Opening]> = (_s, _by, seat, round, opening) => {
  const choice = JSON.parse(opening.choice) as AgendaChoice;
  const hand = choice.source === 'hand';
  return [
    ...council(seat, { c: 'reveal', round, source: hand ? 'hand' : 'deck', card: hand ? choice.card : null, salt: opening.salt }),
    // A card from her hand leaves it: the public count follows.
    ...(hand ? [{ k: 'counter' as const, seat, counter: 'politicalCards' as const, delta: -1 }] : []),
  ];
};

export const nameDeckAgenda: Move<[seat: string, card: string]> = (s, by, seat, card) => {
  ownSeat(s, by.device, seat);
  if (!knownCard(card)) fail('invalid-input', 'Name the card that was drawn.');
  const round = s.round.round;
  const agenda = s.council.agendas.find((a) => a.key === `${round}:${seat}`);
  if (!agenda?.revealed || agenda.source !== 'deck') fail('not-allowed', 'Only an agenda placed from the top of the deck is named once revealed.');
  return council(seat, { c: 'name', round, card: card.trim() });
};

/** 2–4 players: after all agendas are revealed, more are revealed from the deck up to 5. */
export const revealExtraAgenda: Move<[card: string]> = (s, _by, card) => {
  const round = s.round.round;
  const mine = s.council.agendas.filter((a) => a.round === round);
  const players = playersIn(s);
  const extra = mine.filter((a) => a.seat === null).length;
  const missing = s.seats.some((x) => stillIn(s, x.id) && !mine.some((a) => a.seat === x.id));
  if (missing || mine.some((a) => !a.revealed)) fail('not-allowed', 'Extra agendas are revealed once every player\'s agenda is.');
  if (agendasToReveal(players, players) <= extra) fail('not-allowed', `This table reveals no more than ${Math.max(5, players)} agendas.`);
  if (!knownCard(card)) fail('invalid-input', 'Name the card revealed from the deck.');
  return council(null, { c: 'extra', round, card: card.trim() });
};

// ——— a vote (Assembly played) ———

/** A vote on revealed agendas; its id is the round and six of the move's fresh letters (the open vote's, `s.council.sessions`). */
export const startVote: Move<[seat: string, agendas: string[]]> = (s, by, seat, agendas) => {
  ownSeat(s, by.device, seat);
  const round = s.round.round;
  const open = new Set(s.council.agendas.filter((a) => a.revealed).map((a) => a.key));
  if (!agendas.length) fail('invalid-input', 'Choose at least one agenda to vote on.');
  const bad = agendas.find((k) => !open.has(k));
  if (bad) fail('invalid-input', 'Only revealed agendas can be voted on.');
  const voted = agendas.find((k) => votedOn(s.council, k));
  if (voted) fail('not-allowed', `${ballotAgendas(s.council, { agendas: [voted] }, s.seats)[0]?.name ?? 'That agenda'} has already been voted on: it is resolved and discarded (or a law in force).`);
  if (new Set(agendas).size !== agendas.length) fail('invalid-input', 'An agenda is listed twice.');
  if (s.council.sessions.some((x) => !x.results)) fail('not-allowed', 'A vote is already under way.');
  return council(seat, { c: 'session', id: `${round}-${by.nonce.slice(0, 6)}`, round, agendas });
};

/** 001 "Voice of the Council": any player may spend 1 strategy allocation counter to add the election. */
export const addVoiceOfTheCouncil: Move<[seat: string, sessionId: string]> = (s, by, seat, sessionId) => {
  ownSeat(s, by.device, seat);
  const v = voteOf(s, sessionId);
  if (Object.keys(v.locked).length) fail('not-allowed', 'Ballots are already being locked in: the Voice of the Council can no longer be added.');
  if (v.voc.includes(seat)) fail('not-allowed', 'You already added the Voice of the Council to this vote.');
  if ((s.players[seat]?.counters.strategyAllocation ?? 0) < 1) fail('not-enough', 'Adding the Voice of the Council costs 1 strategy allocation counter, and you have none.');
  return [{ k: 'cc', seat, pool: 0, fleet: 0, strat: -1, why: 'secondary' }, ...council(seat, { c: 'voc', session: sessionId })];
};

/** 2 players: the three dice she rolled (from the table's dice, or rolled here); the lowest adds votes. */
export const recordDice: Move<[seat: string, sessionId: string, dice: number[]]> = (s, by, seat, sessionId, dice) => {
  ownSeat(s, by.device, seat);
  if (playersIn(s) !== 2) fail('not-allowed', 'Dice votes are a 2-player rule.');
  const v = voteOf(s, sessionId);
  if (v.dice[seat]) fail('not-allowed', 'Your dice for this vote are already recorded.');
  if (v.locked[seat]) fail('not-allowed', 'Record the dice before locking in your ballot.');
  try {
    diceVotes(dice);
  } catch {
    fail('invalid-input', 'Enter three dice, each from 1 to 10.');
  }
  return council(seat, { c: 'dice', session: sessionId, dice });
};

/** Lock in: validates the ballot, keeps its opening on this phone, then publishes only its hash. */
export const lockBallot: Move<[seat: string, sessionId: string, ballot: Ballot]> = (s, by, seat, sessionId, ballot) => {
  ownSeat(s, by.device, seat);
  const v = voteOf(s, sessionId);
  if (!v.eligible.includes(seat)) fail('not-allowed', 'Your race may not vote on agendas.');
  if (v.locked[seat]) fail('not-allowed', 'Your ballot is already locked in.');
  if (v.results) fail('not-allowed', 'This vote is over.');
  const tradeGoods = ballot.tradeGoods ?? 0;
  if (tradeGoods && playersIn(s) !== 2) fail('not-allowed', 'Trade goods buy votes only in 2-player games.');
  const limit = ballotVotes(s, sessionId, seat, extraVotes(ballot)) + tradeGoods;
  const check = validateBallot(ballot, ballotAgendas(s.council, v, s.seats), limit, ballotTable(s, v, seat));
  if (!check.ok) fail('invalid-input', check.reason);
  const { opening, hash } = seal(s.meta.id, ballotVoteId(sessionId), seat, ballot);
  // The reveal carries the ballot as it is sealed: one longer than the log's field would never be read.
  if (opening.choice.length > BALLOT_MAX_CHARS) fail('invalid-input', 'This ballot is too long to share: shorten the names written on it.');
  return { events: council(seat, { c: 'commit', session: sessionId, hash }), keep: [{ kind: 'opening', vote: ballotVoteId(sessionId), seat, opening }] };
};

/** Publishes a locked ballot (the auto-reveal does it once every eligible seat has locked in). */
export const revealBallot: Move<[seat: string, sessionId: string, opening: Opening]> = (s, _by, seat, sessionId, opening) => {
  // Any of her commitments (two screens may each have locked in; the fold takes the first revealed).
  const hashes = commitments(voteOf(s, sessionId), seat);
  if (!hashes.some((h) => matches(h, s.meta.id, ballotVoteId(sessionId), seat, opening))) fail('invalid-input', 'This phone\'s saved ballot does not match the one locked in.');
  const tradeGoods = (JSON.parse(opening.choice) as Ballot).tradeGoods ?? 0;
  return [
    ...council(seat, { c: 'open', session: sessionId, ballot: opening.choice, salt: opening.salt }),
    // 2 players: trade goods committed for votes are spent once the votes are revealed.
    ...(tradeGoods ? [{ k: 'counter' as const, seat, counter: 'tradeGoods' as const, delta: -tradeGoods }] : []),
  ];
};

export const breakTie: Move<[seat: string, sessionId: string, agenda: string, outcome: string]> = (s, by, seat, sessionId, agenda, outcome) => {
  ownSeat(s, by.device, seat);
  if (seat !== councilSpeaker(s.seats, s.tracker.speaker)) fail('not-allowed', 'Only the Speaker breaks a tie.');
  const v = voteOf(s, sessionId);
  const result = v.results?.find((r) => r.agenda === agenda);
  if (result?.status !== 'tie') fail('not-allowed', 'There is no tie to break on this agenda.');
  if (!result.tied.includes(outcome)) fail('invalid-input', 'Choose one of the tied outcomes.');
  return council(seat, { c: 'tie', session: sessionId, agenda, outcome });
};

/**
 * A phone that never reveals (off, lost): the Speaker starts a countdown everyone sees (the first call), then
 * closes the vote once it has run out; seats that never revealed count as abstaining (the log says so).
 */
export const closeVote: Move<[seat: string, sessionId: string, nowSeconds: number]> = (s, by, seat, sessionId, nowSeconds) => {
  ownSeat(s, by.device, seat);
  if (seat !== councilSpeaker(s.seats, s.tracker.speaker)) fail('not-allowed', 'Only the Speaker closes a vote.');
  if (voteOf(s, sessionId).results) fail('not-allowed', 'This vote is already over.');
  const since = closingSince(s, sessionId);
  if (since === undefined) return council(seat, { c: 'closing', session: sessionId });
  const left = since + CLOSE_COUNTDOWN_S - nowSeconds;
  if (left > 0) fail('not-allowed', `The vote can be closed in ${left} s.`);
  return council(seat, { c: 'close', session: sessionId });
};

export const setLaw: Move<[card: string, inForce: boolean]> = (_s, _by, card, inForce) => {
  if (!knownCard(card)) fail('invalid-input', 'Name the law.');
  return council(null, { c: 'law', card: card.trim(), inForce });
};
