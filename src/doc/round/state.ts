/**
 * The round's names and the checks that say what may happen next, read from the tracker (tracker.ts)
 * that the round fold (fold.ts) produces. The commands run these checks before they write an event, and
 * the fold runs them again at the event's place in the converged log, so every phone agrees on what
 * counted. The objectives' checks are theirs (objectives/state.ts); Prospect's keep, checked here, is a
 * choice made while resolving the card.
 *
 * Seed 001 "Round", "Strategy Phase", "Action Phase", "Status Phase", "Winning the game".
 */
import { RACES_BY_ID, STRATEGY_CARDS } from '../../data';
import { rotationOrder } from '../../rules/order';
import { ALLOWED, refused } from '../../rules/result';
import type { RuleCheck } from '../../rules/result';
import { STATUS_STEPS } from '../../rules/round';
import type { RoundState } from '../../rules/round';
import { canUseTradeOptionB } from '../../rules/trade';
import { homeSystemPenalty, statusIncome } from '../../rules/status';
import { canPass, canSkipTurn, checkBonusSplit, isNobodyActor, nobodyActor, pickerAt, primaryOptionFor } from '../../rules/strategy';
import type { BonusSplit } from '../../rules/strategy';
import { BUREAUCRACY, checkPlacement, LEADERSHIP, PROSPECT } from '../../rules/strategyCards';
import type { PlanetCard, PlayerState, SeatInfo } from '../core/types';
import { phaseNow, seatName } from '../core/words';
import type { ActionKind, LeaveKind } from './events';
import type { CardState, RoundRecord, RoundTracker, RoundView } from './tracker';
import { OBJECTIVES_BY_ID } from '../objectives/views';

export const FEEDBACK_STEP = 2;
const INCOME_STEP = 6;
const LAST_STEP = STATUS_STEPS.length;

// ——— names ———

export const strategyCardName = (n: number): string => STRATEGY_CARDS.find((c) => c.initiative === n)?.name ?? `card ${n}`;
/** A seat's name, or "Trade (no player)" for a card played by no player. */
export function actorName(v: Pick<RoundView, 'everyone'>, actor: string | null | undefined): string {
  if (actor && isNobodyActor(actor)) return `${strategyCardName(Number(actor.slice(1)))} (no player)`;
  return seatName(v, actor);
}

// ——— checks shared by the commands and the fold ———

/** Whose pick it is now: the rotation order from the speaker, once per card each player takes. */
export function currentPicker(v: RoundView): string | null {
  const { tracker: t, round } = v;
  if (round.phase !== 'strategy' || t.pickingOver || v.seats.length === 0) return null;
  const ids = v.seats.map((s) => s.id);
  const speaker = ids.includes(t.speaker) ? t.speaker : (ids[0] as string);
  return pickerAt(rotationOrder(ids, speaker, t.direction), t.picksMade);
}

export const cardsOf = (t: Pick<RoundTracker, 'cards'>, seat: string): CardState[] => t.cards.filter((c) => c.holder === seat);

export function checkPick(v: RoundView, seat: string, card: number, split: BonusSplit): RuleCheck {
  const { tracker: t, round } = v;
  if (round.phase !== 'strategy') return refused(`Strategy cards are picked in the strategy phase; it is now the ${phaseNow(round)}.`);
  if (t.pickingOver) return refused('Picking is over for this round.');
  const picker = currentPicker(v);
  if (picker !== seat) return refused(`It is ${seatName(v, picker)}'s pick, not ${seatName(v, seat)}'s.`);
  const c = t.cards.find((x) => x.initiative === card);
  if (!c) return refused(`${strategyCardName(card)} is not in play with ${v.seats.length} players.`);
  if (c.holder) return refused(`${seatName(v, c.holder)} has already picked ${strategyCardName(card)}.`);
  return checkBonusSplit(c.bonus, split);
}

export function checkAct(v: RoundView, seat: string, what: ActionKind, card: number | null): RuleCheck {
  const { tracker: t, round } = v;
  if (round.phase !== 'action') return refused(`Actions are taken in the action phase; it is now the ${phaseNow(round)}.`);
  if (t.active !== seat) return refused(t.active ? `It is ${actorName(v, t.active)}'s turn.` : 'Nobody is to act now.');
  if (what === 'end') return t.acting ? ALLOWED : refused('Take an action first: a strategic or a tactical action, or pass.');
  if (t.acting) return refused(`Finish your ${t.acting} action first: end your turn.`);
  if (what === 'skip') return canSkipTurn(v.seats.find((s) => s.id === seat)?.race, t.skipped.includes(seat));
  if (what === 'pass') {
    const held = cardsOf(t, seat);
    return canPass(held.map((c) => c.initiative), held.filter((c) => c.played).map((c) => c.initiative));
  }
  if (what === 'strategic') {
    const c = t.cards.find((x) => x.initiative === card);
    if (!c || c.holder !== seat) return refused(`You do not hold ${card === null ? 'that card' : strategyCardName(card)}.`);
    if (c.played) return refused(`${strategyCardName(c.initiative)} has already been played this round.`);
  }
  return ALLOWED;
}

/**
 * 001 "Surrender": declared "when passing during the Action Phase" (she has passed, or passes in the same
 * change), applied at the round's end. "Elimination": declared by the table "at the end of an action or
 * during the Status Phase", when she controls no planet or unit (the board says; the app trusts the table).
 */
export function checkLeave(v: RoundView, seat: string, how: LeaveKind): RuleCheck {
  const { tracker: t, round } = v;
  if (!v.seats.some((s) => s.id === seat)) return refused(`${seatName(v, seat)} is already out of the game.`);
  if (how === 'surrender') {
    if (round.phase !== 'action' || !t.passed.includes(seat)) return refused('A player surrenders when passing in the action phase (001 "Surrender").');
    if (t.surrendering.includes(seat)) return refused(`${seatName(v, seat)} has already surrendered.`);
    return ALLOWED;
  }
  if (round.phase === 'strategy') return refused('A player is eliminated at the end of an action or during the status phase (001 "Elimination").');
  if (round.phase === 'action' && t.active === seat && t.acting) return refused(`${seatName(v, seat)}'s action is under way: eliminate at its end.`);
  return ALLOWED;
}

export function checkNobody(v: RoundView, card: number): RuleCheck {
  const { tracker: t, round } = v;
  if (round.phase !== 'action') return refused(`Actions are taken in the action phase; it is now the ${phaseNow(round)}.`);
  if (t.active !== nobodyActor(card)) return refused(`It is not ${strategyCardName(card)}'s turn: it is ${actorName(v, t.active)}'s.`);
  return ALLOWED;
}

/** A secondary ability may be answered until the round ends (001 "Passing": also after passing). */
export function checkSecondary(v: RoundView, seat: string, card: number, round: number): RuleCheck {
  const { tracker: t } = v;
  if (round !== v.round.round) return refused(`That secondary ability was offered in round ${round}; it is now round ${v.round.round}.`);
  const offer = t.secondaries.find((o) => o.card === card);
  if (!offer) return refused(`${strategyCardName(card)} has not been played this round.`);
  if (offer.by === seat) {
    // Leadership's primary ends "may then use secondary": once, in the same strategic action (its rate is one
    // bulk purchase, so a second purchase would buy the next counters at the 1-influence price again).
    if (card !== LEADERSHIP) return refused('The active player may not use the secondary ability of the card being played.');
    if (!t.resolved.includes(LEADERSHIP)) return refused('Resolve Progressive Campaign first; then you may buy more counters.');
    if (seat in offer.answers) return refused('You have already bought counters with Executive Commands for this Leadership: one purchase per use of the card.');
    if (t.active !== seat || t.acting !== 'strategic' || t.secondaries.at(-1) !== offer) return refused("Leadership's holder buys more counters during the strategic action that played it.");
    return ALLOWED;
  }
  if (seat in offer.answers) return refused(`You have already answered ${strategyCardName(card)}'s secondary ability.`);
  return ALLOWED;
}

/** Her card's primary ability, once, after she played it as a strategic action this round. */
export function checkPrimary(v: RoundView, seat: string, card: number, option: string, placed: number): RuleCheck {
  const c = v.tracker.cards.find((x) => x.initiative === card);
  if (!c || c.holder !== seat) return refused(`${seatName(v, seat)} does not hold ${strategyCardName(card)}.`);
  if (!c.played) return refused(`${strategyCardName(card)} is resolved when it is played as a strategic action.`);
  if (v.tracker.resolved.includes(card)) return refused(`${strategyCardName(card)}'s primary ability is already resolved this round.`);
  const o = primaryOptionFor(card, option, v.seats.find((x) => x.id === seat)?.race);
  if (!o) return refused(`${strategyCardName(card)} has no option ${option}.`);
  // 001 "2 players" › Trade: option b may not be used, counting the players still in the game.
  if (o.breaksAgreements) {
    const b = canUseTradeOptionB(v.seats.length);
    if (!b.ok) return b;
  }
  return checkPlacement(o, placed);
}

export function checkDone(v: RoundView, seat: string, step: number): RuleCheck {
  const { tracker: t, round } = v;
  if (round.phase !== 'status' || round.step !== step) return refused(`The table is not at status step ${step}: it is now the ${phaseNow(round)}.`);
  if (t.done.includes(seat)) return refused(`${seatName(v, seat)} is already done with this step.`);
  return ALLOWED;
}

export function checkIncome(v: RoundView, seat: string, areas: { pool: number; fleet: number; strat: number }): RuleCheck {
  const { tracker: t, round } = v;
  if (round.phase !== 'status' || round.step !== INCOME_STEP) return refused(`Cards and counters are received at status step ${INCOME_STEP}; it is now the ${phaseNow(round)}.`);
  if (t.received.includes(seat)) return refused(`${seatName(v, seat)} has already received them this round.`);
  const n = statusIncome(v.seats.length, v.seats.find((s) => s.id === seat)?.race).counters;
  const total = areas.pool + areas.fleet + areas.strat;
  if (total !== n) return refused(`Place ${n} command counter${n === 1 ? '' : 's'} (you placed ${total}).`);
  return ALLOWED;
}

/**
 * While she resolves a card she played this round (its primary not yet applied): the choices that come with
 * the primary are written just before it, in the same change.
 */
function resolving(v: RoundView, seat: string, card: number): RuleCheck {
  const c = v.tracker.cards.find((x) => x.initiative === card);
  if (!c || c.holder !== seat || !c.played) return refused(`${seatName(v, seat)} has not played ${strategyCardName(card)} this round.`);
  if (v.tracker.resolved.includes(card)) return refused(`${strategyCardName(card)} is already resolved this round.`);
  return ALLOWED;
}

/** Prospect a: "keep 1 [Stage I objective] face-up by your race sheet (only you may claim it)" (strategy_cards_sa.json). */
export function checkKeep(v: RoundView, seat: string, objective: string): RuleCheck {
  const o = OBJECTIVES_BY_ID.get(objective);
  if (!o || o.stage !== 'stage1') return refused('Prospect keeps a Stage I objective.');
  if (v.tracker.revealed.includes(objective)) return refused(`${o.name} is already face up for everyone.`);
  const kept = v.tracker.kept.find((k) => k.objective === objective);
  if (kept) return refused(`${o.name} already lies by ${seatName(v, kept.seat)}'s race sheet.`);
  return resolving(v, seat, PROSPECT);
}

/**
 * Who may turn the rotation cycler: the speaker (001 "Orienting the Rotation Cycler"), or the Bureaucracy
 * holder while she resolves it ("may flip Rotation Cycler for 1 influence"; the payment rides in the same change).
 */
export function checkCycler(v: RoundView, seat: string): RuleCheck {
  if (v.tracker.speaker === seat) return ALLOWED;
  return resolving(v, seat, BUREAUCRACY).ok ? ALLOWED : refused('only the speaker turns it (or the Bureaucracy holder while resolving it).');
}

/** Seats not done with the current status step, in rotation order from the speaker. */
export function waitingFor(v: RoundView): string[] {
  const ids = v.seats.map((s) => s.id);
  if (!ids.length) return [];
  const speaker = ids.includes(v.tracker.speaker) ? v.tracker.speaker : (ids[0] as string);
  return rotationOrder(ids, speaker, v.tracker.direction).filter((id) => !v.tracker.done.includes(id));
}

/** Her victory points as they count: the recorded ones, less 2 while she does not hold her whole home system. */
export function countedVp(seat: Pick<SeatInfo, 'id' | 'race'>, players: Readonly<Record<string, PlayerState>>, planets: Readonly<Record<string, PlanetCard>>): number {
  const penalty = homeSystemPenalty(RACES_BY_ID.get(seat.race)?.homePlanets ?? [], (planet) => planets[planet]?.owner === seat.id);
  return (players[seat.id]?.counters.vp ?? 0) - penalty;
}

/** What the table holds at the end of `round` (or now): each seat's cards, VP as they count, trade goods and planets. */
export function roundRecord(
  round: number,
  seats: readonly Pick<SeatInfo, 'id' | 'race'>[],
  t: Pick<RoundTracker, 'cards'>,
  players: Readonly<Record<string, PlayerState>>,
  planets: Readonly<Record<string, PlanetCard>>,
): RoundRecord {
  const each = (f: (seat: Pick<SeatInfo, 'id' | 'race'>) => number) => Object.fromEntries(seats.map((x) => [x.id, f(x)]));
  const owned = Object.values(planets);
  return {
    round,
    cards: Object.fromEntries(seats.map((x) => [x.id, cardsOf(t, x.id).map((c) => c.initiative)])),
    vp: each((x) => countedVp(x, players, planets)),
    tradeGoods: each((x) => players[x.id]?.counters.tradeGoods ?? 0),
    planets: each((x) => owned.filter((p) => p.owner === x.id).length),
  };
}

/** The round a log position belongs to. */
export function roundAt(t: Pick<RoundTracker, 'roundStarts'>, index: number): number {
  let r = 1;
  t.roundStarts.forEach((start, i) => {
    if (start <= index) r = i + 1;
  });
  return r;
}

/** The state after `r` when the table moves on: strategy → action → status 1…9 → next round. */
export function stepAfter(r: RoundState): RoundState {
  if (r.phase === 'strategy') return { round: r.round, phase: 'action', step: null };
  if (r.phase === 'action') return { round: r.round, phase: 'status', step: 1 };
  if ((r.step ?? 0) < LAST_STEP) return { round: r.round, phase: 'status', step: (r.step ?? 0) + 1 };
  return { round: r.round + 1, phase: 'strategy', step: null };
}
