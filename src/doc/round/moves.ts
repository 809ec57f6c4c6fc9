/**
 * The round's moves (core/moves.ts): the speaker and rotation cycler, picking strategy cards, actions in
 * initiative order, the status phase checklist, correcting the round outright (`setRound`), and a card or race
 * ability played, which its part of the log shares with the action cards (`play`); the strategy cards'
 * abilities are beside them (cardMoves.ts, re-exported here). Each checks with the same checks the fold applies
 * (state.ts) and returns one `round` event (plus a payment where one is due) or a refusal with the reason.
 * `game.move(pick, …)` makes one (`makeMove` throws its refusal); the objectives' ops, `round` events too, are
 * the objectives' moves (objectives/moves.ts). The first frame's screens make `advance`, `setRound` and
 * `reversePlanet` through commands of those names, which game.ts makes from them (`game.advance(from)`).
 */
import type { RotationDirection } from '../../rules/order';
import type { RuleCheck } from '../../rules/result';
import { checkRoundState, describeRound } from '../../rules/round';
import type { RoundState } from '../../rules/round';
import { tradeGoodsFromResources } from '../../rules/status';
import { drawsUnpickedCard, picksPerPlayer } from '../../rules/strategy';
import type { BonusSplit } from '../../rules/strategy';
import type { ActivatedSystems } from '../../rules/variants';
import { playWith } from '../actionCards/moves';
import type { PlayView } from '../actionCards';
import { requireSeat } from '../core/context';
import { fail } from '../core/errors';
import type { Move } from '../core/moves';
import { playersIn } from '../core/players';
import type { EventBody, GameSnapshot } from '../core/types';
import { checkPayment, planetCard } from '../planets/moves';
import type { PaymentChoice } from '../planets/moves';
import { reversalCheck } from '../planets/views';
import type { CounterAreas } from '../sheet/moves';
import { placedCounters } from './cardMoves';
import type { ActionKind, RoundOp } from './events';
import { checkAct, checkDone, checkIncome, checkLeave, checkNobody, checkPick } from './state';
import { checkSimultaneousAct } from './variants';
import { PRODUCE_STEP, roundView, UPKEEP, upkeepDue } from './views';

export { advancedResearch, advancedResearchCounters, annex, executiveCommands, primary, realizeProfits, secondary, tradeSpecial } from './cardMoves';
export type { PrimaryExtras } from './cardMoves';

function must(check: RuleCheck): void {
  if (!check.ok) fail('not-allowed', check.reason);
}

const roundEvent = (op: RoundOp): EventBody => ({ k: 'round', ...op });

/** What a play's check reads of the round (actionCards/fold.ts): the seats, and whether she may take her turn's action now. */
function playView(s: GameSnapshot): PlayView {
  const v = roundView(s);
  return { seats: v.seats, everyone: v.everyone, mayAct: (seat) => checkAct(v, seat, 'tactical', null) };
}

/** An action card or a race ability played (actionCards/moves.ts `playWith`). */
export const play = playWith(playView);

/** The speaker token goes to `seat` (setup bidding, the Assembly card). */
export const setSpeaker: Move<[seat: string]> = (s, _by, seat) => {
  requireSeat(s, seat);
  return s.tracker.speaker === seat ? [] : [roundEvent({ op: 'speaker', seat })];
};

/** The speaker orients the rotation cycler (001 "Orienting the Rotation Cycler"). */
export const setDirection: Move<[by: string, direction: RotationDirection]> = (s, _by, by, direction) => {
  requireSeat(s, by);
  if (direction !== 'clockwise' && direction !== 'counterclockwise') fail('invalid-input', 'The rotation cycler turns clockwise or counterclockwise.');
  if (s.tracker.speaker !== by) fail('not-allowed', 'Only the speaker turns the rotation cycler.');
  return s.tracker.direction === direction ? [] : [roundEvent({ op: 'cycler', seat: by, direction })];
};

/**
 * One of `n` (0 to n - 1), drawn with the move's fresh letters (`by.nonce`, base 36): a move draws nothing
 * itself, so the runner's random letters are its draw.
 */
const drawIndex = (nonce: string, n: number): number => (Number.parseInt(nonce, 36) || 0) % n;

/**
 * She picks a strategy card and converts its bonus counters as she chooses. On the last pick of a
 * 5-player round this phone draws the unpicked card played by no player, at random (`by.nonce`).
 */
export const pick: Move<[seat: string, card: number, split?: BonusSplit]> = (s, by, seat, card, split = { tradeGoods: 0, pool: 0, fleet: 0, strat: 0 }) => {
  requireSeat(s, seat);
  must(checkPick(roundView(s), seat, card, split));
  const t = s.tracker;
  const players = playersIn(s);
  const last = t.picksMade + 1 === players * picksPerPlayer(players);
  let draw: number | null = null;
  if (last && drawsUnpickedCard(players)) {
    const left = t.cards.filter((c) => c.holder === null && c.initiative !== card).map((c) => c.initiative);
    draw = left[drawIndex(by.nonce, left.length)] ?? null;
  }
  return [roundEvent({ op: 'pick', round: s.round.round, seat, card, tg: split.tradeGoods, pool: split.pool, fleet: split.fleet, strat: split.strat, drawn: draw })];
};

/** An action of hers in initiative order, as the fold checks it. */
function act(s: GameSnapshot, seat: string, what: ActionKind, card: number | null): EventBody[] {
  requireSeat(s, seat);
  must(checkAct(roundView(s), seat, what, card));
  return [roundEvent({ op: 'act', round: s.round.round, seat, what, card })];
}

/** A strategic action: she plays one of her cards; the others are offered its secondary ability. */
export const strategic: Move<[seat: string, card: number]> = (s, _by, seat, card) => act(s, seat, 'strategic', card);

/** A tactical action: one counter from her command pool (001 "Command Pool"). */
export const tactical: Move<[seat: string]> = (s, _by, seat) => {
  if ((s.players[seat]?.counters.commandPool ?? 0) < 1) fail('not-enough', 'Your command pool is empty: you may not take a tactical action.');
  return act(s, seat, 'tactical', null);
};

/**
 * The Yin's ability, as her turn's action (003 Appendix 2, Yin): her unexhausted planet's resources and influence
 * are reversed until the end of the round, once a round; then End turn, as after any action.
 */
export const reversePlanet: Move<[seat: string, planet: string]> = (s, _by, seat, planet) => {
  requireSeat(s, seat);
  must(reversalCheck(s, seat, planetCard(s, planet)));
  must(checkAct(roundView(s), seat, 'tactical', null));
  return [{ k: 'reverse', seat, planet, round: s.round.round }];
};

/**
 * 001 "Surrender": she passes (if she has not yet) and surrenders in one change; at the end of the round
 * she loses 2 VP and leaves the game (elimination, her trade agreements kept open).
 */
export const surrender: Move<[seat: string]> = (s, _by, seat) => {
  requireSeat(s, seat);
  const round = s.round.round;
  const passing: EventBody[] = s.tracker.passed.includes(seat) ? [] : [{ k: 'round', op: 'act', round, seat, what: 'pass', card: null }];
  if (passing.length) must(checkAct(roundView(s), seat, 'pass', null));
  else must(checkLeave(roundView(s), seat, 'surrender'));
  return [...passing, { k: 'round', op: 'leave', round, seat, how: 'surrender' }];
};

/** 001 "Elimination": the table declares that she controls no planet or unit; she is out at once. */
export const eliminate: Move<[seat: string]> = (s, _by, seat) => {
  requireSeat(s, seat);
  must(checkLeave(roundView(s), seat, 'eliminated'));
  return [roundEvent({ op: 'leave', round: s.round.round, seat, how: 'eliminated' })];
};

/**
 * A Simultaneous Tactical Action (that game option): the systems she activates, by kind; 1 command counter
 * each, 2 for a system without friendly ships or a space dock, all from her command pool (001
 * "Simultaneous Tactical Action System").
 */
export const simultaneousTactical: Move<[seat: string, systems: ActivatedSystems]> = (s, _by, seat, systems) => {
  requireSeat(s, seat);
  must(checkAct(roundView(s), seat, 'tactical', null));
  must(checkSimultaneousAct(s.meta.options, systems, s.players[seat]?.counters.commandPool ?? 0));
  return [roundEvent({ op: 'act', round: s.round.round, seat, what: 'tactical', card: null, systems: { friendly: systems.friendly, other: systems.other } })];
};

export const pass: Move<[seat: string]> = (s, _by, seat) => act(s, seat, 'pass', null);

/**
 * She lets her turn go by without an action and without passing, where her race may (the Yssaril, 003
 * Appendix 2), never two turns in a row: the next player in initiative order is up, and she acts again later.
 */
export const skipTurn: Move<[seat: string]> = (s, _by, seat) => act(s, seat, 'skip', null);

/** Ends her strategic or tactical action: the next player in initiative order is up. */
export const endTurn: Move<[seat: string]> = (s, _by, seat) => act(s, seat, 'end', null);

/** 5 players: the drawn card's turn: executed by no player, its secondary ability open to everyone. */
export const playForNobody: Move<[card: number]> = (s, _by, card) => {
  must(checkNobody(roundView(s), card));
  return [roundEvent({ op: 'nobody', round: s.round.round, card })];
};

/** She is done with the current status step; when every seat is, the table moves on. */
export const done: Move<[seat: string]> = (s, _by, seat) => {
  requireSeat(s, seat);
  if (s.round.phase !== 'status' || s.round.step === null) fail('not-allowed', `There is no status step to finish: it is ${describeRound(s.round)}.`);
  must(checkDone(roundView(s), seat, s.round.step));
  return [roundEvent({ op: 'done', round: s.round.round, step: s.round.step, seat })];
};

/**
 * Moves the table on from `from` (what this phone showed when tapped): strategy → action → status
 * steps → next round. A tap that arrives after another phone already moved on does nothing.
 */
export const advance: Move<[from: RoundState]> = (s, _by, from) => {
  const now = s.round;
  if (now.round !== from.round || now.phase !== from.phase || now.step !== from.step) {
    fail('not-allowed', `The table has already moved on: it is now ${describeRound(now)}.`);
  }
  return [roundEvent({ op: 'advance', round: now.round, phase: now.phase, step: now.step })];
};

/** Status step 6: 1 action card, 1 political card and the command counters placed where she chooses. */
export const receive: Move<[seat: string, areas: CounterAreas]> = (s, _by, seat, areas) => {
  requireSeat(s, seat);
  placedCounters(areas);
  must(checkIncome(roundView(s), seat, areas));
  return [roundEvent({ op: 'income', round: s.round.round, seat, ...areas })];
};

/** Pays this round's fleet supply upkeep, once (001 "Fleet Supply Upkeep"). */
export const payUpkeep: Move<[seat: string, choice: PaymentChoice]> = (s, _by, seat, choice) => {
  requireSeat(s, seat);
  const due = upkeepDue(s, seat);
  if (due === 0) fail('invalid-input', 'No fleet supply upkeep is due: 8 counters or fewer, or it is already paid this round.');
  return [checkPayment(s, { seat, kind: 'resources', amount: due, choice, what: UPKEEP })];
};

/** Status step 3: spends resources (planets only) for one trade good per two (001 "Produce Trade Goods (2:1)"). */
export const produceTradeGoods: Move<[seat: string, resources: number, choice: PaymentChoice]> = (s, _by, seat, resources, choice) => {
  requireSeat(s, seat);
  if (s.round.phase !== 'status' || s.round.step !== PRODUCE_STEP) {
    fail('not-allowed', `Trade goods are produced 2:1 at status step ${PRODUCE_STEP}; it is now ${describeRound(s.round)}.`);
  }
  if (!Number.isSafeInteger(resources) || resources < 2) fail('invalid-input', 'Spend at least 2 resources for a trade good.');
  if (choice.tradeGoods > 0) fail('invalid-input', 'Trade goods cannot be spent to produce trade goods: exhaust planets.');
  const goods = tradeGoodsFromResources(resources);
  const pay = checkPayment(s, { seat, kind: 'resources', amount: goods * 2, choice, what: `${goods} trade good${goods === 1 ? '' : 's'} (2:1)` });
  return [pay, { k: 'counter', seat, counter: 'tradeGoods', delta: goods }];
};

/** Corrects the round, phase and status step outright (the "Set…" dialog). */
export const setRound: Move<[next: RoundState]> = (s, _by, next) => {
  const r = { round: next.round, phase: next.phase, step: next.phase === 'status' ? next.step : null };
  const check = checkRoundState(r);
  if (!check.ok) fail('invalid-input', check.reason);
  const now = s.round;
  return now.round === r.round && now.phase === r.phase && now.step === r.step ? [] : [{ k: 'phase', ...r }];
};
