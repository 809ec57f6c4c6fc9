/**
 * The setup at the table from this phone (`game.setup`): each step checked as every phone's fold will
 * check it (`setupRefusal`), then written. The deal steps (lock, unlock, reveal) are computed by
 * runtime/setupAgent.ts, which holds this phone's keys. Every step is signed (events.ts), so none is undone.
 */
import { fail } from '../core/errors';
import { openedIn } from '../dice';
import type { CommandContext, Constructor } from '../core/game';
import type { RotationDirection } from '../../rules/order';
import type { SetupOp } from './events';
import { setupRefusal } from './refusal';

export class SetupCommands {
  constructor(private readonly game: CommandContext) {}

  #take(op: SetupOp): Promise<void> {
    const snap = this.game.snapshot();
    const why = setupRefusal(snap.setup, op, openedIn(snap.dice));
    if (why) fail('not-allowed', `Refused: ${why}`);
    return this.game.appendSigned([{ k: 'setup', ...op }]);
  }

  /** Step 6.2: `race`, or null to pass (a race will be dealt). */
  pick(seat: string, race: string | null): Promise<void> {
    return this.#take({ op: 'pick', seat, race });
  }

  choose(seat: string, deal: number, keep: boolean): Promise<void> {
    return this.#take({ op: 'choose', seat, deal, keep });
  }

  homeBid(seat: string, location: number, bid: number): Promise<void> {
    return this.#take({ op: 'home', seat, location, bid });
  }

  built(seat: string): Promise<void> {
    return this.#take({ op: 'built', seat });
  }

  seating(seat: string, order: string[]): Promise<void> {
    return this.#take({ op: 'seating', seat, order });
  }

  /** Step 9: a bid, or null to withdraw. */
  speakerBid(seat: string, bid: number | null): Promise<void> {
    return this.#take({ op: 'speaker', seat, bid });
  }

  cycler(seat: string, direction: RotationDirection): Promise<void> {
    return this.#take({ op: 'cycler', seat, direction });
  }

  keptSecret(seat: string): Promise<void> {
    return this.#take({ op: 'kept', seat });
  }

  /** Starts a deal over: allowed only when a part of it is lost (`setupRefusal`). */
  redeal(seat: string, what: 'races' | 'secrets'): Promise<void> {
    return this.#take({ op: 'redeal', seat, what });
  }

  redraw(seat: string): Promise<void> {
    return this.#take({ op: 'redraw', seat });
  }

  lock(seat: string, deal: number, cards: string[]): Promise<void> {
    return this.#take({ op: 'lock', seat, deal, cards });
  }

  unlock(seat: string, deal: number, cards: (string | null)[]): Promise<void> {
    return this.#take({ op: 'unlock', seat, deal, cards });
  }

  /** Her cards of `deal` cannot be read: `keys` are hers for it, so every phone can see that they cannot. */
  garbled(seat: string, deal: number, keys: string[]): Promise<void> {
    return this.#take({ op: 'garbled', seat, deal, keys });
  }

  reveal(seat: string, race: string | null, keys: string[]): Promise<void> {
    return this.#take({ op: 'reveal', seat, race, keys });
  }
}

/** Adds `game.setup` to the game. */
export function withSetupCommands<B extends Constructor<CommandContext>>(Base: B) {
  return class extends Base {
    readonly setup: SetupCommands = new SetupCommands(this);
  };
}
