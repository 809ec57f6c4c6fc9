import { describe, expect, it } from 'vitest';
import { describeEvent, foldGame, gameRoot, GameError, readRaw } from '../../../src/doc';
import type { Game } from '../../../src/doc';
import { createCodec } from '../../../src/doc/core/codec';
import { IncrementalFold } from '../../../src/doc/core/incremental';
import { announcedVersion, codeVersion, compareVersion, EVENTS_VERSION, firstNewerKind, newerKindOf, versionNotice } from '../../../src/doc/core/versions';
import { RULES } from '../../../src/doc/game';
import { newGame, replicaOf } from './fixtures';

/** The phone's snapshot (folded incrementally) and a fold of its whole log from scratch. */
const fromScratch = (game: Game) => foldGame(readRaw(gameRoot(game.doc))!);
const knows = (code: string) => RULES.codec.knows(code);
/** An entry straight into the log, as a phone of another version (or a tampered one) writes it. */
const push = (game: Game, entry: unknown[]) => game.doc.transact(() => game.root.log.push([entry]));

describe('two versions at one table: the events version (issue 36 item 7)', () => {
  it('compares versions and says in words which phone must update', () => {
    expect(compareVersion(EVENTS_VERSION)).toBe('same');
    expect(compareVersion(EVENTS_VERSION + 1)).toBe('newer');
    expect(compareVersion(1)).toBe('older');
    expect(versionNotice("Ben's phone", 3, 2)).toBe("Ben's phone runs a newer Twilight Table: update this one.");
    expect(versionNotice("Ben's phone", 1, 2)).toBe("Ben's phone runs an older Twilight Table: update it, then reopen the game.");
    expect(versionNotice("Ben's phone", 2, 2)).toBeUndefined();
    // A phone from before versions were announced says nothing: it is version 1.
    for (const v of [undefined, null, '3', 0, -1, 2.5, 1e9]) expect(announcedVersion(v)).toBe(1);
    expect(announcedVersion(3)).toBe(3);
  });

  it('reads the version a code declares; every code of this build is of this version or before', () => {
    expect(codeVersion('c')).toBe(2);
    expect(codeVersion('Ch9')).toBe(9);
    expect(codeVersion('Xq12')).toBe(12);
    expect(codeVersion('X03')).toBe(2); // no leading zero: not a versioned code
    expect(() => createCodec([{ note: { code: 'Nq4', encode: () => [], decode: () => undefined } } as never])).toThrow(/raise EVENTS_VERSION/);
  });

  it('tells an entry of a newer kind from garbage', () => {
    expect(newerKindOf(['Ch9', 5, 'dev2', 's1'], knows)).toBe(9);
    expect(newerKindOf(['Zz99', 0, 'dev2'], knows)).toBe(99);
    // Garbage: no version, a version this build has (it knows every kind of it), a broken frame, a known code.
    for (const raw of [['Ch', 5, 'dev2'], ['Ch2', 5, 'dev2'], ['Ch1', 5, 'dev2'], ['Ch9', -1, 'dev2'], ['Ch9', 'x', 'dev2'], ['Ch9', 5, ''], ['Ch9', 5, 7], ['Ch9', 5], 'Ch9', null, ['c', 5, 'dev2', 'junk']]) {
      expect(newerKindOf(raw, knows), JSON.stringify(raw)).toBeUndefined();
    }
    expect(firstNewerKind([['c'], ['Ch', 1, 'd'], ['Ch9', 1, 'dev9'], ['Ch10', 2, 'dev8']], knows, 10)).toEqual({ index: 12, version: 9, dev: 'dev9' });
  });

  it('stops the fold at an event of a newer kind: the game as before it, kept, read only', () => {
    const ana = newGame();
    ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 2);
    const before = ana.snapshot();
    const newer = replicaOf(ana, 'dev2');
    // Ben's newer phone writes a kind this version does not know, then goes on playing with it.
    push(newer, ['Ch9', 61, 'dev2', 's2', 'cheers']);
    push(newer, RULES.codec.encode({ k: 'counter', seat: 's1', counter: 'tradeGoods', delta: 5, t: 62, dev: 'dev2' } as never) as unknown[]);
    replicaOf(newer, 'x'); // (the update below carries both entries)
    const { encodeStateAsUpdate, applyUpdate } = awaitY();
    applyUpdate(ana.doc, encodeStateAsUpdate(newer.doc));
    const s = ana.snapshot();
    // Nothing after the newer entry is folded (Ana's trade goods stay 2), and no problem is made of it.
    expect(s.players.s1?.counters.tradeGoods).toBe(2);
    expect(s.newer).toEqual({ index: before.log.length, version: 9, dev: 'dev2' });
    expect(s.problems).toEqual(before.problems);
    expect(s.log).toEqual(before.log);
    expect(s).toEqual(fromScratch(ana));
    // Kept: both entries stay in the document.
    expect(ana.root.log.length).toBe(before.log.length + 2);
    expect(ana.root.log.get(before.log.length)).toEqual(['Ch9', 61, 'dev2', 's2', 'cheers']);
    // Read only: no command writes, each says why.
    expect(ana.writable).toBe(false);
    let refused: unknown;
    try {
      ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(GameError);
    expect((refused as GameError).message).toMatch(/runs a newer Twilight Table.*Update this app, then reopen the game/);
    expect(ana.root.log.length).toBe(before.log.length + 2);
  });

  it('folds an undo written after the newer entry as part of the game it cannot fold: what came before stays', () => {
    const ana = newGame();
    ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 3);
    const first = ana.snapshot().log.length - 1;
    // An undo takes back its writer's own entries: Ana's phone, updated and opened again under the same tag,
    // takes back her +3 after the newer entry. This version shows the game before both, the +3 in it.
    const undo = RULES.codec.encode({ k: 'undo', first: ana.root.log.toArray().filter((e) => e[2] === 'dev1').length - 1, count: 1, t: 62, dev: 'dev1' } as never) as unknown[];
    const control = replicaOf(ana, 'dev3');
    push(control, undo);
    expect(control.snapshot().players.s1?.counters.tradeGoods).toBe(0); // the undo does take it back
    push(ana, ['Ch9', 61, 'dev2', 's2', 'cheers']);
    push(ana, undo);
    const s = ana.snapshot();
    expect(s.players.s1?.counters.tradeGoods).toBe(3);
    expect(s.newer?.index).toBe(first + 1);
    expect(s).toEqual(fromScratch(ana));
  });

  it('a start folded a slice at a time stops at the same entry', () => {
    const ana = newGame();
    ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    push(ana, ['Ch9', 61, 'dev2', 's2', 'cheers']);
    push(ana, RULES.codec.encode({ k: 'counter', seat: 's1', counter: 'tradeGoods', delta: 5, t: 62, dev: 'dev2' } as never) as unknown[]);
    const raw = readRaw(gameRoot(ana.doc))!;
    const sliced = new IncrementalFold(raw, raw.log, RULES, 0);
    for (let i = 1; i <= raw.log.length; i++) sliced.foldOn(raw.log, i);
    expect(sliced.length).toBe(raw.log.length);
    expect(sliced.snapshot(raw)).toEqual(fromScratch(ana));
    expect(sliced.extend([['c', 63, 'dev2', 's1', 'tradeGoods', 1]])).toEqual([]);
    expect(sliced.length).toBe(raw.log.length + 1);
  });

  it('refuses malformed entries as before: skipped and named, the game goes on, writable', () => {
    const ana = newGame();
    const before = ana.snapshot();
    for (const raw of [['Ch', 61, 'dev2', 's2'], ['Ch2', 61, 'dev2', 's2'], ['Ch9', -4, 'dev2'], ['Ch9', 61, ''], 'Ch9']) push(ana, raw as unknown[]);
    ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 2);
    const s = ana.snapshot();
    expect(s.newer).toBeUndefined();
    expect(s.players.s1?.counters.tradeGoods).toBe(2);
    expect(s.problems.slice(before.problems.length).map((p) => p.message)).toEqual(Array(5).fill('A log entry is not a valid event of this version; it was ignored.'));
    expect(ana.writable).toBe(true);
    expect(s).toEqual(fromScratch(ana));
  });
});

describe('going on without a newer change (issue 36 item 7): no phone can lock the table out', () => {
  /** Everything `from` holds that `to` lacks, as a peer's update brings it. */
  const sync = (from: Game, to: Game) => Y.applyUpdate(to.doc, Y.encodeStateAsUpdate(from.doc, Y.encodeStateVector(to.doc)));
  const setAsides = (g: Game) => g.snapshot().problems.filter((p) => /set aside/.test(p.message)).map((p) => p.message);

  it('a hostile entry declaring a version no app has stops every phone until one goes on without it; then every phone folds the game without it and writes again', () => {
    const ana = newGame();
    ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 2);
    const [ben, hostile] = [replicaOf(ana, 'dev2'), replicaOf(ana, 'dev9')];
    // Version 9999: no phone will ever read it, so no update would ever unlock the table.
    push(hostile, ['Zz9999', 61, 'dev9', 'anything']);
    sync(hostile, ana);
    sync(hostile, ben);
    expect(ana.writable).toBe(false);
    expect(ben.writable).toBe(false);
    expect(() => ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1)).toThrow(/newer Twilight Table/);

    ana.setAsideNewer();
    expect(ana.writable).toBe(true);
    ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    sync(ana, ben);
    for (const phone of [ana, ben]) {
      const s = phone.snapshot();
      expect(s.newer).toBeUndefined();
      expect(s.players.s1?.counters.tradeGoods).toBe(3);
      expect(setAsides(phone)).toEqual(['A change by phone dev9 from a newer Twilight Table (events version 9999) was set aside: the table went on without it.']);
      expect(s).toEqual(fromScratch(phone));
      expect(phone.writable).toBe(true);
    }
    // The entry stays in the document (nothing is deleted from the log); the log says what the table did.
    expect(ben.root.log.toArray().some((e) => e[0] === 'Zz9999')).toBe(true);
    const entry = ben.snapshot().log.find((e) => e.event.k === 'setAside');
    expect(entry && describeEvent(entry, ben.snapshot())).toBe('The table went on without a change from a newer Twilight Table (events version 9999)');
    // Going on again has nothing to go on without.
    expect(() => ana.setAsideNewer()).toThrow(/nothing to go on without/);
  });

  it('a set-aside that arrives after a phone stopped folds its whole game again, as a fold from scratch would', () => {
    const ana = newGame();
    const ben = replicaOf(ana, 'dev2');
    push(ben, ['Ch9', 61, 'dev2', 's2', 'cheers']);
    sync(ben, ana);
    expect(ana.snapshot().newer?.version).toBe(9);
    ana.setAsideNewer();
    sync(ana, ben);
    expect(ben.snapshot().newer).toBeUndefined();
    expect(ben.snapshot()).toEqual(fromScratch(ben));
    ben.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 4);
    sync(ben, ana);
    expect(ana.snapshot().players.s2?.counters.tradeGoods).toBe(4);
    expect(ana.snapshot()).toEqual(fromScratch(ana));
  });

  it("a hostile set-aside cannot erase an honest change: one naming an entry of a kind its writer knows counts for nothing, one declaring a version before 2 is refused", () => {
    const ana = newGame();
    ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 2);
    const hostile = replicaOf(ana, 'dev9');
    const firstOfAna = ana.root.log.toArray().filter((e) => e[2] === 'dev1').length - 1;
    // Ana's +2 is of a kind of version 2: set aside by a phone of version 2 or more, it counts for nothing.
    push(hostile, ['Sa', 70, 'dev9', 'dev1', firstOfAna, 2]);
    push(hostile, ['Sa', 71, 'dev9', 'dev1', firstOfAna, 1]);
    // Nor can it name an entry that comes after it, nor one that does not exist.
    push(hostile, ['Sa', 72, 'dev9', 'dev1', firstOfAna + 1, 2]);
    sync(hostile, ana);
    ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    const s = ana.snapshot();
    expect(s.players.s1?.counters.tradeGoods).toBe(3);
    expect(setAsides(ana)).toEqual([]);
    expect(s.log.filter((e) => e.event.k === 'setAside').map((e) => describeEvent(e, s))).toEqual(Array(2).fill('A set-aside that named no change from a newer Twilight Table'));
    expect(s.problems.map((p) => p.message)).toContain('A log entry is not a valid event of this version; it was ignored.');
    expect(s).toEqual(fromScratch(ana));
  });

  it('an undo cannot take back a set-aside: what the table went on without stays set aside', () => {
    const ana = newGame();
    push(ana, ['Ch9', 61, 'dev2', 's2', 'cheers']);
    ana.setAsideNewer();
    expect(ana.canUndo).toBeFalsy();
    const mine = ana.root.log.toArray().filter((e) => e[2] === 'dev1').length;
    push(ana, RULES.codec.encode({ k: 'undo', first: mine - 1, count: 1, t: 80, dev: 'dev1' } as never) as unknown[]);
    expect(ana.snapshot().newer).toBeUndefined();
    expect(ana.writable).toBe(true);
    expect(ana.snapshot()).toEqual(fromScratch(ana));
  });
});

function awaitY() {
  return Y;
}
import * as Y from 'yjs';
import * as sheetMoves from '../../../src/doc/sheet/moves';
