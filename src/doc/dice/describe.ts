/** The shared draws in words: "Ana committed to the shared draw first-player". */
import type { EventBody, GameSnapshot } from '../core/types';
import { playerName } from '../core/words';

export function describeDiceEntry({ event: e }: { event: EventBody }, s: GameSnapshot): string | undefined {
  if (e.k !== 'seed') return undefined;
  return 'hash' in e ? `${playerName(s, e.seat)} committed to the shared draw "${e.purpose}"` : `${playerName(s, e.seat)} opened a value for the shared draw "${e.purpose}"`;
}
