/**
 * The Twilight Council's vote (001 "Twilight Council and Political Cards › Voting", "Voice of the
 * Council", and the 2-player "Assembly" adjustments): ballot validation and the tally. Pure.
 */
import type { RuleCheck } from './result';
import { ALLOWED, refused } from './result';

export type AgendaKind = 'elect' | 'for_against';

export interface BallotAgenda {
  /** Stable key of the agenda in this vote ("3:s2" for the agenda Ana placed in round 3, "voc"). */
  key: string;
  name: string;
  kind: AgendaKind;
  /** For elect agendas: what may be elected; null means any name may be written. */
  options: string[] | null;
}

export interface Allocation {
  agenda: string;
  /** 'for' / 'against', or the elected subject. */
  outcome: string;
  votes: number;
}

export interface Ballot {
  allocations: Allocation[];
  /** 2-player games: trade goods secretly spent for as many extra votes (001 "2 players › Assembly"). */
  tradeGoods?: number;
  /** Votes from named effects, declared on the ballot: secret with it until the reveal. */
  extra?: ExtraVotes[];
}

/**
 * Where votes beyond her planets come from (001 "Voting" 1: "bonus votes granted by other effects"): the
 * Lazax Survivors domain counter (001 "Annex 1": "+3 votes"), the 2-player Assembly's option b) (001
 * "2 players › Assembly": "+3 votes to the active player"), an action card or a race ability, named.
 */
export type VoteEffect = 'lazax' | 'assembly' | 'action' | 'race';

export interface ExtraVotes {
  from: VoteEffect;
  /** The card or ability, for 'action' and 'race'. */
  name?: string;
  votes: number;
}

/** Bounds on what a ballot declares, so a hostile ballot cannot claim any number. */
export const EXTRA_VOTES_MAX = 20;
export const EXTRA_EFFECTS_MAX = 4;
export const EFFECT_NAME_MAX = 40;
/** The effects whose votes are printed: always +3. */
const FIXED: Partial<Record<VoteEffect, number>> = { lazax: 3, assembly: 3 };

export const VOC_KEY = 'voc';

/** "Lazax Survivors", "Assembly b", or the card or ability named. */
export function effectName(e: Pick<ExtraVotes, 'from' | 'name'>): string {
  return e.from === 'lazax' ? 'Lazax Survivors' : e.from === 'assembly' ? 'Assembly b' : (e.name ?? '');
}

/** The votes a ballot's effects add, 0 for any that is not a valid number (validateBallot refuses those). */
export function extraVotes(ballot: Pick<Ballot, 'extra'>): number {
  return (ballot.extra ?? []).reduce((n, e) => n + (Number.isSafeInteger(e.votes) && e.votes > 0 && e.votes <= EXTRA_VOTES_MAX ? e.votes : 0), 0);
}

/**
 * Votes a ballot may use. 001 "Voting" 1: her planets' influence (and the Voice of the Council, `own`)
 * plus the bonus votes of other effects; "if a player would have 0 votes, she gets 1". With 2 players the
 * dice and the trade goods she commits are votes she gains too (001 "2 players › Assembly"), so the minimum
 * comes after every source, in one order: 0 influence and a lowest die of 3 is 3 votes, not 4.
 */
export function ballotLimit(own: number, extra: { effects?: number; dice?: number; tradeGoods?: number } = {}): number {
  return Math.max(1, own + (extra.effects ?? 0) + (extra.dice ?? 0) + (extra.tradeGoods ?? 0));
}

/** What the table knows of the ballot's seat, for the effects only some may claim. */
export interface BallotTable {
  /** Trade goods she has (2 players spend them for votes). */
  tradeGoodsOwned?: number;
  playerCount?: number;
  /** She played the Assembly that called this vote. */
  active?: boolean;
}

/** The effects declared on a ballot, each within its bounds and its rule; ALLOWED or the first refusal. */
export function checkExtraVotes(extra: readonly ExtraVotes[], table: BallotTable = {}): RuleCheck {
  if (extra.length > EXTRA_EFFECTS_MAX) return refused(`A ballot adds votes from at most ${EXTRA_EFFECTS_MAX} effects.`);
  const seen = new Set<VoteEffect>();
  for (const e of extra) {
    const fixed = FIXED[e.from];
    if (fixed === undefined && e.from !== 'action' && e.from !== 'race') return refused('Extra votes come from Lazax Survivors, Assembly b, an action card or a race ability.');
    const name = effectName(e).trim();
    if (fixed === undefined && (!name || name.length > EFFECT_NAME_MAX)) return refused(`Name the ${e.from === 'action' ? 'action card' : 'race ability'} that adds votes (at most ${EFFECT_NAME_MAX} characters).`);
    if (!Number.isSafeInteger(e.votes) || e.votes < 1 || e.votes > EXTRA_VOTES_MAX) return refused(`Votes from ${name} must be a whole number from 1 to ${EXTRA_VOTES_MAX}.`);
    if (fixed !== undefined && e.votes !== fixed) return refused(`${name} adds ${fixed} votes.`);
    // Named cards may repeat (a deck holds copies); the counter and Assembly b count once.
    if (fixed !== undefined && seen.has(e.from)) return refused(`${name} adds its votes once.`);
    seen.add(e.from);
    if (e.from === 'assembly' && (table.playerCount !== 2 || !table.active)) return refused('Assembly b adds 3 votes only in a 2-player game, to the player who played Assembly (001 "2 players").');
  }
  return ALLOWED;
}

/**
 * 001 "Voting" 3: votes are split between the agendas, never on two outcomes of the same agenda, and
 * not all have to be used. Trade goods committed (2 players) must be ones she has; effects that add
 * votes must be within their rules (`limit` already counts their votes: ballotLimit).
 */
export function validateBallot(ballot: Ballot, agendas: readonly BallotAgenda[], limit: number, table: BallotTable = {}): RuleCheck {
  const tradeGoodsOwned = table.tradeGoodsOwned ?? Infinity;
  const effects = checkExtraVotes(ballot.extra ?? [], table);
  if (!effects.ok) return effects;
  const byKey = new Map(agendas.map((a) => [a.key, a]));
  const used = new Set<string>();
  let total = 0;
  for (const a of ballot.allocations) {
    const agenda = byKey.get(a.agenda);
    if (!agenda) return refused(`The ballot names an agenda that is not being voted on.`);
    if (!Number.isSafeInteger(a.votes) || a.votes <= 0) return refused(`Votes on ${agenda.name} must be a whole number above 0.`);
    if (used.has(a.agenda)) return refused(`Only one outcome of ${agenda.name} can receive your votes (001 "Voting").`);
    used.add(a.agenda);
    if (agenda.kind === 'for_against' && a.outcome !== 'for' && a.outcome !== 'against') return refused(`${agenda.name} is voted for or against.`);
    if (agenda.kind === 'elect') {
      if (!a.outcome.trim()) return refused(`Choose whom or what to elect on ${agenda.name}.`);
      if (agenda.options && !agenda.options.includes(a.outcome)) return refused(`"${a.outcome}" cannot be elected on ${agenda.name}.`);
    }
    total += a.votes;
  }
  const tg = ballot.tradeGoods ?? 0;
  if (!Number.isSafeInteger(tg) || tg < 0) return refused('Trade goods spent for votes must be a whole number, 0 or more.');
  if (tg > tradeGoodsOwned) return refused(`You have only ${tradeGoodsOwned} trade good${tradeGoodsOwned === 1 ? '' : 's'} to spend for votes.`);
  if (total > limit) return refused(`This ballot uses ${total} votes; you have ${limit}.`);
  return ALLOWED;
}

export type AgendaResult =
  | { agenda: string; status: 'no-votes'; totals: Record<string, number> }
  | { agenda: string; status: 'won'; winner: string; totals: Record<string, number>; byTieBreak: boolean }
  | { agenda: string; status: 'tie'; tied: string[]; totals: Record<string, number> };

/**
 * 001 "Voting" 4 and "Ties": the outcome with the most votes is resolved; a tie is broken by the
 * Speaker; an agenda with no vote at all is discarded without effect. Results follow the order the
 * active player chose, the Voice of the Council last.
 */
export function tally(agendas: readonly BallotAgenda[], ballots: readonly Ballot[], tieBreaks: Readonly<Record<string, string>> = {}): AgendaResult[] {
  const ordered = [...agendas.filter((a) => a.key !== VOC_KEY), ...agendas.filter((a) => a.key === VOC_KEY)];
  return ordered.map((agenda) => {
    const totals: Record<string, number> = {};
    for (const b of ballots) for (const a of b.allocations) if (a.agenda === agenda.key) totals[a.outcome] = (totals[a.outcome] ?? 0) + a.votes;
    const best = Math.max(0, ...Object.values(totals));
    if (best === 0) return { agenda: agenda.key, status: 'no-votes', totals };
    const leaders = Object.keys(totals).filter((o) => totals[o] === best).sort();
    if (leaders.length === 1) return { agenda: agenda.key, status: 'won', winner: leaders[0] as string, totals, byTieBreak: false };
    const chosen = tieBreaks[agenda.key];
    if (chosen && leaders.includes(chosen)) return { agenda: agenda.key, status: 'won', winner: chosen, totals, byTieBreak: true };
    return { agenda: agenda.key, status: 'tie', tied: leaders, totals };
  });
}

/** 001 "Law": a law stays in force when voted; a For/Against law whose Against outcome is resolved does not. */
export function lawStaysInForce(kind: AgendaKind, winner: string): boolean {
  return kind === 'elect' || winner === 'for';
}

/** 001 "Rule Adjustments … 2 players › Assembly": each player rolls three dice and gains the lowest. */
export function diceVotes(dice: readonly number[]): number {
  if (dice.length !== 3 || dice.some((d) => !Number.isInteger(d) || d < 1 || d > 10)) throw new RangeError('Three dice from 1 to 10.');
  return Math.min(...dice);
}

/** 001 "Rule Adjustments Based On The Number Of Players": with 2 to 4 players, extra agendas are revealed up to 5. */
export function agendasToReveal(playerCount: number, placed: number): number {
  return playerCount <= 4 ? Math.max(0, 5 - placed) : 0;
}
