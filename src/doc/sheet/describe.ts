/** The sheet's events in words, as the table would say them ("Ana gained 2 trade goods"). */
import { RACES_BY_ID, TECHS_BY_ID } from '../../data';
import type { CounterName, EventBody, EventOf, GameSnapshot } from '../core/types';
import { planetName, playerAndRace, playerName, plural } from '../core/words';
import { RESTING_ABILITIES, readyAgainIn } from '../../rules/leaders';
import { noteRefusal } from './events';
import { leaderSlot } from './leaders';

/** "Ana's Agent Connor", as the log names seats. */
function leaderName(s: GameSnapshot, seat: string, leader: number): string {
  const slot = leaderSlot(s, seat, leader);
  return `${playerName(s, seat)}'s ${slot?.type ?? 'leader'}${slot?.name ? ` ${slot.name}` : ''}`;
}

const COUNTER_WORDS: Record<CounterName, string> = {
  vp: 'victory point',
  tradeGoods: 'trade good',
  commandPool: 'command pool counter',
  fleetSupply: 'fleet supply counter',
  strategyAllocation: 'strategy allocation counter',
  actionCards: 'action card',
  politicalCards: 'political card',
};

const AREAS = [
  ['pool', 'command pool'],
  ['fleet', 'fleet supply'],
  ['strat', 'strategy allocation'],
] as const;

function describeCc(s: GameSnapshot, e: EventOf<'cc'>): string {
  const who = playerName(s, e.seat);
  const parts = AREAS.filter(([key]) => e[key] !== 0).map(([key, name]) => `${e[key] > 0 ? '+' : '−'}${Math.abs(e[key])} ${name}`);
  switch (e.why) {
    case 'receive':
      return `${who} received ${plural(e.pool + e.fleet + e.strat, 'command counter')} (${parts.join(', ')})`;
    case 'move':
      return `${who} reallocated command counters: ${parts.join(', ')}`;
    case 'tactical':
      return `${who} spent a command pool counter on a tactical action`;
    case 'secondary':
      return `${who} spent a strategy allocation counter on a secondary ability`;
    case 'spend':
      return `${who} spent ${plural(-(e.pool + e.fleet + e.strat), 'command counter')} (${parts.join(', ')})`;
  }
}

export function describeSheet({ event: e }: { event: EventBody }, s: GameSnapshot): string | undefined {
  switch (e.k) {
    case 'counter': {
      return `${playerName(s, e.seat)} ${e.delta >= 0 ? 'gained' : 'lost'} ${plural(Math.abs(e.delta), COUNTER_WORDS[e.counter])}`;
    }
    case 'give':
      return `${playerName(s, e.from)} gave ${plural(e.amount, 'trade good')} to ${playerName(s, e.to)}`;
    case 'tech':
      return `${playerName(s, e.seat)} ${e.owned ? 'researched' : 'gave up'} ${TECHS_BY_ID.get(e.tech)?.name ?? e.tech}`;
    case 'upgrade': {
      const race = RACES_BY_ID.get(s.seats.find((x) => x.id === e.seat)?.race ?? '');
      const name = race?.racialUpgrades.find((u) => u.id === e.upgrade)?.name ?? e.upgrade;
      // A racial upgrade names her race: it comes from her race sheet.
      return `${playerAndRace(s, e.seat)} ${e.unlocked ? 'unlocked' : 'locked again'} ${name}`;
    }
    case 'leader': {
      const race = RACES_BY_ID.get(s.seats.find((x) => x.id === e.seat)?.race ?? '');
      const slot = race?.leaders[e.leader];
      const leader = `${playerName(s, e.seat)}'s ${slot?.type ?? 'leader'}${slot?.name ? ` ${slot.name}` : ''}`;
      if (e.status === 'free') return `${leader} is free`;
      if (e.status === 'killed') return `${leader} was killed`;
      return `${leader} was captured by ${playerName(s, e.status.capturedBy)}`;
    }
    case 'note': {
      // Notes speak in the first person ("Ben owes me 2"): the writer is named by her player's name.
      const who = s.seats.find((x) => x.id === e.seat)?.name;
      const why = noteRefusal(e.text);
      if (why) return `A note${who ? ` by ${who}` : ''} was refused (${why})`;
      return who ? `Note from ${who}: ${e.text}` : `Note: ${e.text}`;
    }
    case 'cc':
      return describeCc(s, e);
    case 'leaderUse': {
      const ability = RESTING_ABILITIES[leaderSlot(s, e.seat, e.leader)?.type ?? 'General']?.name ?? 'an ability';
      const where = e.planet ? ` on ${planetName(s, e.planet)}` : '';
      return `${leaderName(s, e.seat, e.leader)} used "${ability}"${where} in round ${e.round}: not again${where} before round ${readyAgainIn(e.round)}`;
    }
    case 'captive': {
      const captor = playerName(s, e.captor);
      if (!e.planet) return `${captor} released ${leaderName(s, e.seat, e.leader)}, who escapes`;
      return `${captor} executed ${leaderName(s, e.seat, e.leader)} and ${e.lose ? 'gave up control of' : 'exhausted'} ${planetName(s, e.planet)} for it`;
    }
    case 'scientist':
      return `${playerName(s, e.seat)}'s Scientist exhausted ${planetName(s, e.planet)} to ignore the prerequisite ${TECHS_BY_ID.get(e.ignored)?.name ?? e.ignored} of ${TECHS_BY_ID.get(e.tech)?.name ?? e.tech}`;
    default:
      return undefined;
  }
}
