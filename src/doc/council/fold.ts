/**
 * Folds the council's events into the council's public state: agendas (face down until every seat has
 * placed one, then revealed), vote sessions (who has locked in, never what, until every eligible seat
 * has; then the verified ballots and the tally), laws in force and the Voice of the Council.
 *
 * Every reveal is checked against its commitment here, on every phone alike: a reveal that does not
 * match is refused and named to the table, and that seat counts as abstaining.
 */
import { raceEffects } from '../../rules/raceAbilities';
import type { Ballot, VoteEffect } from '../../rules/council';
import { ballotLimit, diceVotes, extraVotes, lawStaysInForce, tally, validateBallot, VOC_KEY } from '../../rules/council';
import { canonicalJson, matches } from '../../crypto/commit';
import { playersIn } from '../core/players';
import type { FoldTable } from '../core/fold';
import type { PlanetCard, SeatInfo } from '../core/types';
import type { RoundNow } from '../planets';
import type { CouncilEvent } from './events';
import { ballotVoteId, placementVoteId } from './events';
import type { CouncilSession, CouncilState, PlacedAgenda } from './state';
import { ballotAgendas, commitments, ownVotes, politicalCard, votedOn } from './views';

/** What the council fold needs from the game fold around it, at the moment of each event. */
export interface CouncilContext {
  gameId: string;
  seats: SeatInfo[];
  planetsOf(seat: string): PlanetCard[];
  tradeGoods(seat: string): number;
  speaker(): string | undefined;
  problem(message: string): void;
  /** Seats out of the game (001 "Elimination" 5: ignored by all effects), left out of new votes. */
  out(): readonly string[];
  /** The round now: a planet's values reversed by the Yin hold until it ends. */
  now(): RoundNow;
  /** The time of the event being folded, in game seconds: when a vote last heard from a phone. */
  at(): number;
}

export class CouncilFold {
  readonly agendas: PlacedAgenda[] = [];
  readonly sessions: CouncilSession[] = [];
  /** Placement commitments by round, then seat. */
  readonly #placed = new Map<number, Map<string, string>>();
  laws: string[] = [];
  voice: string | null = null;
  /**
   * What `state` handed out last, and the copy of each agenda and session in it: a snapshot after an event
   * copies only the agendas and sessions that event may have changed (`#touch`), so a tap at round 16 does
   * not copy the council of sixteen rounds (issue 33).
   */
  #out: CouncilState | undefined;
  readonly #copies = new WeakMap<object, object>();

  /** Forgets the copies of what an event may change: its session, the agendas of its round. */
  #touch(e: CouncilEvent): void {
    this.#out = undefined;
    if ('session' in e) {
      const session = this.sessions.find((x) => x.id === e.session);
      if (session) this.#copies.delete(session);
    }
    if ('round' in e) for (const a of this.agendas) if (a.round === e.round) this.#copies.delete(a);
  }

  apply(seat: string | null, e: CouncilEvent, ctx: CouncilContext): void {
    this.#touch(e);
    const name = (s: string | null) => ctx.seats.find((x) => x.id === s)?.name ?? s ?? 'Someone';
    const needSeat = (): string | undefined => {
      if (seat && ctx.seats.some((s) => s.id === seat)) return seat;
      ctx.problem('A council event names no seat of this game; it was ignored.');
      return undefined;
    };
    switch (e.c) {
      case 'place': {
        const s = needSeat();
        if (!s) return;
        // 001 "Elimination" 5: a player out of the game places no agenda (the others' are revealed without hers).
        if (ctx.out().includes(s)) return ctx.problem(`${name(s)} is out of the game: the agenda placed for ${name(s)} was ignored.`);
        const round = this.#placed.get(e.round) ?? new Map<string, string>();
        this.#placed.set(e.round, round);
        if (this.agendas.some((a) => a.key === `${e.round}:${s}` && a.revealed)) return ctx.problem(`${name(s)} placed a second agenda after hers was revealed; it was ignored.`);
        round.set(s, e.hash);
        if (!this.agendas.some((a) => a.key === `${e.round}:${s}`)) this.agendas.push({ key: `${e.round}:${s}`, round: e.round, seat: s, source: null, card: null, revealed: false, returned: false });
        return;
      }
      case 'reveal': {
        const s = needSeat();
        const agenda = this.agendas.find((a) => a.key === `${e.round}:${s}`);
        const hash = s ? this.#placed.get(e.round)?.get(s) : undefined;
        if (!s || !agenda || !hash || agenda.revealed) return;
        const choice = canonicalJson(e.source === 'hand' ? { source: 'hand', card: e.card } : { source: 'deck' });
        if (!matches(hash, ctx.gameId, placementVoteId(e.round), s, { choice, salt: e.salt })) {
          return ctx.problem(`${name(s)}'s agenda reveal does not match what was placed face down: it was refused.`);
        }
        Object.assign(agenda, { source: e.source, card: e.source === 'hand' ? e.card : null, revealed: true });
        return;
      }
      case 'name': {
        const agenda = this.agendas.find((a) => a.key === `${e.round}:${seat}` && a.source === 'deck');
        if (agenda && !agenda.card) agenda.card = e.card;
        return;
      }
      case 'extra': {
        const n = this.agendas.filter((a) => a.round === e.round && a.seat === null).length + 1;
        this.agendas.push({ key: `${e.round}:x${n}`, round: e.round, seat: null, source: 'deck', card: e.card, revealed: true, returned: false });
        return;
      }
      case 'session': {
        const s = needSeat();
        if (!s) return;
        if (this.sessions.some((x) => x.id === e.id)) return ctx.problem('A council vote was started twice; the first one is kept.');
        // Every phone referees: an agenda already voted on is resolved and discarded, not voted on again.
        const agendas = e.agendas.filter((k) => k !== VOC_KEY && this.agendas.some((a) => a.key === k && a.revealed) && !votedOn(this, k));
        if (e.agendas.length && !agendas.length) return ctx.problem(`${name(s)} called a vote on no agenda that can still be voted on (each was already voted on or is not revealed); it was ignored.`);
        const eligible = ctx.seats.filter((x) => !raceEffects(x.race).votes.cannotVote && !ctx.out().includes(x.id)).map((x) => x.id);
        this.sessions.push({ id: e.id, round: e.round, active: s, agendas, voc: [], eligible, dice: {}, locked: {}, relocked: {}, limits: {}, ballots: {}, refused: {}, tampered: [], closed: false, abstained: [], ties: {}, results: null, answeredAt: ctx.at(), closingAt: null });
        return;
      }
      case 'voc': {
        const s = needSeat();
        const session = this.sessions.find((x) => x.id === e.session);
        if (!s || !session || session.voc.includes(s)) return;
        if (Object.keys(session.locked).length) return ctx.problem(`${name(s)} added the Voice of the Council after ballots were locked in; it was ignored.`);
        session.voc.push(s);
        if (!session.agendas.includes(VOC_KEY)) session.agendas.push(VOC_KEY);
        return;
      }
      case 'dice': {
        const s = needSeat();
        const session = this.sessions.find((x) => x.id === e.session);
        if (!s || !session || session.dice[s]) return;
        // Her limit is read with the dice she had when she locked in: dice written later would raise it.
        if (session.locked[s]) return ctx.problem(`${name(s)} recorded dice after locking in; they were ignored.`);
        session.dice[s] = e.dice;
        return;
      }
      case 'commit': {
        const s = needSeat();
        const session = this.sessions.find((x) => x.id === e.session);
        if (!s || !session || session.results) return;
        if (!session.eligible.includes(s)) return ctx.problem(`${name(s)} may not vote; the ballot locked for that seat was ignored.`);
        if (session.locked[s]) {
          // Two tabs of her phone, each unaware of the other: only one opening may survive on the phone, so
          // the ballot revealed first stands, whichever commitment it opens; the vote never waits on the other.
          session.relocked[s] = [...(session.relocked[s] ?? []), e.hash];
          return ctx.problem(`${name(s)} locked in twice (two screens at once); the ballot revealed first stands.`);
        }
        session.locked[s] = e.hash;
        session.answeredAt = ctx.at();
        // As she locked in: planets exhausted after that do not change what her ballot may hold.
        session.limits[s] = ownVotes(ctx, s, this.voice);
        return;
      }
      case 'open': {
        const session = this.sessions.find((x) => x.id === e.session);
        if (session && !session.results) session.answeredAt = ctx.at();
        return this.#open(seat, e, ctx);
      }
      case 'tie': {
        const session = this.sessions.find((x) => x.id === e.session);
        if (!session) return;
        if (seat !== ctx.speaker()) return ctx.problem(`${name(seat)} tried to break a tie, which only the Speaker does.`);
        session.ties[e.agenda] = e.outcome;
        if (session.results) this.#resolve(session, ctx);
        return;
      }
      case 'closing': {
        // The first countdown counts (closeVote): a second Speaker's tap does not restart it.
        const session = this.sessions.find((x) => x.id === e.session);
        if (session && session.closingAt === null) session.closingAt = ctx.at();
        return;
      }
      case 'close': {
        const session = this.sessions.find((x) => x.id === e.session);
        if (!session || session.results) return;
        if (seat !== ctx.speaker()) return ctx.problem(`${name(seat)} tried to close the vote, which only the Speaker does.`);
        session.closed = true;
        session.abstained = session.eligible.filter((s) => !session.ballots[s]);
        this.#resolve(session, ctx);
        return;
      }
      case 'law':
        this.laws = e.inForce ? [...new Set([...this.laws, e.card])] : this.laws.filter((l) => l !== e.card);
        return;
    }
  }

  #open(seat: string | null, e: Extract<CouncilEvent, { c: 'open' }>, ctx: CouncilContext): void {
    const session = this.sessions.find((x) => x.id === e.session);
    if (!seat || !session || session.results || session.ballots[seat] || session.refused[seat]) return;
    const hashes = commitments(session, seat);
    if (!hashes.length) return;
    const who = ctx.seats.find((x) => x.id === seat)?.name ?? seat;
    if (!hashes.some((h) => matches(h, ctx.gameId, ballotVoteId(session.id), seat, { choice: e.ballot, salt: e.salt }))) {
      // Refused and named, but it does not stand for her: any phone can write an event naming any seat,
      // so a forged reveal must not cancel the real one that may still come.
      session.tampered = [...new Set([...session.tampered, seat])];
      ctx.problem(`A reveal of ${who}'s ballot does not match the ballot ${who} locked in: it was refused.`);
      return;
    } else {
      const ballot = parseBallot(e.ballot);
      const dice = session.dice[seat];
      const limit = ballotLimit(session.limits[seat] ?? 0, { dice: dice ? diceVotes(dice) : 0, tradeGoods: ballot?.tradeGoods ?? 0, effects: ballot ? extraVotes(ballot) : 0 });
      const table = { tradeGoodsOwned: ctx.tradeGoods(seat), playerCount: playersIn(ctx.seats, ctx.out()), active: session.active === seat };
      const check = ballot ? validateBallot(ballot, ballotAgendas(this, session, ctx.seats), limit, table) : { ok: false as const, reason: 'it cannot be read' };
      if (ballot && check.ok) session.ballots[seat] = ballot;
      else {
        session.refused[seat] = check.ok ? 'it cannot be read' : check.reason;
        ctx.problem(`${who}'s ballot was refused (${session.refused[seat]}); ${who} counts as abstaining.`);
      }
    }
    if (session.eligible.every((s) => session.ballots[s] || session.refused[s])) this.#resolve(session, ctx);
  }

  /** Tallies a finished vote, and applies what it decides: laws in force, the Voice of the Council. */
  #resolve(session: CouncilSession, ctx: CouncilContext): void {
    // The fold's own agendas, read as they are: `state()` copies every session, for the snapshot only.
    const agendas = ballotAgendas(this, session, ctx.seats);
    session.results = tally(agendas, Object.values(session.ballots), session.ties);
    for (const r of session.results) {
      if (r.status !== 'won') continue;
      if (r.agenda === VOC_KEY) {
        this.voice = r.winner;
        continue;
      }
      const card = politicalCard(this.agendas.find((a) => a.key === r.agenda)?.card ?? '');
      const kind = agendas.find((a) => a.key === r.agenda)?.kind ?? 'elect';
      if (card?.law && lawStaysInForce(kind, r.winner)) this.laws = [...new Set([...this.laws, card.id])];
    }
  }

  /**
   * 001 "Status Phase › 9) Clean-up": the agendas players placed this round that no vote included go
   * back to their hands (the public counts follow). Called once, when the round tracker closes the round.
   * A player out of the game (`out`) holds nothing: her political cards were discarded (001 "Elimination"
   * 1), and so is her agenda, which stays unreturned.
   */
  returnAgendas(round: number, table: Pick<FoldTable, 'derive'>, out: readonly string[] = []): void {
    const voted = new Set(this.sessions.filter((s) => s.round === round).flatMap((s) => s.agendas));
    for (const a of this.agendas) {
      if (a.round !== round || !a.seat || !a.revealed || a.returned || voted.has(a.key) || out.includes(a.seat)) continue;
      this.#out = undefined;
      this.#copies.delete(a);
      a.returned = true;
      table.derive([{ k: 'counter', seat: a.seat, counter: 'politicalCards', delta: 1 }]);
    }
  }

  /** The council for a snapshot, in copies that folding more events never changes. */
  state(): CouncilState {
    if (this.#out) return this.#out;
    const copy = <T extends object>(x: T, make: (x: T) => T): T => {
      const known = this.#copies.get(x) as T | undefined;
      if (known) return known;
      const made = make(x);
      this.#copies.set(x, made);
      return made;
    };
    const agendas = this.agendas.map((a) => copy(a, (x) => ({ ...x })));
    const sessions = this.sessions.map((s) => copy(s, (x) => structuredClone(x)));
    this.#out = { agendas, sessions, laws: [...this.laws], voice: this.voice };
    return this.#out;
  }
}

/** A revealed ballot as plain data of the ballot's shape (validateBallot then checks its values), or undefined. */
function parseBallot(text: string): Ballot | undefined {
  try {
    const b = JSON.parse(text) as Ballot;
    if (!Array.isArray(b.allocations) || (b.extra !== undefined && !Array.isArray(b.extra))) return undefined;
    const allocations = b.allocations.map((a) => ({ agenda: String(a.agenda), outcome: String(a.outcome), votes: Number(a.votes) }));
    const extra = b.extra?.map((x) => ({ from: String(x.from) as VoteEffect, ...(x.name === undefined ? {} : { name: String(x.name) }), votes: Number(x.votes) }));
    return { allocations, ...(b.tradeGoods === undefined ? {} : { tradeGoods: Number(b.tradeGoods) }), ...(extra ? { extra } : {}) };
  } catch {
    return undefined;
  }
}
