/** What the council's commands, fold and panels read: card names, the speaker, votes, how each agenda is voted on. */
import { POLITICAL_CARDS } from '../../data';
import type { PoliticalCard } from '../../data/types';
import type { Ballot, BallotAgenda } from '../../rules/council';
import type { RoundState } from '../../rules/round';
import { effectName, VOC_KEY } from '../../rules/council';
import { raceEffects } from '../../rules/raceAbilities';
import { votesAvailable } from '../../rules/votes';
import { playersIn } from '../core/players';
import type { GameSnapshot, PlanetCard, SeatInfo } from '../core/types';
import { plural } from '../core/words';
import { planetState } from '../planets/views';
import type { RoundNow } from '../planets/views';
import type { CouncilSession, CouncilState } from './state';

const CARDS = new Map(POLITICAL_CARDS.map((c) => [c.id, c]));

export const politicalCard = (id: string): PoliticalCard | undefined => CARDS.get(id);

/**
 * Who breaks ties and closes stalled votes: the Speaker. Until the round tracker records the speaker
 * token, the first seat holds it (the host, who set the table up).
 */
export function councilSpeaker(seats: readonly SeatInfo[], recorded?: string | null): string | undefined {
  return recorded ?? seats[0]?.id;
}

export function cardName(card: string | null): string {
  if (!card) return 'a face-down agenda';
  return CARDS.get(card)?.name ?? card;
}

/**
 * Her votes now from planets and the Voice of the Council (001 "Voting" 1), before the 1-vote minimum:
 * the minimum applies after a ballot's effects add theirs (rules ballotLimit).
 */
export function ownVotes(ctx: { seats: readonly SeatInfo[]; planetsOf(seat: string): PlanetCard[]; out(): readonly string[]; now(): RoundNow }, seat: string, voice: string | null): number {
  const race = ctx.seats.find((s) => s.id === seat)?.race;
  // A planet the Yin reversed this round gives its resource value as influence.
  const now = ctx.now();
  // The Voice's votes follow the players still in the game (001 "Voice of the Council", "Elimination" 6).
  const v = votesAvailable({ planets: ctx.planetsOf(seat).map((card) => planetState(card, now)), race, voteRule: raceEffects(race).votes, holdsVoice: voice === seat, playerCount: playersIn(ctx.seats, ctx.out()), bonus: 0 });
  return v.fromPlanets + v.fromVoice;
}

/** Every commitment a seat locked in for a vote: a reveal opening any of them is hers. */
export function commitments(session: Pick<CouncilSession, 'locked' | 'relocked'>, seat: string): string[] {
  const first = session.locked[seat];
  return first ? [first, ...(session.relocked[seat] ?? [])] : [];
}

/**
 * An agenda already put to a vote (001 "Voting" 4: resolved agendas are discarded; a law voted for
 * stays in force): it may not be voted on again.
 */
export function votedOn(state: Pick<CouncilState, 'sessions'>, key: string): boolean {
  return state.sessions.some((v) => v.agendas.includes(key));
}

/** The agendas of a round that may still be put to a vote: revealed, and not voted on yet. */
export function agendasToVote(state: Pick<CouncilState, 'agendas' | 'sessions'>, round: number): string[] {
  return state.agendas.filter((a) => a.round === round && a.revealed && !votedOn(state, a.key)).map((a) => a.key);
}

/** How each agenda of a session is voted on: for/against, or elect (and among what). */
export function ballotAgendas(state: Pick<CouncilState, 'agendas'>, session: Pick<CouncilSession, 'agendas'>, seats: readonly SeatInfo[]): BallotAgenda[] {
  const seatIds = seats.map((s) => s.id);
  return session.agendas.map((key) => {
    if (key === VOC_KEY) return { key, name: 'Voice of the Council', kind: 'elect', options: seatIds };
    const placed = state.agendas.find((a) => a.key === key);
    const card: PoliticalCard | undefined = placed?.card ? CARDS.get(placed.card) : undefined;
    const name = cardName(placed?.card ?? null);
    if (!card) return { key, name, kind: 'elect', options: null };
    if (card.voteKind === 'for_against') return { key, name, kind: 'for_against', options: null };
    return { key, name, kind: 'elect', options: card.electTarget === 'player' ? seatIds : null };
  });
}

/**
 * A revealed ballot in words, what it adds beyond her planets named: "Checks and Balances → for 5;
 * Voice of the Council → Ben 2 (+3 from Assembly b, +1 from Fantastic Rhetoric)".
 */
export function ballotWords(state: Pick<CouncilState, 'agendas'>, seats: readonly SeatInfo[], b: Ballot): string {
  const name = (id: string) => seats.find((s) => s.id === id)?.name;
  const agenda = (key: string) => ballotAgendas(state, { agendas: [key] }, seats)[0]?.name ?? key;
  const votes = b.allocations.map((a) => `${agenda(a.agenda)} → ${name(a.outcome) ?? a.outcome} ${a.votes}`).join('; ') || 'no votes';
  const extra = (b.extra ?? []).map((e) => `+${e.votes} from ${effectName(e)}`);
  if (b.tradeGoods) extra.push(`+${b.tradeGoods} for ${plural(b.tradeGoods, 'trade good')}`);
  return extra.length ? `${votes} (${extra.join(', ')})` : votes;
}

/**
 * Whether a vote's result is still news at `now`: it belongs to the round it was held in and to the phase
 * it was announced in (`announcedIn`), and ends with them (issue 35 item 6).
 */
export function stillNews(session: Pick<CouncilSession, 'round'>, announcedIn: Pick<RoundState, 'round' | 'phase'>, now: Pick<RoundState, 'round' | 'phase'>): boolean {
  return session.round === now.round && announcedIn.round === now.round && announcedIn.phase === now.phase;
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

export const POLITICAL_BY_ID = CARDS;
export { VOC_KEY };
