/** The planets' events in words ("Ana exhausted Jord and spent 1 trade good for 4 resources"). */
import { refreshGain } from '../../rules/refresh';
import type { EventBody, EventOf, GameSnapshot } from '../core/types';
import { amountOf, listWords, planetName, plural, playerAndRace, playerName } from '../core/words';

function describePay(s: GameSnapshot, e: EventOf<'pay'>): string {
  const spent = [
    e.planets.length ? `exhausted ${listWords(e.planets.map((id) => planetName(s, id)))}` : '',
    e.tradeGoods ? `spent ${plural(e.tradeGoods, 'trade good')}` : '',
  ].filter(Boolean);
  const what = e.what ? `: ${e.what}` : '';
  return `${playerName(s, e.seat)} ${spent.join(' and ') || 'paid nothing'} for ${amountOf(e.amount, e.kind)}${what}`;
}

export function describePlanets({ event: e }: { event: EventBody }, s: GameSnapshot): string | undefined {
  switch (e.k) {
    case 'owner':
      return e.seat ? `${playerName(s, e.seat)} took control of ${planetName(s, e.planet)}` : `${planetName(s, e.planet)} was given up`;
    case 'exhaust':
      return `${playerName(s, s.planets[e.planet]?.owner)} ${e.exhausted ? 'exhausted' : 'refreshed'} ${planetName(s, e.planet)}`;
    case 'refreshAll': {
      // A planet is kept exhausted for one of two reasons (refreshAll in commands.ts): its refresh ability was
      // used, or a facility was built on it, each instead of refreshing it (001 "Refresh Abilities", "Facilities").
      const used = (e.keep ?? []).filter((id) => s.planets[id]?.refreshAbility && !s.planets[id]?.facility);
      const built = (e.keep ?? []).filter((id) => !used.includes(id));
      const why = [
        built.length ? `${listWords(built.map((id) => planetName(s, id)))} stayed exhausted: facility built` : '',
        used.length ? `${listWords(used.map((id) => planetName(s, id)))} stayed exhausted: refresh ability used` : '',
      ].filter(Boolean);
      return `${playerName(s, e.seat)} refreshed all planets${why.length ? ` (${why.join('; ')})` : ''}`;
    }
    case 'facility':
      return e.facility
        ? `${playerName(s, s.planets[e.planet]?.owner)} built a ${e.facility} on ${planetName(s, e.planet)}`
        : `The facility on ${planetName(s, e.planet)} was removed`;
    case 'wealth':
      return `${planetName(s, e.planet)}: ${e.delta >= 0 ? '+' : '−'}${plural(Math.abs(e.delta), 'trade good')} of Natural Wealth`;
    case 'customPlanet':
      return `Custom planet ${e.planet.name} (${amountOf(e.planet.resources, 'resources')}, ${e.planet.influence} influence) was added`;
    case 'pay':
      return describePay(s, e);
    case 'refreshUse': {
      const ability = s.planets[e.planet]?.refreshAbility ?? '';
      const gain = refreshGain(ability);
      const what = gain.tradeGoods ? `gained ${plural(gain.tradeGoods, 'trade good')}` : `${ability}: ${gain.board}`;
      return `${playerName(s, e.seat)} used the refresh ability of ${planetName(s, e.planet)} instead of refreshing it (it stays exhausted) and ${what}`;
    }
    case 'takeWealth':
      return `${playerName(s, e.seat)} took 1 trade good of Natural Wealth from ${planetName(s, e.planet)}`;
    case 'reverse':
      // A race ability: her race is named, as the log does for the others.
      return `${playerAndRace(s, e.seat)} took an action with the race ability: ${planetName(s, e.planet)}'s resources and influence reversed until the end of round ${e.round}`;
    case 'artifact':
      return e.seat ? `${playerName(s, e.seat)} took control of the ${e.color} artifact` : `Nobody controls the ${e.color} artifact`;
    default:
      return undefined;
  }
}
