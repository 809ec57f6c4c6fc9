/**
 * The trade goods ledger (issue 36 item 5): every trade good that enters a player's trade good area or leaves
 * it, event by event, worked out from what each event declares and from the rulebook, not from the folds
 * that move the goods (sheet, planets, round, trade, setup). The convergence fuzz holds every phone's
 * snapshot to it after every merge; a game whose players hold other totals than the ledger names the first
 * event where the two part (`firstDivergence`).
 *
 * What the ledger works out itself, with the rule it reads (001 is the SA rulebook, 003 the TI3 rules):
 * - a counter tap or "set to" (its delta), a gift (from one area to the other, 001 "Trade Goods"), a payment
 *   (the goods it names go back to the supply);
 * - a strategy card's bonus counters taken as goods (the pick's split, 001 "Strategy Phase"), a primary's or a
 *   secondary's goods (the card tables of rules/strategyCards.ts: Trade a 3, Prospect b 2, Bureaucracy's
 *   secondary 1);
 * - the goods on the agreements: opened, placed (each card its value, 001 "Receiving Trade Goods from Trade
 *   Agreements"), collected (the pile on the card she holds, and the Hacan's one more per agreement, 003
 *   Appendix 2), broken (half each, rounded down; after a hostile act the victim takes her pile and the
 *   aggressor's is discarded, 001 "Breaking Trade Agreements"), every one at once (Trade b);
 * - a refresh ability's goods ("Gain N Trade Goods" on the card), one Natural Wealth good taken, the Saar's
 *   good for a planet acquired that is not one of their home planets;
 * - elimination (001 "Elimination": her goods discarded, her agreements broken, her partners collecting half);
 * - the setup at the table (001 steps 7, 9, 10): the difference to the highest home bid, the speaker's winning
 *   bid to every other player, then the normalisation that leaves the lowest at exactly 1.
 *
 * What it takes from the fold, because working it out would be writing the fold again: whether an event
 * counted (a pick or a primary the round fold refused, an agreement that did not open, a refresh ability
 * refused), the progression feedback of status step 2 (it needs every player's counted VP), who left the game
 * and when, and where the setup at the table ended. Those are verdicts, not amounts: a fold that moves a
 * wrong number of goods for an event it accepted still shows here.
 */
import { PLANETS_BY_ID } from '../../../src/data';
import { describeEvent } from '../../../src/doc';
import type { EventBody, GameSnapshot, RawGame } from '../../../src/doc';
import { IncrementalFold } from '../../../src/doc/core/incremental';
import { RULES } from '../../../src/doc/game';
import { raceEffects } from '../../../src/rules/raceAbilities';
import { primaryOption, SECONDARY_GAINS } from '../../../src/rules/strategyCards';

/** What one event did to the trade good areas, by the ledger's reckoning. */
export interface LedgerLine {
  /** Log position of the event (for the setup's starting goods, of the event that ended the setup). */
  index: number;
  /** Seat → goods into (+) or out of (−) her trade good area. */
  seats: Record<string, number>;
  /** What the rules say happened, in words. */
  why: string;
}

export interface Ledger {
  lines: LedgerLine[];
  /** Seat → the goods she should hold. */
  balances: Record<string, number>;
  /** Every seat's goods together. */
  total: number;
  /** Agreement id → the goods lying on each of its cards (A's, B's), which no area holds yet. */
  piles: Record<string, [number, number]>;
}

interface Pile {
  a: string;
  b: string;
  /** A's contract (B holds it; A herself in a self-trade) and B's (A holds it; none in a self-trade). */
  ofA: 0 | 1;
  ofB: 0 | 1 | null;
  /** Goods on the card A holds and on the card B holds. */
  onA: number;
  onB: number;
}

/** "Gain N Trade Goods", as the planet table prints a refresh ability that gives goods. */
function refreshGoods(ability: string | null | undefined): number {
  const m = /^Gain (\d+) Trade Goods?$/i.exec(ability ?? '');
  return m ? Number(m[1]) : 0;
}

/** The goods every seat's area should hold after the events of `s.log`, and why. */
export function tradeLedger(s: GameSnapshot): Ledger {
  const seats = new Map(s.seats.map((x) => [x.id, x]));
  const name = (seat: string) => seats.get(seat)?.name ?? seat;
  const lines: LedgerLine[] = [];
  const balances: Record<string, number> = Object.fromEntries(s.seats.map((x) => [x.id, 0]));
  let index = -1;
  const move = (why: string, ...moves: (readonly [string, number])[]) => {
    const line: LedgerLine = { index, seats: {}, why };
    for (const [seat, n] of moves) {
      if (!n || !seats.has(seat)) continue;
      line.seats[seat] = (line.seats[seat] ?? 0) + n;
      balances[seat] = (balances[seat] ?? 0) + n;
    }
    if (Object.keys(line.seats).length) lines.push(line);
  };

  // The fold's verdicts, by log position.
  const refusedRound = new Set(s.tracker.notices.filter((n) => n.refused).map((n) => n.index));
  const problemAt = new Set(s.problems.map((p) => p.index));
  const feedback = new Map<number, [string, number]>();
  const leaving = new Map<number, string[]>();
  for (const n of s.tracker.notices) {
    const gained = /gained (\d+) trade goods?: progression feedback/.exec(n.text);
    if (gained && n.seat) feedback.set(n.index, [n.seat, Number(gained[1])]);
    if (n.seat && / is out of the game: /.test(n.text)) leaving.set(n.index, [...(leaving.get(n.index) ?? []), n.seat]);
  }
  const counted = (i: number) => {
    const o = s.trade.outcomes[i];
    return !!o && o.failed === undefined;
  };

  // The trade cards: contract values (as printed, then as corrected), proposals, and the goods on each agreement.
  const values = new Map(s.seats.map((x) => [x.id, [...x.tradeContracts] as [number, number]]));
  const value = (seat: string, c: 0 | 1) => values.get(seat)?.[c] ?? 0;
  const proposals = new Map<string, { from: string; to: string; contract: 0 | 1 }>();
  const piles = new Map<string, Pile>();
  const bonus = (seat: string) => raceEffects(seats.get(seat)?.race).goodsPerAgreementCollected;
  /** 001 "Breaking Trade Agreements"; `out`: a seat leaving the game, who collects nothing (001 "Elimination" 1). */
  const settle = (id: string, pile: Pile, why: string, aggressor?: string, out?: string) => {
    piles.delete(id);
    const self = pile.a === pile.b;
    const take = (seat: string, pileOf: number) => {
      if (seat === out) return 0;
      const n = aggressor === undefined ? Math.floor(pileOf / 2) : seat === aggressor ? 0 : pileOf;
      // The Hacan's one more comes whenever goods come to her from an agreement (003 Appendix 2).
      return n > 0 ? n + bonus(seat) : 0;
    };
    if (self) move(why, [pile.a, take(pile.a, pile.onA)]);
    else move(why, [pile.a, take(pile.a, pile.onA)], [pile.b, take(pile.b, pile.onB)]);
  };

  // Planet control, for the Saar's good per planet acquired.
  const owners = new Map<string, string | null>();
  const custom = new Set<string>();
  const known = (planet: string) => PLANETS_BY_ID.has(planet) || custom.has(planet);

  const apply = (e: EventBody, at: number) => {
    switch (e.k) {
      case 'counter': {
        if (e.counter !== 'tradeGoods') return;
        if (e.from === undefined) return move(`${name(e.seat)}'s trade goods ${e.delta > 0 ? '+' : ''}${e.delta}`, [e.seat, e.delta]);
        // "Set to N" carries the value it replaces: one that finds N already there (another phone set it) changes nothing (DESIGN "The shared document").
        const now = balances[e.seat] ?? 0;
        if (now !== e.from && now === e.from + e.delta) return;
        return move(`${name(e.seat)}'s trade goods set from ${e.from} to ${e.from + e.delta}`, [e.seat, e.delta]);
      }
      case 'give':
        if (seats.has(e.from) && seats.has(e.to)) move(`${name(e.from)} gave ${name(e.to)} ${e.amount}`, [e.from, -e.amount], [e.to, e.amount]);
        return;
      case 'pay':
        move(`${name(e.seat)} paid ${e.tradeGoods} for ${e.what}`, [e.seat, -e.tradeGoods]);
        return;
      case 'customPlanet':
        if (!PLANETS_BY_ID.has(e.planet.id)) custom.add(e.planet.id);
        return;
      case 'owner': {
        if (!known(e.planet) || (e.seat !== null && !seats.has(e.seat))) return;
        const before = owners.get(e.planet) ?? null;
        owners.set(e.planet, e.seat);
        const race = e.seat === null ? undefined : seats.get(e.seat)?.race;
        const gain = raceEffects(race).goodsPerPlanetAcquired;
        if (e.seat !== null && gain && before !== e.seat && PLANETS_BY_ID.get(e.planet)?.homeOf !== race) move(`${name(e.seat)} acquired ${e.planet} (the Saar)`, [e.seat, gain]);
        return;
      }
      case 'captive':
        if (e.planet && e.lose && !problemAt.has(at)) owners.set(e.planet, null);
        return;
      case 'refreshUse':
        if (!problemAt.has(at)) move(`${name(e.seat)} used the refresh ability of ${e.planet}`, [e.seat, refreshGoods(PLANETS_BY_ID.get(e.planet)?.refreshAbility)]);
        return;
      case 'takeWealth':
        if (!problemAt.has(at)) move(`${name(e.seat)} took a Natural Wealth good from ${e.planet}`, [e.seat, 1]);
        return;
      case 'round': {
        if (refusedRound.has(at)) return;
        if (e.op === 'pick') move(`${name(e.seat)} took ${e.tg} bonus counters as goods`, [e.seat, e.tg]);
        if (e.op === 'primary') move(`${name(e.seat)}'s primary of card ${e.card} (${e.option})`, [e.seat, primaryOption(e.card, e.option)?.gain.tradeGoods ?? 0]);
        if (e.op === 'secondary' && e.use) move(`${name(e.seat)}'s secondary of card ${e.card}`, [e.seat, SECONDARY_GAINS[e.card]?.tradeGoods ?? 0]);
        return;
      }
      case 'trade':
        switch (e.op) {
          case 'propose':
            if (!proposals.has(e.id)) proposals.set(e.id, { from: e.from, to: e.to, contract: e.contract });
            return;
          case 'accept': {
            const p = proposals.get(e.id);
            if (p && counted(at)) piles.set(e.id, { a: p.from, b: p.to, ofA: p.contract, ofB: e.contract, onA: 0, onB: 0 });
            return;
          }
          case 'open':
            if (counted(at)) piles.set(e.id, { a: e.from, b: e.to, ofA: e.contract, ofB: e.theirs, onA: 0, onB: 0 });
            return;
          case 'self':
            if (counted(at)) piles.set(e.id, { a: e.seat, b: e.seat, ofA: e.contract, ofB: null, onA: 0, onB: 0 });
            return;
          case 'contracts':
            if (seats.has(e.seat)) values.set(e.seat, [...e.values]);
            return;
          case 'place':
            // Each card gets the value printed on it: A holds B's contract, B holds A's; a self-trade is one card.
            for (const x of piles.values()) {
              if (x.ofB === null) x.onA += value(x.a, x.ofA);
              else [x.onA, x.onB] = [x.onA + value(x.b, x.ofB), x.onB + value(x.a, x.ofA)];
            }
            return;
          case 'collect': {
            if (!seats.has(e.seat)) return;
            let got = 0;
            for (const x of piles.values()) {
              const mine = x.a === e.seat ? x.onA : x.b === e.seat ? x.onB : 0;
              if (mine > 0) got += mine + bonus(e.seat);
              if (x.a === e.seat) x.onA = 0;
              else if (x.b === e.seat) x.onB = 0;
            }
            move(`${name(e.seat)} collected from her agreements`, [e.seat, got]);
            return;
          }
          case 'break': {
            const x = piles.get(e.id);
            if (x && counted(at)) settle(e.id, x, `${name(e.by)} broke the agreement ${name(x.a)}–${name(x.b)}${e.why === 'hostile' ? ' (hostile act)' : ''}`, e.why === 'hostile' ? e.aggressor : undefined);
            return;
          }
          case 'breakAll':
            if (counted(at)) for (const [id, x] of [...piles]) settle(id, x, `${name(e.by)} broke every agreement (Trade b): ${name(x.a)}–${name(x.b)}`);
            return;
          default:
            return;
        }
      default:
        return;
    }
  };

  // Where a setup at the table ended: its last reveal, which started round 1 (the fold's `#begin`).
  const setupEnd = s.setup.final ? s.log.reduce((n, x) => (x.event.k === 'setup' && x.event.op === 'reveal' ? x.index : n), -1) : -2;
  for (const entry of s.log) {
    index = entry.index;
    if (entry.index === setupEnd) startingGoods(s, move);
    apply(entry.event, entry.index);
    // After the event: the feedback of step 2 and a player leaving come from the event that moved the round.
    const fb = feedback.get(entry.index);
    if (fb) move(`${name(fb[0])}'s progression feedback`, [fb[0], fb[1]]);
    for (const seat of leaving.get(entry.index) ?? []) {
      const eliminated = entry.event.k === 'round' && entry.event.op === 'leave' && entry.event.how === 'eliminated' && entry.event.seat === seat;
      // 001 "Elimination" 2: her agreements break (surrender keeps them open until her capital is lost, 001 "Surrender" 7).
      if (eliminated) for (const [id, x] of [...piles]) if (x.a === seat || x.b === seat) settle(id, x, `${name(seat)} eliminated: the agreement ${name(x.a)}–${name(x.b)} broke`, undefined, seat);
      move(`${name(seat)} left the game: her goods discarded`, [seat, -(balances[seat] ?? 0)]);
    }
  }
  const total = Object.values(balances).reduce((n, x) => n + x, 0);
  return { lines, balances, total, piles: Object.fromEntries([...piles].map(([id, x]) => [id, [x.onA, x.onB]])) };
}

/** 001 steps 7, 9 and 10, from the bids the setup recorded. */
function startingGoods(s: GameSnapshot, move: (why: string, ...moves: (readonly [string, number])[]) => void): void {
  const order = s.setup.tableOrder;
  const goods = new Map(order.map((seat) => [seat, 0]));
  const holds = Object.entries(s.setup.home?.holds ?? {});
  const high = Math.max(0, ...holds.map(([, h]) => h.bid));
  // "All players then receive as many Trade Goods as the difference between the highest bid and their own bid."
  for (const [seat, h] of holds) goods.set(seat, (goods.get(seat) ?? 0) + high - h.bid);
  // "The winner gains the Speaker Token. The other players receive as many Trade Goods as the winning bid."
  const won = s.setup.speaker?.high;
  if (won) for (const seat of order) if (seat !== won.seat) goods.set(seat, (goods.get(seat) ?? 0) + won.bid);
  // "All players now gain or lose the same number of Trade Goods such that the player with the lowest amount has exactly 1."
  const shift = 1 - Math.min(...goods.values());
  move('the setup at the table: bids and normalisation (001 steps 7, 9, 10)', ...[...goods].map(([seat, n]) => [seat, n + shift] as const));
}

/** Seat → the goods each player holds in `s`. */
export function heldGoods(s: GameSnapshot): Record<string, number> {
  return Object.fromEntries(s.seats.map((x) => [x.id, s.players[x.id]?.counters.tradeGoods ?? 0]));
}

/** The goods lying on each open agreement's cards, as the trade fold keeps them. */
function foldedPiles(s: GameSnapshot): Record<string, [number, number]> {
  return Object.fromEntries(s.trade.agreements.map((x) => [x.id, [x.onA.goods, x.onB?.goods ?? 0]]));
}

const sum = (r: Record<string, number>) => Object.values(r).reduce((n, x) => n + x, 0);
const listed = (s: GameSnapshot, r: Record<string, number>) => s.seats.map((x) => `${x.name} ${r[x.id] ?? 0}`).join(', ');

/** Why `s` does not balance against its ledger, or undefined when every area and every pile holds what the ledger says. */
export function ledgerMismatch(s: GameSnapshot, ledger = tradeLedger(s)): string | undefined {
  const held = heldGoods(s);
  const off = s.seats.filter((x) => held[x.id] !== ledger.balances[x.id]);
  const piles = foldedPiles(s);
  const pilesOff = JSON.stringify(piles) !== JSON.stringify(ledger.piles);
  if (!off.length && !pilesOff) return undefined;
  const areas = off.length ? `the players hold ${sum(held)} trade goods (${listed(s, held)}), the ledger says ${ledger.total} (${listed(s, ledger.balances)})` : '';
  const cards = pilesOff ? `the agreements carry ${JSON.stringify(piles)}, the ledger says ${JSON.stringify(ledger.piles)}` : '';
  return [areas, cards].filter(Boolean).join('; ');
}

/** The first event after which the players' goods differ from the ledger's running balance. */
export interface Divergence {
  index: number;
  dev: string;
  /** The event, as the game log says it. */
  said: string;
  /** Seat → what the fold moved at this event, and what the ledger moved. */
  fold: Record<string, number>;
  ledger: Record<string, number>;
  /** The ledger's reasons at this event. */
  why: string[];
}

/**
 * Folds `raw` again one entry at a time and compares each step with the ledger of the whole game (the fold's
 * verdicts for an entry are taken when it is folded, so the whole game's are those of every step): the first
 * entry after which some seat's goods differ from the ledger's running balance is the one that created or
 * lost goods. Quadratic in the log: for a failure's message, not for every merge.
 */
export function firstDivergence(raw: RawGame): Divergence | undefined {
  const fold = new IncrementalFold(raw, raw.log, RULES, 0);
  const whole = new IncrementalFold(raw, raw.log, RULES).snapshot(raw);
  const ledger = tradeLedger(whole);
  const running: Record<string, number> = Object.fromEntries(whole.seats.map((x) => [x.id, 0]));
  let before = heldGoods(fold.snapshot(raw));
  let line = 0;
  for (let i = 0; i < raw.log.length; i++) {
    fold.foldOn(raw.log, i + 1);
    const s = fold.snapshot(raw);
    const moved: Record<string, number> = {};
    const why: string[] = [];
    for (; line < ledger.lines.length && (ledger.lines[line]?.index ?? Infinity) <= i; line++) {
      const l = ledger.lines[line] as LedgerLine;
      why.push(l.why);
      for (const [seat, n] of Object.entries(l.seats)) {
        moved[seat] = (moved[seat] ?? 0) + n;
        running[seat] = (running[seat] ?? 0) + n;
      }
    }
    const held = heldGoods(s);
    if (s.seats.some((x) => held[x.id] !== running[x.id])) {
      const fold: Record<string, number> = {};
      for (const x of s.seats) if ((held[x.id] ?? 0) !== (before[x.id] ?? 0)) fold[x.id] = (held[x.id] ?? 0) - (before[x.id] ?? 0);
      const entry = s.log.find((x) => x.index === i);
      return { index: i, dev: entry?.dev ?? '?', said: entry ? describeEvent(entry, whole) : 'an entry the fold skipped', fold, ledger: moved, why };
    }
    before = held;
  }
  return undefined;
}

/** A divergence in one line, for a failure message. */
export function sayDivergence(d: Divergence): string {
  return `first off at log entry ${d.index} (by ${d.dev}: "${d.said}"): the fold moved ${JSON.stringify(d.fold)}, the ledger ${JSON.stringify(d.ledger)}${d.why.length ? ` (${d.why.join('; ')})` : ''}`;
}
