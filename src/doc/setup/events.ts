/**
 * The setup at the table in the log (issue 19): one event kind, `setup`, whose `op` says which step a seat
 * took. The shared die rolls come from doc/dice; the race and secret objective deals carry the locked decks
 * of crypto/mentalPoker.ts as fixed-width wire numbers. Decoding trusts nothing.
 */
import type { RotationDirection } from '../../rules/order';
import { id, nat } from '../core/codec';
import type { EventCodecs } from '../core/codec';
import type { SetupState } from './state';

export type SetupOp =
  /** Step 6.2: she chooses a race, or passes (null). */
  | { op: 'pick'; seat: string; race: string | null }
  /** Her turn in a deal: the deck locked with her key and shuffled. */
  | { op: 'lock'; seat: string; deal: number; cards: string[] }
  /** Her layer taken off each dealt card (null at her own cards in a secret deal). */
  | { op: 'unlock'; seat: string; deal: number; cards: (string | null)[] }
  /** Steps 6.3 and 6.4: she keeps her secretly dealt race, or returns it to the pool, without showing it. */
  | { op: 'choose'; seat: string; deal: number; keep: boolean }
  /**
   * Her phone cannot read a card dealt to her: she shows her keys for it (every race deal up to it, or the
   * secret objectives' deal's), so every phone can check that the card is indeed no card of the deck.
   */
  | { op: 'garbled'; seat: string; deal: number; keys: string[] }
  /** Step 7, pre-set map: her bid on a home system location. */
  | { op: 'home'; seat: string; location: number; bid: number }
  /** Step 7, star by star: the galaxy is built at the table. */
  | { op: 'built'; seat: string }
  /** Step 8: the seats clockwise as the players now sit. */
  | { op: 'seating'; seat: string; order: string[] }
  /** Step 9: her bid on the speaker token, or null: she withdraws. */
  | { op: 'speaker'; seat: string; bid: number | null }
  /** Step 11: the speaker orients the rotation cycler. */
  | { op: 'cycler'; seat: string; direction: RotationDirection }
  /** Step 13: she kept one of her two secret objectives and shuffled the other back. */
  | { op: 'kept'; seat: string }
  /** Step 13: her race (a hidden one named for the first time; null when the table knows it) and her race deal keys. */
  | { op: 'reveal'; seat: string; race: string | null; keys: string[] }
  /** The race deal, or the secret objectives' deal, starts over (a seat's phone and its keys were lost, or the race deal failed its check). */
  | { op: 'redeal'; seat: string; what: 'races' | 'secrets' }
  /** The shared draw under way starts over under a new purpose (a phone vanished before opening its value). */
  | { op: 'redraw'; seat: string };

declare module '../core/types' {
  interface EventMap {
    setup: { k: 'setup' } & SetupOp;
  }
  interface FeatureStates {
    setup: SetupState;
  }
}

const CODES = { pick: 'p', lock: 'l', unlock: 'u', choose: 'c', home: 'h', built: 'b', seating: 's', speaker: 'k', cycler: 'd', kept: 'o', reveal: 'r', redeal: 'x', redraw: 'w', garbled: 'g' } as const;
const OPS = new Map(Object.entries(CODES).map(([op, code]) => [code as string, op as SetupOp['op']]));

/** A wire number of mentalPoker.ts (256 bytes, base64url) or a key (32 bytes): checked for shape here, for value by the fold. */
const wire = (v: unknown): string | undefined => (typeof v === 'string' && /^[A-Za-z0-9_-]{342}$/.test(v) ? v : undefined);
const key = (v: unknown): string | undefined => (typeof v === 'string' && /^[A-Za-z0-9_-]{43}$/.test(v) ? v : undefined);
const all = <T>(values: readonly unknown[], read: (v: unknown) => T | undefined): T[] | undefined => {
  const out: T[] = [];
  for (const v of values) {
    const x = read(v);
    if (x === undefined) return undefined;
    out.push(x);
  }
  return out;
};

function decodeOp(f: readonly unknown[]): SetupOp | undefined {
  const op = typeof f[0] === 'string' ? OPS.get(f[0]) : undefined;
  const seat = id(f[1]);
  if (!op || !seat) return undefined;
  const rest = f.slice(2);
  switch (op) {
    case 'pick':
      return f[2] === '' ? { op, seat, race: null } : id(f[2]) ? { op, seat, race: f[2] as string } : undefined;
    case 'lock': {
      const [deal, cards] = [nat(f[2]), all(rest.slice(1), wire)];
      return deal !== undefined && cards?.length ? { op, seat, deal, cards } : undefined;
    }
    case 'unlock': {
      const [deal, cards] = [nat(f[2]), all(rest.slice(1), (v) => (v === '' ? null : wire(v)))];
      return deal !== undefined && cards?.length ? { op, seat, deal, cards } : undefined;
    }
    case 'choose': {
      const deal = nat(f[2]);
      return deal !== undefined && (f[3] === 0 || f[3] === 1) ? { op, seat, deal, keep: f[3] === 1 } : undefined;
    }
    case 'home': {
      const [location, bid] = [nat(f[2]), nat(f[3])];
      return location !== undefined && bid !== undefined ? { op, seat, location, bid } : undefined;
    }
    case 'seating': {
      const order = typeof f[2] === 'string' && f[2].length <= 700 ? all(f[2].split(','), id) : undefined;
      return order ? { op, seat, order } : undefined;
    }
    case 'speaker':
      return f[2] === -1 ? { op, seat, bid: null } : nat(f[2]) !== undefined ? { op, seat, bid: f[2] as number } : undefined;
    case 'cycler':
      return f[2] === 'c' || f[2] === 'a' ? { op, seat, direction: f[2] === 'c' ? 'clockwise' : 'counterclockwise' } : undefined;
    case 'garbled': {
      const [deal, keys] = [nat(f[2]), all(rest.slice(1), key)];
      return deal !== undefined && keys?.length ? { op, seat, deal, keys } : undefined;
    }
    case 'reveal': {
      const race = f[2] === '' ? null : id(f[2]);
      const keys = all(rest.slice(1), key);
      return race !== undefined && keys ? { op, seat, race, keys } : undefined;
    }
    case 'redeal':
      // A redeal without a third field is the race deal's (the form before the secret objectives could be redealt at any step).
      return f[2] === undefined ? { op, seat, what: 'races' } : f[2] === 's' ? { op, seat, what: 'secrets' } : undefined;
    case 'built':
    case 'kept':
    case 'redraw':
      return { op, seat };
  }
}

function encodeOp(e: SetupOp): unknown[] {
  const head = [CODES[e.op], e.seat];
  switch (e.op) {
    case 'pick':
      return [...head, e.race ?? ''];
    case 'lock':
      return [...head, e.deal, ...e.cards];
    case 'unlock':
      return [...head, e.deal, ...e.cards.map((c) => c ?? '')];
    case 'choose':
      return [...head, e.deal, e.keep ? 1 : 0];
    case 'home':
      return [...head, e.location, e.bid];
    case 'seating':
      return [...head, e.order.join(',')];
    case 'speaker':
      return [...head, e.bid ?? -1];
    case 'cycler':
      return [...head, e.direction === 'clockwise' ? 'c' : 'a'];
    case 'reveal':
      return [...head, e.race ?? '', ...e.keys];
    case 'garbled':
      return [...head, e.deal, ...e.keys];
    case 'redeal':
      return e.what === 'secrets' ? [...head, 's'] : head;
    case 'built':
    case 'kept':
    case 'redraw':
      return head;
  }
}

export const setupEvents: EventCodecs<'setup'> = {
  setup: {
    code: 'Z',
    encode: (e) => encodeOp(e),
    decode(f) {
      const op = decodeOp(f);
      return op && { k: 'setup', ...op };
    },
    // Every step is signed: the decks and keys are what the deal's fairness rests on, and a signed entry is
    // never undone, so nobody takes back a choice (a race returned, a bid) after seeing what followed.
    signed: () => true,
  },
};
