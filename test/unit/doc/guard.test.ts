import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { checkSnapshot, checkUpdate } from '../../../src/doc/core/guard';
import { captureUpdate, simulateGame } from '../../../bench/simulate';
import { merge, newGame, replicaOf } from './fixtures';
import type { Game } from '../../../src/doc';
import * as sheetMoves from '../../../src/doc/sheet/moves';

/** What a hostile or careless phone holding a copy of `game` would send after `change`. */
function hostile(game: Game, change: (doc: Y.Doc) => void): { v1: Uint8Array; v2: Uint8Array } {
  const evil = new Y.Doc();
  Y.applyUpdate(evil, Y.encodeStateAsUpdate(game.doc));
  return captureUpdate(evil, () => change(evil));
}

function expectRefused(game: Game, update: { v1: Uint8Array; v2: Uint8Array }, reason: RegExp): void {
  for (const [bytes, v2] of [[update.v1, false], [update.v2, true]] as const) {
    const verdict = checkUpdate(game.doc, bytes, v2);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok === false && verdict.reason).toMatch(reason);
  }
}

describe('the input guard accepts what the app itself writes', () => {
  const sim = simulateGame({ players: 8, rounds: 16, seed: 3 });
  const whole = sim.games[0] as Game;

  it('accepts the whole 16-round game into an empty phone, in v1 and v2', () => {
    expect(checkUpdate(new Y.Doc(), Y.encodeStateAsUpdate(whole.doc), false)).toEqual({ ok: true });
    expect(checkUpdate(new Y.Doc(), Y.encodeStateAsUpdateV2(whole.doc), true)).toEqual({ ok: true });
  });

  it('accepts every update of the game, one by one in the order a phone saw them', () => {
    const doc = new Y.Doc();
    for (const u of sim.updatesV2) {
      expect(checkUpdate(doc, u, true)).toEqual({ ok: true });
      Y.applyUpdateV2(doc, u);
    }
  });

  it('accepts a seat claimed, released and claimed again, a phone renamed, and a phone taking back its own last change (all appended events)', () => {
    const a = newGame();
    const b = replicaOf(a, 'phone-bb');
    for (const change of [() => b.claimSeat('s2'), () => b.releaseSeat('s2'), () => b.claimSeat('s3'), () => b.setDeviceName('Ben'), () => b.makeMove(sheetMoves.adjustCounter, 's2', 'vp', 1), () => b.undo()]) {
      const u = captureUpdate(b.doc, change);
      expect(checkUpdate(a.doc, u.v1, false)).toEqual({ ok: true });
      expect(checkUpdate(a.doc, u.v2, true)).toEqual({ ok: true });
      Y.applyUpdate(a.doc, u.v1);
    }
    expect(a.snapshot()).toEqual(b.snapshot());
  });

  it('waits (neither applies nor refuses) for an update that builds on one this phone has not received', () => {
    const a = newGame();
    const b = replicaOf(a, 'phone-bb');
    captureUpdate(b.doc, () => b.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 1));
    const second = captureUpdate(b.doc, () => b.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 1));
    expect(checkUpdate(a.doc, second.v1, false)).toEqual({ ok: 'later' });
    merge(a, b);
    expect(checkUpdate(a.doc, second.v1, false)).toEqual({ ok: true });
  });
});

describe('the input guard refuses what would destroy or rewrite the game', () => {
  it('refuses an update deleting the whole log (11 bytes in v1)', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 1);
    const u = hostile(game, (d) => d.getArray('log').delete(0, d.getArray('log').length));
    expect(u.v1.byteLength).toBeLessThan(20);
    expectRefused(game, u, /^it deletes \d+ entries of the game log$/);
  });

  it('refuses a whole game whose log entries are deleted in the same update, into an empty phone (saved changes merged with a hostile one)', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 1);
    const evil = new Y.Doc();
    Y.applyUpdate(evil, Y.encodeStateAsUpdate(game.doc));
    evil.getArray('log').delete(0, evil.getArray('log').length);
    for (const [bytes, v2] of [[Y.encodeStateAsUpdate(evil), false], [Y.encodeStateAsUpdateV2(evil), true]] as const) {
      const verdict = checkUpdate(new Y.Doc(), bytes, v2);
      expect(verdict.ok === false && verdict.reason).toMatch(/^it deletes \d+ entries of the game log$/);
    }
  });

  it('refuses an update deleting the log behind a deletion of something this phone lacks: it does not only wait', () => {
    const game = newGame();
    // A phone this one never heard of, whose deletion Yjs lists first (the highest client first).
    const stranger = new Y.Doc();
    stranger.clientID = 0xfffffff0;
    stranger.getArray('log').push([['x', 0, 'dev9']]);
    stranger.getArray('log').delete(0, 1);
    const dangling = Y.encodeStateAsUpdateV2(stranger, Y.encodeStateVector(stranger));
    const deletion = hostile(game, (d) => d.getArray('log').delete(0, d.getArray('log').length)).v2;
    const verdict = checkUpdate(game.doc, Y.mergeUpdatesV2([deletion, dangling]), true);
    expect(verdict.ok === false && verdict.reason).toMatch(/^it deletes \d+ entries of the game log$/);
    expect(checkUpdate(game.doc, dangling, true)).toEqual({ ok: 'later' });
  });

  it("refuses deleting even one entry of the log, even the phone's own newest (undo is an appended event)", () => {
    const a = newGame();
    const b = replicaOf(a, 'phone-bb');
    b.makeMove(sheetMoves.adjustCounter, 's1', 'vp', 1);
    merge(a, b);
    const len = b.root.log.length;
    expectRefused(a, hostile(b, (d) => d.getArray('log').delete(len - 1, 1)), /^it deletes 1 entry of the game log$/);
  });

  it('refuses a write to the seat claims map (claims are log events) once the phone has a game, but takes an old game whole into an empty phone', () => {
    const game = newGame();
    expectRefused(game, hostile(game, (d) => d.getMap('claims').set('s1', 'thief')), /only games from older versions hold/);
    const old = new Y.Doc();
    Y.applyUpdate(old, Y.encodeStateAsUpdate(game.doc));
    old.getMap('claims').set('s1', 'dev-a');
    old.getMap('claims').set('s1', 'dev-b');
    expect(checkUpdate(new Y.Doc(), Y.encodeStateAsUpdate(old), false)).toEqual({ ok: true });
  });

  it('refuses rewriting the meta (schema "x", 26 bytes), the join secret, or adding a key to it', () => {
    const game = newGame();
    const schema = hostile(game, (d) => d.getMap('meta').set('schema', 'x'));
    expect(schema.v1.byteLength).toBeLessThan(40);
    expectRefused(game, schema, /rewrites "schema" of "meta"/);
    expectRefused(game, hostile(game, (d) => d.getMap('meta').set('secret', 'mine')), /rewrites "secret" of "meta"/);
    expectRefused(game, hostile(game, (d) => d.getMap('meta').delete('name')), /deletes "name" of "meta"/);
    expectRefused(game, hostile(game, (d) => d.getMap('meta').set('admin', 'me')), /unknown key into "meta"/);
  });

  it('refuses a whole game, into an empty phone, whose meta no game has (a schema "x", an empty name): that phone would show "Game not found"', () => {
    for (const [key, value, shown] of [['schema', 'x', '"x"'], ['schema', -1, '-1'], ['name', '', '""'], ['createdAt', 1.5, '1.5']] as const) {
      const evil = new Y.Doc();
      evil.transact(() => newGame().doc.getMap('meta').forEach((v, k) => evil.getMap('meta').set(k, k === key ? value : v)));
      for (const [bytes, v2] of [[Y.encodeStateAsUpdate(evil), false], [Y.encodeStateAsUpdateV2(evil), true]] as const) {
        const verdict = checkUpdate(new Y.Doc(), bytes, v2);
        expect(verdict.ok === false && verdict.reason).toBe(`it sets "${key}" of "meta" to ${shown}, which no game holds`);
      }
    }
  });

  it('refuses dropping or rewriting a seat', () => {
    const game = newGame();
    expectRefused(game, hostile(game, (d) => d.getMap('seats').delete('s2')), /deletes "s2" of "seats"/);
    expectRefused(game, hostile(game, (d) => d.getMap('seats').set('s2', { name: 'Evil', color: 'red', race: 'sol', position: 1 })), /rewrites "s2" of "seats"/);
  });

  it('refuses an unknown root key, a value of an unknown type and a log entry that is not an event', () => {
    const game = newGame();
    expectRefused(game, hostile(game, (d) => d.getMap('x').set('k', 1)), /writes to "x", which is no part of a game/);
    expectRefused(game, hostile(game, (d) => d.getArray('log').push([new Y.Text('hi')])), /nested value|kind of value/);
    expectRefused(game, hostile(game, (d) => d.getText('log2').insert(0, 'hi')), /no part of a game/);
    expectRefused(game, hostile(game, (d) => d.getArray('log').push([42])), /does not hold/);
    expectRefused(game, hostile(game, (d) => d.getMap('devices').set('dev1', { name: 'x' })), /does not hold/);
  });

  it('refuses a whole game that would replace the meta of the one this phone has', () => {
    const mine = newGame();
    const other = newGame();
    const verdict = checkUpdate(mine.doc, Y.encodeStateAsUpdate(other.doc), false);
    expect(verdict.ok).toBe(false);
  });
});

describe('the check of a snapshot this phone saved (checkSnapshot, at every start of a stored game)', () => {
  const whole = simulateGame({ players: 8, rounds: 16, seed: 3 }).games[0] as Game;
  const limits = { maxWork: 5_000_000, maxMs: 5_000 };

  it('accepts the whole 16-round game, and a game from before seat claims were log events', () => {
    expect(checkSnapshot(Y.encodeStateAsUpdateV2(whole.doc), limits)).toEqual({ ok: true });
    const old = new Y.Doc();
    Y.applyUpdate(old, Y.encodeStateAsUpdate(newGame().doc));
    old.getMap('claims').set('s1', 'dev-a');
    old.getMap('claims').set('s1', 'dev-b');
    expect(checkSnapshot(Y.encodeStateAsUpdateV2(old), limits)).toEqual({ ok: true });
  });

  it('refuses what a whole game arriving at an empty phone is refused for: log entries deleted, a meta no game holds', () => {
    const evil = new Y.Doc();
    Y.applyUpdateV2(evil, Y.encodeStateAsUpdateV2(whole.doc));
    evil.getArray('log').delete(0, 10);
    expect(checkSnapshot(Y.encodeStateAsUpdateV2(evil), limits)).toEqual({ ok: false, reason: 'it deletes 10 entries of the game log' });
    const odd = new Y.Doc();
    odd.transact(() => newGame().doc.getMap('meta').forEach((v, k) => odd.getMap('meta').set(k, k === 'schema' ? 'x' : v)));
    expect(checkSnapshot(Y.encodeStateAsUpdateV2(odd), limits)).toEqual({ ok: false, reason: 'it sets "schema" of "meta" to "x", which no game holds' });
  });

  it('refuses a game without the meta a game cannot be read without, but not a document that holds no game yet', () => {
    const headless = new Y.Doc();
    headless.getArray('log').push(whole.doc.getArray('log').toArray().slice(0, 5));
    expect(checkSnapshot(Y.encodeStateAsUpdateV2(headless), limits)).toMatchObject({ ok: false, reason: expect.stringMatching(/^it holds a game without its "schema"/) });
    const named = new Y.Doc();
    named.getMap('devices').set('dev1', 'Ana');
    expect(checkSnapshot(Y.encodeStateAsUpdateV2(named), limits)).toEqual({ ok: true });
  });

  it("steps over the log's entries (most of the bytes): one that is not an event is left to the fold, which skips and names it", () => {
    const game = newGame();
    game.doc.getArray('log').push([42]);
    expect(checkUpdate(new Y.Doc(), Y.encodeStateAsUpdateV2(game.doc), true)).toMatchObject({ ok: false });
    expect(checkSnapshot(Y.encodeStateAsUpdateV2(game.doc), limits)).toEqual({ ok: true });
  });
});
