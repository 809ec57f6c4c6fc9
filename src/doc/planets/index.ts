/** The planet cards: control, exhausted or refreshed, facilities, Natural Wealth, custom planets, payments, artifacts. */
import { defineModule } from '../core/module';
import { describePlanets } from './describe';
import { planetEvents } from './events';
import { planetsFold } from './fold';

export const planets = defineModule({
  name: 'planets',
  events: planetEvents,
  fold: planetsFold,
  describe: describePlanets,
  authority: {
    // Taking a planet is written by the one who takes it or the one who loses it (a capture, a trade).
    owner: (e, t) => [e.seat, t.planets[e.planet]?.owner],
    exhaust: (e, t) => [t.planets[e.planet]?.owner],
    refreshAll: (e) => [e.seat],
    facility: (e, t) => [t.planets[e.planet]?.owner],
    wealth: (e, t) => [t.planets[e.planet]?.owner],
    customPlanet: 'anyone',
    pay: (e) => [e.seat],
    artifact: (e, t) => [e.seat, t.artifacts[e.color]],
  },
});

export { acquired, withPlanetCommands, planetCard } from './commands';
export type { PayKind } from './events';
export { checkPayment, MAX_PAYMENT } from './payment';
export type { PaymentChoice, PaymentRequest } from './payment';
export { planetState, planetsOf, planetStatesOf } from './views';
