/**
 * Every phone referees the setup at the table (issue 19, 001 "Setup" steps 6 to 13), step by step, from the
 * log alone: whose turn it is, what each step allows, and when the next step begins. While it is under way,
 * no other event of the game is accepted (`blocks`). The die rolls and the objectives come from shared
 * draws (doc/dice) nobody controls; the races and secret objectives are dealt from decks every phone locked
 * and shuffled (crypto/mentalPoker.ts), so no phone, not even the one that started the deal, can choose or
 * see another's card. Once the keys of the race deals are revealed at "Finalising Setup", every phone checks
 * every step of every race deal against them: a phone that cheated is named, and the deal can start over.
 * At the end the seats get their races and places, and the starting pieces are folded in (`derive`).
 * This file holds the fold; where the setup stands is read in steps.ts, and the checks are refusal.ts (each
 * step) and fairness.ts (the keys revealed).
 */
import { fromHexString } from 'lib0/buffer';
import { OBJECTIVES, RACES_BY_ID } from '../../data';
import { firstPlayer, homeBid, homeBidGoods, normalisedTradeGoods, shuffled, speakerBidGoods, speakerMove, startHomeBidding, startSpeakerBidding } from '../../rules/setup';
import { fromWire, identify } from '../../crypto/mentalPoker';
import { SeededRandom } from '../../crypto/sharedRandom';
import type { FoldMemo } from '../core/memo';
import type { FoldTable } from '../core/module';
import type { EventBody, GameOptions, LogEntry, SeatInfo } from '../core/types';
import type { SetupOp } from './events';
import { unfairness } from './fairness';
import { setupRefusal } from './refusal';
import { startingPieces } from './seats';
import type { Deal, SetupState } from './state';
import { SECRET_OBJECTIVES, STEP_NAMES, cardAt, drawPurpose, fromFirst, hasRace, isPublic, lockedDeck, over, racePool, speakerOf, stepOf, unlocked } from './steps';

/** The check of the keys lives in fairness.ts; its tests and benchmark reach it here, beside the fold that runs it. */
export { unfairness };

/** What may be written while the setup is under way: its own steps, the shared draws, and seats changing phones. */
const OPEN_DURING_SETUP: ReadonlySet<string> = new Set(['setup', 'seed', 'claim', 'release', 'undo']);

export function emptySetup(tableSeats: readonly SeatInfo[], options: GameOptions | undefined): SetupState {
  return {
    atTable: !!options?.atTable,
    map: options?.atTable?.map ?? 'preset',
    step: options?.atTable ? 'roll' : 'done',
    tableOrder: [...tableSeats].sort((a, b) => a.position - b.position).map((s) => s.id),
    first: null,
    rolls: [],
    picks: {},
    pickTurn: null,
    deals: [],
    redeals: 0,
    redraws: 0,
    drawFrom: { roll: -1, objectives: -1 },
    moved: {},
    dealt: {},
    hidden: [],
    home: null,
    built: false,
    seating: null,
    speaker: null,
    goods: null,
    direction: null,
    objectives: [],
    keptSecret: [],
    reveals: {},
    unfair: null,
    secretsGarbled: null,
    final: null,
  };
}

// ——— the fold ———

export class SetupFold {
  readonly s: SetupState;
  /** The last copy handed out by `result`, until an event may have changed the state. */
  #out: SetupState | undefined;
  #nextDeal = 1;
  /**
   * The phone that last claimed each seat, to tell a seat moving to another phone from one claimed again by its
   * own. Not core's `takeover`, which misses a seat its phone released before another phone claimed it.
   */
  readonly #claimedBy = new Map<string, string>();

  constructor(
    private readonly tableSeats: readonly SeatInfo[],
    options: GameOptions | undefined,
    /** The runtime's memo of the deal check (core/memo.ts). */
    private readonly memo?: FoldMemo,
  ) {
    this.s = emptySetup(tableSeats, options);
    // 001 step 5, before the die: two secret objectives to each player, so she knows them when she picks a race.
    if (this.s.atTable) this.#deal('secret', 0, [...SECRET_OBJECTIVES], [], -1);
  }

  get underWay(): boolean {
    return this.s.atTable && !this.s.final;
  }

  #name = (seat: string): string => this.tableSeats.find((x) => x.id === seat)?.name ?? seat;

  blocks(e: EventBody): string | undefined {
    if (!this.underWay || OPEN_DURING_SETUP.has(e.k)) return undefined;
    return `A "${e.k}" change was refused: the game starts once the setup at the table is over (now: ${STEP_NAMES[stepOf(this.s)]}).`;
  }

  apply(e: SetupOp, table: FoldTable): void {
    this.#out = undefined;
    this.#settle(table);
    const why = setupRefusal(this.s, e, (purpose) => table.opened?.(purpose) ?? []);
    if (why) return table.problem(`${this.#name(e.seat)}'s setup step (${e.op}) was refused: ${why}`);
    this.#take(e, table);
    this.#settle(table);
  }

  /** After every event: a shared draw may just have completed, or a seat moved to another phone. */
  after(entry: LogEntry, table: FoldTable): void {
    if (!this.underWay) return;
    this.#out = undefined;
    if (entry.event.k === 'claim') {
      const before = this.#claimedBy.get(entry.event.seat);
      if (before !== undefined && before !== entry.dev) this.s.moved[entry.event.seat] = entry.index;
      this.#claimedBy.set(entry.event.seat, entry.dev);
    }
    this.#settle(table);
  }

  #take(e: SetupOp, table: FoldTable): void {
    const s = this.s;
    switch (e.op) {
      case 'pick': {
        s.picks[e.seat] = e.race;
        const order = fromFirst(s);
        s.pickTurn = order.slice(order.indexOf(e.seat) + 1).find((seat) => !(seat in s.picks)) ?? null;
        if (!s.pickTurn) this.#deal('race', 1, racePool(s), [], table.index);
        return;
      }
      case 'lock':
        s.deals.find((d) => d.id === e.deal)?.locks.push(e.cards);
        return;
      case 'unlock': {
        const d = s.deals.find((x) => x.id === e.deal) as Deal;
        d.unlocks.push(e.cards);
        if (unlocked(d) && isPublic(d)) this.#publicRaces(d, table);
        return;
      }
      case 'choose': {
        const d = s.deals.find((x) => x.id === e.deal) as Deal;
        d.choices[e.seat] = e.keep;
        if (!over(d)) return;
        s.hidden.push(...d.recipients.filter((r) => d.choices[r]));
        const kept = new Set(d.recipients.flatMap((r, i) => (d.choices[r] ? [i] : [])));
        this.#deal('race', d.round + 1, null, lockedDeck(d).filter((_, j) => !kept.has(j)), table.index);
        return;
      }
      case 'home':
        if (s.home) s.home = homeBid(s.home, e.seat, e.location, e.bid);
        return;
      case 'built':
        s.built = true;
        return;
      case 'seating':
        s.seating = [...e.order];
        s.speaker = startSpeakerBidding(s.seating, s.first as string);
        return;
      case 'speaker':
        if (!s.speaker) return;
        s.speaker = speakerMove(s.speaker, e.seat, e.bid === null ? 'withdraw' : { bid: e.bid });
        if (s.speaker.turn === null) this.#goods();
        return;
      case 'cycler':
        s.direction = e.direction;
        return;
      case 'kept':
        s.keptSecret.push(e.seat);
        return;
      case 'reveal':
        s.reveals[e.seat] = { race: e.race, keys: [...e.keys] };
        return;
      case 'garbled': {
        const d = s.deals.find((x) => x.id === e.deal) as Deal;
        const why = `${this.#name(e.seat)}'s ${d.what === 'race' ? `card of race deal ${d.round}` : 'secret objectives'} cannot be read with the keys she showed: a phone locked or unlocked that deck wrong.`;
        if (d.what === 'race') s.unfair = why;
        else s.secretsGarbled = why;
        table.problem(`${why} Start the deal over.`);
        return;
      }
      case 'redraw':
        s.redraws += 1;
        s.drawFrom[stepOf(s) === 'objectives' ? 'objectives' : 'roll'] = table.index;
        table.problem(`${this.#name(e.seat)} started the shared draw over: every phone adds a new value.`);
        return;
      case 'redeal':
        if (e.what === 'secrets') {
          // The secret objectives' deal again: the keeps so far are of cards dealt again.
          s.deals = s.deals.filter((d) => d.what !== 'secret');
          s.keptSecret = [];
          s.secretsGarbled = null;
          this.#deal('secret', 0, [...SECRET_OBJECTIVES], [], table.index);
          table.problem(`${this.#name(e.seat)} started the secret objectives' deal over.`);
          return;
        }
        s.deals = s.deals.filter((d) => d.what !== 'race');
        s.hidden = [];
        s.dealt = {};
        s.reveals = {};
        s.unfair = null;
        s.redeals += 1;
        table.problem(`${this.#name(e.seat)} started the race deal over: every race not chosen goes back into the pool.`);
        this.#deal('race', 1, racePool(s), [], table.index);
        return;
    }
  }

  /** Starts a deal for the seats still waiting for a card (none: nothing to deal). */
  #deal(what: Deal['what'], round: number, plain: string[] | null, input: string[], from: number): void {
    const s = this.s;
    const recipients = what === 'secret' ? fromFirst(s) : fromFirst(s).filter((seat) => !hasRace(s, seat));
    if (!recipients.length || round > 3) return;
    const d: Deal = { id: this.#nextDeal++, what, round, plain, input, from, chain: fromFirst(s), locks: [], recipients, perSeat: what === 'secret' ? 2 : 1, unlocks: [], choices: {} };
    // A deck re-dealt after a redeal continues the numbering: an old deal's late step names an old id.
    s.deals.push(d);
  }

  #publicRaces(d: Deal, table: FoldTable): void {
    const pool = racePool(this.s).filter((r) => !Object.values(this.s.dealt).includes(r));
    for (const [j, seat] of d.recipients.entries()) {
      const plain = fromWire(cardAt(d, j) ?? '');
      const race = plain === undefined ? undefined : identify(plain, pool);
      if (!race || Object.values(this.s.dealt).includes(race)) {
        this.s.dealt = {};
        this.s.unfair = `The public race deal gave ${this.#name(seat)} a card that is no race of the pool: a phone's lock or unlock was wrong.`;
        table.problem(`${this.s.unfair} Start the deal over.`);
        return;
      }
      this.s.dealt[seat] = race;
    }
  }

  #goods(): void {
    const s = this.s;
    const speaker = s.speaker ? speakerBidGoods(s.speaker).goods : {};
    const home = s.home ? homeBidGoods(Object.fromEntries(Object.entries(s.home.holds).map(([seat, h]) => [seat, h.bid]))) : {};
    s.goods = normalisedTradeGoods(Object.fromEntries(s.tableOrder.map((seat) => [seat, (speaker[seat] ?? 0) + (home[seat] ?? 0)])));
  }

  /** What follows by itself: the die decided, bidding opened, objectives drawn, the secret objectives dealt, the game begun. */
  #settle(table: FoldTable): void {
    const s = this.s;
    if (!this.underWay) return;
    if (!s.first) {
      const seed = table.seed?.(drawPurpose(s, 'roll'));
      if (seed) {
        const { rolls, first } = firstPlayer(s.tableOrder, new SeededRandom(fromHexString(seed)));
        Object.assign(s, { rolls, first, pickTurn: first });
      }
    }
    let step = stepOf(s);
    if (step === 'home' && s.map === 'preset' && !s.home && s.first) s.home = startHomeBidding(s.tableOrder, s.first);
    if (step === 'objectives') {
      if (s.drawFrom.objectives < 0) s.drawFrom.objectives = table.index;
      const seed = table.seed?.(drawPurpose(s, 'objectives'));
      if (seed) s.objectives = drawObjectives(new SeededRandom(fromHexString(seed)));
    }
    step = stepOf(s);
    if (step === 'reveal' && Object.keys(s.reveals).length === s.tableOrder.length && !s.unfair) {
      s.unfair = unfairness(s, this.#name, this.memo);
      if (s.unfair) table.problem(`The race deal was not fair: ${s.unfair} Start the deal over.`);
      else this.#begin(table);
    }
    s.step = stepOf(s);
  }

  #begin(table: FoldTable): void {
    const s = this.s;
    const seating = s.seating ?? s.tableOrder;
    const race = (seat: string) => s.picks[seat] ?? s.dealt[seat] ?? s.reveals[seat]?.race ?? '';
    const seats = this.tableSeats.map((seat) => ({ ...seat, race: race(seat.id), position: seating.indexOf(seat.id), tradeContracts: RACES_BY_ID.get(race(seat.id))?.tradeContracts ?? seat.tradeContracts }));
    s.final = seats.sort((a, b) => a.position - b.position);
    table.derive(startingPieces(s.final, s.goods ?? {}));
    const speaker = speakerOf(s) ?? (seating[0] as string);
    table.begin?.({ speaker, direction: s.direction ?? 'clockwise', revealed: s.objectives });
  }

  /**
   * A deep copy of the state, so folding more events never changes a snapshot handed out; the same copy
   * again while no setup event was folded (the locked decks are large, and a game's every tap after the
   * setup would copy them).
   */
  result(): SetupState {
    return (this.#out ??= structuredClone(this.s));
  }
}

/** 001 step 12: 3 random Stage I, 1 random Preliminary and 3 random Stage II objectives (the specials are always in play). */
export function drawObjectives(rng: SeededRandom): string[] {
  const of = (stage: string, n: number) => shuffled(OBJECTIVES.filter((o) => o.stage === stage).map((o) => o.id).sort(), rng).slice(0, n);
  return [...of('stage1', 3), ...of('preliminary', 1), ...of('stage2', 3)];
}
