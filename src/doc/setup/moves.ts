/**
 * The setup at the table from this phone (core/moves.ts): each step checked as every phone's fold will check it
 * (`setupRefusal`), then written. Every step is signed (events.ts), so none is undone: make them with
 * `game.moveSigned`. The deal steps (lock, unlock, garbled, reveal) are computed by runtime/setupAgent.ts, which
 * holds this phone's keys.
 */
import { fail } from '../core/errors';
import type { Move } from '../core/moves';
import { openedIn } from '../dice';
import type { RotationDirection } from '../../rules/order';
import type { SetupOp } from './events';
import { setupRefusal } from './refusal';

/** The move that takes the step `op` makes of its arguments. */
function step<A extends unknown[]>(op: (...args: A) => SetupOp): Move<A> {
  return (s, _by, ...args) => {
    const taken = op(...args);
    const why = setupRefusal(s.setup, taken, openedIn(s.dice));
    if (why) fail('not-allowed', `Refused: ${why}`);
    return [{ k: 'setup', ...taken }];
  };
}

/** Step 6.2: `race`, or null to pass (a race will be dealt). */
export const pick = step((seat: string, race: string | null): SetupOp => ({ op: 'pick', seat, race }));
export const choose = step((seat: string, deal: number, keep: boolean): SetupOp => ({ op: 'choose', seat, deal, keep }));
export const homeBid = step((seat: string, location: number, bid: number): SetupOp => ({ op: 'home', seat, location, bid }));
export const built = step((seat: string): SetupOp => ({ op: 'built', seat }));
export const seating = step((seat: string, order: string[]): SetupOp => ({ op: 'seating', seat, order }));
/** Step 9: a bid, or null to withdraw. */
export const speakerBid = step((seat: string, bid: number | null): SetupOp => ({ op: 'speaker', seat, bid }));
export const cycler = step((seat: string, direction: RotationDirection): SetupOp => ({ op: 'cycler', seat, direction }));
export const keptSecret = step((seat: string): SetupOp => ({ op: 'kept', seat }));
/** Starts a deal over: allowed only when a part of it is lost (`setupRefusal`). */
export const redeal = step((seat: string, what: 'races' | 'secrets'): SetupOp => ({ op: 'redeal', seat, what }));
export const redraw = step((seat: string): SetupOp => ({ op: 'redraw', seat }));
export const lock = step((seat: string, deal: number, cards: string[]): SetupOp => ({ op: 'lock', seat, deal, cards }));
export const unlock = step((seat: string, deal: number, cards: (string | null)[]): SetupOp => ({ op: 'unlock', seat, deal, cards }));
/** Her cards of `deal` cannot be read: `keys` are hers for it, so every phone can see that they cannot. */
export const garbled = step((seat: string, deal: number, keys: string[]): SetupOp => ({ op: 'garbled', seat, deal, keys }));
export const reveal = step((seat: string, race: string | null, keys: string[]): SetupOp => ({ op: 'reveal', seat, race, keys }));
