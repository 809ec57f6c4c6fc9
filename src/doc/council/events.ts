/**
 * The Twilight Council's events, carried in the log as one event kind ('council', code 'C') with a
 * sub-kind, so the council's vocabulary lives here and the log's code letters stay few.
 *
 * Nothing secret is ever in these events before the rules reveal it: placing an agenda and locking a
 * ballot publish only a commitment hash; the card or ballot follows in the reveal, with its salt.
 */
import { optId } from '../core/codec';
import type { EventCodecs } from '../core/codec';
import type { CouncilState } from './state';

export type CouncilEvent =
  /** An agenda placed face down (001 "Strategy Phase › 1) Agenda"). */
  | { c: 'place'; round: number; hash: string }
  /** Its reveal: from her hand (the card), or the top of the deck (named once drawn: 'name'). */
  | { c: 'reveal'; round: number; source: 'hand' | 'deck'; card: string | null; salt: string }
  | { c: 'name'; round: number; card: string }
  /** An extra agenda revealed from the deck (2–4 players: up to 5 agendas). */
  | { c: 'extra'; round: number; card: string }
  /** Assembly played: the agendas voted on, in resolution order (keys; 'voc' is added by players). */
  | { c: 'session'; id: string; round: number; agendas: string[] }
  /** This seat spent 1 strategy allocation counter to add the Voice of the Council election. */
  | { c: 'voc'; session: string }
  /** 2 players: the three dice this seat rolled (001 "2 players › Assembly"). */
  | { c: 'dice'; session: string; dice: number[] }
  | { c: 'commit'; session: string; hash: string }
  /** The ballot's canonical JSON and its salt. */
  | { c: 'open'; session: string; ballot: string; salt: string }
  /** The speaker breaks a tie. */
  | { c: 'tie'; session: string; agenda: string; outcome: string }
  /** The speaker starts the visible countdown to close a stalled vote, then closes it: seats that never revealed abstain. */
  | { c: 'closing'; session: string }
  | { c: 'close'; session: string }
  /** A law put in or taken out of force by hand (a card effect the app does not model). */
  | { c: 'law'; card: string; inForce: boolean };

const MAX = 500;
/** A revealed ballot's canonical JSON: room for 12 agendas and 4 named effects, within the guard's 1,000-character field. */
export const BALLOT_MAX_CHARS = 1000;
const str = (v: unknown, max = MAX): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : undefined);
const nat = (v: unknown): number | undefined => (Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : undefined);
const hex = (v: unknown, len: number): string | undefined => (typeof v === 'string' && new RegExp(`^[0-9a-f]{${len}}$`).test(v) ? v : undefined);

export function encodeCouncil(e: CouncilEvent): unknown[] {
  switch (e.c) {
    case 'place':
      return ['p', e.round, e.hash];
    case 'reveal':
      return ['r', e.round, e.source === 'hand' ? 'h' : 'd', e.card ?? '', e.salt];
    case 'name':
      return ['n', e.round, e.card];
    case 'extra':
      return ['x', e.round, e.card];
    case 'session':
      return ['s', e.id, e.round, e.agendas.join('|')];
    case 'voc':
      return ['v', e.session];
    case 'dice':
      return ['d', e.session, e.dice.join(',')];
    case 'commit':
      return ['c', e.session, e.hash];
    case 'open':
      return ['o', e.session, e.ballot, e.salt];
    case 'tie':
      return ['t', e.session, e.agenda, e.outcome];
    case 'closing':
      return ['y', e.session];
    case 'close':
      return ['z', e.session];
    case 'law':
      return ['l', e.card, e.inForce ? 1 : 0];
  }
}

/** Reads a stored council event; undefined when it is malformed (an untrusted peer may write anything). */
export function decodeCouncil(f: readonly unknown[]): CouncilEvent | undefined {
  switch (f[0]) {
    case 'p': {
      const [round, hash] = [nat(f[1]), hex(f[2], 64)];
      return round && hash ? { c: 'place', round, hash } : undefined;
    }
    case 'r': {
      const source: 'hand' | 'deck' | undefined = f[2] === 'h' ? 'hand' : f[2] === 'd' ? 'deck' : undefined;
      const [round, card, salt] = [nat(f[1]), f[3] === '' ? null : str(f[3], 80), hex(f[4], 32)];
      return round && source && card !== undefined && salt ? { c: 'reveal', round, source, card, salt } : undefined;
    }
    case 'n':
    case 'x': {
      const [round, card] = [nat(f[1]), str(f[2], 80)];
      if (!round || !card) return undefined;
      return f[0] === 'n' ? { c: 'name', round, card } : { c: 'extra', round, card };
    }
    case 's': {
      const [id, round, agendas] = [str(f[1], 40), nat(f[2]), typeof f[3] === 'string' ? f[3].split('|').filter(Boolean) : undefined];
      return id && round && agendas && agendas.length <= 12 ? { c: 'session', id, round, agendas } : undefined;
    }
    case 'v':
    case 'y':
    case 'z': {
      const session = str(f[1], 40);
      if (!session) return undefined;
      return f[0] === 'v' ? { c: 'voc', session } : f[0] === 'y' ? { c: 'closing', session } : { c: 'close', session };
    }
    case 'd': {
      const [session, dice] = [str(f[1], 40), typeof f[2] === 'string' ? f[2].split(',').map(Number) : undefined];
      return session && dice && dice.length === 3 && dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 10) ? { c: 'dice', session, dice } : undefined;
    }
    case 'c': {
      const [session, hash] = [str(f[1], 40), hex(f[2], 64)];
      return session && hash ? { c: 'commit', session, hash } : undefined;
    }
    case 'o': {
      const [session, ballot, salt] = [str(f[1], 40), str(f[2], BALLOT_MAX_CHARS), hex(f[3], 32)];
      return session && ballot && salt ? { c: 'open', session, ballot, salt } : undefined;
    }
    case 't': {
      const [session, agenda, outcome] = [str(f[1], 40), str(f[2], 80), str(f[3], 80)];
      return session && agenda && outcome ? { c: 'tie', session, agenda, outcome } : undefined;
    }
    case 'l': {
      const [card, inForce] = [str(f[1], 80), f[2] === 1 ? true : f[2] === 0 ? false : undefined];
      return card && inForce !== undefined ? { c: 'law', card, inForce } : undefined;
    }
    default:
      return undefined;
  }
}

/** Vote ids for commitments: an agenda placement is a vote of its own, per round. */
export const placementVoteId = (round: number) => `agenda:${round}`;
export const ballotVoteId = (session: string) => `ballot:${session}`;

declare module '../core/types' {
  interface EventMap {
    /** The Twilight Council: agendas and ballots, by commitment then reveal. */
    council: { k: 'council'; seat: string | null; e: CouncilEvent };
  }
  interface FeatureStates {
    /** Agendas, votes (commitments until revealed), laws in force, Voice of the Council (council/fold.ts). */
    council: CouncilState;
  }
}

const SIGNED = new Set<CouncilEvent['c']>(['place', 'commit', 'closing', 'close']);

export const councilEvents: EventCodecs<'council'> = {
  council: {
    code: 'C',
    encode: (e) => [e.seat ?? '', ...encodeCouncil(e.e)],
    decode(f) {
      const [seat, e] = [optId(f[0]), decodeCouncil(f.slice(1))];
      return seat !== undefined && e ? { k: 'council', seat, e } : undefined;
    },
    // Face-down choices and ending a vote: what a forger would write in another seat's name.
    signed: (e) => SIGNED.has(e.e.c),
  },
};
