/** The round's events in words: "Ana picked Leadership (bonus: +1 trade good)", "Now round 2 · strategy phase". */
import { OBJECTIVES, STRATEGY_CARDS } from '../../data';
import type { Objective } from '../../data/types';
import { describeRound } from '../../rules/round';
import type { EventBody, GameSnapshot } from '../core/types';
import { playerAndRace, playerName, plural as n } from '../core/words';
import { primaryOption } from '../../rules/strategyCards';
import type { RoundOp } from './events';
import { simultaneousCost } from '../../rules/variants';
import { statusIncome } from '../../rules/status';
import { describeObjectiveOp } from '../objectives/views';
import { describePlay } from '../actionCards/views';

const cardName = (n: number): string => STRATEGY_CARDS.find((c) => c.initiative === n)?.name ?? `card ${n}`;
const objective = (id: string): Objective | undefined => OBJECTIVES.find((o) => o.id === id);

/**
 * One sentence for a round event: "Ana picked Leadership (bonus: +1 trade good)". Seats by their player's
 * name; her race too where it is the point ("Ana (Sol) played the race ability …").
 */
export function describeRoundOp(e: RoundOp, s: GameSnapshot): string {
  const who = (seat: string) => playerName(s, seat);
  switch (e.op) {
    case 'speaker':
      return `${who(e.seat)} is the speaker`;
    case 'cycler':
      return `${who(e.seat)} turned the rotation cycler ${e.direction}`;
    case 'pick': {
      const bonus = [e.tg ? `+${n(e.tg, 'trade good')}` : '', e.pool + e.fleet + e.strat ? `+${n(e.pool + e.fleet + e.strat, 'command counter')}` : ''].filter(Boolean);
      return `${who(e.seat)} picked ${cardName(e.card)}${bonus.length ? ` (bonus: ${bonus.join(', ')})` : ''}`;
    }
    case 'act':
      switch (e.what) {
        case 'strategic':
          return `${who(e.seat)} played ${e.card ? cardName(e.card) : 'a strategy card'} (strategic action)`;
        case 'tactical':
          if (e.systems) {
            const { friendly, other } = e.systems;
            const kinds = [friendly ? `${friendly} with friendly ships or a space dock` : '', other ? `${other} without` : ''].filter(Boolean).join(', ');
            return `${who(e.seat)} took a simultaneous tactical action: ${n(friendly + other, 'system')} activated (${kinds}), −${simultaneousCost(e.systems)} command pool`;
          }
          return `${who(e.seat)} took a tactical action (−1 command pool)`;
        case 'pass':
          return `${who(e.seat)} passed`;
        case 'end':
          return `${who(e.seat)} ended the turn`;
        case 'skip':
          // A race ability: her race is named.
          return `${playerAndRace(s, e.seat)} skipped the turn without passing (a race ability)`;
      }
      break;
    case 'nobody':
      return `${cardName(e.card)} was played by no player (its secondary ability is open to all)`;
    case 'secondary':
      return `${who(e.seat)} ${e.use ? 'used' : 'declined'} the secondary ability of ${cardName(e.card)}`;
    case 'done':
      return `${who(e.seat)} is done with status step ${e.step}`;
    case 'advance':
      return `The table moved on from round ${e.round}, ${e.phase === 'status' ? `status step ${e.step}` : `${e.phase} phase`}`;
    case 'income': {
      // What the fold gave her: the Yssaril draw 2 action cards (statusIncome, as in fold.ts).
      const cards = statusIncome(s.seats.length, s.seats.find((x) => x.id === e.seat)?.race);
      return `${who(e.seat)} received ${n(cards.actionCards, 'action card')}, ${n(cards.politicalCards, 'political card')} and ${n(e.pool + e.fleet + e.strat, 'command counter')}`;
    }
    case 'primary': {
      const o = primaryOption(e.card, e.option);
      const g = o?.gain;
      const areas = [[e.pool, 'command pool'], [e.fleet, 'fleet supply'], [e.strat, 'strategy allocation']] as const;
      const placed = areas.filter(([n]) => n > 0).map(([n, area]) => `${n} ${area}`);
      const gains = [
        g?.tradeGoods ? `+${n(g.tradeGoods, 'trade good')}` : '',
        g?.counters ? `+${n(e.pool + e.fleet + e.strat, 'command counter')} (${placed.join(', ')})` : '',
        g?.actionCards ? `+${n(g.actionCards, 'action card')}` : '',
        g?.politicalCards ? `+${n(g.politicalCards, 'political card')}` : '',
      ].filter(Boolean);
      return `${who(e.seat)} resolved ${cardName(e.card)}, option ${e.option}${gains.length ? `: ${gains.join(', ')}` : ''}`;
    }
    case 'play':
      return describePlay(e, s);
    case 'leave':
      return e.how === 'surrender' ? `${who(e.seat)} surrendered (out at the end of the round)` : `${who(e.seat)} was eliminated`;
    case 'keep':
      return `${who(e.seat)} kept the Stage I objective ${objective(e.objective)?.name ?? e.objective} by the race sheet (Prospect: only ${who(e.seat)} may claim it)`;
    case 'reveal':
    case 'claim':
    case 'fate':
      return describeObjectiveOp(e, s);
  }
  return '';
}

export function describeRoundEntry({ event: e }: { event: EventBody }, s: GameSnapshot): string | undefined {
  if (e.k === 'phase') return `Now ${describeRound({ round: e.round, phase: e.phase, step: e.step })}`;
  return e.k === 'round' ? describeRoundOp(e, s) : undefined;
}
