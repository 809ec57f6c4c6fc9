/**
 * Round commands, reached as `game.round`: the speaker and rotation cycler, picking strategy cards,
 * actions in initiative order, secondary abilities, the status phase checklist; the objectives' commands and
 * the action cards' are mixed in (objectives/commands.ts, actionCards/commands.ts), since their ops are
 * `round` events too. Each one
 * validates with the same checks the fold applies (state.ts), then appends one `round` event (plus a
 * payment where one is due); on bad input it throws a GameError with the reason and writes nothing.
 * `game.setRound` corrects the round, phase and step outright.
 */
import type { RotationDirection } from '../../rules/order';
import type { RuleCheck } from '../../rules/result';
import { checkRoundState, describeRound } from '../../rules/round';
import type { RoundState } from '../../rules/round';
import { tradeGoodsFromResources } from '../../rules/status';
import { drawsUnpickedCard, picksPerPlayer, primaryOptionFor, secondaryCostFor } from '../../rules/strategy';
import { raceEffects } from '../../rules/raceAbilities';
import type { BonusSplit } from '../../rules/strategy';
import { ADVANCED_RESEARCH_PRICE, ANNEXATION_INFLUENCE, DIPLOMACY, executiveCommandsCost, LEADERSHIP, TECHNOLOGY, TRADE } from '../../rules/strategyCards';
import type { OptionAsks } from '../../rules/strategyCards';
import { fail } from '../core/errors';
import { playersIn } from '../core/players';
import type { CommandContext, Constructor } from '../core/game';
import type { EventBody, GameSnapshot } from '../core/types';
import { plural, raceOf } from '../core/words';
import { acquired, checkPayment, planetCard, reversalCheck } from '../planets';
import type { PaymentChoice } from '../planets';
import { researchEvents, researchInBulk } from '../sheet';
import type { CounterAreas } from '../sheet';
import { goodsToCollect } from '../trade';
import type { ActionKind, PrimaryChoice, RoundOp } from './events';
import { checkAct, checkDone, checkIncome, checkKeep, checkLeave, checkNobody, checkPick, checkPrimary, checkSecondary } from './state';
import { checkSimultaneousAct } from './variants';
import type { ActivatedSystems } from '../../rules/variants';
import { OBJECTIVES_BY_ID, checkReveal, withObjectiveCommands } from '../objectives';
import { withActionCardCommands } from '../actionCards';
import type { PlayView } from '../actionCards';
import { PRODUCE_STEP, roundView, specialNow, UPKEEP, upkeepDue } from './views';

/**
 * What a primary option asks her to choose (rules/strategyCards.ts `OptionAsks`): the player given the Speaker
 * token, the technologies gained, the objective placed face up or kept, the cycler flipped, and how she pays.
 */
export interface PrimaryExtras {
  speaker?: string;
  techs?: string[];
  objective?: string;
  flip?: boolean;
  choice?: PaymentChoice;
}

/** Counters she places: whole numbers, none negative (what the rules then check is their total). */
function placedCounters(areas: CounterAreas): void {
  for (const v of [areas.pool, areas.fleet, areas.strat]) if (!Number.isSafeInteger(v) || v < 0) fail('invalid-input', 'Place whole numbers of counters, none negative.');
}

function must(check: RuleCheck): void {
  if (!check.ok) fail('not-allowed', check.reason);
}

/** What the commands of the `round` kind share: the game they read and write. */
class RoundWriter {
  constructor(readonly game: CommandContext) {}
}

/** What a play's check reads of the round (actionCards/fold.ts): the seats, and whether she may take her turn's action now. */
function playView(s: GameSnapshot): PlayView {
  const v = roundView(s);
  return { seats: v.seats, everyone: v.everyone, mayAct: (seat) => checkAct(v, seat, 'tactical', null) };
}

/** The round's own commands, with the objectives' and the action cards' mixed in: their ops are `round` events too. */
export class RoundCommands extends withActionCardCommands(withObjectiveCommands(RoundWriter), playView) {
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

  /** Her answer to a secondary ability: using it costs a strategy allocation counter where the card says so. */
  secondary(seat: string, card: number, use: boolean, effect: EventBody[] = []): void {
    this.seat(seat);
    const s = this.s;
    must(checkSecondary(roundView(s), seat, card, s.round.round));
    if (use && secondaryCostFor(card, raceOf(s, seat)?.id) === 'counter' && (s.players[seat]?.counters.strategyAllocation ?? 0) < 1) {
      fail('not-enough', 'Your strategy allocation is empty: you cannot pay for a secondary ability.');
    }
    this.game.append([{ k: 'round', op: 'secondary', round: s.round.round, seat, card, use }, ...effect]);
  }

  /**
   * The primary ability of the card she just played, as the card prints it (rules/strategyCards.ts): what
   * it gives in one change with the counters placed where she picks, and what the option asks her to choose
   * (`PrimaryExtras`: the Speaker, technologies, an objective, the cycler). Trade a also collects her
   * agreements (its free Realize Profits); Trade b breaks every agreement.
   */
  primary(seat: string, card: number, option: PrimaryChoice, areas: CounterAreas = { pool: 0, fleet: 0, strat: 0 }, extra: PrimaryExtras = {}): void {
    this.seat(seat);
    const s = this.s;
    placedCounters(areas);
    const placed = areas.pool + areas.fleet + areas.strat;
    must(checkPrimary(roundView(s), seat, card, option, placed));
    const o = primaryOptionFor(card, option, raceOf(s, seat)?.id);
    const after: EventBody[] = [];
    // Option b with 2 players is refused by checkPrimary (001 "2 players" › Trade).
    if (o?.breaksAgreements && s.trade.agreements.length) after.push({ k: 'trade', op: 'breakAll', by: seat });
    if (o?.freeSecondary && goodsToCollect(s, seat) > 0) after.push({ k: 'trade', op: 'collect', seat });
    // The choices go before the primary: the fold accepts a flip or a kept objective only while the card is unresolved.
    const before = o?.asks ? this.asked(seat, o.asks, extra, placed / (o.gain.counters || 1)) : [];
    this.game.append([...before, { k: 'round', op: 'primary', round: s.round.round, seat, card, option, ...areas }, ...after]);
  }

  /** The events for what an option asks (see `OptionAsks`), or a refusal naming what is missing; `forgone`: Nekro's technologies forgone. */
  private asked(seat: string, asks: OptionAsks, extra: PrimaryExtras, forgone: number): EventBody[] {
    const s = this.s;
    const round = s.round.round;
    const noPayment: PaymentChoice = { planets: [], tradeGoods: 0 };
    if ('speaker' in asks) {
      const to = asks.speaker === 'self' ? seat : extra.speaker;
      if (!to || to === seat && asks.speaker === 'other') fail('invalid-input', 'Choose another player to give the Speaker token to.');
      this.seat(to);
      return s.tracker.speaker === to ? [] : [{ k: 'round', op: 'speaker', seat: to }];
    }
    if ('research' in asks) {
      const techs = extra.techs ?? [];
      if (techs.length < 1 || techs.length > asks.research.most || new Set(techs).size !== techs.length) {
        fail('invalid-input', asks.research.most === 1 ? 'Choose the technology to gain.' : `Choose 1 to ${asks.research.most} different technologies.`);
      }
      return researchInBulk(s, seat, techs, asks.research.price, extra.choice ?? noPayment);
    }
    if ('forgo' in asks) {
      return [checkPayment(s, { seat, kind: 'resources', amount: forgone * asks.forgo.price, choice: extra.choice ?? noPayment, what: `Technology: command counters for ${plural(forgone, 'technology', 'technologies')} forgone` })];
    }
    if ('keep' in asks) {
      const objective = extra.objective ?? fail('invalid-input', 'Choose the Stage I objective to keep by your race sheet.');
      must(checkKeep(roundView(s), seat, objective));
      return [{ k: 'round', op: 'keep', round, seat, objective }];
    }
    const out: EventBody[] = [];
    if (extra.flip) {
      out.push(checkPayment(s, { seat, kind: 'influence', amount: asks.flipFor, choice: extra.choice ?? noPayment, what: 'flipping the rotation cycler' }));
      out.push({ k: 'round', op: 'cycler', seat, direction: s.tracker.direction === 'clockwise' ? 'counterclockwise' : 'clockwise' });
    }
    if (extra.objective) {
      const o = OBJECTIVES_BY_ID.get(extra.objective);
      if (o?.stage !== asks.reveal) fail('invalid-input', 'Bureaucracy places a Stage I objective face up.');
      must(checkReveal(roundView(s), extra.objective, true));
      out.push({ k: 'round', op: 'reveal', objective: extra.objective, shown: true });
    }
    return out;
  }

  /**
   * Leadership's secondary, Executive Commands: she buys 1 to 4 counters for 1, 3, 6 or 10 influence and
   * places them, once per Leadership played; its holder may too, once, in the strategic action that played it
   * after Progressive Campaign (her answer on her own card's offer). One change: payment, answer, counters.
   */
  executiveCommands(seat: string, areas: CounterAreas, choice: PaymentChoice): void {
    this.seat(seat);
    const s = this.s;
    placedCounters(areas);
    const cost = executiveCommandsCost(areas.pool + areas.fleet + areas.strat) ?? fail('invalid-input', 'Executive Commands buys 1 to 4 command counters (for 1, 3, 6 or 10 influence).');
    must(checkSecondary(roundView(s), seat, LEADERSHIP, s.round.round));
    const pay = checkPayment(s, { seat, kind: 'influence', amount: cost, choice, what: 'Executive Commands' });
    this.game.append([pay, { k: 'round', op: 'secondary', round: s.round.round, seat, card: LEADERSHIP, use: true }, { k: 'cc', seat, ...areas, why: 'receive' }]);
  }

  /** Trade's special: once every player has answered Realize Profits, its holder places goods on every agreement. */
  tradeSpecial(seat: string): void {
    const state = specialNow(this.s, seat, TRADE);
    if (state !== 'ready') fail('not-allowed', state === 'waiting' ? 'Every player answers Realize Profits first; then Trade places its goods.' : state === 'done' ? 'Trade goods were already placed on the agreements for this Trade.' : 'Only the player who resolved Trade this round places its goods.');
    if (!this.s.trade.agreements.length) fail('invalid-input', 'There is no active trade agreement to place trade goods on.');
    this.game.append([{ k: 'trade', op: 'place', by: seat }]);
  }

  /** Trade's secondary, Realize Profits: she collects what lies on her agreements, for a strategy counter (not the Hacan). */
  realizeProfits(seat: string): void {
    this.secondary(seat, TRADE, true, goodsToCollect(this.s, seat) > 0 ? [{ k: 'trade', op: 'collect', seat }] : []);
  }

  /**
   * Technology's secondary, Advanced Research: a technology at 5 resources less her discounts, its
   * prerequisites met (or one waived by her Scientist's planet, `scientist`: 001 "Scientist"), for a strategy
   * counter (not the Winnu); answer, payment and technology in one change.
   */
  advancedResearch(seat: string, tech: string, choice: PaymentChoice, scientist?: string, free?: string): void {
    this.seat(seat);
    const s = this.s;
    const effects = raceEffects(raceOf(s, seat)?.id);
    if (effects.countersInsteadOfCardTech) fail('not-allowed', `The Nekro Virus receives no technology from a strategy card: Advanced Research gives ${effects.countersInsteadOfCardTech} command counters instead (003 Nekro).`);
    const bought = researchEvents(s, seat, tech, ADVANCED_RESEARCH_PRICE, choice, false, scientist);
    this.secondary(seat, TECHNOLOGY, true, free === undefined ? bought : [...bought, ...this.primaryWithSecondary(seat, tech, free)]);
  }

  /**
   * Jol-Nar (003:1080): "When executing the Secondary Ability of the Technology Strategy, you may additionally
   * execute the Primary Ability": its option a, 1 technology free, its prerequisites met with the one just bought.
   */
  private primaryWithSecondary(seat: string, bought: string, free: string): EventBody[] {
    const s = this.s;
    if (!raceEffects(raceOf(s, seat)?.id).technologyPrimaryWithSecondary) fail('not-allowed', "Only the Universities of Jol-Nar execute Technology's primary ability with its secondary (003 Jol-Nar).");
    if (free === bought) fail('invalid-input', 'Choose another technology for the primary ability.');
    const p = s.players[seat];
    const view = p ? { ...s, players: { ...s.players, [seat]: { ...p, techs: [...p.techs, bought] } } } : s;
    return researchEvents(view, seat, free, 0, { planets: [], tradeGoods: 0 });
  }

  /**
   * Technology's secondary for the Nekro Virus (003:1180): 3 command counters instead of the technology, at
   * Advanced Research's price (no discount: no technology is bought), placed where she picks; answer, payment
   * and counters in one change.
   */
  advancedResearchCounters(seat: string, areas: CounterAreas, choice: PaymentChoice): void {
    this.seat(seat);
    const s = this.s;
    placedCounters(areas);
    const counters = raceEffects(raceOf(s, seat)?.id).countersInsteadOfCardTech;
    if (!counters) fail('not-allowed', 'Only the Nekro Virus takes command counters instead of a technology (003 Nekro).');
    const placed = areas.pool + areas.fleet + areas.strat;
    if (placed !== counters) fail('invalid-input', `Place ${counters} command counters (you placed ${placed}).`);
    const pay = checkPayment(s, { seat, kind: 'resources', amount: ADVANCED_RESEARCH_PRICE, choice, what: 'Advanced Research: command counters instead of a technology' });
    this.secondary(seat, TECHNOLOGY, true, [pay, { k: 'cc', seat, ...areas, why: 'receive' }]);
  }

  /**
   * Diplomacy's secondary, Annexation Treaty: a strategy counter and 2 influence for an empty planet next to
   * her planets or units (the board says which); not a home system planet, not one of the card holder's.
   * Answer, payment and control (the planet arrives exhausted) in one change.
   */
  annex(seat: string, planet: string, choice: PaymentChoice): void {
    this.seat(seat);
    const s = this.s;
    const card = planetCard(s, planet);
    const holder = s.tracker.secondaries.find((o) => o.card === DIPLOMACY)?.by;
    if (card.homeOf) fail('not-allowed', `${card.name} is a home system planet: Annexation Treaty cannot claim it.`);
    if (card.owner === seat) fail('invalid-input', `${card.name} is already yours.`);
    if (holder && card.owner === holder) fail('not-allowed', `${card.name} belongs to the player who played Diplomacy: Annexation Treaty cannot claim it.`);
    const pay = checkPayment(s, { seat, kind: 'influence', amount: ANNEXATION_INFLUENCE, choice, what: 'Annexation Treaty' });
    this.secondary(seat, DIPLOMACY, true, [pay, ...acquired(card, seat)]);
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
export function withRoundCommands<B extends Constructor<CommandContext>>(Base: B) {
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
