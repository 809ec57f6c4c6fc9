/**
 * Round commands, reached as `game.round`: the speaker and rotation cycler, picking strategy cards, actions
 * in initiative order, the status phase checklist; the strategy cards' abilities are beside them
 * (cardAbilities.ts). The objectives' commands (objectives/commands.ts) and the action cards'
 * (actionCards/commands.ts) are mixed into the same object, since their ops are `round` events too. Each
 * one validates with the same checks the fold applies (state.ts), then appends one `round` event (plus a
 * payment where one is due); on bad input it throws a GameError with the reason and writes nothing.
 * `game.setRound` corrects the round, phase and step outright.
 */
import type { RotationDirection } from '../../rules/order';
import type { RuleCheck } from '../../rules/result';
import { checkRoundState, describeRound } from '../../rules/round';
import type { RoundState } from '../../rules/round';
import { tradeGoodsFromResources } from '../../rules/status';
import { drawsUnpickedCard, picksPerPlayer } from '../../rules/strategy';
import type { BonusSplit } from '../../rules/strategy';
import { fail } from '../core/errors';
import { playersIn } from '../core/players';
import type { CommandContext, Constructor } from '../core/game';
import type { EventBody, GameSnapshot } from '../core/types';
import { checkPayment, planetCard, reversalCheck } from '../planets';
import type { PaymentChoice } from '../planets';
import type { CounterAreas } from '../sheet';
import type { ActionKind, RoundOp } from './events';
import { checkAct, checkDone, checkIncome, checkLeave, checkNobody, checkPick } from './state';
import { checkSimultaneousAct } from './variants';
import type { ActivatedSystems } from '../../rules/variants';
import type { MoveRunner } from '../core/moves';
import { withObjectiveCommands } from '../objectives';
import { withActionCardCommands } from '../actionCards';
import { play } from './moves';
import { placedCounters, withCardAbilities } from './cardAbilities';
import { PRODUCE_STEP, roundView, UPKEEP, upkeepDue } from './views';

function must(check: RuleCheck): void {
  if (!check.ok) fail('not-allowed', check.reason);
}

/** What the commands of the `round` kind share: the game they read and write. */
class RoundWriter {
  constructor(readonly game: CommandContext & MoveRunner) {}
}

/** The round's own commands, over the others of the `round` kind. */
export class RoundCommands extends withCardAbilities(withActionCardCommands(withObjectiveCommands(RoundWriter), play)) {
  private get s(): GameSnapshot {
    return this.game.snapshot();
  }

  private seat(seat: string): void {
    if (!this.s.seats.some((x) => x.id === seat)) fail('unknown-seat', `There is no seat "${seat}" in this game.`);
  }

  private write(op: RoundOp, before: EventBody[] = []): void {
    this.game.append([...before, { k: 'round', ...op }]);
  }

  /** The speaker token goes to `seat` (setup bidding, the Assembly card). */
  setSpeaker(seat: string): void {
    this.seat(seat);
    if (this.s.tracker.speaker === seat) return;
    this.write({ op: 'speaker', seat });
  }

  /** The speaker orients the rotation cycler (001 "Orienting the Rotation Cycler"). */
  setDirection(by: string, direction: RotationDirection): void {
    this.seat(by);
    if (direction !== 'clockwise' && direction !== 'counterclockwise') fail('invalid-input', 'The rotation cycler turns clockwise or counterclockwise.');
    if (this.s.tracker.speaker !== by) fail('not-allowed', 'Only the speaker turns the rotation cycler.');
    if (this.s.tracker.direction === direction) return;
    this.write({ op: 'cycler', seat: by, direction });
  }

  /**
   * She picks a strategy card and converts its bonus counters as she chooses. On the last pick of a
   * 5-player round this phone draws the unpicked card played by no player, at random.
   */
  pick(seat: string, card: number, split: BonusSplit = { tradeGoods: 0, pool: 0, fleet: 0, strat: 0 }): void {
    this.seat(seat);
    const s = this.s;
    must(checkPick(roundView(s), seat, card, split));
    const t = s.tracker;
    const players = playersIn(s);
    const last = t.picksMade + 1 === players * picksPerPlayer(players);
    let drawn: number | null = null;
    if (last && drawsUnpickedCard(players)) {
      const left = t.cards.filter((c) => c.holder === null && c.initiative !== card).map((c) => c.initiative);
      drawn = left[Math.floor(Math.random() * left.length)] ?? null;
    }
    this.write({ op: 'pick', round: s.round.round, seat, card, tg: split.tradeGoods, pool: split.pool, fleet: split.fleet, strat: split.strat, drawn });
  }

  /** A strategic action: she plays one of her cards; the others are offered its secondary ability. */
  strategic(seat: string, card: number): void {
    this.act(seat, 'strategic', card);
  }

  /** A tactical action: one counter from her command pool (001 "Command Pool"). */
  tactical(seat: string): void {
    if ((this.s.players[seat]?.counters.commandPool ?? 0) < 1) fail('not-enough', 'Your command pool is empty: you may not take a tactical action.');
    this.act(seat, 'tactical', null);
  }

  /**
   * The Yin's ability, as her turn's action (003 Appendix 2, Yin): her unexhausted planet's resources and influence
   * are reversed until the end of the round, once a round; then End turn, as after any action.
   */
  reversePlanet(seat: string, planet: string): void {
    this.seat(seat);
    const s = this.s;
    must(reversalCheck(s, seat, planetCard(s, planet)));
    must(checkAct(roundView(s), seat, 'tactical', null));
    this.game.append([{ k: 'reverse', seat, planet, round: s.round.round }]);
  }

  /**
   * 001 "Surrender": she passes (if she has not yet) and surrenders in one change; at the end of the round
   * she loses 2 VP and leaves the game (elimination, her trade agreements kept open).
   */
  surrender(seat: string): void {
    this.seat(seat);
    const s = this.s;
    const round = s.round.round;
    const passing: EventBody[] = s.tracker.passed.includes(seat) ? [] : [{ k: 'round', op: 'act', round, seat, what: 'pass', card: null }];
    if (passing.length) must(checkAct(roundView(s), seat, 'pass', null));
    else must(checkLeave(roundView(s), seat, 'surrender'));
    this.game.append([...passing, { k: 'round', op: 'leave', round, seat, how: 'surrender' }]);
  }

  /** 001 "Elimination": the table declares that she controls no planet or unit; she is out at once. */
  eliminate(seat: string): void {
    this.seat(seat);
    must(checkLeave(roundView(this.s), seat, 'eliminated'));
    this.write({ op: 'leave', round: this.s.round.round, seat, how: 'eliminated' });
  }

  /**
   * A Simultaneous Tactical Action (that game option): the systems she activates, by kind; 1 command counter
   * each, 2 for a system without friendly ships or a space dock, all from her command pool (001
   * "Simultaneous Tactical Action System").
   */
  simultaneousTactical(seat: string, systems: ActivatedSystems): void {
    this.seat(seat);
    const s = this.s;
    must(checkAct(roundView(s), seat, 'tactical', null));
    must(checkSimultaneousAct(s.meta.options, systems, s.players[seat]?.counters.commandPool ?? 0));
    this.write({ op: 'act', round: s.round.round, seat, what: 'tactical', card: null, systems: { friendly: systems.friendly, other: systems.other } });
  }

  pass(seat: string): void {
    this.act(seat, 'pass', null);
  }

  /**
   * She lets her turn go by without an action and without passing, where her race may (the Yssaril, 003
   * Appendix 2), never two turns in a row: the next player in initiative order is up, and she acts again later.
   */
  skipTurn(seat: string): void {
    this.act(seat, 'skip', null);
  }

  /** Ends her strategic or tactical action: the next player in initiative order is up. */
  endTurn(seat: string): void {
    this.act(seat, 'end', null);
  }

  private act(seat: string, what: ActionKind, card: number | null): void {
    this.seat(seat);
    must(checkAct(roundView(this.s), seat, what, card));
    this.write({ op: 'act', round: this.s.round.round, seat, what, card });
  }

  /** 5 players: the drawn card's turn: executed by no player, its secondary ability open to everyone. */
  playForNobody(card: number): void {
    must(checkNobody(roundView(this.s), card));
    this.write({ op: 'nobody', round: this.s.round.round, card });
  }

  /** She is done with the current status step; when every seat is, the table moves on. */
  done(seat: string): void {
    this.seat(seat);
    const s = this.s;
    if (s.round.phase !== 'status' || s.round.step === null) fail('not-allowed', `There is no status step to finish: it is ${describeRound(s.round)}.`);
    must(checkDone(roundView(s), seat, s.round.step));
    this.write({ op: 'done', round: s.round.round, step: s.round.step, seat });
  }

  /**
   * Moves the table on from `from` (what this phone showed when tapped): strategy → action → status
   * steps → next round. A tap that arrives after another phone already moved on does nothing.
   */
  advance(from: RoundState): void {
    const now = this.s.round;
    if (now.round !== from.round || now.phase !== from.phase || now.step !== from.step) {
      fail('not-allowed', `The table has already moved on: it is now ${describeRound(now)}.`);
    }
    this.write({ op: 'advance', round: now.round, phase: now.phase, step: now.step });
  }

  /** Status step 6: 1 action card, 1 political card and the command counters placed where she chooses. */
  receive(seat: string, areas: CounterAreas): void {
    this.seat(seat);
    placedCounters(areas);
    must(checkIncome(roundView(this.s), seat, areas));
    this.write({ op: 'income', round: this.s.round.round, seat, ...areas });
  }

  /** Pays this round's fleet supply upkeep, once (001 "Fleet Supply Upkeep"). */
  payUpkeep(seat: string, choice: PaymentChoice): void {
    this.seat(seat);
    const due = upkeepDue(this.s, seat);
    if (due === 0) fail('invalid-input', 'No fleet supply upkeep is due: 8 counters or fewer, or it is already paid this round.');
    this.game.append([checkPayment(this.s, { seat, kind: 'resources', amount: due, choice, what: UPKEEP })]);
  }

  /** Status step 3: spends resources (planets only) for one trade good per two (001 "Produce Trade Goods (2:1)"). */
  produceTradeGoods(seat: string, resources: number, choice: PaymentChoice): void {
    this.seat(seat);
    const s = this.s;
    if (s.round.phase !== 'status' || s.round.step !== PRODUCE_STEP) {
      fail('not-allowed', `Trade goods are produced 2:1 at status step ${PRODUCE_STEP}; it is now ${describeRound(s.round)}.`);
    }
    if (!Number.isSafeInteger(resources) || resources < 2) fail('invalid-input', 'Spend at least 2 resources for a trade good.');
    if (choice.tradeGoods > 0) fail('invalid-input', 'Trade goods cannot be spent to produce trade goods: exhaust planets.');
    const goods = tradeGoodsFromResources(resources);
    const pay = checkPayment(s, { seat, kind: 'resources', amount: goods * 2, choice, what: `${goods} trade good${goods === 1 ? '' : 's'} (2:1)` });
    this.game.append([pay, { k: 'counter', seat, counter: 'tradeGoods', delta: goods }]);
  }
}

/** Adds `game.round` and `game.setRound` to the game. */
export function withRoundCommands<B extends Constructor<CommandContext & MoveRunner>>(Base: B) {
  return class extends Base {
    readonly round: RoundCommands = new RoundCommands(this);

    /** Corrects the round, phase and status step outright (the "Set…" dialog). */
    setRound(next: RoundState): void {
      const r = { round: next.round, phase: next.phase, step: next.phase === 'status' ? next.step : null };
      const check = checkRoundState(r);
      if (!check.ok) fail('invalid-input', check.reason);
      const now = this.snapshot().round;
      if (now.round === r.round && now.phase === r.phase && now.step === r.step) return;
      this.append([{ k: 'phase', ...r }]);
    }
  };
}
