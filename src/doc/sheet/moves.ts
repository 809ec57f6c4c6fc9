/**
 * The race sheet's moves (core/moves.ts): pure functions from the game and who moves to the events, checked
 * against the game and the rules the way the sheet's fold checks them. `game.move(adjustCounter, …)` makes
 * one; the commands mixed into `Game` (`game.adjustCounter(…)`, commands.ts) make the same move and throw
 * its refusal. Also the research helpers Technology's abilities share (round/cardMoves.ts).
 */
import { TECHS_BY_ID } from '../../data';
import { checkHandLimit } from '../../rules/cards';
import { atStatusStep, canMoveCommandCounters, UNLOCK_UPGRADES_STEP } from '../../rules/round';
import { requireSeat, wholeNumber } from '../core/context';
import { fail } from '../core/errors';
import type { Move } from '../core/moves';
import { COUNTER_LABELS } from '../core/types';
import { plural } from '../core/words';
import type { CounterName, EventBody, GameSnapshot, LeaderStatus } from '../core/types';
import { checkPayment } from '../planets/moves';
import type { PaymentChoice } from '../planets/moves';
import { handIsUnlimited, prerequisiteWaiver, techOffer, upgradeOffers } from './views';
import { noteRefusal } from './events';
import { checkCaptive, checkLeaderUse, checkScientist } from './leaders';

/** The three areas of the race sheet that hold command counters (001 "Command Counters"). */
export interface CounterAreas {
  pool: number;
  fleet: number;
  strat: number;
}

export function counterAreas(s: GameSnapshot, seat: string): CounterAreas {
  const c = s.players[requireSeat(s, seat).id]?.counters;
  return { pool: c?.commandPool ?? 0, fleet: c?.fleetSupply ?? 0, strat: c?.strategyAllocation ?? 0 };
}

/**
 * Researching `tech` for `basePrice` before her discounts, checked against the rules (owned, prerequisites
 * or her race's waiver), as the events to append: the payment, then the technology. Shared with
 * Technology's Advanced Research, which adds its answer and counter to the same change.
 */
export function researchEvents(s: GameSnapshot, seat: string, tech: string, basePrice: number, choice: PaymentChoice, ignorePrerequisites = false, scientist?: string): EventBody[] {
  const [view, waived] = scientist ? withScientist(s, seat, tech, scientist) : [s, []];
  const { name, cost } = researchCost(view, seat, tech, basePrice, ignorePrerequisites);
  const pay = cost > 0 || choice.planets.length > 0 || choice.tradeGoods > 0 ? [checkPayment(view, { seat, kind: 'resources', amount: cost, choice, what: name })] : [];
  return [...waived, ...pay, { k: 'tech', seat, tech, owned: true }];
}

/**
 * 001 "Scientist": "Before acquiring a Technology, you may exhaust a planet with a Technology Specialty
 * containing your Scientist, in order to ignore a pre-requisite of its color." The game as the purchase
 * sees it (the planet exhausted first, so it neither pays nor discounts; the prerequisite counted as met),
 * and the event that records it.
 */
function withScientist(s: GameSnapshot, seat: string, tech: string, planet: string): [GameSnapshot, EventBody[]] {
  const check = checkScientist(s, seat, planet, tech);
  if (!check.ok) fail('not-allowed', check.reason);
  const [p, card] = [s.players[seat], s.planets[planet]];
  if (!p || !card) return [s, []];
  const view = { ...s, players: { ...s.players, [seat]: { ...p, techs: [...p.techs, check.value] } }, planets: { ...s.planets, [planet]: { ...card, exhausted: true } } };
  return [view, [{ k: 'scientist', seat, planet, tech, ignored: check.value }]];
}

/** What researching `tech` costs her, once the rules allow it (not owned; prerequisites met or waived). */
function researchCost(s: GameSnapshot, seat: string, tech: string, basePrice: number, ignorePrerequisites: boolean): { name: string; cost: number } {
  const t = TECHS_BY_ID.get(tech) ?? fail('invalid-input', `There is no technology "${tech}".`);
  const offer = techOffer(s, seat, t, basePrice);
  if (offer.owned) fail('invalid-input', `You already have ${t.name}.`);
  const waiver = ignorePrerequisites ? prerequisiteWaiver(s, seat) : null;
  if (ignorePrerequisites && !waiver) fail('not-allowed', 'Your race cannot gain a technology without its prerequisites (only the Nekro Virus, and the L1Z1X with Inheritance Systems).');
  const cost = offer.price.cost + (waiver && !offer.prerequisites.ok ? waiver.extraCost : 0);
  if (!offer.prerequisites.ok && !waiver) {
    const { missing, logic } = offer.prerequisites;
    const names = missing.map((id) => TECHS_BY_ID.get(id)?.name ?? id);
    fail('not-allowed', `${t.name} needs ${logic === 'and' ? 'all of' : 'one of'} these first: ${names.join(', ')}.`);
  }
  return { name: t.name, cost };
}

/**
 * Several technologies paid at once (Technology b: "use secondary up to 3 times without CC (cost may be paid
 * in bulk)"): each priced and checked as if the ones before it were already hers, so one may be the
 * prerequisite of the next; one payment for the total, then each technology.
 */
export function researchInBulk(s: GameSnapshot, seat: string, techs: readonly string[], basePrice: number, choice: PaymentChoice): EventBody[] {
  let view = s;
  let total = 0;
  const gained: EventBody[] = [];
  for (const tech of techs) {
    total += researchCost(view, seat, tech, basePrice, false).cost;
    gained.push({ k: 'tech', seat, tech, owned: true });
    const p = view.players[seat];
    if (p) view = { ...view, players: { ...view.players, [seat]: { ...p, techs: [...p.techs, tech] } } };
  }
  const pay = total > 0 || choice.planets.length > 0 || choice.tradeGoods > 0 ? [checkPayment(s, { seat, kind: 'resources', amount: total, choice, what: techs.map((id) => TECHS_BY_ID.get(id)?.name ?? id).join(', ') })] : [];
  return [...pay, ...gained];
}

/** Adds `delta` (negative: takes away) to one of her counters; `from`, the value a "set to" replaced. */
export const adjustCounter: Move<[seat: string, counter: CounterName, delta: number, from?: number]> = (s, _by, seat, counter, delta, from) => {
  requireSeat(s, seat);
  wholeNumber(delta, 'The change');
  if (delta === 0) return [];
  const current = s.players[seat]?.counters[counter] ?? 0;
  if (current + delta < 0) fail('not-enough', `Only ${current} ${COUNTER_LABELS[counter]}: cannot take away ${-delta}.`);
  if (delta > 0 && (counter === 'actionCards' || counter === 'politicalCards')) {
    const kind = counter === 'actionCards' ? 'action' : 'political';
    const check = checkHandLimit(kind, current + delta, kind === 'action' && handIsUnlimited(s, seat));
    if (!check.ok) fail('not-allowed', check.reason);
  }
  return [{ k: 'counter', seat, counter, delta, ...(from === undefined ? {} : { from }) }];
};

/**
 * "Set to N" writes the difference and the value it replaces: a concurrent +1 elsewhere is kept, two
 * phones setting the same N give N, and either overtaken set is shown to the table.
 */
export const setCounter: Move<[seat: string, counter: CounterName, value: number]> = (s, by, seat, counter, value) => {
  wholeNumber(value, 'The value');
  if (value < 0) fail('invalid-input', `${COUNTER_LABELS[counter]} cannot be negative.`);
  const current = s.players[requireSeat(s, seat).id]?.counters[counter] ?? 0;
  return adjustCounter(s, by, seat, counter, value - current, current);
};

export const giveTradeGoods: Move<[from: string, to: string, amount: number]> = (s, _by, from, to, amount) => {
  requireSeat(s, from);
  requireSeat(s, to);
  wholeNumber(amount, 'The number of trade goods');
  if (amount <= 0) fail('invalid-input', 'Give at least 1 trade good.');
  if (from === to) fail('invalid-input', 'Choose another seat to give trade goods to.');
  const has = s.players[from]?.counters.tradeGoods ?? 0;
  if (has < amount) fail('not-enough', `Only ${plural(has, 'trade good')} to give.`);
  return [{ k: 'give', from, to, amount }];
};

/**
 * Researches a technology for `basePrice` resources (5 with the Technology card's secondary, 0 when an
 * effect gives it): 001 "Acquisition of Technologies", prerequisites and discounts by the rules.
 * `ignorePrerequisites`: a race that may (prerequisiteWaiver) records it without them.
 */
export const research: Move<[seat: string, tech: string, basePrice: number, choice: PaymentChoice, ignorePrerequisites?: boolean, scientist?: string]> = (s, _by, seat, tech, basePrice, choice, ignorePrerequisites = false, scientist) => {
  requireSeat(s, seat);
  wholeNumber(basePrice, 'The price');
  if (basePrice < 0 || basePrice > 20) fail('invalid-input', 'A technology price is from 0 to 20 resources.');
  return researchEvents(s, seat, tech, basePrice, choice, ignorePrerequisites, scientist);
};

/**
 * Her leader uses an ability that rests this round and the next (rules/leaders RESTING_ABILITIES); a
 * Diplomat's names the planet where it cancelled an invasion or bombardment.
 */
export const useLeader: Move<[seat: string, leader: number, planet?: string | null]> = (s, _by, seat, leader, planet = null) => {
  requireSeat(s, seat);
  const e = { k: 'leaderUse', seat, leader, round: s.round.round, planet } as const;
  const check = checkLeaderUse(s, e);
  if (!check.ok) fail('not-allowed', check.reason);
  return [e];
};

/**
 * The captor releases a captive (it escapes) or executes it (it is killed), in the status phase; an
 * execution costs the captor a planet, exhausted or (`lose`) given up (001 "Executions and Releases").
 */
export const decideCaptive: Move<[captor: string, seat: string, leader: number, planet?: string | null, lose?: boolean]> = (s, _by, captor, seat, leader, planet = null, lose = false) => {
  requireSeat(s, captor);
  requireSeat(s, seat);
  const e = { k: 'captive', captor, seat, leader, planet, lose: planet !== null && lose } as const;
  const check = checkCaptive(s, e);
  if (!check.ok) fail('not-allowed', check.reason);
  return [e];
};

/** Unlocks a racial upgrade at its current price (001 "Unlock Racial Upgrades"), paid in the same change. */
export const unlockUpgrade: Move<[seat: string, upgrade: string, choice: PaymentChoice]> = (s, _by, seat, upgrade, choice) => {
  requireSeat(s, seat);
  const offer = upgradeOffers(s, seat).find((o) => o.upgrade.id === upgrade) ?? fail('invalid-input', 'Your race has no such racial upgrade.');
  if (offer.unlocked) fail('invalid-input', `${offer.upgrade.name} is already unlocked.`);
  const step = atStatusStep(s.round, UNLOCK_UPGRADES_STEP, 'Racial upgrades are unlocked');
  if (!step.ok) fail('not-allowed', step.reason);
  const pay = offer.cost > 0 || choice.planets.length > 0 || choice.tradeGoods > 0 ? [checkPayment(s, { seat, kind: 'resources', amount: offer.cost, choice, what: offer.upgrade.name })] : [];
  return [...pay, { k: 'upgrade', seat, upgrade, unlocked: true }];
};

/** She receives counters and places them where she chooses (001 "Command Counters"); any time. */
export const receiveCounters: Move<[seat: string, add: CounterAreas]> = (s, _by, seat, add) => {
  requireSeat(s, seat);
  for (const v of [add.pool, add.fleet, add.strat]) {
    wholeNumber(v, 'A number of counters');
    if (v < 0) fail('invalid-input', 'Receiving counters cannot take any away.');
  }
  const n = add.pool + add.fleet + add.strat;
  if (n < 1 || n > 16) fail('invalid-input', 'Place 1 to 16 counters.');
  return [{ k: 'cc', seat, ...add, why: 'receive' }];
};

/** Redistributes her counters between the areas: only in step 7 of the status phase (001). */
export const reallocateCounters: Move<[seat: string, target: CounterAreas]> = (s, _by, seat, target) => {
  const now = counterAreas(s, seat);
  for (const v of [target.pool, target.fleet, target.strat]) {
    wholeNumber(v, 'A number of counters');
    if (v < 0) fail('invalid-input', 'An area cannot hold fewer than 0 counters.');
  }
  const check = canMoveCommandCounters(s.round);
  if (!check.ok) fail('not-allowed', check.reason);
  const [had, has] = [now.pool + now.fleet + now.strat, target.pool + target.fleet + target.strat];
  if (had !== has) fail('invalid-input', `Moving keeps the total: you have ${had} counters on your sheet, and this split has ${has}.`);
  const delta = { pool: target.pool - now.pool, fleet: target.fleet - now.fleet, strat: target.strat - now.strat };
  if (!delta.pool && !delta.fleet && !delta.strat) fail('invalid-input', 'That is the split you already have: nothing to move.');
  return [{ k: 'cc', seat, ...delta, why: 'move' }];
};

/** A tactical action takes one counter from her command pool (001 "Command Pool"). */
export const spendTactical: Move<[seat: string]> = (s, _by, seat) => {
  if (counterAreas(s, seat).pool < 1) fail('not-enough', 'Your command pool is empty: you may not take a tactical action.');
  return [{ k: 'cc', seat, pool: -1, fleet: 0, strat: 0, why: 'tactical' }];
};

/** A strategy card's secondary ability takes one counter from her strategy allocation (001). */
export const spendSecondary: Move<[seat: string]> = (s, _by, seat) => {
  if (counterAreas(s, seat).strat < 1) fail('not-enough', 'Your strategy allocation is empty: you cannot pay for a secondary ability.');
  return [{ k: 'cc', seat, pool: 0, fleet: 0, strat: -1, why: 'secondary' }];
};

export const setLeader: Move<[seat: string, leader: number, status: LeaderStatus]> = (s, _by, seat, leader, status) => {
  requireSeat(s, seat);
  const leaders = s.players[seat]?.leaders ?? [];
  if (!Number.isSafeInteger(leader) || leader < 0 || leader >= leaders.length) fail('invalid-input', 'No such leader.');
  if (typeof status === 'object') {
    if (status.capturedBy === seat) fail('invalid-input', 'No player can capture one of their own leaders.');
    requireSeat(s, status.capturedBy);
  }
  return [{ k: 'leader', seat, leader, status }];
};

/** A note for the table ("Ben owes me 2 trade goods next round"), read by everyone in the log. */
export const note: Move<[seat: string | null, text: string]> = (s, _by, seat, text) => {
  const trimmed = text.trim();
  const why = noteRefusal(trimmed);
  if (why) fail('invalid-input', `The note was not added: ${why}.`);
  if (seat !== null) requireSeat(s, seat);
  return [{ k: 'note', seat, text: trimmed }];
};
