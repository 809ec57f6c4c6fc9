/**
 * The round tracker: folds the `round` events (events.ts) and everything else that moves the round
 * (a 'phase' correction, VP, planets and artifacts for the special objectives) into the table's shared
 * round state: speaker and rotation cycler, strategy cards with their bonus counters, whose pick or turn
 * it is, the status phase checklist, objectives, and victory.
 *
 * Every round event is checked here, at its place in the converged log, with the same checks the
 * commands run before writing it (the `check…` functions of state.ts), so every phone agrees on
 * what counted: of two picks of one card the first in log order wins, and the other is refused with a
 * notice for the table; a "next step" that arrives after the table moved on is ignored. Derived
 * happenings (progression feedback, a special objective claimed or lost, a refused event) become
 * notices with their log index.
 *
 * The objectives' ops and the special objectives are the objectives' (objectives/fold.ts), and an action
 * card played is the action cards' (actionCards/fold.ts): this fold calls them at their place, as the owner
 * of the `round` kind, handing over what they need of it (its view and checks, its notices, the payments it
 * added up, the standings a victory records, the turn's action under way).
 *
 * Seed 001 "Round", "Strategy Phase", "Action Phase", "Status Phase", "Types of objectives", "Winning the
 * game", "Rule Adjustments Based On The Number Of Players".
 */
import { planetsOutsideHome } from '../../rules/objectives';
import { refused } from '../../rules/result';
import type { RuleCheck } from '../../rules/result';
import type { RoundState } from '../../rules/round';
import { checkVictory, clampVp, statusIncome } from '../../rules/status';
import type { VictoryStanding } from '../../rules/status';
import { primaryOptionFor, secondaryCost, secondaryCostFor } from '../../rules/strategy';
import { BUREAUCRACY, primaryOption, SECONDARY_GAINS } from '../../rules/strategyCards';
import { checkHandLimit, HAND_LIMIT } from '../../rules/cards';
import { raceEffects } from '../../rules/raceAbilities';
import type { EventBody, GameOptions, LogEntry, PlayerState } from '../core/types';
import { plural } from '../core/words';
import { simultaneousCost } from '../../rules/variants';
import { NO_OPTIONS, checkSimultaneousAct } from './variants';
import type { RoundOp } from './events';
import { RoundProgress, sameRound } from './progress';
import {
  checkAct,
  checkCycler,
  checkDone,
  checkIncome,
  checkKeep,
  checkLeave,
  checkNobody,
  checkPick,
  checkPrimary,
  checkSecondary,
  currentPicker,
  stepAfter,
  strategyCardName,
} from './state';
import { seatName } from '../core/words';
import type { CardState, RoundContext, RoundTracker, RoundView, SecondaryOffer } from './tracker';
import { foldObjectiveOp, foldSpecials, isClaimStep, objectiveName } from '../objectives';
import { foldPlay } from '../actionCards';

/**
 * Events after which a special objective may have been lost (or gained, in the claim step). The
 * Voice, which council events move, is compared after every event instead (see `after`).
 */
const SPECIAL_EVENTS: ReadonlySet<string> = new Set(['owner', 'artifact', 'customPlanet']);
/**
 * Events that move the round: they change no standing, so after them specials are only gained, in
 * the claim step. Checking after every one of them was a fifth of folding a long game.
 */
const ROUND_EVENTS: ReadonlySet<string> = new Set(['round', 'phase']);

/** The payments written just before an entry by the same phone (RoundFold `#paid`); `short` when one paid less than it said. */
interface Paid {
  dev: string;
  next: number;
  seat: string;
  resources: number;
  influence: number;
  tradeGoods: number;
  counters: number;
  short: boolean;
}

/**
 * Trade goods and command counters a rule of the round gives her (a card's bonus, an ability, her income):
 * the sheet alone writes counters (issue 37 item 3), so the round derives its events in the order they happen.
 */
function gains(seat: string, tradeGoods: number, areas: { pool: number; fleet: number; strat: number } = { pool: 0, fleet: 0, strat: 0 }): EventBody[] {
  const bodies: EventBody[] = tradeGoods ? [{ k: 'counter', seat, counter: 'tradeGoods', delta: tradeGoods }] : [];
  if (areas.pool || areas.fleet || areas.strat) bodies.push({ k: 'cc', seat, pool: areas.pool, fleet: areas.fleet, strat: areas.strat, why: 'receive' });
  return bodies;
}

export class RoundFold extends RoundProgress {
  /** The Voice when specials were last checked. */
  #specialsVoice: string | null = null;
  /** The last copy `result` handed out, and the tracker's JSON it was made from. */
  #out: RoundTracker | undefined;
  #json: string | undefined;
  /** The game's options (Path of Fate, Simultaneous Tactical Actions): set from the meta before the first event. */
  options: GameOptions = NO_OPTIONS;

  /** Called by the game fold after every event, with the event's log entry. */
  after(entry: LogEntry, ctx: RoundContext): void {
    this.index = entry.index;
    this.eventTime = entry.t;
    const e = entry.event;
    this.#notePayment(entry, ctx);
    if (e.k === 'round') this.#apply(e, ctx);
    // The Yin's reversed planet is her action when the planets fold let it count (it marks the card with this entry).
    if (e.k === 'reverse' && ctx.planets[e.planet]?.reversed?.index === entry.index) this.s.acting = 'ability';
    this.settle(ctx);
    if (e.k === 'counter' && e.counter === 'vp') this.#clamp(e.seat, ctx);
    // The Voice comes from the council fold, which may move it on any event.
    if (SPECIAL_EVENTS.has(e.k) || (ROUND_EVENTS.has(e.k) && isClaimStep(ctx.round)) || (ctx.council?.voice ?? null) !== this.#specialsVoice) this.#specials(ctx);
    this.#victory(ctx);
  }

  /** Whether she may take her turn's action now: her turn, no action under way (what doc/planets asks for the Yin). */
  mayTakeAction(seat: string, round: RoundState): RuleCheck {
    return checkAct({ tracker: this.s, round, seats: this.seats, everyone: this.allSeats, vpGoal: this.vpGoal }, seat, 'tactical', null);
  }

  #apply(e: RoundOp, ctx: RoundContext): void {
    const v = this.view(ctx);
    const t = this.s;
    const isSeat = (seat: string) => !!ctx.player(seat);
    switch (e.op) {
      case 'speaker':
        if (isSeat(e.seat)) t.speaker = e.seat;
        return;
      case 'cycler':
        if (!isSeat(e.seat)) return;
        {
          const check = checkCycler(v, e.seat);
          if (!check.ok) return this.refuse(e.seat, `${seatName(v, e.seat)} turning the rotation cycler`, check);
          // Not the speaker: Bureaucracy's flip, paid in the same change (issue 34 item 9).
          const asks = primaryOption(BUREAUCRACY, 'a')?.asks;
          const flipFor = asks && 'flipFor' in asks ? asks.flipFor : 0;
          const paid = this.#paidBefore(e.seat);
          if (t.speaker !== e.seat && (!paid || paid.short || paid.influence < flipFor)) {
            return this.refuse(e.seat, `${seatName(v, e.seat)} flipping the rotation cycler`, refused(`Bureaucracy flips it for ${flipFor} influence, paid in the same change.`));
          }
        }
        t.direction = e.direction;
        return;
      case 'play':
        return foldPlay(e, {
          seats: v.seats,
          everyone: v.everyone,
          mayAct: (seat) => checkAct(v, seat, 'tactical', null),
          round: ctx.round.round,
          player: (seat) => ctx.player(seat),
          derive: (bodies) => ctx.derive(bodies),
          refuse: (seat, what, check) => this.refuse(seat, what, check),
          tookAction: (seat, kind) => {
            t.acting = kind;
            t.skipped = t.skipped.filter((x) => x !== seat);
          },
        });
      case 'leave': {
        const check = checkLeave(v, e.seat, e.how);
        const what = `${seatName(v, e.seat)} ${e.how === 'surrender' ? 'surrendering' : 'eliminated'}`;
        if (e.round !== ctx.round.round || !check.ok) return this.refuse(e.seat, what, check.ok ? refused(`it was meant for round ${e.round}.`) : check);
        if (e.how === 'surrender') {
          t.surrendering.push(e.seat);
          this.notice(e.seat, `${seatName(v, e.seat)} surrendered: out of the game at the end of this round, 2 VP lost (001 "Surrender").`);
        } else this.eliminate(e.seat, ctx);
        return;
      }
      case 'keep': {
        const check = checkKeep(v, e.seat, e.objective);
        if (e.round !== ctx.round.round || !check.ok) return this.refuse(e.seat, `${seatName(v, e.seat)} keeping ${objectiveName(e.objective)} (Prospect)`, check.ok ? refused(`it was made in round ${e.round}.`) : check);
        t.kept.push({ objective: e.objective, seat: e.seat });
        return;
      }
      case 'pick': {
        const what = `${seatName(v, e.seat)}'s pick of ${strategyCardName(e.card)}`;
        if (e.round !== ctx.round.round) return this.refuse(e.seat, what, refused(`it was made for round ${e.round}.`));
        const check = checkPick(v, e.seat, e.card, { tradeGoods: e.tg, pool: e.pool, fleet: e.fleet, strat: e.strat });
        if (!check.ok) return this.refuse(e.seat, what, check);
        const card = t.cards.find((c) => c.initiative === e.card) as CardState;
        card.holder = e.seat;
        card.bonus = 0;
        // The card's bonus counters, taken as trade goods or command counters, are the sheet's to write.
        if (e.tg + e.pool + e.fleet + e.strat > 0 && ctx.player(e.seat)) ctx.derive(gains(e.seat, e.tg, e));
        t.picksMade++;
        if (currentPicker(v) === null) {
          this.endPicking(this.drawn(e.drawn, ctx), ctx);
          ctx.round = { round: ctx.round.round, phase: 'action', step: null };
        }
        return;
      }
      case 'act': {
        const check = checkAct(v, e.seat, e.what, e.card);
        const what = `${seatName(v, e.seat)}'s ${{ strategic: 'strategic action', tactical: 'tactical action', pass: 'pass', end: 'end of turn', skip: 'skipped turn' }[e.what]}`;
        if (e.round !== ctx.round.round) return this.refuse(e.seat, what, refused(`it was meant for round ${e.round}.`));
        if (!check.ok) return this.refuse(e.seat, what, check);
        if (e.systems) {
          const sim = checkSimultaneousAct(this.options, e.systems, ctx.players[e.seat]?.counters.commandPool ?? 0);
          if (!sim.ok) return this.refuse(e.seat, `${seatName(v, e.seat)}'s simultaneous tactical action`, sim);
        }
        // Any action but a skip ends a run of skips: she may skip again on a later turn.
        if (e.what !== 'end') t.skipped = e.what === 'skip' ? [...t.skipped, e.seat] : t.skipped.filter((x) => x !== e.seat);
        if (e.what === 'strategic') {
          const card = t.cards.find((c) => c.initiative === e.card) as CardState;
          card.played = true;
          t.acting = 'strategic';
          t.playing = card.initiative;
          if (secondaryCost(card.initiative) !== 'none') t.secondaries.push({ card: card.initiative, by: e.seat, answers: {} });
        } else if (e.what === 'tactical') {
          t.acting = 'tactical';
          if (ctx.player(e.seat)) ctx.derive([{ k: 'cc', seat: e.seat, pool: -(e.systems ? simultaneousCost(e.systems) : 1), fleet: 0, strat: 0, why: 'tactical' }]);
        } else {
          if (e.what === 'pass') t.passed.push(e.seat);
          this.nextTurn(ctx);
        }
        return;
      }
      case 'nobody': {
        if (e.round !== ctx.round.round) return;
        const check = checkNobody(v, e.card);
        if (!check.ok) return this.refuse(null, `Playing ${strategyCardName(e.card)} for no player`, check);
        const card = t.cards.find((c) => c.initiative === e.card);
        if (card) card.played = true;
        if (secondaryCost(e.card) !== 'none') t.secondaries.push({ card: e.card, by: null, answers: {} });
        this.nextTurn(ctx);
        return;
      }
      case 'secondary': {
        const check = checkSecondary(v, e.seat, e.card, e.round);
        if (!check.ok) return this.refuse(e.seat, `${seatName(v, e.seat)}'s answer to ${strategyCardName(e.card)}'s secondary ability`, check);
        const offer = t.secondaries.find((o) => o.card === e.card) as SecondaryOffer;
        offer.answers[e.seat] = e.use;
        const p = e.use ? ctx.player(e.seat) : undefined;
        if (!p) return;
        // The Leadership holder's own purchase comes with her primary: no counter for it.
        if (offer.by !== e.seat && secondaryCostFor(e.card, this.seats.find((s) => s.id === e.seat)?.race) === 'counter') ctx.derive([{ k: 'cc', seat: e.seat, pool: 0, fleet: 0, strat: -1, why: 'secondary' }]);
        const gain = SECONDARY_GAINS[e.card];
        if (gain) {
          ctx.derive(gains(e.seat, gain.tradeGoods));
          this.#draw(e.seat, p, gain.actionCards, gain.politicalCards, v, ctx);
        }
        return;
      }
      case 'done':
        // A late "done" (the step moved on meanwhile) simply no longer applies.
        if (e.round !== ctx.round.round || !isSeat(e.seat) || !checkDone(v, e.seat, e.step).ok) return;
        t.done.push(e.seat);
        this.maybeNextStep(ctx);
        return;
      case 'advance':
        // Commands carry the state they moved on from: a second tap from another phone is stale here.
        if (!sameRound(e, ctx.round)) return;
        ctx.round = stepAfter(ctx.round);
        return;
      case 'income': {
        const areas = { pool: e.pool, fleet: e.fleet, strat: e.strat };
        if (e.round !== ctx.round.round) return;
        const check = checkIncome(v, e.seat, areas);
        if (!check.ok) return this.refuse(e.seat, `${seatName(v, e.seat)}'s cards and counters`, check);
        const p = ctx.player(e.seat);
        if (!p) return;
        const income = statusIncome(this.seats.length, this.seats.find((s) => s.id === e.seat)?.race);
        this.#draw(e.seat, p, income.actionCards, income.politicalCards, v, ctx);
        ctx.derive(gains(e.seat, 0, e));
        t.received.push(e.seat);
        if (!t.done.includes(e.seat)) t.done.push(e.seat);
        this.maybeNextStep(ctx);
        return;
      }
      case 'primary': {
        const check = checkPrimary(v, e.seat, e.card, e.option, e.pool + e.fleet + e.strat);
        if (e.round !== ctx.round.round || !check.ok) return this.refuse(e.seat, `${seatName(v, e.seat)}'s primary ability of ${strategyCardName(e.card)}`, check.ok ? refused(`it was made in round ${e.round}.`) : check);
        const gain = primaryOptionFor(e.card, e.option, this.seats.find((s) => s.id === e.seat)?.race)?.gain;
        const p = ctx.player(e.seat);
        if (!p || !gain) return;
        this.#draw(e.seat, p, gain.actionCards, gain.politicalCards, v, ctx);
        ctx.derive(gains(e.seat, gain.tradeGoods, e));
        t.resolved.push(e.card);
        return;
      }
      case 'reveal':
      case 'claim':
      case 'fate':
        return foldObjectiveOp(e, {
          view: v,
          index: this.index,
          options: this.options,
          player: (seat) => ctx.player(seat),
          derive: (bodies) => ctx.derive(bodies),
          refuse: (seat, what, check) => this.refuse(seat, what, check),
          paidBefore: (seat) => this.#paidBefore(seat),
          standings: () => this.#standings(ctx),
        });
    }
  }

  /**
   * Cards a rule makes her draw (status step 6, Assembly, Prospect b). 001 "Hand limit": "If she would exceed
   * this limit by drawing Action Cards, she first draws all her Action Cards, and then discard[s] … until she
   * has 7" (and Political Cards likewise): the count never sits above the limit, and the table is told what
   * she discards (issue 34 item 11). The Yssaril keep every action card (rules/raceAbilities.ts).
   */
  #draw(seat: string, p: PlayerState, actionCards: number, politicalCards: number, v: RoundView, ctx: RoundContext): void {
    const unlimited = raceEffects(this.seats.find((s) => s.id === seat)?.race).unlimitedActionCards;
    const over: string[] = [];
    for (const [key, n, kind] of [['actionCards', actionCards, 'action'], ['politicalCards', politicalCards, 'political']] as const) {
      if (!n) continue;
      const [before, drawn] = [p.counters[key], p.counters[key] + n];
      const kept = checkHandLimit(kind, drawn, kind === 'action' && unlimited).ok ? drawn : HAND_LIMIT;
      if (kept !== drawn) over.push(plural(drawn - HAND_LIMIT, `${kind} card`));
      ctx.derive([{ k: 'counter', seat, counter: key, delta: kept - before }]);
    }
    if (over.length) this.notice(seat, `${seatName(v, seat)} drew past the hand limit of ${HAND_LIMIT}: ${over.join(' and ')} discarded from her hand (001 "Hand limit").`);
  }

  /**
   * The payments written just before this entry by the same phone, in consecutive entries: an objective that
   * costs is paid in the change that claims it (objectives/moves.ts `objectivePayment`), which every phone checks.
   */
  #paid: Paid = { dev: '', next: -1, seat: '', resources: 0, influence: 0, tradeGoods: 0, counters: 0, short: false };

  /** What `seat` paid in the entries just before this one, or null when it paid nothing there. */
  #paidBefore(seat: string): Paid | null {
    return this.#paid.seat === seat && this.#paid.next === this.index ? this.#paid : null;
  }

  #notePayment(entry: LogEntry, table: RoundContext): void {
    const e = entry.event;
    const p = this.#paid;
    const spent =
      e.k === 'pay' ? { seat: e.seat, resources: e.kind === 'resources' ? e.amount : 0, influence: e.kind === 'influence' ? e.amount : 0, tradeGoods: 0, counters: 0 }
      : e.k === 'counter' && e.counter === 'tradeGoods' && e.delta < 0 ? { seat: e.seat, resources: 0, influence: 0, tradeGoods: -e.delta, counters: 0 }
      : e.k === 'cc' && e.why === 'spend' ? { seat: e.seat, resources: 0, influence: 0, tradeGoods: 0, counters: -(e.pool + e.fleet + e.strat) }
      : null;
    if (!spent) return;
    if (entry.dev !== p.dev || entry.index !== p.next || spent.seat !== p.seat) Object.assign(p, { dev: entry.dev, seat: spent.seat, resources: 0, influence: 0, tradeGoods: 0, counters: 0, short: false });
    if (e.k === 'pay' && table.paymentShort?.(entry.index)) p.short = true;
    p.resources += spent.resources;
    p.influence += spent.influence;
    p.tradeGoods += spent.tradeGoods;
    p.counters += spent.counters;
    p.next = entry.index + 1;
  }

  #clamp(seat: string, ctx: RoundContext): void {
    const p = ctx.players[seat];
    if (!p) return;
    const floor = clampVp(p.counters.vp, this.s.specials[seat]?.length ?? 0);
    if (floor !== p.counters.vp) ctx.derive([{ k: 'counter', seat, counter: 'vp', delta: floor - p.counters.vp }]);
  }

  /** The special objectives (objectives/fold.ts), at the Voice the council fold says now. */
  #specials(ctx: RoundContext): void {
    const voice = ctx.council?.voice ?? null;
    this.#specialsVoice = voice;
    foldSpecials({ view: this.view(ctx), planets: ctx.planets, artifacts: ctx.artifacts, voice, player: (seat) => ctx.player(seat), derive: (bodies) => ctx.derive(bodies), notice: (seat, text) => this.notice(seat, text) });
  }

  #standings(ctx: RoundContext): VictoryStanding[] {
    const outside = planetsOutsideHome(Object.values(ctx.planets), this.seats);
    return this.seats.map((s) => ({ seat: s.id, vp: this.vpOf(s.id, ctx), planetsOutsideHome: outside[s.id] ?? 0 }));
  }

  /**
   * 001 "Winning the game": checked when the Claim Objectives step is over, and at any moment outside
   * it ("If a player reaches the required amount of Victory Points at any time outside of the Status
   * Phase, the game ends immediately"). The first victory stands.
   */
  #victory(ctx: RoundContext): void {
    if (this.s.victory) return;
    if (isClaimStep(ctx.round)) return;
    // The home system penalty only lowers VP: nobody at the goal before it, nobody after (checked after every event).
    if (!this.seats.some((s) => (ctx.players[s.id]?.counters.vp ?? 0) >= this.vpGoal)) return;
    if (!this.seats.some((s) => this.vpOf(s.id, ctx) >= this.vpGoal)) return;
    const standings = this.#standings(ctx);
    const check = checkVictory({ seats: standings, vpGoal: this.vpGoal });
    if (check.over) this.s.victory = { winners: check.winners, decidedBy: check.decidedBy, round: ctx.round.round, index: this.index, standings };
  }

  /**
   * A deep copy of the state, so folding more events never changes a snapshot handed out; the copy handed
   * out last time while the state is the same. Every event passes through `after`, which may change any
   * part of the tracker, so "the same" is read from its JSON (about 1 KB, the same size all game long).
   */
  result(): RoundTracker {
    const json = JSON.stringify(this.s);
    if (json !== this.#json || !this.#out) [this.#json, this.#out] = [json, structuredClone(this.s)];
    return this.#out;
  }
}
