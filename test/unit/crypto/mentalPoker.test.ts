import { getDiffieHellman } from 'node:crypto';
import { digest } from 'lib0/hash/sha256';
import { describe, expect, it } from 'vitest';
import {
  P, Q, encodeCard, fromWire, identify, keyFromWire, keyToWire, lockAndShuffle, modPow, newKey, toWire, unlock, verifyLock, verifyUnlock,
} from '../../../src/crypto/mentalPoker';

const IDS = Array.from({ length: 17 }, (_, i) => `race-${i}`);

/** A deterministic byte source (SHA-256 in counter mode of a seed), so a shuffle can be replayed. */
function seededBytes(seed: string): (n: number) => Uint8Array {
  const text = new TextEncoder().encode(seed);
  let counter = 0;
  let pool: number[] = [];
  return (n) => {
    while (pool.length < n) {
      const input = new Uint8Array(text.length + 4);
      input.set(text);
      new DataView(input.buffer).setUint32(text.length, counter++);
      pool = pool.concat([...digest(input)]);
    }
    return Uint8Array.from(pool.splice(0, n));
  };
}

const isResidue = (x: bigint): boolean => modPow(x, Q, P) === 1n;

describe('the group', () => {
  it('is the RFC 3526 2048-bit MODP group, as node ships it', () => {
    expect(P.toString(16)).toBe(getDiffieHellman('modp14').getPrime('hex'));
    expect(P.toString(2)).toHaveLength(2048);
  });

  it('is a safe prime p = 2q + 1 whose generator 2 lies in the subgroup of order q', () => {
    expect(2n * Q + 1n).toBe(P);
    expect(modPow(2n, Q, P)).toBe(1n);
    // Fermat witnesses: cheap evidence that q is prime, not a proof.
    expect(modPow(2n, Q - 1n, Q)).toBe(1n);
    expect(modPow(3n, Q - 1n, Q)).toBe(1n);
  });
});

describe('modPow', () => {
  it('agrees with repeated multiplication, including a zero exponent, a negative base and modulus 1', () => {
    for (const [b, e, m] of [[3n, 0n, 7n], [3n, 1n, 7n], [3n, 200n, 1000003n], [-5n, 3n, 13n], [123456789n, 77n, 1n], [0n, 5n, 11n], [2n, 16n, 1n << 20n]] as const) {
      let want = 1n % m;
      for (let i = 0n; i < e; i++) want = (want * b) % m;
      expect(modPow(b, e, m)).toBe(((want % m) + m) % m);
    }
  });

  it('agrees with the exponent split in two halves on full-size numbers', () => {
    const b = encodeCard('x');
    const e1 = newKey(seededBytes('e1'));
    const e2 = newKey(seededBytes('e2'));
    expect(modPow(b, e1 + e2, P)).toBe((modPow(b, e1, P) * modPow(b, e2, P)) % P);
  });

  it('refuses a negative exponent', () => {
    expect(() => modPow(2n, -1n, P)).toThrow(RangeError);
  });
});

describe('cards', () => {
  it('encodes every id as a distinct quadratic residue other than 0 and 1', () => {
    const plains = IDS.map(encodeCard);
    expect(new Set(plains).size).toBe(IDS.length);
    for (const x of plains) {
      expect(x > 1n && x < P).toBe(true);
      expect(isResidue(x)).toBe(true);
    }
    expect(encodeCard('race-3')).toBe(plains[3]);
  });

  it('identifies an encoded card among the candidates and nothing for a garbage or still-locked number', () => {
    expect(identify(encodeCard('race-5'), IDS)).toBe('race-5');
    expect(identify(12345n, IDS)).toBeUndefined();
    expect(identify(modPow(encodeCard('race-5'), newKey(), P), IDS)).toBeUndefined();
    expect(identify(encodeCard('race-5'), IDS.filter((id) => id !== 'race-5'))).toBeUndefined();
  });
});

describe('keys', () => {
  it('draws a key of at most 256 bits above 1, skipping draws of 0 and 1', () => {
    const k = newKey();
    expect(k > 1n && k < 1n << 256n).toBe(true);
    const draws = [new Uint8Array(32), Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? 1 : 0)), new Uint8Array(32).fill(7)];
    expect(newKey(() => draws.shift() ?? new Uint8Array(32))).toBe(BigInt(`0x${'07'.repeat(32)}`));
  });

  it('fails loudly instead of looping on a broken random source', () => {
    expect(() => newKey((n) => new Uint8Array(n))).toThrow();
    expect(() => lockAndShuffle(IDS.slice(0, 3).map(encodeCard), 2n, (n) => new Uint8Array(n).fill(0xff))).toThrow();
    expect(() => newKey(() => new Uint8Array(4))).toThrow();
  });
});

describe('locking', () => {
  it('deals a 3-player deck: each locks and shuffles in turn, the others unlock in either order, the recipient identifies distinct cards', () => {
    const [a, b, c] = [newKey(), newKey(), newKey()];
    const deck0 = IDS.map(encodeCard);
    const deck1 = lockAndShuffle(deck0, a);
    const deck2 = lockAndShuffle(deck1, b);
    const deck3 = lockAndShuffle(deck2, c);
    expect(verifyLock(deck0, deck1, a) && verifyLock(deck1, deck2, b) && verifyLock(deck2, deck3, c)).toBe(true);

    // Card 0 goes to A: B and C remove their layers in either order, then A removes its own.
    const card0 = deck3[0] as bigint;
    const viaBC = unlock(unlock(card0, [b]), [c]);
    const viaCB = unlock(unlock(card0, [c]), [b]);
    expect(viaBC).toBe(viaCB);
    expect(verifyUnlock(card0, unlock(card0, [b]), [b])).toBe(true);
    const first = identify(unlock(viaBC, [a]), IDS);
    expect(IDS).toContain(first);
    expect(identify(viaBC, IDS)).toBeUndefined();

    // The whole deck, dealt round the table: every card lands with exactly one player and none repeats.
    const keys = [a, b, c];
    const dealt = deck3.map((card, i) => {
      const to = i % 3;
      const othersDone = keys.filter((_, j) => j !== to).reduce((x, k) => unlock(x, [k]), card);
      return identify(unlock(othersDone, [keys[to] as bigint]), IDS);
    });
    expect(dealt[0]).toBe(first);
    expect([...dealt].sort()).toEqual([...IDS].sort());
  });

  it('commutes: locking by A then B equals B then A, and either layer may be removed first', () => {
    const [a, b] = [newKey(), newKey()];
    const x = encodeCard('race-1');
    const ab = modPow(modPow(x, a, P), b, P);
    expect(modPow(modPow(x, b, P), a, P)).toBe(ab);
    expect(lockAndShuffle(lockAndShuffle([x], a), b)).toEqual([ab]);
    expect(unlock(unlock(ab, [a]), [b])).toBe(x);
    expect(unlock(unlock(ab, [b]), [a])).toBe(x);
  });

  it('removes all of one phone’s layers at once, as one at a time would', () => {
    const [k1, k2, other] = [newKey(), newKey(), newKey()];
    const locked = modPow(modPow(modPow(encodeCard('race-2'), k1, P), other, P), k2, P);
    const once = unlock(locked, [k1, k2]);
    expect(once).toBe(unlock(unlock(locked, [k2]), [k1]));
    expect(verifyUnlock(locked, once, [k1, k2])).toBe(true);
    expect(unlock(once, [other])).toBe(encodeCard('race-2'));
  });

  it('keeps cards quadratic residues through locking, so the Legendre symbol leaks nothing', () => {
    const locked = lockAndShuffle(IDS.slice(0, 4).map(encodeCard), newKey());
    for (const x of locked) expect(isResidue(x)).toBe(true);
  });

  it('refuses to lock with a key of 0, 1 or q', () => {
    for (const k of [0n, 1n, Q]) expect(() => lockAndShuffle([encodeCard('race-0')], k)).toThrow(RangeError);
  });
});

describe('verifyLock', () => {
  const key = newKey(seededBytes('verify'));
  const input = IDS.slice(0, 6).map(encodeCard);
  const output = lockAndShuffle(input, key, seededBytes('order'));

  it('accepts an honest lock-and-shuffle step', () => {
    expect(verifyLock(input, output, key)).toBe(true);
  });

  it('refuses a step where a card was replaced, duplicated, dropped or added', () => {
    const replaced = [...output];
    replaced[2] = modPow(encodeCard('forged'), key, P);
    expect(verifyLock(input, replaced, key)).toBe(false);
    const duplicated = [...output];
    duplicated[3] = duplicated[4] as bigint;
    expect(verifyLock(input, duplicated, key)).toBe(false);
    expect(verifyLock(input, output.slice(1), key)).toBe(false);
    expect(verifyLock(input, [...output, output[0] as bigint], key)).toBe(false);
  });

  it('refuses a step when a different key is claimed, or a key that does not lock at all', () => {
    expect(verifyLock(input, output, newKey())).toBe(false);
    // Keys 1 and 0 would make a bare shuffle, or a deck of 1s, pass as a lock.
    expect(verifyLock(input, [...input].reverse(), 1n)).toBe(false);
    expect(verifyLock(input, input.map(() => 1n), 0n)).toBe(false);
  });
});

describe('verifyUnlock', () => {
  const [a, b] = [newKey(), newKey()];
  const locked = modPow(modPow(encodeCard('race-9'), a, P), b, P);

  it('accepts an honest unlock, with one key or several', () => {
    expect(verifyUnlock(locked, unlock(locked, [a]), [a])).toBe(true);
    expect(verifyUnlock(locked, unlock(locked, [a, b]), [a, b])).toBe(true);
  });

  it('refuses a wrong output, the wrong keys, or the right number written as output + p', () => {
    const honest = unlock(locked, [a]);
    expect(verifyUnlock(locked, encodeCard('race-8'), [a])).toBe(false);
    expect(verifyUnlock(locked, honest, [b])).toBe(false);
    expect(verifyUnlock(locked, honest, [a, b])).toBe(false);
    expect(verifyUnlock(locked, honest + P, [a])).toBe(false);
    expect(verifyUnlock(locked, locked, [1n])).toBe(false);
  });
});

describe('shuffling', () => {
  it('shuffles deterministically with a seeded random source, and differently with another seed', () => {
    const deck = IDS.map(encodeCard);
    const key = newKey(seededBytes('k'));
    const once = lockAndShuffle(deck, key, seededBytes('seed-1'));
    expect(lockAndShuffle(deck, key, seededBytes('seed-1'))).toEqual(once);
    expect(lockAndShuffle(deck, key, seededBytes('seed-2'))).not.toEqual(once);
    expect(once).not.toEqual(deck.map((x) => modPow(x, key, P)));
  });

  it('reaches every order of 3 cards over 600 shuffles with crypto randomness', () => {
    const deck = ['a', 'b', 'c'].map(encodeCard);
    // Key 2 keeps the 600 shuffles fast; squaring is one-to-one on the residues, so the cards stay apart.
    const names = new Map(deck.map((x, i) => [modPow(x, 2n, P), 'abc'[i]]));
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) seen.add(lockAndShuffle(deck, 2n).map((x) => names.get(x)).join(''));
    expect([...seen].sort()).toEqual(['abc', 'acb', 'bac', 'bca', 'cab', 'cba']);
  });
});

describe('wire forms', () => {
  it('round-trips numbers through fixed-width base64url, small ones included', () => {
    for (const x of [2n, 255n, encodeCard('race-0'), P - 2n]) {
      const s = toWire(x);
      expect(s).toMatch(/^[A-Za-z0-9_-]{342}$/);
      expect(fromWire(s)).toBe(x);
    }
    expect(toWire(2n)).toBe(`${'A'.repeat(340)}Ag`);
  });

  it('refuses to write a number outside 0 ≤ x < p', () => {
    expect(() => toWire(P)).toThrow(RangeError);
    expect(() => toWire(-1n)).toThrow(RangeError);
  });

  it('refuses wrong widths, characters outside base64url, stray low bits, 0, 1, p − 1, numbers ≥ p and non-strings', () => {
    const good = toWire(encodeCard('race-0'));
    expect(fromWire(good.slice(1))).toBeUndefined();
    expect(fromWire(`${good}A`)).toBeUndefined();
    expect(fromWire('')).toBeUndefined();
    for (const bad of ['+', '/', '=', ' ', 'é']) expect(fromWire(bad + good.slice(1))).toBeUndefined();
    expect(fromWire(`${good.slice(0, 341)}B`)).toBeUndefined(); // last char's unused low bits set
    expect(fromWire(toWire(0n))).toBeUndefined();
    expect(fromWire(toWire(1n))).toBeUndefined();
    expect(fromWire(toWire(P - 1n))).toBeUndefined();
    // p itself and 2^2048 − 1 are well-formed 256-byte strings that toWire never writes.
    expect(fromWire(`${toWire(P - 1n).slice(0, 341)}w`)).toBeUndefined();
    expect(fromWire(`${'_'.repeat(341)}w`)).toBeUndefined();
    for (const v of [undefined, null, 12, 12n, [good], { good }]) expect(fromWire(v)).toBeUndefined();
  });

  it('refuses a 10 MB string at once', () => {
    const huge = 'A'.repeat(10_000_000);
    const start = performance.now();
    expect(fromWire(huge)).toBeUndefined();
    expect(keyFromWire(huge)).toBeUndefined();
    expect(performance.now() - start).toBeLessThan(50);
  });

  it('round-trips keys through 43 base64url characters and refuses malformed or out-of-range ones', () => {
    const k = newKey();
    const s = keyToWire(k);
    expect(s).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keyFromWire(s)).toBe(k);
    expect(keyFromWire(keyToWire(2n))).toBe(2n);
    expect(keyFromWire('A'.repeat(43))).toBeUndefined();
    expect(keyFromWire(`${'A'.repeat(42)}E`)).toBeUndefined(); // 1
    expect(keyFromWire(`${'A'.repeat(42)}B`)).toBeUndefined(); // stray low bits
    expect(keyFromWire(s.slice(1))).toBeUndefined();
    expect(keyFromWire(`+${s.slice(1)}`)).toBeUndefined();
    expect(keyFromWire(42)).toBeUndefined();
    expect(() => keyToWire(1n)).toThrow(RangeError);
    expect(() => keyToWire(1n << 256n)).toThrow(RangeError);
  });
});
