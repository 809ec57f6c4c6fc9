/**
 * Shared dice (issue 19, "shared randomness nobody controls"): for each draw the table makes together (a
 * `purpose`: "first player", a shuffle of a deck), every seat first publishes a commitment to a random value,
 * then, once all have committed, opens it. Only hashes are in the log until every seat has committed.
 */
import { id } from '../core/codec';
import type { EventCodecs } from '../core/codec';
import type { DiceState } from './state';

declare module '../core/types' {
  interface EventMap {
    /** A seat's commitment to its value for `purpose` (signed), or its opening: the value and its salt. */
    seed: { k: 'seed'; seat: string; purpose: string } & ({ hash: string } | { value: string; salt: string });
  }
  interface FeatureStates {
    dice: DiceState;
  }
}

const hex = (v: unknown, len: number): string | undefined => (typeof v === 'string' && new RegExp(`^[0-9a-f]{${len}}$`).test(v) ? v : undefined);
const purposeOf = (v: unknown): string | undefined => (typeof v === 'string' && /^[a-z0-9:-]{1,40}$/.test(v) ? v : undefined);

export const diceEvents: EventCodecs<'seed'> = {
  seed: {
    code: 'D',
    encode: (e) => ('hash' in e ? [e.seat, e.purpose, 'c', e.hash] : [e.seat, e.purpose, 'o', e.value, e.salt]),
    decode(f) {
      const [seat, purpose] = [id(f[0]), purposeOf(f[1])];
      if (!seat || !purpose) return undefined;
      if (f[2] === 'c') {
        const hash = hex(f[3], 64);
        return hash ? { k: 'seed', seat, purpose, hash } : undefined;
      }
      const [value, salt] = [hex(f[3], 32), hex(f[4], 32)];
      return f[2] === 'o' && value && salt ? { k: 'seed', seat, purpose, value, salt } : undefined;
    },
    // A commitment is what a forger would write in another seat's name to steer the draw.
    signed: (e) => 'hash' in e,
  },
};
