/**
 * The race sheet's commands, mixed into `Game` (`game.adjustCounter(…)`): each makes the sheet's move of the
 * same name (moves.ts) and throws its refusal as a GameError, as every command did before the moves (issue
 * 37). New callers make the move itself, `game.move(adjustCounter, …)`, and get the refusal as a value.
 */
import type { CommandContext, Constructor } from '../core/context';
import type { MoveRunner } from '../core/moves';
import type { CounterName, LeaderStatus } from '../core/types';
import type { PaymentChoice } from '../planets';
import * as moves from './moves';
import type { CounterAreas } from './moves';

export function withSheetCommands<B extends Constructor<CommandContext & MoveRunner>>(Base: B) {
  return class SheetCommands extends Base {
    adjustCounter(seat: string, counter: CounterName, delta: number, from?: number): void {
      this.makeMove(moves.adjustCounter, seat, counter, delta, from);
    }

    setCounter(seat: string, counter: CounterName, value: number): void {
      this.makeMove(moves.setCounter, seat, counter, value);
    }

    giveTradeGoods(from: string, to: string, amount: number): void {
      this.makeMove(moves.giveTradeGoods, from, to, amount);
    }

    research(seat: string, tech: string, basePrice: number, choice: PaymentChoice, ignorePrerequisites = false, scientist?: string): void {
      this.makeMove(moves.research, seat, tech, basePrice, choice, ignorePrerequisites, scientist);
    }

    useLeader(seat: string, leader: number, planet: string | null = null): void {
      this.makeMove(moves.useLeader, seat, leader, planet);
    }

    decideCaptive(captor: string, seat: string, leader: number, planet: string | null = null, lose = false): void {
      this.makeMove(moves.decideCaptive, captor, seat, leader, planet, lose);
    }

    unlockUpgrade(seat: string, upgrade: string, choice: PaymentChoice): void {
      this.makeMove(moves.unlockUpgrade, seat, upgrade, choice);
    }

    receiveCounters(seat: string, add: CounterAreas): void {
      this.makeMove(moves.receiveCounters, seat, add);
    }

    reallocateCounters(seat: string, target: CounterAreas): void {
      this.makeMove(moves.reallocateCounters, seat, target);
    }

    spendTactical(seat: string): void {
      this.makeMove(moves.spendTactical, seat);
    }

    spendSecondary(seat: string): void {
      this.makeMove(moves.spendSecondary, seat);
    }

    setLeader(seat: string, leader: number, status: LeaderStatus): void {
      this.makeMove(moves.setLeader, seat, leader, status);
    }

    note(seat: string | null, text: string): void {
      this.makeMove(moves.note, seat, text);
    }
  };
}
