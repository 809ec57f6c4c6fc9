/**
 * Checking a payment a player chose (planets to exhaust, trade goods to spend) against the folded game,
 * before a command writes it. Pure: snapshot in, a 'pay' event body out, or a GameError for the player.
 * 001 "Spending Resources and Influence" and "Trade Goods".
 */
import { fail } from '../core/errors';
import { amountOf, plural } from '../core/words';
import type { EventOf, GameSnapshot } from '../core/types';
import type { PayKind } from './events';
import { planetPays, tradeGoodWorthOf } from './views';

/** What she chose to pay with. */
export interface PaymentChoice {
  planets: readonly string[];
  tradeGoods: number;
}

export interface PaymentRequest {
  seat: string;
  kind: PayKind;
  amount: number;
  /** What the payment is for, as the log shows it ("Sarween Tools", "a carrier"); may be empty. */
  what: string;
  choice: PaymentChoice;
}

export const MAX_PAYMENT = 99;

/** The value each chosen planet gives (printed value plus facility), checked to be hers and refreshed. */
function planetValues(s: GameSnapshot, seat: string, kind: PayKind, ids: readonly string[]): number {
  if (new Set(ids).size !== ids.length) fail('invalid-input', 'A planet appears twice in this payment.');
  let total = 0;
  for (const id of ids) {
    const card = s.planets[id];
    if (!card || card.owner !== seat) fail('invalid-input', `${card?.name ?? id} is not one of your planets.`);
    if (card.exhausted) fail('invalid-input', `${card.name} is already exhausted: it cannot pay until it is refreshed.`);
    total += planetPays(card, kind, s.round);
  }
  return total;
}

/**
 * The 'pay' event for a payment, or a refusal: too little paid, more trade goods spent than needed
 * (a planet always gives its whole value, but nobody has to hand over a trade good that pays nothing),
 * a planet that is not hers or is exhausted, or more trade goods than she has.
 */
export function checkPayment(s: GameSnapshot, req: PaymentRequest): EventOf<'pay'> {
  const { seat, kind, amount, choice } = req;
  if (!Number.isSafeInteger(amount) || amount < 0 || amount > MAX_PAYMENT) fail('invalid-input', `A cost is a whole number from 0 to ${MAX_PAYMENT}.`);
  if (!Number.isSafeInteger(choice.tradeGoods) || choice.tradeGoods < 0) fail('invalid-input', 'Trade goods spent must be a whole number of 0 or more.');
  const has = s.players[seat]?.counters.tradeGoods ?? 0;
  if (choice.tradeGoods > has) fail('not-enough', `You have only ${plural(has, 'trade good')}, not ${choice.tradeGoods}.`);
  const fromPlanets = planetValues(s, seat, kind, choice.planets);
  const worth = tradeGoodWorthOf(s, seat);
  const paid = fromPlanets + choice.tradeGoods * worth;
  if (paid < amount) {
    fail('not-enough', `That pays ${paid} of the ${amountOf(amount, kind)} needed: choose more planets or trade goods.`);
  }
  const goodsNeeded = Math.ceil(Math.max(0, amount - fromPlanets) / worth);
  if (choice.tradeGoods > goodsNeeded) {
    fail('invalid-input', `Only ${plural(goodsNeeded, 'trade good')} ${goodsNeeded === 1 ? 'is' : 'are'} needed with these planets, not ${choice.tradeGoods}.`);
  }
  const what = req.what.trim().slice(0, 80);
  return { k: 'pay', seat, kind, amount, planets: [...choice.planets], tradeGoods: choice.tradeGoods, what };
}
