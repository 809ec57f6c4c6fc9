/**
 * The players still in the game, and how many they are: the one player count every rule that depends on it
 * reads (001 "Rule Adjustments Based On The Number Of Players": strategy cards in play and picks per player,
 * self-trades, Trade's option b, extra agendas, the 2-player Assembly and Voice of the Council, status phase
 * counters). A seat that surrendered or was eliminated is out (the round tracker's `out`): "She is ignored by
 * all effects" and "The game now has one fewer players, so some rules adjustments based on the number of
 * players may come into play" (001 "Elimination" 5, 6; "Surrender" 7). The snapshot keeps every seat (her
 * name, her home system, her history), so no rule counts the snapshot's `seats`.
 *
 * The folds pass the seats and the seats out at the event's place in the log; the commands, views and
 * panels pass the snapshot, so a phone's screen, its commands and every phone's fold count alike. The
 * round's own checks read `RoundView.seats` (round/views.ts) and its fold `RoundProgress.seats`, both made
 * by `seatsIn`: their length is this count.
 */
import type { SeatInfo } from './types';

/** What the count reads from a snapshot: its seats and the round tracker's seats out of the game. */
export interface SeatsAndOut {
  readonly seats: readonly SeatInfo[];
  readonly tracker: { readonly out: readonly string[] };
}

/** The seats still in the game, in the order given. */
export function seatsIn<S extends { readonly id: string }>(seats: readonly S[], out: readonly string[]): S[] {
  return out.length ? seats.filter((s) => !out.includes(s.id)) : [...seats];
}

/** How many players are still in the game: from a snapshot, or from the seats and the seats out. */
export function playersIn(s: SeatsAndOut): number;
export function playersIn(seats: readonly { readonly id: string }[], out: readonly string[]): number;
export function playersIn(s: SeatsAndOut | readonly { readonly id: string }[], out: readonly string[] = []): number {
  return 'tracker' in s ? seatsIn(s.seats, s.tracker.out).length : seatsIn(s, out).length;
}

/** Whether she is still in the game. */
export function stillIn(s: SeatsAndOut, seat: string): boolean {
  return s.seats.some((x) => x.id === seat) && !s.tracker.out.includes(seat);
}
