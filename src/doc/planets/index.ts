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
  authority: {},
});

export { acquired, withPlanetCommands, planetCard } from './commands';
export type { PayKind } from './events';
export { checkPayment, MAX_PAYMENT } from './payment';
export type { PaymentChoice, PaymentRequest } from './payment';
export { planetState, planetsOf, planetStatesOf } from './views';
