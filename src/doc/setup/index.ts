/**
 * Setting a game up: quick setup (races typed in at New game, seats.ts) or setup at the table (issue 19),
 * whose steps every phone plays and referees (fold.ts; where it stands in steps.ts, its checks in refusal.ts
 * and fairness.ts) before round 1.
 */
import { defineModule } from '../core/module';
import { describeSetupEntry } from './describe';
import { setupEvents } from './events';
import { SetupFold } from './fold';

export const setup = defineModule({
  name: 'setup',
  events: setupEvents,
  stateKey: 'setup',
  fold({ tableSeats, options, memo }) {
    const fold = new SetupFold(tableSeats, options, memo);
    return {
      apply: (e, table) => (e.k === 'setup' ? fold.apply(e, table) : undefined),
      after: (entry, table) => fold.after(entry, table),
      facts: { blocks: (e) => fold.blocks(e), settled: () => (fold.s.atTable ? fold.s.final : null) },
      result: () => fold.result(),
    };
  },
  describe: describeSetupEntry,
  authority: {
    // The galaxy built, the seating confirmed: steps for the whole table, any phone may note them. A deal or draw
    // started over names the seat of the phone that asked, which must hold it (the log says who).
    setup: (e) => (e.op === 'built' || e.op === 'seating' ? 'anyone' : [e.seat]),
  },
});

export type { SetupOp } from './events';
export type { Deal, SetupState, SetupStep } from './state';
export { objectivesByStage, publicRace, tradeGoodsSoFar } from './views';
export { MAX_SEATS, MIN_SEATS, STARTING_TRADE_GOODS, VP_GOALS, setupSeats, startingPieces, validateSetup } from './seats';
export type { GameSetup, SeatSetup } from './seats';
export { SECRET_OBJECTIVES, drawPurpose, STEP_NAMES, cardAt, cardsOf, dealtCount, fromFirst, lockTurn, lockedDeck, openDeal, openDeals, raceDeals, racePool, secretDeal, speakerOf, stepOf, unlockTurn } from './steps';
export { dealFailed, lockingDeals, setupRefusal } from './refusal';
