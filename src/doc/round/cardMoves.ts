/**
 * A strategy card's abilities as moves (core/moves.ts), reached with the round's (moves.ts re-exports them):
 * the primary ability of the card she played, with what its option asks her to choose, and every other
 * player's answer to its secondary, with what some of them buy (Executive Commands, Advanced Research,
 * Annexation Treaty, Realize Profits) and Trade's goods placed after it. Each checks with the checks the fold
 * applies (state.ts) and returns the answer and what comes with it, written in one change.
 */
import type { RuleCheck } from '../../rules/result';
import { primaryOptionFor, secondaryCostFor } from '../../rules/strategy';
import { raceEffects } from '../../rules/raceAbilities';
import { ADVANCED_RESEARCH_PRICE, ANNEXATION_INFLUENCE, DIPLOMACY, executiveCommandsCost, LEADERSHIP, TECHNOLOGY, TRADE } from '../../rules/strategyCards';
import type { OptionAsks } from '../../rules/strategyCards';
import { requireSeat } from '../core/context';
import { fail } from '../core/errors';
import type { Move } from '../core/moves';
import type { EventBody, GameSnapshot } from '../core/types';
import { plural, raceOf } from '../core/words';
import { acquired, checkPayment, planetCard } from '../planets/moves';
import type { PaymentChoice } from '../planets/moves';
import { researchEvents, researchInBulk } from '../sheet/moves';
import type { CounterAreas } from '../sheet/moves';
import { goodsToCollect } from '../trade/views';
import { checkReveal, OBJECTIVES_BY_ID } from '../objectives';
import type { PrimaryChoice } from './events';
import { checkKeep, checkPrimary, checkSecondary } from './state';
import { roundView, specialNow } from './views';

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
export function placedCounters(areas: CounterAreas): void {
  for (const v of [areas.pool, areas.fleet, areas.strat]) if (!Number.isSafeInteger(v) || v < 0) fail('invalid-input', 'Place whole numbers of counters, none negative.');
}

function must(check: RuleCheck): void {
  if (!check.ok) fail('not-allowed', check.reason);
}

/** Her answer to a secondary ability, with what it brings (`effect`), after the checks of `secondary`. */
function answer(s: GameSnapshot, seat: string, card: number, use: boolean, effect: readonly EventBody[]): EventBody[] {
  requireSeat(s, seat);
  must(checkSecondary(roundView(s), seat, card, s.round.round));
  if (use && secondaryCostFor(card, raceOf(s, seat)?.id) === 'counter' && (s.players[seat]?.counters.strategyAllocation ?? 0) < 1) {
    fail('not-enough', 'Your strategy allocation is empty: you cannot pay for a secondary ability.');
  }
  return [{ k: 'round', op: 'secondary', round: s.round.round, seat, card, use }, ...effect];
}

/** Her answer to a secondary ability: using it costs a strategy allocation counter where the card says so. */
export const secondary: Move<[seat: string, card: number, use: boolean, effect?: readonly EventBody[]]> = (s, _by, seat, card, use, effect = []) => answer(s, seat, card, use, effect);

/**
 * The primary ability of the card she just played, as the card prints it (rules/strategyCards.ts): what
 * it gives in one change with the counters placed where she picks, and what the option asks her to choose
 * (`PrimaryExtras`: the Speaker, technologies, an objective, the cycler). Trade a also collects her
 * agreements (its free Realize Profits); Trade b breaks every agreement.
 */
export const primary: Move<[seat: string, card: number, option: PrimaryChoice, areas?: CounterAreas, extra?: PrimaryExtras]> = (
  s,
  _by,
  seat,
  card,
  option,
  areas = { pool: 0, fleet: 0, strat: 0 },
  extra = {},
) => {
  requireSeat(s, seat);
  placedCounters(areas);
  const placed = areas.pool + areas.fleet + areas.strat;
  must(checkPrimary(roundView(s), seat, card, option, placed));
  const o = primaryOptionFor(card, option, raceOf(s, seat)?.id);
  const after: EventBody[] = [];
  // Option b with 2 players is refused by checkPrimary (001 "2 players" › Trade).
  if (o?.breaksAgreements && s.trade.agreements.length) after.push({ k: 'trade', op: 'breakAll', by: seat });
  if (o?.freeSecondary && goodsToCollect(s, seat) > 0) after.push({ k: 'trade', op: 'collect', seat });
  // The choices go before the primary: the fold accepts a flip or a kept objective only while the card is unresolved.
  const before = o?.asks ? asked(s, seat, o.asks, extra, placed / (o.gain.counters || 1)) : [];
  return [...before, { k: 'round', op: 'primary', round: s.round.round, seat, card, option, ...areas }, ...after];
};

/** The events for what an option asks (see `OptionAsks`), or a refusal naming what is missing; `forgone`: Nekro's technologies forgone. */
function asked(s: GameSnapshot, seat: string, asks: OptionAsks, extra: PrimaryExtras, forgone: number): EventBody[] {
  const round = s.round.round;
  const noPayment: PaymentChoice = { planets: [], tradeGoods: 0 };
  if ('speaker' in asks) {
    const to = asks.speaker === 'self' ? seat : extra.speaker;
    if (!to || to === seat && asks.speaker === 'other') fail('invalid-input', 'Choose another player to give the Speaker token to.');
    requireSeat(s, to);
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
export const executiveCommands: Move<[seat: string, areas: CounterAreas, choice: PaymentChoice]> = (s, _by, seat, areas, choice) => {
  requireSeat(s, seat);
  placedCounters(areas);
  const cost = executiveCommandsCost(areas.pool + areas.fleet + areas.strat) ?? fail('invalid-input', 'Executive Commands buys 1 to 4 command counters (for 1, 3, 6 or 10 influence).');
  must(checkSecondary(roundView(s), seat, LEADERSHIP, s.round.round));
  const pay = checkPayment(s, { seat, kind: 'influence', amount: cost, choice, what: 'Executive Commands' });
  return [pay, { k: 'round', op: 'secondary', round: s.round.round, seat, card: LEADERSHIP, use: true }, { k: 'cc', seat, ...areas, why: 'receive' }];
};

/** Trade's special: once every player has answered Realize Profits, its holder places goods on every agreement. */
export const tradeSpecial: Move<[seat: string]> = (s, _by, seat) => {
  const state = specialNow(s, seat, TRADE);
  if (state !== 'ready') fail('not-allowed', state === 'waiting' ? 'Every player answers Realize Profits first; then Trade places its goods.' : state === 'done' ? 'Trade goods were already placed on the agreements for this Trade.' : 'Only the player who resolved Trade this round places its goods.');
  if (!s.trade.agreements.length) fail('invalid-input', 'There is no active trade agreement to place trade goods on.');
  return [{ k: 'trade', op: 'place', by: seat }];
};

/** Trade's secondary, Realize Profits: she collects what lies on her agreements, for a strategy counter (not the Hacan). */
export const realizeProfits: Move<[seat: string]> = (s, _by, seat) =>
  answer(s, seat, TRADE, true, goodsToCollect(s, seat) > 0 ? [{ k: 'trade', op: 'collect', seat }] : []);

/**
 * Technology's secondary, Advanced Research: a technology at 5 resources less her discounts, its
 * prerequisites met (or one waived by her Scientist's planet, `scientist`: 001 "Scientist"), for a strategy
 * counter (not the Winnu); answer, payment and technology in one change.
 */
export const advancedResearch: Move<[seat: string, tech: string, choice: PaymentChoice, scientist?: string, free?: string]> = (s, _by, seat, tech, choice, scientist, free) => {
  requireSeat(s, seat);
  const effects = raceEffects(raceOf(s, seat)?.id);
  if (effects.countersInsteadOfCardTech) fail('not-allowed', `The Nekro Virus receives no technology from a strategy card: Advanced Research gives ${effects.countersInsteadOfCardTech} command counters instead (003 Nekro).`);
  const bought = researchEvents(s, seat, tech, ADVANCED_RESEARCH_PRICE, choice, false, scientist);
  return answer(s, seat, TECHNOLOGY, true, free === undefined ? bought : [...bought, ...primaryWithSecondary(s, seat, tech, free)]);
};

/**
 * Jol-Nar (003:1080): "When executing the Secondary Ability of the Technology Strategy, you may additionally
 * execute the Primary Ability": its option a, 1 technology free, its prerequisites met with the one just bought.
 */
function primaryWithSecondary(s: GameSnapshot, seat: string, bought: string, free: string): EventBody[] {
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
export const advancedResearchCounters: Move<[seat: string, areas: CounterAreas, choice: PaymentChoice]> = (s, _by, seat, areas, choice) => {
  requireSeat(s, seat);
  placedCounters(areas);
  const counters = raceEffects(raceOf(s, seat)?.id).countersInsteadOfCardTech;
  if (!counters) fail('not-allowed', 'Only the Nekro Virus takes command counters instead of a technology (003 Nekro).');
  const placed = areas.pool + areas.fleet + areas.strat;
  if (placed !== counters) fail('invalid-input', `Place ${counters} command counters (you placed ${placed}).`);
  const pay = checkPayment(s, { seat, kind: 'resources', amount: ADVANCED_RESEARCH_PRICE, choice, what: 'Advanced Research: command counters instead of a technology' });
  return answer(s, seat, TECHNOLOGY, true, [pay, { k: 'cc', seat, ...areas, why: 'receive' }]);
};

/**
 * Diplomacy's secondary, Annexation Treaty: a strategy counter and 2 influence for an empty planet next to
 * her planets or units (the board says which); not a home system planet, not one of the card holder's.
 * Answer, payment and control (the planet arrives exhausted) in one change.
 */
export const annex: Move<[seat: string, planet: string, choice: PaymentChoice]> = (s, _by, seat, planet, choice) => {
  requireSeat(s, seat);
  const card = planetCard(s, planet);
  const holder = s.tracker.secondaries.find((o) => o.card === DIPLOMACY)?.by;
  if (card.homeOf) fail('not-allowed', `${card.name} is a home system planet: Annexation Treaty cannot claim it.`);
  if (card.owner === seat) fail('invalid-input', `${card.name} is already yours.`);
  if (holder && card.owner === holder) fail('not-allowed', `${card.name} belongs to the player who played Diplomacy: Annexation Treaty cannot claim it.`);
  const pay = checkPayment(s, { seat, kind: 'influence', amount: ANNEXATION_INFLUENCE, choice, what: 'Annexation Treaty' });
  return answer(s, seat, DIPLOMACY, true, [pay, ...acquired(card, seat)]);
};
