/**
 * The game log in words: one sentence per event, as the table would say it ("Sol exhausted Jord for
 * 4 resources"). Players are named by their race, as they are at the table. Pure: no Yjs, no DOM.
 */
import { describeCouncil } from './council/describe';
import { PLANETS_BY_ID, RACES_BY_ID, TECHS_BY_ID } from '../data';
import { describeRound } from '../rules/round';
import type { CounterName, EventBody } from './events';
import type { GameSnapshot, LogEntry } from './snapshot';
import { describeTrade } from './tradeLog';
import { describeRoundOp } from './roundEvents';

const COUNTER_WORDS: Record<CounterName, [string, string]> = {
  vp: ['victory point', 'victory points'],
  tradeGoods: ['trade good', 'trade goods'],
  commandPool: ['command pool counter', 'command pool counters'],
  fleetSupply: ['fleet supply counter', 'fleet supply counters'],
  strategyAllocation: ['strategy allocation counter', 'strategy allocation counters'],
  actionCards: ['action card', 'action cards'],
  politicalCards: ['political card', 'political cards'],
};

export const plural = (n: number, one: string, many: string): string => `${n} ${Math.abs(n) === 1 ? one : many}`;

/** "A", "A and B", "A, B and C". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The name the table calls a seat by: her race ("Sol"), else her name. */
export function seatLabel(s: GameSnapshot, seat: string | null | undefined): string {
  const info = s.seats.find((x) => x.id === seat);
  if (!info) return 'Someone';
  return RACES_BY_ID.get(info.race)?.shortName ?? info.name;
}

export function planetName(s: GameSnapshot, id: string): string {
  return s.planets[id]?.name ?? PLANETS_BY_ID.get(id)?.name ?? id;
}

const AREAS = [
  ['pool', 'command pool'],
  ['fleet', 'fleet supply'],
  ['strat', 'strategy allocation'],
] as const;

function describeCc(s: GameSnapshot, e: EventBody & { k: 'cc' }): string {
  const who = seatLabel(s, e.seat);
  const parts = AREAS.filter(([key]) => e[key] !== 0).map(([key, name]) => `${e[key] > 0 ? '+' : '−'}${Math.abs(e[key])} ${name}`);
  switch (e.why) {
    case 'receive':
      return `${who} received ${plural(e.pool + e.fleet + e.strat, 'command counter', 'command counters')} (${parts.join(', ')})`;
    case 'move':
      return `${who} reallocated command counters: ${parts.join(', ')}`;
    case 'tactical':
      return `${who} spent a command pool counter on a tactical action`;
    case 'secondary':
      return `${who} spent a strategy allocation counter on a secondary ability`;
  }
}

function describePay(s: GameSnapshot, e: EventBody & { k: 'pay' }): string {
  const spent = [
    e.planets.length ? `exhausted ${listWords(e.planets.map((id) => planetName(s, id)))}` : '',
    e.tradeGoods ? `spent ${plural(e.tradeGoods, 'trade good', 'trade goods')}` : '',
  ].filter(Boolean);
  const what = e.what ? `: ${e.what}` : '';
  return `${seatLabel(s, e.seat)} ${spent.join(' and ') || 'paid nothing'} for ${e.amount} ${e.kind}${what}`;
}

/** One sentence for one event of the log. */
export function describeEvent(entry: Pick<LogEntry, 'event'> & Partial<Pick<LogEntry, 'index'>>, s: GameSnapshot): string {
  const e = entry.event;
  switch (e.k) {
    case 'counter': {
      const [one, many] = COUNTER_WORDS[e.counter];
      return `${seatLabel(s, e.seat)} ${e.delta >= 0 ? 'gained' : 'lost'} ${plural(Math.abs(e.delta), one, many)}`;
    }
    case 'give':
      return `${seatLabel(s, e.from)} gave ${plural(e.amount, 'trade good', 'trade goods')} to ${seatLabel(s, e.to)}`;
    case 'owner':
      return e.seat ? `${seatLabel(s, e.seat)} took control of ${planetName(s, e.planet)}` : `${planetName(s, e.planet)} was given up`;
    case 'exhaust':
      return `${seatLabel(s, s.planets[e.planet]?.owner)} ${e.exhausted ? 'exhausted' : 'refreshed'} ${planetName(s, e.planet)}`;
    case 'refreshAll': {
      const kept = e.keep?.length ? ` (${listWords(e.keep.map((id) => planetName(s, id)))} stayed exhausted: facility built)` : '';
      return `${seatLabel(s, e.seat)} refreshed her planets${kept}`;
    }
    case 'facility':
      return e.facility
        ? `${seatLabel(s, s.planets[e.planet]?.owner)} built a ${e.facility} on ${planetName(s, e.planet)}`
        : `The facility on ${planetName(s, e.planet)} was removed`;
    case 'wealth':
      return `${planetName(s, e.planet)}: ${e.delta >= 0 ? '+' : '−'}${plural(Math.abs(e.delta), 'trade good', 'trade goods')} of Natural Wealth`;
    case 'customPlanet':
      return `Custom planet ${e.planet.name} (${e.planet.resources} resources, ${e.planet.influence} influence) was added`;
    case 'pay':
      return describePay(s, e);
    case 'tech':
      return `${seatLabel(s, e.seat)} ${e.owned ? 'researched' : 'gave up'} ${TECHS_BY_ID.get(e.tech)?.name ?? e.tech}`;
    case 'upgrade': {
      const race = RACES_BY_ID.get(s.seats.find((x) => x.id === e.seat)?.race ?? '');
      const name = race?.racialUpgrades.find((u) => u.id === e.upgrade)?.name ?? e.upgrade;
      return `${seatLabel(s, e.seat)} ${e.unlocked ? 'unlocked' : 'locked again'} ${name}`;
    }
    case 'leader': {
      const race = RACES_BY_ID.get(s.seats.find((x) => x.id === e.seat)?.race ?? '');
      const slot = race?.leaders[e.leader];
      const leader = `${seatLabel(s, e.seat)}'s ${slot?.type ?? 'leader'}${slot?.name ? ` ${slot.name}` : ''}`;
      if (e.status === 'free') return `${leader} is free`;
      if (e.status === 'killed') return `${leader} was killed`;
      return `${leader} was captured by ${seatLabel(s, e.status.capturedBy)}`;
    }
    case 'note':
      return e.seat ? `${seatLabel(s, e.seat)}: ${e.text}` : `Note: ${e.text}`;
    case 'cc':
      return describeCc(s, e);
    case 'phase':
      return `Now ${describeRound({ round: e.round, phase: e.phase, step: e.step })}`;
    case 'artifact':
      return e.seat ? `${seatLabel(s, e.seat)} took control of the ${e.color} artifact` : `Nobody controls the ${e.color} artifact`;
    case 'council':
      return describeCouncil(s, e.seat, e.e);
    case 'trade':
      return describeTrade(e, s, entry.index, (seat) => seatLabel(s, seat));
    case 'round':
      return describeRoundOp(e, (seat) => seatLabel(s, seat));
  }
}
