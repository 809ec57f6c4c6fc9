/**
 * Council commands. Face-down choices are sealed on the phone: the opening (choice + salt) is saved in
 * the device's private store *before* the commitment is published, so a phone that crashes after
 * locking in still reveals after a reload; the document only ever sees the hash until the reveal.
 */
import { POLITICAL_CARDS } from '../../data';
import type { Ballot, BallotTable } from '../../rules/council';
import { agendasToReveal, ballotLimit, diceVotes, extraVotes, validateBallot, VOC_KEY } from '../../rules/council';
import { matches, seal } from '../../crypto/commit';
import type { Opening } from '../../crypto/commit';
// The one import of this device's storage inside doc/: a commitment's opening and the hand are kept on the
// device before the entry is written. Issue 37 item 1 moves it out: a move returns them as `keep`, and the
// runner hands them to the store it is given.
// eslint-disable-next-line no-restricted-imports
import { saveOpening, updateHand, without } from '../../secret/privateStore';
import { fail } from '../core/errors';
import { playersIn, stillIn } from '../core/players';
import type { CommandContext } from '../core/game';
import type { GameSnapshot } from '../core/types';
import type { CouncilEvent } from './events';
import { BALLOT_MAX_CHARS, ballotVoteId, placementVoteId } from './events';
import type { CouncilSession } from './state';
import { ballotAgendas, commitments, councilSpeaker, ownVotes, votedOn } from './views';

export type AgendaChoice = { source: 'hand'; card: string } | { source: 'deck' };

function write(game: CommandContext, seat: string | null, ...events: CouncilEvent[]): void {
  game.append(events.map((e) => ({ k: 'council' as const, seat, e })));
}

/** Face-down choices and ending a vote carry this phone's signature (council/events.ts `signed`). */
function writeSigned(game: CommandContext, seat: string, e: CouncilEvent): Promise<void> {
  return game.appendSigned([{ k: 'council', seat, e }]);
}

/** A phone acts only for the seat it holds (001: each player decides for herself). */
function ownSeat(s: GameSnapshot, game: CommandContext, seat: string): void {
  if (!s.seats.some((x) => x.id === seat)) fail('unknown-seat', `There is no seat "${seat}" in this game.`);
  if (s.claims[seat] !== game.device) fail('not-allowed', 'Only the phone holding this seat can do this.');
}

function session(s: GameSnapshot, id: string): CouncilSession {
  return s.council.sessions.find((x) => x.id === id) ?? fail('invalid-input', 'There is no such council vote.');
}

const knownCard = (card: string) => card.trim().length > 0 && card.trim().length <= 80;

// ——— agendas (strategy phase) ———

export async function placeAgenda(game: CommandContext, seat: string, choice: AgendaChoice): Promise<void> {
  const s = game.snapshot();
  ownSeat(s, game, seat);
  if (!stillIn(s, seat)) fail('not-allowed', 'You are out of the game: you place no agenda (001 "Elimination").');
  const round = s.round.round;
  const placed = s.council.agendas.find((a) => a.key === `${round}:${seat}`);
  if (placed) fail('not-allowed', placed.revealed ? 'Your agenda for this round is already revealed.' : 'Your agenda for this round is already placed.');
  if (choice.source === 'hand' && !knownCard(choice.card)) fail('invalid-input', 'Choose the political card to place.');
  if ((s.players[seat]?.counters.politicalCards ?? 0) < 1 && choice.source === 'hand') fail('not-enough', 'You have no political card in hand: place the top card of the deck instead.');
  const card = choice.source === 'hand' ? choice.card.trim() : null;
  const { opening, hash } = seal(s.meta.id, placementVoteId(round), seat, card !== null ? { source: 'hand', card } : { source: 'deck' });
  await saveOpening(s.meta.id, placementVoteId(round), seat, opening);
  // Placed, the card leaves her hand on this phone at once; it is remembered so that the rules can hand
  // it back at the end of the round (runtime/handFollows.ts). The public count drops only when it is
  // revealed: until then nobody may know it came from her hand.
  if (card !== null) {
    await updateHand(s.meta.id, seat, (h) => ({ ...h, political: without(h.political, card), placed: [...h.placed.filter((p) => p.key !== `${round}:${seat}`), { key: `${round}:${seat}`, card }] }));
  }
  await writeSigned(game, seat, { c: 'place', round, hash });
}

/** Publishes a placed agenda's opening (the auto-reveal does this once every seat has placed). */
export function revealAgenda(game: CommandContext, seat: string, round: number, opening: Opening): void {
  const choice = JSON.parse(opening.choice) as AgendaChoice;
  const hand = choice.source === 'hand';
  game.append([
    { k: 'council', seat, e: { c: 'reveal', round, source: hand ? 'hand' : 'deck', card: hand ? choice.card : null, salt: opening.salt } },
    // A card from her hand leaves it: the public count follows.
    ...(hand ? [{ k: 'counter' as const, seat, counter: 'politicalCards' as const, delta: -1 }] : []),
  ]);
}

export function nameDeckAgenda(game: CommandContext, seat: string, card: string): void {
  const s = game.snapshot();
  ownSeat(s, game, seat);
  if (!knownCard(card)) fail('invalid-input', 'Name the card that was drawn.');
  const round = s.round.round;
  const agenda = s.council.agendas.find((a) => a.key === `${round}:${seat}`);
  if (!agenda?.revealed || agenda.source !== 'deck') fail('not-allowed', 'Only an agenda placed from the top of the deck is named once revealed.');
  write(game, seat, { c: 'name', round, card: card.trim() });
}

/** 2–4 players: after all agendas are revealed, more are revealed from the deck up to 5. */
export function revealExtraAgenda(game: CommandContext, card: string): void {
  const s = game.snapshot();
  const round = s.round.round;
  const mine = s.council.agendas.filter((a) => a.round === round);
  const players = playersIn(s);
  const extra = mine.filter((a) => a.seat === null).length;
  const missing = s.seats.some((x) => stillIn(s, x.id) && !mine.some((a) => a.seat === x.id));
  if (missing || mine.some((a) => !a.revealed)) fail('not-allowed', 'Extra agendas are revealed once every player\'s agenda is.');
  if (agendasToReveal(players, players) <= extra) fail('not-allowed', `This table reveals no more than ${Math.max(5, players)} agendas.`);
  if (!knownCard(card)) fail('invalid-input', 'Name the card revealed from the deck.');
  write(game, null, { c: 'extra', round, card: card.trim() });
}

// ——— a vote (Assembly played) ———

export function startVote(game: CommandContext, seat: string, agendas: string[]): string {
  const s = game.snapshot();
  ownSeat(s, game, seat);
  const round = s.round.round;
  const open = new Set(s.council.agendas.filter((a) => a.revealed).map((a) => a.key));
  if (!agendas.length) fail('invalid-input', 'Choose at least one agenda to vote on.');
  const bad = agendas.find((k) => !open.has(k));
  if (bad) fail('invalid-input', 'Only revealed agendas can be voted on.');
  const voted = agendas.find((k) => votedOn(s.council, k));
  if (voted) fail('not-allowed', `${ballotAgendas(s.council, { agendas: [voted] }, s.seats)[0]?.name ?? 'That agenda'} has already been voted on: it is resolved and discarded (or a law in force).`);
  if (new Set(agendas).size !== agendas.length) fail('invalid-input', 'An agenda is listed twice.');
  if (s.council.sessions.some((x) => !x.results)) fail('not-allowed', 'A vote is already under way.');
  const id = `${round}-${Math.random().toString(36).slice(2, 8)}`;
  write(game, seat, { c: 'session', id, round, agendas });
  return id;
}

/** 001 "Voice of the Council": any player may spend 1 strategy allocation counter to add the election. */
export function addVoiceOfTheCouncil(game: CommandContext, seat: string, sessionId: string): void {
  const s = game.snapshot();
  ownSeat(s, game, seat);
  const v = session(s, sessionId);
  if (Object.keys(v.locked).length) fail('not-allowed', 'Ballots are already being locked in: the Voice of the Council can no longer be added.');
  if (v.voc.includes(seat)) fail('not-allowed', 'You already added the Voice of the Council to this vote.');
  if ((s.players[seat]?.counters.strategyAllocation ?? 0) < 1) fail('not-enough', 'Adding the Voice of the Council costs 1 strategy allocation counter, and you have none.');
  game.append([
    { k: 'cc', seat, pool: 0, fleet: 0, strat: -1, why: 'secondary' },
    { k: 'council', seat, e: { c: 'voc', session: sessionId } },
  ]);
}

/** 2 players: the three dice she rolled (from the table's dice, or rolled here); the lowest adds votes. */
export function recordDice(game: CommandContext, seat: string, sessionId: string, dice: number[]): void {
  const s = game.snapshot();
  ownSeat(s, game, seat);
  if (playersIn(s) !== 2) fail('not-allowed', 'Dice votes are a 2-player rule.');
  const v = session(s, sessionId);
  if (v.dice[seat]) fail('not-allowed', 'Your dice for this vote are already recorded.');
  if (v.locked[seat]) fail('not-allowed', 'Record the dice before locking in your ballot.');
  try {
    diceVotes(dice);
  } catch {
    fail('invalid-input', 'Enter three dice, each from 1 to 10.');
  }
  write(game, seat, { c: 'dice', session: sessionId, dice });
}

/** How many votes she can put on this ballot right now, with `effects` votes from named effects and `tradeGoods` spent for votes (2 players). */
export function ballotVotes(s: GameSnapshot, sessionId: string, seat: string, effects = 0, tradeGoods = 0): number {
  const v = session(s, sessionId);
  const dice = v.dice[seat];
  const planetsOf = (x: string) => (s.players[x]?.planets ?? []).flatMap((id) => s.planets[id] ?? []);
  return ballotLimit(ownVotes({ seats: s.seats, planetsOf, out: () => s.tracker.out, now: () => s.round }, seat, s.council.voice), { effects, dice: dice ? diceVotes(dice) : 0, tradeGoods });
}

/** The table's facts a ballot's effects are checked against (Assembly b: 2 players, the active player). */
export function ballotTable(s: GameSnapshot, v: Pick<CouncilSession, 'active'>, seat: string): BallotTable {
  return { tradeGoodsOwned: s.players[seat]?.counters.tradeGoods ?? 0, playerCount: playersIn(s), active: v.active === seat };
}

/** Lock in: validates the ballot, saves its opening on this phone, then publishes only its hash. */
export async function lockBallot(game: CommandContext, seat: string, sessionId: string, ballot: Ballot): Promise<void> {
  const s = game.snapshot();
  ownSeat(s, game, seat);
  const v = session(s, sessionId);
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
  await saveOpening(s.meta.id, ballotVoteId(sessionId), seat, opening);
  await writeSigned(game, seat, { c: 'commit', session: sessionId, hash });
}

/** Publishes a locked ballot (the auto-reveal does it once every eligible seat has locked in). */
export function revealBallot(game: CommandContext, seat: string, sessionId: string, opening: Opening): void {
  const s = game.snapshot();
  // Any of her commitments (two screens may each have locked in; the fold takes the first revealed).
  const hashes = commitments(session(s, sessionId), seat);
  if (!hashes.some((h) => matches(h, s.meta.id, ballotVoteId(sessionId), seat, opening))) fail('invalid-input', 'This phone\'s saved ballot does not match the one locked in.');
  const tradeGoods = (JSON.parse(opening.choice) as Ballot).tradeGoods ?? 0;
  game.append([
    { k: 'council', seat, e: { c: 'open', session: sessionId, ballot: opening.choice, salt: opening.salt } },
    // 2 players: trade goods committed for votes are spent once the votes are revealed.
    ...(tradeGoods ? [{ k: 'counter' as const, seat, counter: 'tradeGoods' as const, delta: -tradeGoods }] : []),
  ]);
}

export function breakTie(game: CommandContext, seat: string, sessionId: string, agenda: string, outcome: string): void {
  const s = game.snapshot();
  ownSeat(s, game, seat);
  if (seat !== councilSpeaker(s.seats, s.tracker.speaker)) fail('not-allowed', 'Only the Speaker breaks a tie.');
  const v = session(s, sessionId);
  const result = v.results?.find((r) => r.agenda === agenda);
  if (result?.status !== 'tie') fail('not-allowed', 'There is no tie to break on this agenda.');
  if (!result.tied.includes(outcome)) fail('invalid-input', 'Choose one of the tied outcomes.');
  write(game, seat, { c: 'tie', session: sessionId, agenda, outcome });
}

/** Seconds the table sees counting down before the speaker may close a stalled vote. */
export const CLOSE_COUNTDOWN_S = 60;

/**
 * Seconds without an answer (a ballot locked in or revealed) before the Speaker is offered the countdown:
 * a vote that has just started is not stalled, and a red "not answering" then only alarmed the table (issue 35).
 */
export const QUIET_BEFORE_CLOSING_S = 60;

/** Whether the vote has waited long enough on a phone for the Speaker to start closing it. */
export function voteStalled(session: { answeredAt: number; closingAt: number | null }, nowSeconds: number): boolean {
  return session.closingAt !== null || nowSeconds - session.answeredAt >= QUIET_BEFORE_CLOSING_S;
}

/** When the speaker started the countdown to close this vote (seconds since the game began), if she did. */
export function closingSince(s: GameSnapshot, sessionId: string): number | undefined {
  return s.council.sessions.find((x) => x.id === sessionId)?.closingAt ?? undefined;
}

/**
 * A phone that never reveals (off, lost): the speaker starts a countdown everyone sees, then closes the
 * vote; seats that never revealed count as abstaining (the log says so).
 */
export function closeVote(game: CommandContext, seat: string, sessionId: string, nowSeconds: number): Promise<'countdown' | 'closed'> {
  const s = game.snapshot();
  ownSeat(s, game, seat);
  if (seat !== councilSpeaker(s.seats, s.tracker.speaker)) fail('not-allowed', 'Only the Speaker closes a vote.');
  if (session(s, sessionId).results) fail('not-allowed', 'This vote is already over.');
  const since = closingSince(s, sessionId);
  if (since === undefined) {
    return writeSigned(game, seat, { c: 'closing', session: sessionId }).then(() => 'countdown');
  }
  const left = since + CLOSE_COUNTDOWN_S - nowSeconds;
  if (left > 0) fail('not-allowed', `The vote can be closed in ${left} s.`);
  return writeSigned(game, seat, { c: 'close', session: sessionId }).then(() => 'closed');
}

export function setLaw(game: CommandContext, card: string, inForce: boolean): void {
  if (!knownCard(card)) fail('invalid-input', 'Name the law.');
  write(game, null, { c: 'law', card: card.trim(), inForce });
}

export const POLITICAL_BY_ID = new Map(POLITICAL_CARDS.map((c) => [c.id, c]));
export { VOC_KEY };
