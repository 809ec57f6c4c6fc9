/**
 * SA setup at the table (001 "Setup", steps 6 to 10) as pure functions, for issue 19: the shared
 * randomness every phone derives alike, the first player's die roll, the home system and speaker bids,
 * and the trade goods normalisation. The draws come from a seed made of every phone's commitment, opened
 * once all are in (doc/dice, crypto/sharedRandom.ts): no phone chooses or predicts it, and any phone can
 * re-check it from the log.
 */
import { aroundTheTable } from './order';
import { ALLOWED, refused } from './result';
import type { RuleCheck } from './result';

/** Draws every phone makes alike from the table's shared seed (crypto/sharedRandom.ts `SeededRandom`). */
export interface Draws {
  /** A whole number from 0 to n − 1, each equally likely. */
  below(n: number): number;
}

/** Fisher–Yates with the shared draws: the same seed shuffles the same on every phone. */
export function shuffled<T>(items: readonly T[], rng: Draws): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * 001 setup step 6.1: "Have each player roll a die. The highest-rolling player (break ties by additional
 * rolls) is the first player." Every round of rolls is kept, for the table to see.
 */
export function firstPlayer(seats: readonly string[], rng: Draws, sides = 10): { rolls: Record<string, number>[]; first: string } {
  if (!seats.length) throw new RangeError('Nobody rolls.');
  const rolls: Record<string, number>[] = [];
  let rolling = [...seats];
  while (rolling.length > 1) {
    const round = Object.fromEntries(rolling.map((seat) => [seat, rng.below(sides) + 1]));
    rolls.push(round);
    const high = Math.max(...Object.values(round));
    rolling = rolling.filter((seat) => round[seat] === high);
  }
  return { rolls, first: rolling[0] as string };
}

/**
 * 001 setup step 6.2–6.5: the races nobody chose form the pool; a secretly dealt race that is not kept goes
 * back into it. What the pool holds at each deal.
 */
export function racePool(all: readonly string[], taken: readonly string[]): string[] {
  return all.filter((race) => !taken.includes(race));
}

/** 001 step 7, pre-set map: "All players then receive as many Trade Goods as the difference between the highest bid and their own bid." */
export function homeBidGoods(bids: Readonly<Record<string, number>>): Record<string, number> {
  const values = Object.values(bids);
  for (const v of values) if (!Number.isSafeInteger(v) || v < 0) throw new RangeError('A bid is a whole number of trade goods, 0 or more.');
  const high = values.length ? Math.max(...values) : 0;
  return Object.fromEntries(Object.entries(bids).map(([seat, bid]) => [seat, high - bid]));
}

/** The first seat after `seat` in `order` (looping, `seat` itself last) that `may` move, or null. */
function nextAfter(order: readonly string[], seat: string, may: (s: string) => boolean): string | null {
  const at = order.indexOf(seat);
  for (let k = 1; k <= order.length; k++) {
    const next = order[(at + k) % order.length] as string;
    if (may(next)) return next;
  }
  return null;
}

/** The speaker token auction of 001 step 9, as it stands. */
export interface SpeakerBidding {
  /** Bidding order: from the player on the right of the first player, counter-clockwise (looping). */
  order: string[];
  /** Whose bid it is (null: the auction is over). */
  turn: string | null;
  high: { seat: string; bid: number } | null;
  withdrawn: string[];
}

/**
 * 001 step 9: "The player on the right of the first player places a bid of Trade Goods (0 is allowed) on the
 * Speaker Token. Then, going counter-clockwise (and looping), each player may either withdraw from the
 * bidding or overbid." The right-hand neighbour is the next seat counter-clockwise.
 */
export function startSpeakerBidding(seatsInTableOrder: readonly string[], first: string): SpeakerBidding {
  const around = aroundTheTable(seatsInTableOrder, first, 'counterclockwise');
  const order = [...around.slice(1), first];
  return { order, turn: order[0] ?? null, high: null, withdrawn: [] };
}

export type SpeakerMove = { bid: number } | 'withdraw';

/** Whether `seat` may make `move` now: her turn, the first bid placed (0 allowed), later ones higher. */
export function checkSpeakerMove(b: SpeakerBidding, seat: string, move: SpeakerMove): RuleCheck {
  if (b.turn === null) return refused('The speaker token bidding is over.');
  if (b.turn !== seat) return refused('It is not your turn to bid.');
  if (move === 'withdraw') return b.high ? ALLOWED : refused('The first player to bid places a bid (0 is allowed).');
  if (!Number.isSafeInteger(move.bid) || move.bid < 0 || move.bid > 99) return refused('A bid is a whole number of trade goods from 0 to 99.');
  if (b.high && move.bid <= b.high.bid) return refused(`Overbid ${b.high.bid} trade good${b.high.bid === 1 ? '' : 's'}, or withdraw.`);
  return ALLOWED;
}

/** The auction after `move` (checked first): the turn passes to the next player still bidding; it ends when only the high bidder is left. */
export function speakerMove(b: SpeakerBidding, seat: string, move: SpeakerMove): SpeakerBidding {
  const check = checkSpeakerMove(b, seat, move);
  if (!check.ok) throw new RangeError(check.reason);
  const high = move === 'withdraw' ? b.high : { seat, bid: move.bid };
  const withdrawn = move === 'withdraw' ? [...b.withdrawn, seat] : b.withdrawn;
  const bidding = b.order.filter((s) => !withdrawn.includes(s));
  const over = bidding.length === 1 && high && bidding[0] === high.seat;
  return { order: b.order, turn: over ? null : nextAfter(b.order, seat, (s) => !withdrawn.includes(s)), high, withdrawn };
}

/** 001 step 9's end: "The winner gains the Speaker Token. The other players receive as many Trade Goods as the winning bid." */
export function speakerBidGoods(b: SpeakerBidding): { speaker: string; goods: Record<string, number> } {
  if (b.turn !== null || !b.high) throw new RangeError('The speaker token bidding is not over.');
  const { seat: speaker, bid } = b.high;
  return { speaker, goods: Object.fromEntries(b.order.map((seat) => [seat, seat === speaker ? 0 : bid])) };
}

/**
 * 001 step 10, "Starting Trade Goods Normalization": "All players now gain or lose the same number of Trade
 * Goods such that the player with the lowest amount has exactly 1 Trade Good."
 */
export function normalisedTradeGoods(goods: Readonly<Record<string, number>>): Record<string, number> {
  const values = Object.values(goods);
  if (!values.length) return {};
  const shift = 1 - Math.min(...values);
  return Object.fromEntries(Object.entries(goods).map(([seat, n]) => [seat, n + shift]));
}

/** 001 step 7, pre-set map: the home system location bidding as it stands. Locations are numbered 1 to n, clockwise round the map. */
export interface HomeBidding {
  /** From the first player, clockwise. */
  order: string[];
  locations: number;
  /** Whose bid it is: the next player, clockwise and looping, who holds no bid (null: everyone holds one). */
  turn: string | null;
  holds: Record<string, { location: number; bid: number }>;
}

export function startHomeBidding(seatsInTableOrder: readonly string[], first: string): HomeBidding {
  const order = aroundTheTable(seatsInTableOrder, first, 'clockwise');
  return { order, locations: order.length, turn: order[0] ?? null, holds: {} };
}

/** Whether `seat` may bid `bid` trade goods on `location` now: her turn; a free location for 0 or more, a held one for more than its bid. */
export function checkHomeBid(b: HomeBidding, seat: string, location: number, bid: number): RuleCheck {
  if (b.turn === null) return refused('Every player already holds a home system location.');
  if (b.turn !== seat) return refused('It is not your turn to bid on a home system location.');
  if (!Number.isSafeInteger(location) || location < 1 || location > b.locations) return refused(`Home system locations are numbered 1 to ${b.locations}.`);
  if (!Number.isSafeInteger(bid) || bid < 0 || bid > 99) return refused('A bid is a whole number of trade goods from 0 to 99.');
  const holder = Object.entries(b.holds).find(([, h]) => h.location === location);
  if (holder && bid <= holder[1].bid) return refused(`Location ${location} is held with ${holder[1].bid} trade good${holder[1].bid === 1 ? '' : 's'}: overbid it, or bid on another location.`);
  return ALLOWED;
}

/** The bidding after a bid (checked first): an overbid player loses her location and bids again when her turn comes. */
export function homeBid(b: HomeBidding, seat: string, location: number, bid: number): HomeBidding {
  const check = checkHomeBid(b, seat, location, bid);
  if (!check.ok) throw new RangeError(check.reason);
  const holds = Object.fromEntries(Object.entries(b.holds).filter(([, h]) => h.location !== location));
  holds[seat] = { location, bid };
  return { ...b, turn: nextAfter(b.order, seat, (s) => !holds[s]), holds };
}

/** Seats in the order of their home system locations: how they sit once 001 step 8 has them change seats. */
export function seatingByLocation(b: HomeBidding): string[] {
  return [...b.order].sort((x, y) => (b.holds[x]?.location ?? 0) - (b.holds[y]?.location ?? 0));
}
