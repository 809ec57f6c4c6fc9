/**
 * What the planets' events do to the planet cards, the custom planet table and the artifacts. The trade
 * goods a planet gives or a payment spends are the sheet's to write: they are derived as its events.
 */
import { PLANETS_BY_ID } from '../../data';
import type { FeatureFold, FoldTable } from '../core/fold';
import { canPlaceNaturalWealth, canTakeNaturalWealth, canUseRefreshAbility, refreshGain } from '../../rules/refresh';
import { raceEffects, tradeGoodWorth } from '../../rules/raceAbilities';
import { planetPays, reversalCheck } from './views';
import { ALLOWED, refused } from '../../rules/result';
import type { EventBody, EventOf } from '../core/types';

/**
 * A refresh ability used, or Natural Wealth taken: checked here by every phone with the command's rules, so
 * a phone that writes one out of its step, twice, or for a planet she does not hold gains nothing.
 */
function useOrTake(e: EventOf<'refreshUse' | 'takeWealth'>, table: FoldTable): void {
  const [p, planet] = [table.player(e.seat), table.planet(e.planet)];
  if (!p || !planet) return;
  const who = table.seats.find((x) => x.id === e.seat)?.name ?? e.seat;
  const mine = planet.owner === e.seat;
  if (e.k === 'refreshUse') {
    const check = canUseRefreshAbility({ name: planet.name, ability: planet.refreshAbility, exhausted: planet.exhausted, mine, usedRound: planet.refreshUsed }, table.round);
    if (!check.ok) return table.problem(`${who}'s use of the refresh ability of ${planet.name} was refused: ${check.reason}`);
    planet.refreshUsed = table.round.round;
    table.derive([{ k: 'counter', seat: e.seat, counter: 'tradeGoods', delta: refreshGain(planet.refreshAbility ?? '').tradeGoods }]);
    return;
  }
  const check = canTakeNaturalWealth({ name: planet.name, wealth: planet.wealth, mine, takenRound: planet.wealthTaken }, table.round);
  if (!check.ok) return table.problem(`${who} taking Natural Wealth from ${planet.name} was refused: ${check.reason}`);
  planet.wealth -= 1;
  if (table.round.phase === 'status') planet.wealthTaken = table.round.round;
  table.derive([{ k: 'counter', seat: e.seat, counter: 'tradeGoods', delta: 1 }]);
}

/**
 * The Yin's control marker on her planet, as her turn's action (003 Appendix 2, Yin): checked here by every
 * phone, so one written out of turn, twice in a round or on a planet she does not hold reverses nothing. The
 * round fold then counts it as her action (round/fold.ts) by the `index` it leaves on the card.
 */
function reverse(e: EventOf<'reverse'>, table: FoldTable): void {
  const [p, planet] = [table.player(e.seat), table.planet(e.planet)];
  if (!p || !planet) return;
  const seat = table.seats.find((x) => x.id === e.seat);
  const now = table.round.round;
  const check = e.round !== now ? refused(`it was meant for round ${e.round}.`) : reversalCheck(table, e.seat, planet);
  const turn = check.ok ? (table.mayTakeAction?.(e.seat, table.round) ?? ALLOWED) : check;
  if (!turn.ok) return table.problem(`${seat?.name ?? e.seat}'s reversal of ${planet.name}'s resources and influence (a race ability) was refused: ${turn.reason}`);
  planet.reversed = { seat: e.seat, round: now, index: table.index };
}

function apply(e: EventBody, table: FoldTable, short: Set<number>): void {
  switch (e.k) {
    case 'owner': {
      const p = e.seat === null ? undefined : table.player(e.seat);
      if (e.seat !== null && !p) return;
      const planet = table.planet(e.planet);
      if (planet?.owner) table.touch({ seat: planet.owner });
      if (!planet) return;
      // Saar gains a trade good for a planet she acquires (not her own home planets, dealt at the start).
      const race = p && table.seats.find((x) => x.id === e.seat)?.race;
      const gain = raceEffects(race).goodsPerPlanetAcquired;
      if (p && gain && planet.owner !== e.seat && planet.homeOf !== race) table.derive([{ k: 'counter', seat: p.seat, counter: 'tradeGoods', delta: gain }]);
      planet.owner = e.seat;
      return;
    }
    case 'exhaust': {
      const planet = table.planet(e.planet);
      if (planet) planet.exhausted = e.exhausted;
      return;
    }
    case 'refreshAll': {
      const keep = new Set(e.keep ?? []);
      for (const planet of Object.values(table.planets)) {
        if (planet.owner !== e.seat || keep.has(planet.id) || !planet.exhausted) continue;
        planet.exhausted = false;
        table.touch({ planet: planet.id });
      }
      return;
    }
    case 'facility': {
      const planet = table.planet(e.planet);
      if (planet) planet.facility = e.facility;
      return;
    }
    case 'wealth': {
      const planet = table.planet(e.planet);
      if (!planet) return;
      // Every phone referees the rule its own command checks: a placement written anyway changes nothing.
      const check = e.delta > 0 ? canPlaceNaturalWealth(planet) : ALLOWED;
      if (!check.ok) return table.problem(`Natural Wealth placed on ${planet.name} was refused: ${check.reason}`);
      planet.wealth += e.delta;
      return;
    }
    case 'customPlanet':
      if (PLANETS_BY_ID.has(e.planet.id) || table.custom.has(e.planet.id)) {
        table.problem(`A custom planet reuses the id "${e.planet.id}"; the first definition is kept.`);
        return;
      }
      table.custom.set(e.planet.id, e.planet);
      return;
    case 'pay': {
      const p = table.player(e.seat);
      if (!p) return;
      const who = table.seats.find((s) => s.id === e.seat)?.name ?? e.seat;
      // What the payment really paid: an objective that costs counts this, not the amount written (issue 34 item 8).
      const race = table.seats.find((x) => x.id === e.seat)?.race;
      let paid = Math.min(e.tradeGoods, Math.max(0, p.counters.tradeGoods)) * tradeGoodWorth(race, p.upgrades);
      for (const id of e.planets) {
        const planet = table.planet(id);
        if (!planet) continue;
        // Two phones paying with the same planet before hearing of each other: the table must see it.
        if (planet.exhausted) table.problem(`${planet.name} was spent twice: ${who}'s payment for ${e.what} used it while it was already exhausted, so that payment is short of its ${planet.name} part.`);
        else if (planet.owner !== e.seat) table.problem(`${who}'s payment for ${e.what} used ${planet.name}, which ${who} does not control.`);
        else paid += planetPays(planet, e.kind, table.round);
        planet.exhausted = true;
      }
      if (paid < e.amount) short.add(table.index);
      if (e.tradeGoods) table.derive([{ k: 'counter', seat: e.seat, counter: 'tradeGoods', delta: -e.tradeGoods }]);
      return;
    }
    case 'refreshUse':
    case 'takeWealth':
      return useOrTake(e, table);
    case 'reverse':
      return reverse(e, table);
    case 'artifact':
      if (e.seat === null || table.player(e.seat)) table.artifacts[e.color] = e.seat;
      return;
    default:
      return;
  }
}

export const planetsFold = (): FeatureFold<never> => {
  const short = new Set<number>();
  return { apply: (e, table) => apply(e, table, short), facts: { paymentShort: (index) => short.has(index) } };
};
