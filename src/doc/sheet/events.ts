/** The race sheet's events: counters, trade goods given, technologies, racial upgrades, leaders, command counters, notes. */
import { flag, id, int, nat, optId, str } from '../core/codec';
import type { EventCodecs } from '../core/codec';
import { COUNTERS } from '../core/types';
import type { CounterName, LeaderStatus } from '../core/types';

/** Why command counters changed areas (001 "Command Counters"). */
export type CcReason = 'receive' | 'move' | 'tactical' | 'secondary' | 'spend';

declare module '../core/types' {
  interface EventMap {
    /** `from`: a "set to" carries the value it replaces, so two phones setting the same value give that value. */
    counter: { k: 'counter'; seat: string; counter: CounterName; delta: number; from?: number };
    give: { k: 'give'; from: string; to: string; amount: number };
    tech: { k: 'tech'; seat: string; tech: string; owned: boolean };
    upgrade: { k: 'upgrade'; seat: string; upgrade: string; unlocked: boolean };
    leader: { k: 'leader'; seat: string; leader: number; status: LeaderStatus };
    note: { k: 'note'; seat: string | null; text: string };
    /** Command counters added to (or, negative, taken from) the three areas of her race sheet at once. */
    cc: { k: 'cc'; seat: string; pool: number; fleet: number; strat: number; why: CcReason };
    /**
     * Her leader used an ability that rests this round and the next (rules/leaders RESTING_ABILITIES), in
     * `round`; `planet`: where a Diplomat's rests (null for an Agent's).
     */
    leaderUse: { k: 'leaderUse'; seat: string; leader: number; round: number; planet: string | null };
    /** Her captive (`seat`'s leader) released by the captor (`planet` null), or executed for `planet`: exhausted, or lost when `lose`. */
    captive: { k: 'captive'; captor: string; seat: string; leader: number; planet: string | null; lose: boolean };
    /** Her Scientist's planet exhausted to ignore the prerequisite `ignored` of `tech` (001 "Scientist"). */
    scientist: { k: 'scientist'; seat: string; planet: string; tech: string; ignored: string };
  }
  interface PlayerState {
    /** Leader number → the round its resting ability was last used (an Agent's). */
    rested?: Record<number, number>;
  }
  interface PlanetCard {
    /** A Diplomat's cancelled invasion: `seat` may not cancel one on this planet again before round + 2. */
    guarded?: { seat: string; round: number };
  }
}

/** A note holds 1 to 500 characters: the command and every phone's fold check the same bound. */
export const NOTE_MAX = 500;
/**
 * Notes one seat may add (issue 36): a player typing one every few seconds stays under the first, a note
 * every two minutes of a six-hour night under the second; the rest is skipped and named by every phone.
 */
export const NOTES_PER_MINUTE = 10;
export const NOTES_PER_GAME = 200;

/** Why a note's text may not stand, in words that follow "was refused: ", or undefined when it may. */
export function noteRefusal(text: string): string | undefined {
  if (!text.trim()) return 'it is empty';
  if (text.length > NOTE_MAX) return `it has ${text.length} characters, more than the ${NOTE_MAX} a note holds`;
  return undefined;
}

export type SheetKind = 'counter' | 'give' | 'tech' | 'upgrade' | 'leader' | 'note' | 'cc' | 'leaderUse' | 'captive' | 'scientist';

const COUNTER_CODES = new Map(COUNTERS.map((c, i) => [c, i]));
const CC_REASONS: Record<CcReason, string> = { receive: 'r', move: 'm', tactical: 't', secondary: 's', spend: 'o' };
const CC_REASON_OF = new Map(Object.entries(CC_REASONS).map(([why, code]) => [code, why as CcReason]));

export const sheetEvents: EventCodecs<SheetKind> = {
  counter: {
    code: 'n',
    encode: (e) => [e.seat, COUNTER_CODES.get(e.counter), e.delta, ...(e.from === undefined ? [] : [e.from])],
    decode(f) {
      const [seat, counter, delta, from] = [id(f[0]), COUNTERS[nat(f[1]) ?? -1], int(f[2]), nat(f[3])];
      if (!seat || !counter || delta === undefined) return undefined;
      return from === undefined ? { k: 'counter', seat, counter, delta } : { k: 'counter', seat, counter, delta, from };
    },
  },
  give: {
    code: 'g',
    encode: (e) => [e.from, e.to, e.amount],
    decode(f) {
      const [from, to, amount] = [id(f[0]), id(f[1]), nat(f[2])];
      return from && to && amount !== undefined ? { k: 'give', from, to, amount } : undefined;
    },
  },
  tech: {
    code: 't',
    encode: (e) => [e.seat, e.tech, e.owned ? 1 : 0],
    decode(f) {
      const [seat, tech, owned] = [id(f[0]), id(f[1]), flag(f[2])];
      return seat && tech && owned !== undefined ? { k: 'tech', seat, tech, owned } : undefined;
    },
  },
  upgrade: {
    code: 'u',
    encode: (e) => [e.seat, e.upgrade, e.unlocked ? 1 : 0],
    decode(f) {
      const [seat, upgrade, unlocked] = [id(f[0]), id(f[1]), flag(f[2])];
      return seat && upgrade && unlocked !== undefined ? { k: 'upgrade', seat, upgrade, unlocked } : undefined;
    },
  },
  leader: {
    code: 'l',
    encode: (e) => [e.seat, e.leader, typeof e.status === 'string' ? e.status : `@${e.status.capturedBy}`],
    decode(f) {
      const [seat, leader, raw] = [id(f[0]), nat(f[1]), str(f[2])];
      if (!seat || leader === undefined || raw === undefined) return undefined;
      if (raw === 'free' || raw === 'killed') return { k: 'leader', seat, leader, status: raw };
      const captor = raw.startsWith('@') ? id(raw.slice(1)) : undefined;
      return captor ? { k: 'leader', seat, leader, status: { capturedBy: captor } } : undefined;
    },
  },
  note: {
    code: '.',
    encode: (e) => [e.seat ?? '', e.text],
    decode(f) {
      // Read up to the guard's field size, so that the fold, not the codec, says why a long note is refused.
      const [seat, text] = [optId(f[0]), typeof f[1] === 'string' && f[1].length <= 2 * NOTE_MAX ? f[1] : undefined];
      return seat !== undefined && text !== undefined ? { k: 'note', seat, text } : undefined;
    },
  },
  cc: {
    code: 'c',
    encode: (e) => [e.seat, e.pool, e.fleet, e.strat, CC_REASONS[e.why]],
    decode(f) {
      const [seat, pool, fleet, strat, why] = [id(f[0]), int(f[1]), int(f[2]), int(f[3]), CC_REASON_OF.get(f[4] as string)];
      return seat && pool !== undefined && fleet !== undefined && strat !== undefined && why ? { k: 'cc', seat, pool, fleet, strat, why } : undefined;
    },
  },
  leaderUse: {
    code: 'L',
    encode: (e) => [e.seat, e.leader, e.round, e.planet ?? ''],
    decode(f) {
      const [seat, leader, round, planet] = [id(f[0]), nat(f[1]), nat(f[2]), optId(f[3])];
      return seat && leader !== undefined && round !== undefined && planet !== undefined ? { k: 'leaderUse', seat, leader, round, planet } : undefined;
    },
  },
  captive: {
    code: 'K',
    encode: (e) => [e.captor, e.seat, e.leader, e.planet ?? '', e.lose ? 1 : 0],
    decode(f) {
      const [captor, seat, leader, planet, lose] = [id(f[0]), id(f[1]), nat(f[2]), optId(f[3]), flag(f[4])];
      return captor && seat && leader !== undefined && planet !== undefined && lose !== undefined ? { k: 'captive', captor, seat, leader, planet, lose } : undefined;
    },
  },
  scientist: {
    code: 'S',
    encode: (e) => [e.seat, e.planet, e.tech, e.ignored],
    decode(f) {
      const [seat, planet, tech, ignored] = [id(f[0]), id(f[1]), id(f[2]), id(f[3])];
      return seat && planet && tech && ignored ? { k: 'scientist', seat, planet, tech, ignored } : undefined;
    },
  },
};
