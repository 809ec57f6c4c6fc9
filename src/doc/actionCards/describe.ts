/** The action cards' op in words: "Ana played the action card Sabotage". The round's describer reads it out (round/describe.ts). */
import type { GameSnapshot } from '../core/types';
import { playerAndRace, playerName } from '../core/words';
import type { PlayOp } from './events';

/** One sentence for a play; a race ability names her race: the table reads whose sheet it comes from. */
export function describePlay(e: PlayOp, s: GameSnapshot): string {
  const [by, what] = e.kind === 'card' ? [playerName(s, e.seat), `the action card ${e.name}`] : [playerAndRace(s, e.seat), `the race ability ${e.name}`];
  return e.turn ? `${by} took an action with ${what}` : `${by} played ${what}`;
}
