/** The planet cards: control, exhausted or refreshed, facilities, Natural Wealth, custom planets, payments, artifacts. */
import { defineModule } from '../core/module';
import type { Writers } from '../core/module';
import { describePlanets } from './describe';
import { CUSTOM_PLANETS_MAX, planetEvents } from './events';
import { planetsFold } from './fold';

/**
 * The seats among `seats` that someone holds a stake in: an empty side (no owner before, or none after)
 * is not a seat anybody may write for. With no seat at all, nobody's things change: anyone may.
 */
const either = (...seats: (string | null | undefined)[]): Writers => {
  const named = seats.filter((s): s is string => !!s);
  return named.length ? named : 'anyone';
};

export const planets = defineModule({
  name: 'planets',
  events: planetEvents,
  fold: planetsFold,
  describe: describePlanets,
  authority: {
    // Taking a planet is written by the one who takes it or the one who loses it (a capture, a trade);
    // releasing one (no new owner) only by its owner's phone, and an artifact likewise.
    owner: (e, t) => either(e.seat, t.planets[e.planet]?.owner),
    exhaust: (e, t) => [t.planets[e.planet]?.owner],
    refreshAll: (e) => [e.seat],
    facility: (e, t) => [t.planets[e.planet]?.owner],
    wealth: (e, t) => [t.planets[e.planet]?.owner],
    customPlanet: 'anyone',
    pay: (e) => [e.seat],
    artifact: (e, t) => either(e.seat, t.artifacts[e.color]),
    refreshUse: (e) => [e.seat],
    takeWealth: (e) => [e.seat],
    reverse: (e) => [e.seat],
  },
  allowances: {
    customPlanet: { of: () => null, perGame: CUSTOM_PLANETS_MAX, words: ['custom planet', 'custom planets'] },
  },
});

export { acquired, planetCard } from './moves';
export type { PayKind } from './events';
export { CUSTOM_PLANETS_MAX } from './events';
export { checkPayment, MAX_PAYMENT } from './payment';
export type { PaymentChoice, PaymentRequest } from './payment';
export { planetPays, planetState, planetsOf, planetStatesOf, reversalCheck, reversedNow, reversedThisRound, tradeGoodWorthOf } from './views';
export type { RoundNow } from './views';
