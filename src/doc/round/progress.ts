/**
 * What moving the round does by itself, whatever moved it (a round event, a 'phase' correction, the last
 * seat done with a step): entering the action phase sets the turn order, leaving it stops the turn clock,
 * step 2 gives progression feedback and moves on, a new round records the old one and returns the cards.
 * RoundFold (fold.ts) adds what each round event does. Seed 001 "Round", "Strategy Phase", "Action Phase",
 * "Status Phase".
 */
import { progressionFeedback } from '../../rules/status';
import type { RuleCheck } from '../../rules/result';
import { rotationOrder } from '../../rules/order';
import type { RoundState } from '../../rules/round';
import { actionOrder, bonusAfterPicking, cardsInPlay, drawsUnpickedCard, isNobodyActor, nextActor, nobodyActor } from '../../rules/strategy';
import { seatsIn } from '../core/players';
import type { CounterName, SeatInfo } from '../core/types';
import { FEEDBACK_STEP, cardsOf, countedVp, currentPicker, roundRecord, stepAfter, strategyCardName } from './state';
import { seatName } from '../core/words';
import { BUREAUCRACY } from '../../rules/strategyCards';
import type { RoundContext, RoundTracker, RoundView } from './tracker';

/** What an eliminated player discards from her sheet (001 "Elimination" 1): her victory points stay on the track. */
const DISCARDED: readonly CounterName[] = ['actionCards', 'politicalCards', 'tradeGoods', 'commandPool', 'fleetSupply', 'strategyAllocation'];

export const sameRound = (a: RoundState, b: RoundState) => a.round === b.round && a.phase === b.phase && a.step === b.step;

export function emptyTracker(seats: readonly SeatInfo[]): RoundTracker {
  return {
    speaker: seats[0]?.id ?? '',
    direction: 'clockwise',
    cards: cardsInPlay(seats.length).map((c) => ({ initiative: c.initiative, bonus: 0, holder: null, played: false, nobody: false })),
    picksMade: 0,
    picker: null,
    pickingOver: false,
    order: [],
    active: null,
    acting: null,
    playing: null,
    passed: [],
    skipped: [],
    turnStart: null,
    time: {},
    secondaries: [],
    resolved: [],
    done: [],
    feedback: null,
    received: [],
    revealed: [],
    kept: [],
    out: [],
    surrendering: [],
    claims: [],
    fate: [],
    specials: Object.fromEntries(seats.map((s) => [s.id, []])),
    notices: [],
    roundStarts: [0],
    history: [],
    victory: null,
  };
}

export class RoundProgress {
  readonly s: RoundTracker;
  protected last: RoundState = { round: 1, phase: 'strategy', step: null };
  /** Log position and time of the event being folded. */
  protected index = 0;
  protected eventTime = 0;
  protected feedbackRound = 0;

  /** The game's VP goal: set by the incremental fold from the game's meta before the first event. */
  vpGoal = 12;

  constructor(readonly allSeats: readonly SeatInfo[]) {
    this.s = emptyTracker(allSeats);
  }

  /** The seats still in the game: an eliminated or surrendered seat is ignored by all effects (001 "Elimination" 5). */
  get seats(): readonly SeatInfo[] {
    return this.s.out.length ? seatsIn(this.allSeats, this.s.out) : this.allSeats;
  }

  /** The speaker now (the council needs it for ties). */
  get speaker(): string | undefined {
    return this.s.speaker || undefined;
  }

  protected view(ctx: RoundContext): RoundView {
    return { tracker: this.s, round: ctx.round, seats: this.seats, everyone: this.allSeats, vpGoal: this.vpGoal };
  }

  /** Her victory points as they count: the recorded ones, less 2 while she does not hold her whole home system. */
  protected vpOf(seat: string, ctx: RoundContext): number {
    return countedVp({ id: seat, race: this.allSeats.find((s) => s.id === seat)?.race ?? '' }, ctx.players, ctx.planets);
  }

  protected notice(seat: string | null, text: string, refusedEvent = false, round = this.last.round): void {
    this.s.notices.push({ index: this.index, round, seat, text, refused: refusedEvent });
  }

  protected refuse(seat: string | null, what: string, check: RuleCheck): void {
    if (!check.ok) this.notice(seat, `${what} did not count: ${check.reason}`, true);
  }

  /** The 5-player card drawn at random on the last pick; another card if the event's is not unpicked. */
  protected drawn(drawn: number | null, ctx: RoundContext): number | null {
    if (!drawsUnpickedCard(this.seats.length)) return null;
    const unpicked = this.s.cards.filter((c) => c.holder === null).map((c) => c.initiative);
    if (drawn !== null && unpicked.includes(drawn)) return drawn;
    const fallback = unpicked[0] ?? null;
    if (fallback !== null) ctx.problem(`The last pick drew no unpicked card for 5 players; ${strategyCardName(fallback)} was taken instead.`);
    return fallback;
  }

  protected endPicking(drawn: number | null, ctx: RoundContext): void {
    const bonuses = bonusAfterPicking(this.s.cards, drawn);
    this.s.cards.forEach((c, i) => {
      const bonus = bonuses[i] ?? c.bonus;
      if (bonus > c.bonus && c.initiative === BUREAUCRACY) {
        this.notice(null, 'A bonus counter went on Bureaucracy: reveal an objective of the current stage (its special ability).', false, ctx.round.round);
      }
      c.bonus = bonus;
      if (c.initiative === drawn) c.nobody = true;
    });
    if (drawn !== null) {
      this.notice(null, `${strategyCardName(drawn)} was drawn among the unpicked cards: it is played by no player at initiative ${drawn} (5 players).`, false, ctx.round.round);
    }
    this.s.pickingOver = true;
  }

  protected startAction(): void {
    const t = this.s;
    const holdings = this.seats.map((s) => ({ seat: s.id, cards: cardsOf(t, s.id).map((c) => c.initiative) }));
    t.order = actionOrder(holdings, t.cards.filter((c) => c.nobody).map((c) => c.initiative));
    t.passed = [];
    t.skipped = [];
    t.acting = null;
    t.playing = null;
    t.active = nextActor(t.order, null, new Set());
    t.turnStart = t.active ? this.eventTime : null;
  }

  protected stopClock(): void {
    const t = this.s;
    if (t.active && !isNobodyActor(t.active) && t.turnStart !== null) t.time[t.active] = (t.time[t.active] ?? 0) + Math.max(0, this.eventTime - t.turnStart);
    t.active = null;
    t.acting = null;
    t.playing = null;
    t.turnStart = null;
  }

  protected nextTurn(ctx: RoundContext): void {
    const t = this.s;
    const current = t.active;
    this.stopClock();
    const out = new Set([...t.passed, ...t.cards.filter((c) => c.nobody && c.played).map((c) => nobodyActor(c.initiative))]);
    const next = nextActor(t.order, current, out);
    if (next === null) {
      ctx.round = { round: ctx.round.round, phase: 'status', step: 1 };
      return;
    }
    t.active = next;
    t.turnStart = this.eventTime;
  }

  protected maybeNextStep(ctx: RoundContext): void {
    if (this.seats.every((s) => this.s.done.includes(s.id))) ctx.round = stepAfter(ctx.round);
  }

  /** Runs what entering each new round state does, until the state settles (step 2 moves on by itself). */
  protected settle(ctx: RoundContext): void {
    for (let guard = 0; guard < 32 && !sameRound(this.last, ctx.round); guard++) {
      const [prev, next] = [this.last, { ...ctx.round }];
      this.last = next;
      this.enter(prev, next, ctx);
    }
    this.s.picker = currentPicker(this.view(ctx));
  }

  protected enter(prev: RoundState, next: RoundState, ctx: RoundContext): void {
    const newRound = next.round !== prev.round;
    if (prev.phase === 'action' && (next.phase !== 'action' || newRound)) this.stopClock();
    if (newRound) {
      this.closeRound(prev.round, ctx);
      this.startRound(next.round);
    }
    if (next.phase === 'action' && (prev.phase !== 'action' || newRound)) {
      if (!this.s.pickingOver) this.endPicking(null, ctx);
      this.startAction();
    }
    if (next.phase === 'status' && (prev.phase !== 'status' || prev.step !== next.step || newRound)) {
      this.s.done = [];
      if (next.step === FEEDBACK_STEP) {
        // 001 "2) Progression Feedback": automatic, once per round; the table goes on to step 3.
        if (this.feedbackRound !== next.round) {
          this.feedbackRound = next.round;
          this.feedback(ctx);
        }
        ctx.round = { ...next, step: FEEDBACK_STEP + 1 };
      }
    }
  }

  protected closeRound(round: number, ctx: RoundContext): void {
    // 001 "Surrender": at the end of the round, −2 VP (not on top of the home system penalty), then elimination.
    for (const seat of this.s.surrendering.splice(0)) {
      const p = ctx.player(seat);
      if (p && this.vpOf(seat, ctx) === p.counters.vp) ctx.derive([{ k: 'counter', seat, counter: 'vp', delta: Math.max(0, p.counters.vp - 2) - p.counters.vp }]);
      // 001 "Surrender" 7: her trade agreements stay open until her capital planet is lost.
      this.eliminate(seat, ctx, true);
    }
    const record = roundRecord(round, this.seats, this.s, ctx.players, ctx.planets);
    this.s.history = [...this.s.history.filter((h) => h.round !== round), record].sort((a, b) => a.round - b.round);
    ctx.council?.returnAgendas?.(round, ctx, this.s.out);
  }

  protected startRound(round: number): void {
    const t = this.s;
    // 001 "9) … return agendas and Strategy Cards": the cards go back, their bonus counters stay. With a
    // player fewer (001 "Elimination" 6) the cards in play follow the new count (Prospect with 4, 7 or 8).
    if (t.out.length) {
      const bonus = new Map(t.cards.map((c) => [c.initiative, c.bonus]));
      t.cards = cardsInPlay(this.seats.length).map((c) => ({ initiative: c.initiative, bonus: bonus.get(c.initiative) ?? 0, holder: null, played: false, nobody: false }));
    }
    for (const c of t.cards) Object.assign(c, { holder: null, played: false, nobody: false });
    Object.assign(t, { picksMade: 0, pickingOver: false, order: [], active: null, acting: null, playing: null, passed: [], skipped: [], turnStart: null, secondaries: [], resolved: [], done: [], received: [], feedback: null });
    for (let r = t.roundStarts.length; r < round; r++) t.roundStarts[r] = this.index;
    t.roundStarts[round - 1] = this.index;
  }

  /**
   * 001 "Elimination": her cards, trade goods and command counters discarded (secret objectives stay hers),
   * agreements with her broken (the trade fold settles them), the speaker token to the next in rotation, her
   * strategy cards returned, and she is ignored from now on (turns, picks, status steps, player count).
   */
  protected eliminate(seat: string, ctx: RoundContext, keepAgreements = false): void {
    const t = this.s;
    if (t.out.includes(seat)) return;
    // The agreements break first: what they give her is discarded with the rest of her goods (step 1), or
    // she would leave the game holding half of each pile.
    if (!keepAgreements) ctx.trade?.eliminate?.(seat, { index: this.index, round: ctx.round, player: (s) => ctx.player(s), problem: (m) => ctx.problem(m), derive: (bodies) => ctx.derive(bodies) });
    const p = ctx.player(seat);
    if (p) ctx.derive(DISCARDED.filter((c) => p.counters[c] !== 0).map((counter) => ({ k: 'counter', seat, counter, delta: -p.counters[counter] })));
    const rotation = this.allSeats.map((s) => s.id);
    if (t.speaker === seat) {
      const order = rotationOrder(rotation, seat, t.direction);
      t.speaker = order.find((id) => id !== seat && !t.out.includes(id)) ?? t.speaker;
    }
    for (const c of t.cards) if (c.holder === seat) Object.assign(c, { holder: null, played: false });
    const wasActive = t.active === seat;
    t.out.push(seat);
    t.order = t.order.filter((id) => id !== seat);
    t.passed = t.passed.filter((id) => id !== seat);
    if (wasActive) this.nextTurn(ctx);
    this.notice(seat, `${seatName(this.view(ctx), seat)} is out of the game: cards, trade goods and command counters discarded, strategy cards returned${t.speaker !== seat ? `, ${seatName(this.view(ctx), t.speaker)} is the speaker` : ''}.`);
  }

  protected feedback(ctx: RoundContext): void {
    const vps = Object.fromEntries(this.seats.map((s) => [s.id, this.vpOf(s.id, ctx)]));
    const gain = progressionFeedback(vps);
    this.s.feedback = gain ?? { seat: null, tradeGoods: 0 };
    if (!gain) return;
    if (ctx.player(gain.seat)) ctx.derive([{ k: 'counter', seat: gain.seat, counter: 'tradeGoods', delta: gain.tradeGoods }]);
    this.notice(gain.seat, `${seatName(this.view(ctx), gain.seat)} gained ${gain.tradeGoods} trade good${gain.tradeGoods === 1 ? '' : 's'}: progression feedback for a lead of ${gain.tradeGoods} VP.`);
  }
}
