/**
 * The composition root: the parts of the game this app plays, the codec of their events, and `Game`, the
 * core game with every part's moves (`MOVES`, `game.moves`), which `game.move` makes. A new part of the game is
 * one folder beside the others (events, fold, moves, describe, index) and one line in `MODULES` and in `MOVES`.
 */
import * as Y from 'yjs';
import { council } from './council';
import { dice } from './dice';
import { createCodec } from './core/codec';
import { systemClock } from './core/game';
import { SeatedCore } from './core/seats';
import type { Clock } from './core/game';
import { IncrementalFold } from './core/incremental';
import type { Signer } from '../crypto/signature';
import type { Rules } from './core/incremental';
import type { FoldMemo } from './core/memo';
import { gameRoot, SCHEMA_VERSION, writeSeat } from './core/schema';
import { table } from './core/table';
import type { EncodedEvent, GameEvent, GameSnapshot, RawGame } from './core/types';
import { planets } from './planets';
import { round } from './round';
import { setup, setupSeats, validateSetup } from './setup';
import type { GameSetup } from './setup';
import { sheet } from './sheet';
import { trade } from './trade';
import * as sheetMoves from './sheet/moves';
import * as planetMoves from './planets/moves';
import * as tradeMoves from './trade/moves';
import * as objectiveMoves from './objectives/moves';
import * as roundMoves from './round/moves';
import * as councilMoves from './council/moves';
import * as diceMoves from './dice/moves';
import * as setupMoves from './setup/moves';

/** In fold order: the round's `after` sees every other part's change to the same event. Core's own first. */
export const MODULES = [table, sheet, planets, trade, round, council, dice, setup] as const;

export const RULES: Rules = { modules: MODULES, codec: createCodec(MODULES.map((m) => m.events)) };

export const encodeEvent = (e: GameEvent): EncodedEvent => RULES.codec.encode(e);
/** Decodes one stored tuple; undefined when it is not a well-formed event of this schema. */
export const decodeEvent = (raw: unknown): GameEvent | undefined => RULES.codec.decode(raw);

/** Decodes and folds a whole game. Malformed log entries are skipped and reported. */
export function foldGame(raw: RawGame): GameSnapshot {
  return new IncrementalFold(raw, raw.log, RULES).snapshot(raw);
}

/**
 * Every part's moves, by part (an action card or a race ability played is the round's `play`). A screen imports
 * the moves it makes (`import * as tradeMoves from 'doc/trade/moves'`), except a screen of a start's first frame
 * (the planet cards, the header's round menu): importing a part's moves brings them and the checks and rules
 * they read into the script that frame waits for (round/moves.ts alone: 31.6 KB, over issue 33's 205 KB), so it
 * reaches them through the game it holds, `props.game.move(props.game.moves.round.advance, from)`, whose code
 * the session loads after that frame. The test handle (`__tt.game.moves`) reaches them the same way.
 */
export const MOVES = {
  sheet: sheetMoves,
  planets: planetMoves,
  trade: tradeMoves,
  objectives: objectiveMoves,
  round: roundMoves,
  council: councilMoves,
  dice: diceMoves,
  setup: setupMoves,
} as const;

export class Game extends SeatedCore {
  readonly moves = MOVES;

  constructor(doc: Y.Doc, device: string, clock: Clock = systemClock, signer?: Signer, memo?: FoldMemo) {
    super(doc, device, clock, RULES, signer, memo);
  }
}

export interface CreateOptions {
  id: string;
  secret: string;
  device: string;
  clock?: Clock;
  signer?: Signer;
  memo?: FoldMemo;
}

/** Builds a new game document: meta, seats, and the setup events of 001 "Finalising Setup". */
export function createGame(setup: GameSetup, opts: CreateOptions): Game {
  validateSetup(setup);
  const doc = new Y.Doc();
  const clock = opts.clock ?? systemClock;
  const root = gameRoot(doc);
  const { seats, bodies } = setupSeats(setup);
  doc.transact(() => {
    root.meta.set('schema', SCHEMA_VERSION);
    root.meta.set('id', opts.id);
    root.meta.set('name', setup.name.trim());
    root.meta.set('vpGoal', setup.vpGoal);
    root.meta.set('options', { ...setup.options });
    root.meta.set('createdAt', Math.floor(clock.now()));
    root.meta.set('secret', opts.secret);
    for (const seat of seats) writeSeat(root, seat);
    root.log.push(bodies.map((b) => encodeEvent({ ...b, t: 0, dev: opts.device })));
  }, { device: opts.device });
  return new Game(doc, opts.device, clock, opts.signer, opts.memo);
}
