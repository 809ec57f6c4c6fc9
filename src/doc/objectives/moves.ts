/**
 * The objectives' moves (core/moves.ts): reveal one, claim one (paid in the same change when it costs), score a
 * race-specific one (Path of Fate). Their ops are `round` events (events.ts); each is checked with the checks
 * the fold applies (state.ts). `game.move(claim, …)` makes one; `game.makeMove(claim, …)` makes the same and
 * throws its refusal.
 */
import { objectiveCost } from '../../rules/objectives';
import type { ObjectiveCost } from '../../rules/objectives';
import type { RuleCheck } from '../../rules/result';
import type { FateObjective } from '../../rules/variants';
import { requireSeat } from '../core/context';
import { fail } from '../core/errors';
import type { Move } from '../core/moves';
import type { EventBody, GameSnapshot } from '../core/types';
import { plural } from '../core/words';
import { checkPayment } from '../planets/moves';
import type { PaymentChoice } from '../planets/moves';
import type { ObjectiveOp } from './events';
import { OBJECTIVES_BY_ID, checkClaim, checkFate, checkReveal, checkSecretBesideFate } from './state';
import { objectivesView } from './views';

/**
 * How she pays an objective that costs: the planets and trade goods for its resources and its influence, how
 * much of an "either" cost she pays in resources (the rest in influence), and the command counters she
 * spends from her command pool and strategy allocation.
 */
export interface ObjectivePayment {
  resources?: PaymentChoice;
  influence?: PaymentChoice;
  eitherResources?: number;
  counters?: { pool: number; strat: number };
}

/** The events paying `cost` for objective `name`, or a refusal naming what she lacks. */
export function objectivePayment(s: GameSnapshot, seat: string, name: string, cost: ObjectiveCost, payment: ObjectivePayment): EventBody[] {
  const none: PaymentChoice = { planets: [], tradeGoods: 0 };
  const split = payment.eitherResources ?? cost.either;
  if (!Number.isSafeInteger(split) || split < 0 || split > cost.either) fail('invalid-input', `Split the ${cost.either} between resources and influence.`);
  const [resources, influence] = [payment.resources ?? none, payment.influence ?? none];
  if (resources.planets.some((p) => influence.planets.includes(p))) fail('invalid-input', 'A planet pays its resources or its influence, not both.');
  const out: EventBody[] = [];
  const amounts = { resources: cost.resources + split, influence: cost.influence + cost.either - split };
  for (const kind of ['resources', 'influence'] as const) {
    if (amounts[kind] > 0) out.push(checkPayment(s, { seat, kind, amount: amounts[kind], choice: kind === 'resources' ? resources : influence, what: name }));
  }
  const c = s.players[seat]?.counters;
  const goodsLeft = (c?.tradeGoods ?? 0) - resources.tradeGoods - influence.tradeGoods;
  if (goodsLeft < 0) fail('not-enough', `You have only ${plural(c?.tradeGoods ?? 0, 'trade good')}.`);
  if (cost.tradeGoods) {
    if (goodsLeft < cost.tradeGoods) fail('not-enough', `${name} costs ${plural(cost.tradeGoods, 'trade good')}; you have ${goodsLeft} left to spend.`);
    out.push({ k: 'counter', seat, counter: 'tradeGoods', delta: -cost.tradeGoods });
  }
  if (cost.counters) {
    const { pool, strat } = payment.counters ?? { pool: 0, strat: 0 };
    if (!Number.isSafeInteger(pool) || !Number.isSafeInteger(strat) || pool < 0 || strat < 0 || pool + strat !== cost.counters) {
      fail('invalid-input', `${name} costs ${plural(cost.counters, 'command counter')} from your command pool and/or strategy allocation.`);
    }
    if (pool > (c?.commandPool ?? 0) || strat > (c?.strategyAllocation ?? 0)) fail('not-enough', `You have ${c?.commandPool ?? 0} in your command pool and ${c?.strategyAllocation ?? 0} in strategy allocation.`);
    out.push({ k: 'cc', seat, pool: -pool, fleet: 0, strat: -strat, why: 'spend' });
  }
  return out;
}

function must(check: RuleCheck): void {
  if (!check.ok) fail('not-allowed', check.reason);
}

const roundEvent = (op: ObjectiveOp): EventBody => ({ k: 'round', ...op });

/**
 * Path of Fate: she scores one of her race-specific objectives, which the shared game learns only now (the
 * phone kept it in her private hand until this claim).
 */
export const scoreFate: Move<[seat: string, objective: FateObjective]> = (s, _by, seat, objective) => {
  requireSeat(s, seat);
  const o = { name: objective.name.trim(), vp: objective.vp };
  must(checkFate(objectivesView(s), s.meta.options, seat, o));
  return [roundEvent({ op: 'fate', round: s.round.round, seat, name: o.name, vp: o.vp })];
};

/** A public or preliminary objective laid face up (`shown` false: taken back, a mistake). */
export const reveal: Move<[objective: string, shown?: boolean]> = (s, _by, objective, shown = true) => {
  must(checkReveal(objectivesView(s), objective, shown));
  return [roundEvent({ op: 'reveal', objective, shown })];
};

/**
 * She claims an objective (a secret one is named now, from her hand); one that costs ("spend 6 influence") is
 * paid in the same change, or refused with what is missing (rules/objectives.ts `objectiveCost`).
 */
export const claim: Move<[seat: string, objective: string, payment?: ObjectivePayment]> = (s, _by, seat, objective, payment = {}) => {
  requireSeat(s, seat);
  must(checkClaim(objectivesView(s), seat, objective));
  must(checkSecretBesideFate(objectivesView(s), seat, objective));
  const o = OBJECTIVES_BY_ID.get(objective);
  const cost = o ? objectiveCost(o.text) : null;
  return [...(o && cost ? objectivePayment(s, seat, o.name, cost, payment) : []), roundEvent({ op: 'claim', round: s.round.round, seat, objective })];
};
