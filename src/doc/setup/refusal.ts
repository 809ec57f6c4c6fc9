/**
 * Why a step of the setup may not be taken now (`setupRefusal`): the checks every phone's fold makes on every
 * step, and the command makes before writing one. With them, what a deal or draw started over rests on (a part
 * of it lost, or a deal failed) and whether a card shown as garbled really reads as no card of its deck.
 */
import { RACES_BY_ID } from '../../data';
import { checkHomeBid, checkSpeakerMove } from '../../rules/setup';
import { fromWire, identify, keyFromWire, unlock } from '../../crypto/mentalPoker';
import type { SetupOp } from './events';
import type { Deal, SetupState, SetupStep } from './state';
import { SECRET_OBJECTIVES, STEP_NAMES, cardAt, cardsOf, dealtCount, drawPurpose, isPublic, lockTurn, over, raceDeals, racePool, secretDeal, speakerOf, stepOf, unlockTurn, unlocked } from './steps';

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
