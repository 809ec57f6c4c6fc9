/**
 * What the setup's screens read, without its commands (and the Yjs they bring): a start's first frame
 * is painted before Yjs has loaded (issue 33).
 */
export { MAX_SEATS, MIN_SEATS, STARTING_TRADE_GOODS, VP_GOALS } from './seats';
export { STEP_NAMES, drawPurpose, fromFirst, lockTurn, openDeal, racePool, secretDeal, setupRefusal, speakerOf, unlockTurn } from './fold';
