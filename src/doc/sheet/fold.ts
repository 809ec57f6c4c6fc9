/** What the sheet's events do to the players' sheets. */
import type { FeatureFold, FoldTable } from '../core/fold';
import { COUNTER_LABELS } from '../core/types';
import type { EventBody } from '../core/types';
import { noteRefusal } from './events';
import { checkCaptive, checkLeaderUse, checkScientist, leaderName } from './leaders';

function toggle(list: string[], item: string, on: boolean): string[] {
  const without = list.filter((x) => x !== item);
  return on ? [...without, item] : without;
}

function apply(e: EventBody, table: FoldTable): void {
  switch (e.k) {
    case 'counter': {
      const p = table.player(e.seat);
      if (!p) return;
      const now = p.counters[e.counter];
      if (e.from !== undefined && now !== e.from) {
        // A "set to" that another change overtook: the table sees both; the same value set twice stays.
        const [target, who, what] = [e.from + e.delta, table.seats.find((s) => s.id === e.seat)?.name ?? e.seat, COUNTER_LABELS[e.counter]];
        if (now === target) return table.problem(`Two phones set ${who}'s ${what} to ${target} at once; it stays ${target}.`);
        table.problem(`${who}'s ${what} were set to ${target} (from ${e.from}) while another change made them ${now}: now ${now + e.delta}. Check it.`);
      }
      p.counters[e.counter] += e.delta;
      return;
    }
    case 'give': {
      const [from, to] = [table.player(e.from), table.player(e.to)];
      if (!from || !to) return;
      from.counters.tradeGoods -= e.amount;
      to.counters.tradeGoods += e.amount;
      return;
    }
    case 'tech': {
      const p = table.player(e.seat);
      if (p) p.techs = toggle(p.techs, e.tech, e.owned);
      return;
    }
    case 'upgrade': {
      const p = table.player(e.seat);
      if (p) p.upgrades = toggle(p.upgrades, e.upgrade, e.unlocked);
      return;
    }
    case 'leader': {
      const p = table.player(e.seat);
      if (!p) return;
      if (e.leader >= p.leaders.length) return table.problem(`${e.seat} has no leader number ${e.leader + 1}.`);
      p.leaders[e.leader] = e.status;
      return;
    }
    case 'cc': {
      const p = table.player(e.seat);
      if (!p) return;
      p.counters.commandPool += e.pool;
      p.counters.fleetSupply += e.fleet;
      p.counters.strategyAllocation += e.strat;
      return;
    }
    case 'leaderUse': {
      const check = checkLeaderUse(table, e);
      if (!check.ok) return table.problem(`The ability of ${leaderName(table, e.seat, e.leader)} was refused: ${check.reason}`);
      const p = table.player(e.seat);
      const planet = e.planet ? table.planet(e.planet) : undefined;
      if (planet) planet.guarded = { seat: e.seat, round: e.round };
      else if (p) p.rested = { ...p.rested, [e.leader]: e.round };
      return;
    }
    case 'captive': {
      const check = checkCaptive(table, e);
      if (!check.ok) return table.problem(`${e.planet ? 'Executing' : 'Releasing'} ${leaderName(table, e.seat, e.leader)} was refused: ${check.reason}`);
      const p = table.player(e.seat);
      if (p) p.leaders[e.leader] = e.planet ? 'killed' : 'free';
      const planet = e.planet ? table.planet(e.planet) : undefined;
      if (planet && e.lose) {
        planet.owner = null;
        table.touch({ seat: e.captor });
      } else if (planet) planet.exhausted = true;
      return;
    }
    case 'scientist': {
      const check = checkScientist(table, e.seat, e.planet, e.tech);
      const who = table.seats.find((x) => x.id === e.seat)?.name ?? e.seat;
      if (!check.ok || check.value !== e.ignored) return table.problem(`${who}'s Scientist ignoring a prerequisite was refused: ${check.ok ? 'it names another prerequisite.' : check.reason}`);
      const planet = table.planet(e.planet);
      if (planet) planet.exhausted = true;
      return;
    }
    case 'note': {
      // A note changes nothing but the log; one a command would refuse is named to the table.
      const why = noteRefusal(e.text);
      const who = table.seats.find((s) => s.id === e.seat)?.name;
      if (why) table.problem(`A note${who ? ` by ${who}` : ''} was refused: ${why}.`);
      return;
    }
    default:
      return;
  }
}

export const sheetFold = (): FeatureFold<never> => ({ apply });
