/** Trade events in words, with what the fold computed for them (goods collected, or why nothing happened). */
import type { EventOf, GameSnapshot } from '../core/types';
import { listWords, playerAndRace, playerName, plural } from '../core/words';

const goods = (n: number): string => plural(n, 'trade good');

/**
 * One sentence for a trade event. `index` is its log position: with it, the sentence says what the fold
 * computed (goods collected and discarded, or why nothing happened); without it (the undo preview), it
 * says what the player did. `label` names a seat as the log does (`playerName`).
 */
export function describeTrade(e: EventOf<'trade'>, s: GameSnapshot, index: number | undefined, label: (seat: string | undefined) => string): string {
  const outcome = index === undefined ? undefined : s.trade.outcomes[index];
  const proposal = (pid: string) => s.trade.history[pid];
  const settled = outcome?.settled?.length
    ? `: ${listWords(outcome.settled.map((x) => `${label(x.seat)} collected ${goods(x.collected)}`))}${outcome.discarded ? `, ${outcome.discarded} discarded` : ''}`
    : '';
  const failed = outcome?.failed ? ` (nothing happened: ${outcome.failed})` : '';
  switch (e.op) {
    case 'propose':
      if (e.from === e.to) return `${label(e.from)} asked to self-trade trade contract ${e.contract + 1}, for the approval of the Trade card's holder${failed}`;
      return `${label(e.from)} proposed a trade agreement to ${label(e.to)}, offering ${label(e.from)}'s trade contract ${e.contract + 1}${failed}`;
    case 'approve':
    case 'veto': {
      const p = proposal(e.id);
      const what = p?.from === p?.to ? `${label(p?.from)}'s self-trade` : `${label(p?.from)}'s trade proposal to ${label(p?.to)}`;
      return `${label(e.by)} ${e.op === 'approve' ? 'approved' : 'refused'} ${what} (Trade)${failed}`;
    }
    case 'open':
      // A race ability: her race is named, as the log does for the others.
      return `${playerAndRace(s, e.from)} opened a trade agreement with ${label(e.to)} without approval (a race ability), giving ${label(e.from)}'s trade contract ${e.contract + 1} and taking ${label(e.to)}'s trade contract ${e.theirs + 1}${failed}`;
    case 'accept': {
      const p = proposal(e.id);
      return `${label(p?.to)} accepted ${label(p?.from)}'s trade proposal, giving ${label(p?.to)}'s trade contract ${e.contract + 1}${failed || (outcome ? ': the agreement is open' : '')}`;
    }
    case 'decline': {
      const p = proposal(e.id);
      return `${label(p?.to)} declined ${label(p?.from)}'s trade proposal${failed}`;
    }
    case 'withdraw': {
      const p = proposal(e.id);
      return `${label(p?.from)} withdrew the trade proposal to ${label(p?.to)}${failed}`;
    }
    case 'self':
      return `${label(e.seat)} self-traded trade contract ${e.contract + 1}${failed}`;
    case 'place':
      return `${label(e.by)} placed trade goods on every active trade agreement${outcome?.placed !== undefined ? ` (${goods(outcome.placed)} in all)` : ''}${failed}`;
    case 'collect':
      return `${label(e.seat)} collected ${outcome?.collected !== undefined ? goods(outcome.collected) : 'the trade goods'} from trade agreements`;
    case 'break': {
      const p = proposal(e.id);
      const pair = p ? (p.from === p.to ? `${label(p.from)}'s self-trade` : `the trade agreement between ${label(p.from)} and ${label(p.to)}`) : 'a trade agreement';
      const why = e.why === 'hostile' ? `after a hostile act by ${label(e.aggressor)}` : 'in the status phase';
      return `${label(e.by)} broke ${pair} ${why}${settled}${failed}`;
    }
    case 'breakAll':
      return `${label(e.by)} broke every trade agreement (Trade card, option b)${settled}${failed}`;
    case 'contracts':
      return `${label(e.seat)}'s trade contract values were corrected to ${e.values[0]} and ${e.values[1]}`;
  }
}

export function describeTradeEntry(entry: { event: EventOf<'trade'> | { k: string }; index?: number }, s: GameSnapshot): string | undefined {
  const e = entry.event;
  return e.k === 'trade' ? describeTrade(e as EventOf<'trade'>, s, entry.index, (seat) => playerName(s, seat)) : undefined;
}
