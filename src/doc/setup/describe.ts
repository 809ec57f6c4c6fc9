/** The setup at the table in words, for the log: "Ana chose the Hacan", "Ben locked and shuffled the race deck". */
import type { EventBody, GameSnapshot } from '../core/types';
import { playerName, plural, raceName } from '../core/words';

export function describeSetupEntry({ event: e }: { event: EventBody }, s: GameSnapshot): string | undefined {
  if (e.k !== 'setup') return undefined;
  // Her name, as in the rest of the log (during the setup most seats have no race yet).
  const name = (seat: string) => playerName(s, seat);
  const who = name(e.seat);
  switch (e.op) {
    case 'pick':
      return e.race ? `${who} chose ${raceName(e.race)}` : `${who} passed: a race will be dealt`;
    case 'lock':
      return `${who} locked and shuffled a deck of ${plural(e.cards.length, 'card')}`;
    case 'unlock':
      return `${who} unlocked the dealt cards`;
    case 'choose':
      return e.keep ? `${who} kept her secretly dealt race` : `${who} returned her secretly dealt race to the pool`;
    case 'home':
      return `${who} bid ${plural(e.bid, 'trade good')} on home system location ${e.location}`;
    case 'built':
      return `${who} noted the galaxy built star by star`;
    case 'seating':
      return `${who} noted the seating: ${e.order.map(name).join(', ')}`;
    case 'speaker':
      return e.bid === null ? `${who} withdrew from the speaker token bidding` : `${who} bid ${plural(e.bid, 'trade good')} on the speaker token`;
    case 'cycler':
      return `${who} oriented the rotation cycler ${e.direction}`;
    case 'kept':
      return `${who} kept one secret objective and shuffled the other back`;
    case 'reveal':
      return e.race ? `${who} revealed her race: ${raceName(e.race)}` : `${who} revealed her deal keys`;
    case 'garbled':
      return `${who} showed her keys: a card dealt to her cannot be read`;
    case 'redeal':
      return e.what === 'secrets' ? `${who} started the secret objectives' deal over` : `${who} started the race deal over`;
    case 'redraw':
      return `${who} started the shared draw over`;
  }
}
