/**
 * What the objectives' screens and the round's referee read: which objectives she may claim, what a claim
 * costs her and where its dialog starts, the objectives she holds. Pure, and without the commands (and the
 * Yjs they bring): a start's first frame imports this file, not the index (issue 33), and so does the round
 * for its own views and its log's words.
 */
import type { ObjectiveCost } from '../../rules/objectives';
import { planetInfluence, planetResources } from '../../rules/planets';
import { stage2Unlocked } from '../../rules/status';
import type { RuleCheck } from '../../rules/result';
import { seatsIn } from '../core/players';
import type { GameSnapshot } from '../core/types';
import { planetStatesOf, tradeGoodWorthOf } from '../planets/views';
import { OBJECTIVES_BY_ID, checkClaim } from './state';
import type { ObjectivesView } from './state';

export { CLAIM_STEP, OBJECTIVES_BY_ID, isClaimStep, objectiveName } from './state';
export type { FateClaim, ObjectiveClaim, ObjectivesState, ObjectivesView } from './state';
export type { ObjectiveOp } from './events';
export { describeObjectiveOp } from './describe';

/** The round as the checks read it, from a snapshot (the round's `roundView` makes the same). */
export function objectivesView(s: GameSnapshot): ObjectivesView {
  const everyone = [...s.seats].sort((a, b) => a.position - b.position);
  return { tracker: s.tracker, round: s.round, seats: seatsIn(everyone, s.tracker.out), everyone, vpGoal: s.meta.vpGoal };
}

/** Stage II objectives can be claimed (001 "Types of objectives"). */
export function stage2Open(s: GameSnapshot): boolean {
  const revealed1 = s.tracker.revealed.filter((id) => OBJECTIVES_BY_ID.get(id)?.stage === 'stage1').length;
  return stage2Unlocked(revealed1, s.meta.vpGoal);
}

/** Whether she may claim this objective now, and why not. */
export function claimCheck(s: GameSnapshot, seat: string, objective: string): RuleCheck {
  return checkClaim(objectivesView(s), seat, objective);
}

/** Revealed public and preliminary objectives she may claim right now. */
export function claimable(s: GameSnapshot, seat: string): string[] {
  // Prospect a's objective kept by her race sheet is hers to claim as a public one (only hers).
  const hers = s.tracker.kept.filter((k) => k.seat === seat).map((k) => k.objective);
  return [...s.tracker.revealed, ...hers].filter((id) => claimCheck(s, seat, id).ok);
}

/** The objectives she holds: claimed ones in claim order, then the special objectives she holds now. */
export function objectivesOf(s: GameSnapshot, seat: string): string[] {
  return [...s.tracker.claims.filter((c) => c.seat === seat).map((c) => c.objective), ...(s.tracker.specials[seat] ?? [])];
}

/**
 * Whether she can pay an objective's price now, for certain (the refreshed planets of her side, trade goods
 * at her worth, her counters): a price of one kind besides trade goods and counters is checked; a price
 * mixing resources with influence is never claimed payable (which planet pays which is her choice), so the
 * question is never asked wrongly.
 */
export function payableNow(s: GameSnapshot, seat: string, cost: ObjectiveCost): boolean {
  const c = s.players[seat]?.counters;
  if (!c || c.tradeGoods < cost.tradeGoods || c.commandPool + c.strategyAllocation < cost.counters) return false;
  const kinds = [cost.resources, cost.influence, cost.either].filter((n) => n > 0);
  if (kinds.length > 1) return false;
  const goods = (c.tradeGoods - cost.tradeGoods) * tradeGoodWorthOf(s, seat);
  const planets = planetStatesOf(s, seat).filter((p) => !p.exhausted);
  const sum = (f: (p: (typeof planets)[number]) => number) => planets.reduce((n, p) => n + f(p), 0);
  if (cost.resources) return sum(planetResources) + goods >= cost.resources;
  if (cost.influence) return sum(planetInfluence) + goods >= cost.influence;
  if (cost.either) return sum((p) => Math.max(planetResources(p), planetInfluence(p))) + goods >= cost.either;
  return true;
}

/**
 * Where the claim dialog of a costly objective starts (issue 35 item 5: defaults she can pay): the counters
 * from her strategy allocation as far as it goes, the rest from her command pool; an "either" price in
 * influence as far as her refreshed planets and trade goods give it, the rest in resources.
 */
export function claimDefaults(s: GameSnapshot, seat: string, cost: ObjectiveCost): { fromPool: number; inResources: number } {
  const c = s.players[seat]?.counters;
  const fromPool = Math.min(c?.commandPool ?? 0, Math.max(0, cost.counters - (c?.strategyAllocation ?? 0)));
  const goods = Math.max(0, (c?.tradeGoods ?? 0) - cost.tradeGoods) * tradeGoodWorthOf(s, seat);
  const influence = planetStatesOf(s, seat).filter((p) => !p.exhausted).reduce((n, p) => n + planetInfluence(p), 0) + goods - cost.influence;
  return { fromPool, inResources: Math.min(cost.either, Math.max(0, cost.either - Math.max(0, influence))) };
}
