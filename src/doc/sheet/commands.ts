/**
 * The race sheet's commands, mixed into `Game` (`game.adjustCounter(…)`): one per move of the sheet (moves.ts),
 * of the same name, which makes it and throws its refusal as a GameError, as every command did before the
 * moves (issue 37). New callers make the move itself, `game.move(adjustCounter, …)`, and get the refusal as a
 * value.
 */
import type { Constructor } from '../core/context';
import type { MoveRunner } from '../core/moves';
import { withMoveCommands } from '../core/runner';
import { adjustCounter, decideCaptive, giveTradeGoods, note, reallocateCounters, receiveCounters, research, setCounter, setLeader, spendSecondary, spendTactical, unlockUpgrade, useLeader } from './moves';

export const withSheetCommands = <B extends Constructor<MoveRunner>>(Base: B) =>
  withMoveCommands(Base, { adjustCounter, setCounter, giveTradeGoods, research, useLeader, decideCaptive, unlockUpgrade, receiveCounters, reallocateCounters, spendTactical, spendSecondary, setLeader, note });
