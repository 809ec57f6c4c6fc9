/**
 * Every phone referees the setup at the table (issue 19, 001 "Setup" steps 6 to 13), step by step, from the
 * log alone: whose turn it is, what each step allows, and when the next step begins. While it is under way,
 * no other event of the game is accepted (`blocks`). The die rolls and the objectives come from shared
 * draws (doc/dice) nobody controls; the races and secret objectives are dealt from decks every phone locked
 * and shuffled (crypto/mentalPoker.ts), so no phone, not even the one that started the deal, can choose or
 * see another's card. Once the keys of the race deals are revealed at "Finalising Setup", every phone checks
 * every step of every race deal against them: a phone that cheated is named, and the deal can start over.
 * At the end the seats get their races and places, and the starting pieces are folded in (`derive`).
 */
import { fromHexString, toHexString } from 'lib0/buffer';
import { digest } from 'lib0/hash/sha256';
import { OBJECTIVES, RACES, RACES_BY_ID } from '../../data';
import { aroundTheTable } from '../../rules/order';
import { checkHomeBid, checkSpeakerMove, firstPlayer, homeBid, homeBidGoods, normalisedTradeGoods, shuffled, speakerBidGoods, speakerMove, startHomeBidding, startSpeakerBidding } from '../../rules/setup';
import { encodeCard, fromWire, identify, keyFromWire, unlock, verifyLock, verifyUnlock } from '../../crypto/mentalPoker';
import { SeededRandom } from '../../crypto/sharedRandom';
import type { FoldMemo } from '../core/memo';
import type { FoldTable } from '../core/module';
import type { EventBody, GameOptions, LogEntry, SeatInfo } from '../core/types';
import type { SetupOp } from './events';
import { startingPieces } from './seats';
import type { Deal, SetupState, SetupStep } from './state';

/** The shared draws of the setup (doc/dice purposes); a draw started over gets a fresh purpose. */
const ROLL_DRAW = 'first-player';
const OBJECTIVES_DRAW = 'objectives';
export const drawPurpose = (s: SetupState, draw: 'roll' | 'objectives'): string => `${draw === 'roll' ? ROLL_DRAW : OBJECTIVES_DRAW}${s.redraws ? `:${s.redraws}` : ''}`;

/** What may be written while the setup is under way: its own steps, the shared draws, and seats changing phones. */
const OPEN_DURING_SETUP: ReadonlySet<string> = new Set(['setup', 'seed', 'claim', 'release', 'undo']);

export const STEP_NAMES: Record<SetupStep, string> = {
  roll: 'rolling for the first player',
  pick: 'race picking',
  deal: 'the race deal',
  home: 'home system locations',
  seating: 'seating',
  speaker: 'speaker token bidding',
  cycler: 'the rotation cycler',
  objectives: 'revealing objectives',
  secrets: 'keeping a secret objective',
  reveal: 'finalising setup',
  done: 'done',
};

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

// ——— deals ———

/** Seats from the first player, clockwise, in the table order of creation: the order of every turn of the setup. */
export const fromFirst = (s: SetupState): string[] => (s.first ? aroundTheTable(s.tableOrder, s.first, 'clockwise') : s.tableOrder);
export const dealtCount = (d: Deal): number => d.recipients.length * d.perSeat;
export const lockTurn = (d: Deal): string | null => d.chain[d.locks.length] ?? null;
export const unlockTurn = (d: Deal): string | null => (d.locks.length < d.chain.length ? null : (d.chain[d.unlocks.length] ?? null));
/** The deck as the last seat locked it (empty before). */
export const lockedDeck = (d: Deal): string[] => d.locks[d.locks.length - 1] ?? [];
/** The positions of `seat`'s cards in a deal. */
export const cardsOf = (d: Deal, seat: string): number[] => {
  const i = d.recipients.indexOf(seat);
  return i < 0 ? [] : Array.from({ length: d.perSeat }, (_, k) => i * d.perSeat + k);
};
/** Card `j` as it stands after the first `upTo` unlocks (a secret deal skips its recipient, whose unlock is null). */
export function cardAt(d: Deal, j: number, upTo = d.unlocks.length): string | undefined {
  for (let i = upTo - 1; i >= 0; i--) {
    const c = d.unlocks[i]?.[j];
    if (c) return c;
  }
  return lockedDeck(d)[j];
}
/** Whether the public race deal (round 3) is the one given. */
const isPublic = (d: Deal): boolean => d.what === 'race' && d.round === 3;
const unlocked = (d: Deal): boolean => d.locks.length === d.chain.length && d.unlocks.length === d.chain.length;
/** A deal is over once its cards are unlocked and, for a secret race deal, every recipient chose. */
const over = (d: Deal): boolean => unlocked(d) && (d.what !== 'race' || d.round === 3 || d.recipients.every((r) => d.choices[r] !== undefined));
export const raceDeals = (s: SetupState): Deal[] => s.deals.filter((d) => d.what === 'race');
/** The race deal under way (step 6.3 to 6.5). */
export const openDeal = (s: SetupState): Deal | undefined => raceDeals(s).find((d) => !over(d));
/** Every deal under way: the secret objectives' runs beside the die and the race picking. */
export const openDeals = (s: SetupState): Deal[] => s.deals.filter((d) => !over(d));
export const secretDeal = (s: SetupState): Deal | undefined => s.deals.find((d) => d.what === 'secret');

/** The races nobody chose: the pool of step 6.2, in a fixed order every phone starts the deck from. */
export const racePool = (s: SetupState): string[] => RACES.map((r) => r.id).filter((race) => !Object.values(s.picks).includes(race)).sort();
export const SECRET_OBJECTIVES: readonly string[] = OBJECTIVES.filter((o) => o.stage === 'secret').map((o) => o.id).sort();

/** The speaker token's winner once its bidding is over (001 step 9); null before. */
export const speakerOf = (s: SetupState): string | null => (s.speaker?.turn === null && s.speaker.high ? s.speaker.high.seat : null);

/** Whether the seat's race is settled: chosen, dealt publicly, or kept secretly. */
const hasRace = (s: SetupState, seat: string): boolean => !!s.picks[seat] || !!s.dealt[seat] || s.hidden.includes(seat);

// ——— the step ———

export function stepOf(s: SetupState): SetupStep {
  if (!s.atTable || s.final) return 'done';
  const n = s.tableOrder.length;
  if (!s.first) return 'roll';
  if (s.pickTurn) return 'pick';
  if (s.tableOrder.some((seat) => !hasRace(s, seat))) return 'deal';
  if (s.map === 'preset' ? s.home?.turn !== null : !s.built) return 'home';
  if (!s.seating) return 'seating';
  if (!s.speaker || s.speaker.turn !== null) return 'speaker';
  if (!s.direction) return 'cycler';
  if (!s.objectives.length) return 'objectives';
  const secret = secretDeal(s);
  if (!secret || !over(secret) || s.keptSecret.length < n) return 'secrets';
  return 'reveal';
}

const isPermutation = (order: readonly string[], of: readonly string[]): boolean => order.length === of.length && new Set(order).size === order.length && order.every((x) => of.includes(x));
const validCards = (cards: readonly (string | null)[]): boolean => cards.every((c) => c === null || fromWire(c) !== undefined) && new Set(cards.filter((c) => c !== null)).size === cards.filter((c) => c !== null).length;

/**
 * Why `e` may not be taken now, or undefined: the checks every phone makes on every step, and a command
 * makes before writing one. The deal steps are checked for shape here; whether a phone's lock or unlock
 * is honest can only be checked once its keys are revealed (`unfairness`).
 */
export function setupRefusal(s: SetupState, e: SetupOp, opened: (purpose: string) => readonly string[] = () => []): string | undefined {
  if (!s.atTable) return 'this game was set up with races typed in.';
  if (s.final) return 'the setup is over.';
  if (!s.tableOrder.includes(e.seat)) return 'that seat is not in this game.';
  const step = stepOf(s);
  const at = (...steps: SetupStep[]) => (steps.includes(step) ? undefined : `the table is at ${STEP_NAMES[step]}.`);
  switch (e.op) {
    case 'pick': {
      if (step !== 'pick') return at('pick');
      if (s.pickTurn !== e.seat) return 'it is not her turn to choose a race.';
      if (e.race === null) return undefined;
      if (!RACES_BY_ID.has(e.race)) return 'there is no such race.';
      return Object.values(s.picks).includes(e.race) ? `${RACES_BY_ID.get(e.race)?.shortName ?? e.race} is already taken.` : undefined;
    }
    case 'lock': {
      const d = s.deals.find((x) => x.id === e.deal);
      if (!d || over(d)) return 'that deal is not under way.';
      if (lockTurn(d) !== e.seat) return 'it is not her turn to lock and shuffle this deck.';
      const size = d.plain ? d.plain.length : d.input.length;
      if (e.cards.length !== size) return `the deck has ${size} cards, not ${e.cards.length}.`;
      return validCards(e.cards) ? undefined : 'a card of the deck is not a valid locked card.';
    }
    case 'unlock': {
      const d = s.deals.find((x) => x.id === e.deal);
      if (!d || over(d)) return 'that deal is not under way.';
      if (unlockTurn(d) !== e.seat) return 'it is not her turn to unlock the dealt cards.';
      if (e.cards.length !== dealtCount(d)) return `${dealtCount(d)} cards were dealt, not ${e.cards.length}.`;
      const own = isPublic(d) ? [] : cardsOf(d, e.seat);
      if (e.cards.some((c, j) => (c === null) !== own.includes(j))) return 'she unlocks every dealt card but her own, and only those.';
      return validCards(e.cards) ? undefined : 'an unlocked card is not a valid number.';
    }
    case 'choose': {
      const d = s.deals.find((x) => x.id === e.deal);
      if (!d || d.what !== 'race' || isPublic(d) || over(d)) return 'that secret deal is not waiting for choices.';
      if (s.unfair) return 'the race deal failed: it starts over.';
      if (!unlocked(d)) return 'her card is not unlocked yet.';
      if (!d.recipients.includes(e.seat)) return 'she was dealt no card in this deal.';
      return d.choices[e.seat] !== undefined ? 'she has already chosen.' : undefined;
    }
    case 'garbled': {
      const d = s.deals.find((x) => x.id === e.deal);
      if (!d || isPublic(d) || !unlocked(d) || !d.recipients.includes(e.seat)) return 'no secret card of that deal was dealt to her.';
      if (dealFailed(s, d) || (d.what === 'race' ? d.choices[e.seat] !== undefined : s.keptSecret.includes(e.seat))) return 'that deal is already settled for her.';
      const keys = e.keys.map(keyFromWire);
      const locks = lockingDeals(s, d).length;
      if (keys.length !== locks || keys.some((k) => k === undefined)) return `she shows one valid key for each deal her card was locked in (${locks}).`;
      return readable(s, d, e.seat, keys as bigint[]) ? 'her card reads as a card of the deck with the keys she showed: it is not garbled.' : undefined;
    }
    case 'home': {
      if (step !== 'home') return at('home');
      if (s.map !== 'preset' || !s.home) return 'the galaxy is built star by star: there are no home system bids.';
      const check = checkHomeBid(s.home, e.seat, e.location, e.bid);
      return check.ok ? undefined : check.reason;
    }
    case 'built':
      if (step !== 'home') return at('home');
      return s.map === 'star' ? undefined : 'the map is pre-set: the players bid on home system locations.';
    case 'seating':
      if (step !== 'seating') return at('seating');
      return isPermutation(e.order, s.tableOrder) ? undefined : 'the seating must name every seat once.';
    case 'speaker': {
      if (step !== 'speaker' || !s.speaker) return at('speaker');
      const check = checkSpeakerMove(s.speaker, e.seat, e.bid === null ? 'withdraw' : { bid: e.bid });
      return check.ok ? undefined : check.reason;
    }
    case 'cycler':
      if (step !== 'cycler') return at('cycler');
      return speakerOf(s) === e.seat ? undefined : 'only the speaker orients the rotation cycler.';
    case 'kept': {
      if (step !== 'secrets') return at('secrets');
      const d = secretDeal(s);
      if (!d || !unlocked(d)) return 'the secret objectives are not dealt yet.';
      if (s.secretsGarbled) return "the secret objectives' deal failed: it starts over.";
      return s.keptSecret.includes(e.seat) ? 'she has already kept one.' : undefined;
    }
    case 'reveal': {
      if (step !== 'reveal') return at('reveal');
      if (s.reveals[e.seat]) return 'she has already revealed.';
      const rounds = raceDeals(s).length;
      if (e.keys.length !== rounds || e.keys.some((k) => keyFromWire(k) === undefined)) return `she reveals one valid key for each of the ${rounds} race deals.`;
      if (!s.hidden.includes(e.seat)) return e.race === null ? undefined : 'her race is already known to the table.';
      if (!e.race || !RACES_BY_ID.has(e.race)) return 'she names the race she kept.';
      // Only the races the table knows are taken: another hidden seat's revealed race may be a lie, and refusing
      // hers after it would let a liar who guessed it block her reveal unnamed. Two keepers naming one race
      // cannot both match their cards: the check of the keys (`unfairness`) names the liar.
      const taken = [...Object.values(s.picks), ...Object.values(s.dealt)];
      return taken.includes(e.race) ? `${RACES_BY_ID.get(e.race)?.shortName ?? e.race} is another player's race.` : undefined;
    }
    case 'redeal': {
      if (e.what === 'races') {
        const first = raceDeals(s)[0];
        if (!first) return 'no race is being dealt.';
        if (s.unfair) return undefined;
        return lostSince(s, first.from, (seat) => !s.reveals[seat]) ? undefined : NOTHING_LOST;
      }
      const d = secretDeal(s);
      if (!d) return 'the secret objectives are not being dealt.';
      if (s.secretsGarbled) return undefined;
      return lostSince(s, d.from, (seat) => !s.keptSecret.includes(seat)) ? undefined : NOTHING_LOST;
    }
    case 'redraw': {
      if (step !== 'roll' && step !== 'objectives') return 'no shared draw is under way.';
      const done = opened(drawPurpose(s, step));
      return lostSince(s, s.drawFrom[step], (seat) => !done.includes(seat)) ? undefined : NOTHING_LOST;
    }
  }
}

/**
 * Starting a deal or a draw over is a second chance at the cards or the die, so nobody may take one at will
 * (the last phone to open its value knows the roll before it does; a player could redeal until she likes
 * her cards). It is for a part that is lost: a seat that still owes the deal or draw something and moved
 * to another phone since it began (the old phone kept her keys and values), or a deal that failed (`dealFailed`).
 */
const NOTHING_LOST = 'no part of it is lost: it starts over only when a seat that still owes it a step moved to another phone since it began (or the deal failed).';
const lostSince = (s: SetupState, from: number, owes: (seat: string) => boolean): boolean => s.tableOrder.some((seat) => owes(seat) && (s.moved[seat] ?? -1) > from);

/** The deals a card of `d` was locked in, whose keys unlock it: each race deal locks the deck again; the secret objectives' deal once. */
export const lockingDeals = (s: SetupState, d: Deal): Deal[] => (d.what === 'secret' ? [d] : raceDeals(s).filter((x) => x.id <= d.id));
/** Why the table found `d`'s deal failed (a card shown unreadable, a public deal of no race, the final check), or null. */
export const dealFailed = (s: SetupState, d: Deal): string | null => (d.what === 'race' ? s.unfair : s.secretsGarbled);

/** Whether `seat`'s cards of `d` read, with her `keys`, as cards of the deck it was dealt from. */
function readable(s: SetupState, d: Deal, seat: string, keys: readonly bigint[]): boolean {
  const deck = d.what === 'race' ? racePool(s) : SECRET_OBJECTIVES;
  return cardsOf(d, seat).every((j) => {
    const card = fromWire(cardAt(d, j) ?? '');
    return card !== undefined && identify(unlock(card, keys), deck) !== undefined;
  });
}

// ——— checking a deal once its keys are out ———

/**
 * Why the race deals were not fair, or null: every lock must be the deck before it locked with the key its
 * seat revealed and reordered, every unlock the card before it with her keys taken off, and every kept
 * race the card she was dealt. A phone that lied in any step is named.
 */
export function unfairness(s: SetupState, name: (seat: string) => string, memo?: FoldMemo): string | null {
  const deals = raceDeals(s);
  // The check is a pure function of the deals and the keys revealed: the memo (the runtime's, which keeps it on
  // this phone) answers for a refold and for every later opening of the game. The key is the SHA-256 of its input.
  const key = memo && `deal:${toHexString(digest(new TextEncoder().encode(JSON.stringify([deals, s.reveals]))))}`;
  const known = key ? memo?.get(key) : undefined;
  if (typeof known === 'string') return known || null;
  const revealed = new Map(Object.entries(s.reveals).map(([seat, r]) => [seat, r.keys.map((k) => keyFromWire(k) ?? 0n)]));
  const keys = (seat: string) => revealed.get(seat) ?? [];
  const found = ((): string | null => {
    for (const [r, d] of deals.entries()) {
      let input = d.plain ? d.plain.map(encodeCard) : d.input.map((c) => fromWire(c) ?? 0n);
      for (const [i, seat] of d.chain.entries()) {
        const out = (d.locks[i] ?? []).map((c) => fromWire(c) ?? 0n);
        if (!verifyLock(input, out, keys(seat)[r] ?? 0n)) return `${name(seat)}'s shuffle of race deal ${d.round} is not the deck she was given, locked with the key she revealed.`;
        input = out;
      }
      for (let j = 0; j < dealtCount(d); j++) {
        let card = input[j] ?? 0n;
        for (const [i, seat] of d.chain.entries()) {
          const u = d.unlocks[i]?.[j];
          if (!u) continue;
          const next = fromWire(u) ?? 0n;
          if (!verifyUnlock(card, next, keys(seat).slice(0, r + 1))) return `${name(seat)}'s unlock of a card of race deal ${d.round} does not match the keys she revealed.`;
          card = next;
        }
        const recipient = d.recipients[j] as string;
        const kept = s.reveals[recipient]?.race;
        if (!isPublic(d) && d.choices[recipient] && kept && !verifyUnlock(card, encodeCard(kept), keys(recipient).slice(0, r + 1))) {
          return `${name(recipient)} revealed ${RACES_BY_ID.get(kept)?.shortName ?? kept}, which is not the race she was dealt.`;
        }
      }
    }
    return null;
  })();
  if (key) memo?.set(key, found ?? '');
  return found;
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
