/**
 * The shared document's public face for the app: the game, its types, the log in words and as history.
 * Each part of the game has its own public API beside this one (`doc/sheet`, `doc/planets`, `doc/trade`,
 * `doc/objectives`, `doc/actionCards`, `doc/round`, `doc/council`, `doc/setup`); the UI imports those and
 * this, never a part's inner files.
 */
export { Game, createGame, decodeEvent, encodeEvent, foldGame, MODULES } from './game';
export type { CreateOptions } from './game';
export type { Clock, CommandContext, LocalOrigin } from './core/game';
export { memoryMemo } from './core/memo';
export type { FoldMemo } from './core/memo';
export { GameError, fail } from './core/errors';
export type { GameErrorCode } from './core/errors';
export { isRefusal, refuse } from './core/moves';
export type { Keeper, Kept, Made, Move, Mover, Refusal } from './core/moves';
export { gameRoot, migrate, readMeta, readRaw, readRawHead, readSecret, SCHEMA_VERSION } from './core/schema';
export type { GameRoot } from './core/schema';
export { COUNTER_LABELS, COUNTERS } from './core/types';
export type * from './core/types';
export { raceName, raceOf } from './core/words';
export { playersIn, seatsIn, stillIn } from './core/players';
export { amountOf, describeEvent, listWords, planetName, playerAndRace, playerName, plural } from './describe';
export * from './history';
export { MAX_SEATS, MIN_SEATS, VP_GOALS } from './setup';
export type { GameSetup, SeatSetup } from './setup';
