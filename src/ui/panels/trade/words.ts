import type { GameSnapshot } from '../../../doc';
import { plural } from '../../../doc';

/** A seat as the panels name it: the player's name. */
export const seatName = (s: GameSnapshot, id: string): string => s.seats.find((x) => x.id === id)?.name ?? id;

export const goods = (n: number): string => plural(n, 'trade good');
