/**
 * Issue 19, "shared randomness nobody controls": each seat commits to a random value, then opens it once
 * all have committed; the seed is the hash of all, the same on every phone, and the log keeps what any
 * phone needs to re-check it.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/doc';
import { freshOpening, sharedRandom } from '../../../src/doc/dice';
import * as diceMoves from '../../../src/doc/dice/moves';
import type { Opening } from '../../../src/crypto/commit';
import { firstPlayer } from '../../../src/rules/setup';
import { recordingTable, threeSeats } from './fixtures';

const PURPOSE = 'first-player';

/** Three phones on a recording network (fixtures); what a curious phone can read: every update sent, and the whole document. */
function table() {
  const { phones, wire } = recordingTable(threeSeats);
  const readable = () => [...wire.map((b) => new TextDecoder('latin1').decode(b)), JSON.stringify((phones[0] as Game).doc.toJSON())].join('\n');
  return { phones, readable };
}
const settle = () => new Promise((r) => setTimeout(r, 20));
const draw = (g: Game) => g.snapshot().dice[PURPOSE];

// Each phone's values, as its setup agent keeps them (runtime/setupAgent.ts): made at the commitment, opened later.
const values = new Map<string, Opening>();
const commit = (g: Game, seat: string) => {
  const opening = freshOpening();
  values.set(`${g.device}|${seat}`, opening);
  return g.makeMoveSigned(diceMoves.commit, PURPOSE, seat, opening);
};
const open = (g: Game, seat: string) => g.makeMove(diceMoves.open, PURPOSE, seat, values.get(`${g.device}|${seat}`)!);

describe('a shared draw by commit–reveal (issue 19)', () => {
  it('three phones commit, then open: every phone derives the same seed and the same first player, and no value was readable before its opening', async () => {
    const { phones, readable } = table();
    for (const [i, p] of phones.entries()) await commit(p, `s${i + 1}`);
    await settle();
    expect(Object.keys(draw(phones[2] as Game)?.commits ?? {})).toEqual(['s1', 's2', 's3']);
    const before = readable();
    for (const [i, p] of phones.entries()) open(p, `s${i + 1}`);
    await settle();
    const seeds = phones.map((p) => draw(p)?.seed);
    expect(seeds[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(seeds).size).toBe(1);
    for (const value of Object.values(draw(phones[0] as Game)?.opened ?? {})) expect(before).not.toContain(value);
    const firsts = phones.map((p) => firstPlayer(['s1', 's2', 's3'], sharedRandom(p.snapshot(), PURPOSE) as NonNullable<ReturnType<typeof sharedRandom>>).first);
    expect(new Set(firsts).size).toBe(1);
    expect(phones.every((p) => p.snapshot().problems.length === 0)).toBe(true);
  });

  it('a phone that opens a value other than the one it committed to is refused by every phone, and the seed waits', async () => {
    const { phones } = table();
    for (const [i, p] of phones.entries()) await commit(p, `s${i + 1}`);
    await settle();
    const [ana, ben, cleo] = phones as [Game, Game, Game];
    open(ana, 's1');
    open(ben, 's2');
    await settle();
    // Cleo saw Ana's and Ben's values and picks hers to steer the draw.
    cleo.append([{ k: 'seed', seat: 's3', purpose: PURPOSE, value: 'ab'.repeat(16), salt: 'cd'.repeat(16) }]);
    await settle();
    for (const p of phones) {
      expect(draw(p)?.seed).toBeNull();
      expect(p.snapshot().problems.at(-1)?.message).toBe('Cleo\'s part in the shared draw "first-player" was refused: it does not match its commitment (a value changed after the others committed).');
    }
    open(cleo, 's3');
    await settle();
    expect(draw(ana)?.seed).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a value opened before every seat has committed, and a commitment after the first opening, are refused', async () => {
    const { phones } = table();
    const [ana, ben, cleo] = phones as [Game, Game, Game];
    await commit(ana, 's1');
    await commit(ben, 's2');
    await settle();
    expect(() => open(ana, 's1')).toThrow(/every seat has committed/);
    ana.append([{ k: 'seed', seat: 's1', purpose: PURPOSE, value: '01'.repeat(16), salt: '02'.repeat(16) }]);
    await settle();
    expect(cleo.snapshot().problems.at(-1)?.message).toMatch(/a value is opened only once every seat has committed/);
    await commit(cleo, 's3');
    await settle();
    open(ana, 's1');
    await settle();
    // A second commitment from Cleo's seat, written after Ana's value is out.
    await cleo.appendSigned([{ k: 'seed', seat: 's3', purpose: PURPOSE, hash: 'ef'.repeat(32) }]);
    await settle();
    expect(ana.snapshot().problems.at(-1)?.message).toMatch(/a value of this draw is already open, so no commitment may follow/);
  });
});
