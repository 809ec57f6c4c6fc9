/**
 * Issue 36 item 1, "Bloat": what enters a game stays on every phone for good, so how much one phone may
 * write is bounded, and what is over is refused and named. Each hostile case is written as a tampered
 * phone could: its own replica, its own key and seat, raw entries straight into its log, and the raw bytes
 * it sends (the update, a y-webrtc message, table-link frames).
 */
import * as Y from 'yjs';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { describe, expect, it } from 'vitest';
import { captureUpdate } from '../../../bench/simulate';
import { checkUpdate } from '../../../src/doc/core/guard';
import { createGame } from '../../../src/doc';
import type { Game } from '../../../src/doc';
import { importChecked } from '../../../src/sync/backup';
import { Reassembler, toFrames } from '../../../src/sync/link/frames';
import { checkPeerMessage, MESSAGE_SYNC } from '../../../src/sync/peerMessages';
import { addCustom, expectRefused, merge, newGame, replicaOf, threeSeats } from './fixtures';
import * as sheetMoves from '../../../src/doc/sheet/moves';

/** Ana's phone (dev1, holding s1) and a tampered phone at the table (evil, with its own key, holding Ben's seat), synced. */
function table(): { ana: Game; evil: Game } {
  const ana = newGame();
  ana.claimSeat('s1');
  const evil = replicaOf(ana, 'evil');
  void evil.claimSeat('s2');
  merge(ana, evil);
  return { ana, evil };
}

/** A note as the log stores it (sheet/events.ts), written raw by `phone` at `t` seconds. */
const note = (phone: Game, t: number, text: string) => ['.', t, phone.device, 's2', text];

/** What `phone` sends after pushing `entries` straight into its log, in one transaction. */
const sent = (phone: Game, entries: unknown[][]) => captureUpdate(phone.doc, () => phone.doc.transact(() => phone.root.log.push(entries)));

/** Checks the update in both encodings; the reason when refused, 'ok' or 'later' otherwise. */
function verdicts(doc: Y.Doc, update: { v1: Uint8Array; v2: Uint8Array }): string[] {
  return ([[update.v1, false], [update.v2, true]] as const).map(([bytes, v2]) => {
    const v = checkUpdate(doc, bytes, v2);
    return v.ok === true ? 'ok' : v.ok === 'later' ? 'later' : v.reason;
  });
}

const text = (n: number, c = 'x') => c.repeat(n);

describe("a peer's update is held to the write bounds (issue 36 item 1)", () => {
  it("refuses the issue's update, 5,000 notes of 1,000 characters, as a message, as table-link frames and as a file; the game does not grow", () => {
    const { ana, evil } = table();
    const before = Y.encodeStateAsUpdate(ana.doc).byteLength;
    const update = sent(evil, Array.from({ length: 5000 }, (_, i) => note(evil, 100, `${i} ${text(1000)}`.slice(0, 1000))));
    expect(update.v1.byteLength).toBeGreaterThan(5_000_000);
    const reason = 'it writes a text of 1,000 characters into the log, more than the 700 one may hold';
    expect(verdicts(ana.doc, update)).toEqual([reason, reason]);
    // Over y-webrtc: a sync message, named as every refusal is ("Ben's phone sent an update that …").
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, MESSAGE_SYNC);
    syncProtocol.writeUpdate(e, update.v1);
    expect(checkPeerMessage(encoding.toUint8Array(e), ana.doc)).toEqual({ ok: false, reason: `an update that ${reason}` });
    // Over the table link: 64 KiB frames of a v2 update (message type 2), put back together, then checked.
    const message = new Uint8Array(update.v2.byteLength + 1);
    message.set([2]);
    message.set(update.v2, 1);
    const frames = toFrames(7, message);
    expect(frames.length).toBeGreaterThan(10);
    const assembler = new Reassembler();
    const whole = frames.map((f) => assembler.push(f)).find((m) => m !== undefined) as Uint8Array;
    expect(checkUpdate(ana.doc, whole.subarray(1), true)).toEqual({ ok: false, reason });
    // As a game file merged into the game.
    expect(() => importChecked(ana.doc, update.v2)).toThrow(`This file cannot be merged into the game on this phone: ${reason}.`);
    expect(Y.encodeStateAsUpdate(ana.doc).byteLength).toBe(before);
  });

  it('refuses notes of the largest size a note holds, 5,000 of them in one minute of the writer\'s clock: more than 128 KiB within a minute', () => {
    const { ana, evil } = table();
    const update = sent(evil, Array.from({ length: 5000 }, () => note(evil, 100, text(500))));
    const reason = 'it holds more than 128 KiB of log from one phone within a minute of its clock, the most one phone may write';
    expect(verdicts(ana.doc, update)).toEqual([reason, reason]);
  });

  it('refuses 401 small entries within a minute from one phone', () => {
    const { ana, evil } = table();
    const taps = Array.from({ length: 401 }, () => ['n', 100, evil.device, 's2', 1, 1]);
    expect(verdicts(ana.doc, sent(evil, taps))[0]).toBe('it holds more than 400 log entries from one phone within a minute of its clock, the most one phone may write');
  });

  it('a clock that runs ahead gains minutes, never more than 512 KiB from one phone; one set back stays in its latest minute', () => {
    const ahead = table();
    const spread = sent(ahead.evil, Array.from({ length: 1100 }, (_, i) => note(ahead.evil, 60 * i, text(500))));
    expect(verdicts(ahead.ana.doc, spread)[0]).toBe('it holds more than 512 KiB of log from one phone, the most one phone may write in a game');
    const back = table();
    const backwards = sent(back.evil, Array.from({ length: 300 }, (_, i) => note(back.evil, 100_000 - 60 * i, text(500))));
    expect(verdicts(back.ana.doc, backwards)[0]).toMatch(/within a minute of its clock/);
  });

  it('reaches the same verdict on every phone whether a writer\'s changes come one by one or bundled: an honest relay never carries what is over', () => {
    const { ana, evil } = table();
    // 11 updates of 100 notes, each note a minute after the last: about 50 K characters each.
    const updates = Array.from({ length: 11 }, (_, u) => sent(evil, Array.from({ length: 100 }, (_, i) => note(evil, 60 * (u * 100 + i), text(480)))));
    const oneByOne = new Y.Doc();
    Y.applyUpdate(oneByOne, Y.encodeStateAsUpdate(ana.doc));
    const heard = updates.map((u) => {
      const v = checkUpdate(oneByOne, u.v1, false);
      if (v.ok === true) Y.applyUpdate(oneByOne, u.v1);
      return v.ok === true ? 'ok' : v.ok === 'later' ? 'later' : v.reason;
    });
    const over = 'it holds more than 512 KiB of log from one phone, the most one phone may write in a game';
    expect(heard).toEqual([...Array(10).fill('ok'), over]);
    // A phone that hears them bundled refuses the bundle, and takes what the first phone accepted from it.
    expect(checkUpdate(ana.doc, Y.mergeUpdates(updates.map((u) => u.v1)), false)).toEqual({ ok: false, reason: over });
    const relayed = Y.encodeStateAsUpdate(oneByOne, Y.encodeStateVector(ana.doc));
    expect(checkUpdate(ana.doc, relayed, false)).toEqual({ ok: true });
  });

  it('refuses many writers bundled in one update, each within its bounds, that together grow the log past 2 MiB', () => {
    const { ana } = table();
    // A tampered app opening writer after writer (each a Yjs client of its own), 900 notes each over 9 minutes.
    const writers = (n: number) =>
      Array.from({ length: n }, () => {
        const w = replicaOf(ana, 'evil');
        return sent(w, Array.from({ length: 900 }, (_, i) => note(w, 60 * Math.floor(i / 100), text(500)))).v1;
      });
    expect(checkUpdate(ana.doc, Y.mergeUpdates(writers(3)), false)).toEqual({ ok: true });
    expect(checkUpdate(ana.doc, Y.mergeUpdates(writers(5)), false)).toEqual({ ok: false, reason: "it would grow the game's log past 2 MiB, the most a game may hold" });
  });

  it('refuses one well-formed entry over 8 KiB', () => {
    const { ana, evil } = table();
    const big = ['.', 100, evil.device, 's2', ...Array.from({ length: 20 }, () => text(600))];
    expect(verdicts(ana.doc, sent(evil, [big]))[0]).toMatch(/^it writes a log entry of 12,\d{3} characters, more than the 8 KiB one may hold$/);
  });

  it('refuses a phone named more than 16 times by one writer, and more than 64 phones named in a game', () => {
    const { ana, evil } = table();
    const renames = captureUpdate(evil.doc, () => {
      for (let i = 0; i < 17; i++) evil.root.devices.set(evil.device, `Evil ${i}`);
    });
    expect(verdicts(ana.doc, renames)[0]).toBe('it names one phone more than 16 times, the most one phone may');
    const other = replicaOf(ana, 'evil');
    const phones = captureUpdate(other.doc, () => other.doc.transact(() => Array.from({ length: 65 }, (_, i) => other.root.devices.set(`phone${i}`, 'x'))));
    expect(verdicts(ana.doc, phones)[0]).toBe('it would name more than 64 phones in the game, the most a game may hold');
  });

  it('refuses a seat added to a game already created, and a game of more than 8 seats into an empty phone', () => {
    const { ana, evil } = table();
    const added = captureUpdate(evil.doc, () => evil.root.seats.set('s4', { name: 'Dev', color: 'red', race: 'sol', position: 3 }));
    expect(verdicts(ana.doc, added)[0]).toBe('it adds "s4" to "seats", which are all written when the game is created');
    const crowded = new Y.Doc();
    Y.applyUpdate(crowded, Y.encodeStateAsUpdate(ana.doc));
    crowded.transact(() => Array.from({ length: 6 }, (_, i) => crowded.getMap('seats').set(`x${i}`, { name: `P${i}`, color: 'c', race: 'sol', position: 3 + i })));
    expect(checkUpdate(new Y.Doc(), Y.encodeStateAsUpdate(crowded), false)).toEqual({ ok: false, reason: 'it writes more than 8 keys into "seats"' });
  });

  it('holds this phone\'s own commands to the same bounds before writing, with a message', () => {
    const game = newGame();
    game.claimSeat('s1');
    const taps = Array.from({ length: 400 }, () => ({ k: 'counter' as const, seat: 's1', counter: 'vp' as const, delta: 1 }));
    expect(expectRefused(game, 'not-allowed', () => game.append(taps)).message).toBe(
      'This change was not made: this phone has written 400 changes within a minute, the most one phone may. Try again in a minute.',
    );
    for (let i = 0; i < 16; i++) game.setDeviceName(`Ana ${i}`);
    expect(expectRefused(game, 'not-allowed', () => game.setDeviceName('Ana again')).message).toBe(
      "This phone's name was not changed: it was changed 16 times since the game was opened, the most one phone may.",
    );
  });
});

describe('what one seat may add counts only so far, in every phone\'s fold (issue 36 item 1)', () => {
  const messages = (g: Game) => g.snapshot().problems.map((p) => p.message);

  it("a player's notes: 10 within a minute and 200 in a game; her command refuses the next with the table's sentence and writes nothing", () => {
    let now = 1_700_000_000_000;
    const game = createGame(threeSeats, { id: 'game1', secret: 'secret', device: 'dev1', clock: { now: () => now } });
    game.claimSeat('s1');
    for (let i = 0; i < 10; i++) game.makeMove(sheetMoves.note, 's1', `Ben owes me ${i}`);
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.note, 's1', 'one more')).message).toBe('A note by Ana was refused: Ana has written 10 notes within a minute, the most one player may.');
    for (let minute = 1; minute < 20; minute++) {
      now += 60_000;
      for (let i = 0; i < 10; i++) game.makeMove(sheetMoves.note, 's1', `Ben owes me ${i}`);
    }
    now += 60_000;
    expect(expectRefused(game, 'not-allowed', () => game.makeMove(sheetMoves.note, 's1', 'one more')).message).toBe('A note by Ana was refused: Ana has written 200 notes in this game, the most one player may.');
    expect(game.snapshot().log.filter((l) => l.event.k === 'note')).toHaveLength(200);
    expect(messages(game)).toEqual([]);
  });

  it("a tampered phone's notes past its seat's allowance, written raw under its own key: every phone skips them, names them, and shows none of their text", () => {
    const { ana, evil } = table();
    const update = sent(evil, Array.from({ length: 12 }, (_, i) => note(evil, 100, `spam ${i}`)));
    expect(checkUpdate(ana.doc, update.v1, false)).toEqual({ ok: true });
    Y.applyUpdate(ana.doc, update.v1);
    const refused = 'A note by Ben was refused: Ben has written 10 notes within a minute, the most one player may.';
    for (const phone of [ana, evil]) {
      const s = phone.snapshot();
      expect(messages(phone)).toEqual([refused, refused]);
      expect(s.log.filter((l) => l.event.k === 'note').map((l) => (l.event as { text: string }).text)).toEqual(Array.from({ length: 10 }, (_, i) => `spam ${i}`));
    }
  });

  it('custom planets: 40 in a game; the command refuses the 41st, and every phone refuses one written raw', () => {
    const { ana, evil } = table();
    for (let i = 0; i < 40; i++) addCustom(ana, 's1', { name: `Far ${i}`, resources: 1, influence: 1, specialties: [] });
    const full = 'A custom planet was refused: the game holds 40 custom planets, the most it may.';
    expect(expectRefused(ana, 'not-allowed', () => addCustom(ana, 's1', { name: 'Far 40', resources: 1, influence: 1, specialties: [] })).message).toBe(full);
    merge(ana, evil);
    const raw = sent(evil, [['P', 100, evil.device, 'custom-spam', 'Spam', 9, 9, '']]);
    Y.applyUpdate(ana.doc, raw.v1);
    for (const phone of [ana, evil]) {
      expect(messages(phone)).toEqual([full]);
      expect(Object.values(phone.snapshot().planets).filter((p) => p.custom)).toHaveLength(40);
    }
  });
});
