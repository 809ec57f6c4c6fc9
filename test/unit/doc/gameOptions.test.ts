import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Game, createGame, decodeEvent, describeEvent, encodeEvent } from '../../../src/doc';
import type { EventBody, GameEvent, GameOptions } from '../../../src/doc';
import { loadHand, updateHand } from '../../../src/secret/privateStore';
import { clockAt, expectRefused, threeSeats } from './fixtures';
import * as objectiveMoves from '../../../src/doc/objectives/moves';
import * as roundMoves from '../../../src/doc/round/moves';

/**
 * Issue 25 item 6: the game options Path of Fate and Simultaneous Tactical Actions, enforced by every
 * phone's fold. Seed 001 "Path of Fate (Race Specific Objectives)", "Simultaneous Tactical Action System".
 */
const ALL: GameOptions = { pathOfFate: true, simultaneousTactical: true, ascendancy: false };
const NONE: GameOptions = { pathOfFate: false, simultaneousTactical: false, ascendancy: false };

function table(options: GameOptions = ALL, id = 'opts') {
  return createGame({ ...threeSeats, options }, { id, secret: 'secret', device: 'dev1', clock: clockAt(1_700_000_000_000) });
}
const t = (g: Game) => g.snapshot().tracker;
const vp = (g: Game, seat: string) => g.snapshot().players[seat]?.counters.vp;
const pool = (g: Game, seat: string) => g.snapshot().players[seat]?.counters.commandPool;
const refusals = (g: Game) => t(g).notices.filter((n) => n.refused).map((n) => n.text);
const claimStep = (g: Game) => g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 1 });

/** Every seat picks the lowest free card; the action phase starts with its first actor. */
function toActions(g: Game): string {
  for (let guard = 0; t(g).picker && guard < 20; guard++) {
    const card = t(g).cards.find((c) => !c.holder) as { initiative: number; bonus: number };
    g.makeMove(roundMoves.pick, t(g).picker as string, card.initiative, { tradeGoods: card.bonus, pool: 0, fleet: 0, strat: 0 });
  }
  return t(g).active as string;
}

describe('Path of Fate (001 "Path of Fate (Race Specific Objectives)")', () => {
  it('scoring one reveals its name and VP with the claim, and adds the VP', () => {
    const g = table();
    claimStep(g);
    g.makeMove(objectiveMoves.scoreFate, 's1', { name: '  Unite the Sol Federation ', vp: 2 });
    expect(vp(g, 's1')).toBe(2);
    expect(t(g).fate).toEqual([expect.objectContaining({ seat: 's1', name: 'Unite the Sol Federation', vp: 2, round: 1 })]);
    const last = g.snapshot().log.at(-1);
    expect(last && describeEvent(last, g.snapshot())).toMatch(/Ana scored the race-specific objective "Unite the Sol Federation" \(Path of Fate, \+2 VP\)/);
  });

  it('only one per game per player, and only in the Claim Objectives step', () => {
    const g = table();
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.scoreFate, 's1', { name: 'Early', vp: 1 }));
    claimStep(g);
    g.makeMove(objectiveMoves.scoreFate, 's1', { name: 'First', vp: 1 });
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.scoreFate, 's1', { name: 'Second', vp: 1 }));
    g.makeMove(roundMoves.setRound, { round: 2, phase: 'status', step: 1 });
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.scoreFate, 's1', { name: 'Next round', vp: 1 }));
    g.makeMove(objectiveMoves.scoreFate, 's2', { name: 'Ben\'s own', vp: 3 }); // another player has her own
    expect([vp(g, 's1'), vp(g, 's2')]).toEqual([1, 3]);
  });

  it('not in the same step as a secret objective, whichever is claimed first', () => {
    const g = table();
    claimStep(g);
    g.makeMove(objectiveMoves.claim, 's1', 'conqueror');
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.scoreFate, 's1', { name: 'Fate', vp: 1 }));
    g.makeMove(objectiveMoves.scoreFate, 's2', { name: 'Fate', vp: 1 });
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.claim, 's2', 'warmonger'));
    // The next round's claim step is another step: a secret objective again.
    g.makeMove(roundMoves.setRound, { round: 2, phase: 'status', step: 1 });
    g.makeMove(objectiveMoves.claim, 's2', 'warmonger');
  });

  it('refused with the reason in a game without the option, and for bad fields', () => {
    const g = table(NONE);
    claimStep(g);
    expectRefused(g, 'not-allowed', () => g.makeMove(objectiveMoves.scoreFate, 's1', { name: 'Fate', vp: 1 }));
    const h = table();
    claimStep(h);
    expectRefused(h, 'not-allowed', () => h.makeMove(objectiveMoves.scoreFate, 's1', { name: '', vp: 1 }));
    expectRefused(h, 'not-allowed', () => h.makeMove(objectiveMoves.scoreFate, 's1', { name: 'x'.repeat(61), vp: 1 }));
    expectRefused(h, 'not-allowed', () => h.makeMove(objectiveMoves.scoreFate, 's1', { name: 'Fate', vp: 4 }));
  });

  it('every phone\'s fold refuses, with a message, what a hostile phone writes past the commands', () => {
    const g = table();
    claimStep(g);
    g.makeMove(objectiveMoves.claim, 's3', 'conqueror');
    const fate = (seat: string, name: string, value: number): EventBody => ({ k: 'round', op: 'fate', round: 1, seat, name, vp: value });
    g.append([fate('s1', 'Thirty VP', 30)]);
    g.append([fate('s2', 'x'.repeat(61), 1)]);
    g.append([fate('s3', 'Beside a secret', 1)]);
    g.append([fate('s1', 'Good', 2), fate('s1', 'Twice', 2)]);
    expect([vp(g, 's1'), vp(g, 's2')]).toEqual([2, 0]);
    expect(refusals(g)).toEqual([
      expect.stringMatching(/Ana's race-specific objective \(Path of Fate\) did not count: .*1 to 3 VP/),
      expect.stringMatching(/Ben's .* did not count: .*1 to 60 characters/),
      expect.stringMatching(/Cleo's .* did not count: .*same step as a secret objective/),
      expect.stringMatching(/Ana's .* did not count: Only one race-specific objective/),
    ]);
    // A refusal does not repeat the hostile text to the table.
    expect(refusals(g).join()).not.toMatch(/xxxxx/);
    const off = table(NONE, 'off');
    claimStep(off);
    off.append([fate('s1', 'Fate', 1)]);
    expect(vp(off, 's1')).toBe(0);
    expect(refusals(off)).toEqual([expect.stringMatching(/without Path of Fate/)]);
  });

  it('the three objectives entered on a phone are nowhere in the shared document or what it sends, until one is scored', async () => {
    const host = table(ALL, 'secrecy');
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(host.doc));
    const other = new Game(doc, 'dev2', clockAt(1_700_000_000_001));
    const wire: Uint8Array[] = [];
    for (const [from, to] of [[host, other], [other, host]] as const) {
      from.doc.on('update', (u: Uint8Array, origin: unknown) => {
        if (origin === 'net') return;
        wire.push(u);
        Y.applyUpdate(to.doc, u, 'net');
      });
    }
    const names = ['Golden Sun Rising', 'Federation Ascendant', 'Empress of Jord'];
    await updateHand('secrecy', 's1', (h) => ({ ...h, fate: names.map((name, i) => ({ name, vp: i + 1 })) }));
    expect((await loadHand('secrecy', 's1')).fate?.map((o) => o.name)).toEqual(names);
    claimStep(host);
    const readable = () => {
      const text = (b: Uint8Array) => new TextDecoder('latin1').decode(b);
      return [...wire.map(text), text(Y.encodeStateAsUpdate(other.doc)), text(Y.encodeStateAsUpdateV2(other.doc)), JSON.stringify(other.doc.toJSON())].join('\n');
    };
    for (const name of names) expect(readable()).not.toContain(name);
    host.makeMove(objectiveMoves.scoreFate, 's1', { name: names[1] as string, vp: 2 });
    expect(readable()).toContain(names[1]);
    expect(readable()).not.toContain(names[0]);
    expect(readable()).not.toContain(names[2]);
    expect(other.snapshot().tracker.fate).toEqual([expect.objectContaining({ seat: 's1', name: names[1], vp: 2 })]);
  });
});

describe('Simultaneous Tactical Actions (001 "Simultaneous Tactical Action System")', () => {
  it('takes 1 command counter per system with friendly ships or a space dock, 2 per other system', () => {
    const g = table();
    const seat = toActions(g);
    const before = pool(g, seat) as number;
    g.makeMove(roundMoves.simultaneousTactical, seat, { friendly: 1, other: 1 });
    expect(pool(g, seat)).toBe(before - 3);
    expect(t(g).acting).toBe('tactical');
    const last = g.snapshot().log.at(-1);
    expect(last && describeEvent(last, g.snapshot())).toMatch(/simultaneous tactical action: 2 systems activated \(1 with friendly ships or a space dock, 1 without\), −3 command pool/);
    g.makeMove(roundMoves.endTurn, seat);
  });

  it('refused with the reason when the command pool is short, or the option is off; the event round-trips', () => {
    const g = table();
    const seat = toActions(g);
    const have = pool(g, seat) as number;
    const e = expectRefused(g, 'not-allowed', () => g.makeMove(roundMoves.simultaneousTactical, seat, { friendly: 0, other: have }));
    expect(e.message).toMatch(new RegExp(`costs ${2 * have} command counters .* holds ${have}`));
    const off = table(NONE, 'off');
    const s2 = toActions(off);
    expectRefused(off, 'not-allowed', () => off.makeMove(roundMoves.simultaneousTactical, s2, { friendly: 1, other: 0 }));
    off.makeMove(roundMoves.tactical, s2); // the ordinary tactical action is unchanged
    const ev = { k: 'round', op: 'act', round: 1, seat: 's1', what: 'tactical', card: null, systems: { friendly: 2, other: 3 }, t: 0, dev: 'd' } as GameEvent;
    expect(decodeEvent(encodeEvent(ev))).toEqual(ev);
  });

  it('every phone\'s fold checks the count a hostile phone writes', () => {
    const g = table();
    const seat = toActions(g);
    const have = pool(g, seat) as number;
    g.append([{ k: 'round', op: 'act', round: 1, seat, what: 'tactical', card: null, systems: { friendly: have + 1, other: 0 } }]);
    g.append([{ k: 'round', op: 'act', round: 1, seat, what: 'tactical', card: null, systems: { friendly: 0, other: 0 } }]);
    expect(pool(g, seat)).toBe(have);
    expect(t(g).acting).toBe(null);
    expect(refusals(g)).toEqual([expect.stringMatching(/simultaneous tactical action did not count: .*costs/), expect.stringMatching(/at least one system/)]);
    const off = table(NONE, 'off');
    const s2 = toActions(off);
    off.append([{ k: 'round', op: 'act', round: 1, seat: s2, what: 'tactical', card: null, systems: { friendly: 1, other: 0 } }]);
    expect(refusals(off)).toEqual([expect.stringMatching(/without Simultaneous Tactical Actions/)]);
  });
});
