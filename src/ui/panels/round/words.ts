import { STRATEGY_CARDS } from '../../../data';
import { isNobodyActor } from '../../../rules/strategy';
import type { GameSnapshot } from '../../../doc';

/** A seat by her player's name. */
export function seatName(s: GameSnapshot, seat: string | null | undefined): string {
  return s.seats.find((x) => x.id === seat)?.name ?? 'Nobody';
}

export function seatColor(s: GameSnapshot, seat: string): string {
  return s.seats.find((x) => x.id === seat)?.color ?? 'transparent';
}

export const cardTitle = (n: number): string => STRATEGY_CARDS.find((c) => c.initiative === n)?.name ?? `Card ${n}`;
export const cardInfo = (n: number) => STRATEGY_CARDS.find((c) => c.initiative === n);

/** "Ana", or "Trade (no player)" for the 5-player card played by no one. */
export function actorLabel(s: GameSnapshot, actor: string | null): string {
  if (actor && isNobodyActor(actor)) return `${cardTitle(Number(actor.slice(1)))} (no player)`;
  return seatName(s, actor);
}

/** "1 trade good", "2 trade goods": the log's own words. */
export { plural } from '../../../doc';

/** "Ana, Ben and Cleo". */
export function names(list: readonly string[]): string {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/** m:ss */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
