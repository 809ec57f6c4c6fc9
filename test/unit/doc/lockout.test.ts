/**
 * Issue 36 item 1, the last hole of "Bloat": a tampered phone opening writer after writer (each a Yjs client
 * of its own, each within its own bounds) could fill a game's log to its 2 MiB, and then no phone could write
 * anything more. Past that bound a seat's phone writes on within its own part, its opening signed for with a
 * `writer` entry; a phone of no seat only sits down. Each hostile case is written as a tampered phone could:
 * its own replica and keys, raw entries straight into its log, the update it sends.
 */
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { captureUpdate } from '../../../bench/simulate';
import { fromBase64url, signedBytes, softwareSigner } from '../../../src/crypto/signature';
import type { Signer } from '../../../src/crypto/signature';
import { Game, GameError } from '../../../src/doc';
import { entryChars, WRITE_BOUNDS } from '../../../src/doc/core/bounds';
import { checkUpdate } from '../../../src/doc/core/guard';
import { gameChars } from '../../../src/doc/core/writers';
import { clockAt, keeping, merge, newGame, replicaOf } from './fixtures';

const FULL = "it would grow the game's log past 2 MiB, the most a game may hold";

/** A note for no seat as the log stores it (sheet/events.ts), written raw by `phone`. */
const note = (phone: Game, t: number, text: string) => ['.', t, phone.device, '', text];

/** What `phone` sends after pushing `entries` straight into its log, in one transaction. */
const sent = (phone: Game, entries: unknown[][]) => captureUpdate(phone.doc, () => phone.doc.transact(() => phone.root.log.push(entries))).v1;

/** `update` checked, then applied, on every phone of `table`; the verdict of the first. */
function deliver(table: readonly Game[], update: Uint8Array): string {
  const verdicts = table.map((g) => checkUpdate(g.doc, update, false));
  const v = verdicts[0];
  if (!v) throw new Error('no phone to deliver to');
  expect(verdicts.every((x) => JSON.stringify(x) === JSON.stringify(v))).toBe(true);
  if (v.ok === true) for (const g of table) Y.applyUpdate(g.doc, update, 'net');
  return v.ok === true ? 'ok' : v.ok === 'later' ? 'later' : v.reason;
}

/** A `writer` entry: the writer of `phone`'s replica, signed for with `phone`'s key (or `signature`). */
function writerEntry(phone: Game, client = phone.doc.clientID, signature?: Uint8Array): unknown[] {
  const tuple = ['Wr3', 61, phone.device, client, fromBase64url(phone.signer.publicKey)];
  return [...tuple, signature ?? phone.signer.signNow?.(signedBytes('game1', tuple))];
}

/** The log's characters but those of its seat claims, which count apart (writers.ts). */
const freeChars = (g: Game) => gameChars(g.doc) - g.root.log.toArray().reduce((n: number, e) => n + ((e as unknown[])[0] === 'y' ? entryChars(e as unknown[]) : 0), 0);

/**
 * Ana's phone (s1), Ben's (s2) and a tampered one (s3), then the tampered phone's writers, each a Yjs client
 * of its own with a key of its own, fill the log to within a few characters of its 2 MiB.
 */
function fullTable(): { ana: Game; ben: Game; evil: Game; table: Game[] } {
  const ana = newGame();
  ana.claimSeat('s1');
  const ben = replicaOf(ana, 'dev2');
  void ben.claimSeat('s2');
  const evil = replicaOf(ana, 'evil');
  void evil.claimSeat('s3');
  merge(ana, ben);
  merge(ana, evil);
  merge(ana, ben);
  const table = [ana, ben, evil];
  for (;;) {
    const left = WRITE_BOUNDS.gameChars - freeChars(ana);
    if (left < 16) break;
    const w = replicaOf(ana, 'evil');
    const entries: unknown[][] = [];
    let room = Math.min(left - 4, 500 * 1024);
    for (let i = 0; i < 1000 && room > 0; i++) {
      const bare = entryChars(note(w, 600 + 60 * Math.floor(i / 100), ''));
      const entry = note(w, 600 + 60 * Math.floor(i / 100), 'x'.repeat(Math.max(0, Math.min(500, room - bare))));
      entries.push(entry);
      room -= entryChars(entry);
    }
    expect(deliver(table, sent(w, entries))).toBe('ok');
  }
  return { ana, ben, evil, table };
}

const kinds = (g: Game) => g.root.log.toArray().map((e) => (e as unknown[])[0]);

/** `phone`'s command, its update delivered to every other phone of `table`; their verdict. */
function played(table: readonly Game[], phone: Game, command: () => void): string {
  return deliver(table.filter((g) => g !== phone), captureUpdate(phone.doc, command).v1);
}

/**
 * The words of the refusal of `phone`'s `command`, which leaves its document as it was (compared as bytes:
 * `expectRefused`'s deep comparison takes seconds on a full game).
 */
function refusal(phone: Game, command: () => void): string {
  const before = Y.encodeStateAsUpdate(phone.doc);
  let error: unknown;
  try {
    command();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(GameError);
  expect((error as GameError).code).toBe('not-allowed');
  expect(Buffer.compare(Y.encodeStateAsUpdate(phone.doc), before)).toBe(0);
  return (error as GameError).message;
}

const tap = (seat: string, delta: number) => [{ k: 'counter' as const, seat, counter: 'tradeGoods' as const, delta }];

describe('a full log locks no seat out (issue 36 item 1)', () => {
  const { ana, ben, evil, table } = fullTable();

  it("a tampered phone's writers fill the log to 2 MiB; one more, however small, is refused", () => {
    expect(freeChars(ana)).toBeGreaterThan(WRITE_BOUNDS.gameChars - 16);
    const w = replicaOf(ana, 'evil');
    expect(deliver(table, sent(w, [note(w, 700, 'one more')]))).toBe(FULL);
  });

  it("Ana's phone writes on past the full log: its opening signs for itself once, and every phone takes her taps", () => {
    expect(kinds(ana)).not.toContain('Wr3'); // no game below the bound writes one
    expect(played(table, ana, () => ana.append(tap('s1', 2)))).toBe('ok');
    expect(kinds(ana).slice(-2)).toEqual(['Wr3', 'n']);
    expect(played(table, ana, () => ana.append(tap('s1', 1)))).toBe('ok');
    expect(kinds(ana).filter((k) => k === 'Wr3')).toHaveLength(1);
    expect(ben.snapshot().players.s1?.counters.tradeGoods).toBe(3);
    // Her undo names her entries by number: the `writer` entry before the tap shifts nothing.
    expect(played(table, ana, () => ana.undo())).toBe('ok');
    expect(ben.snapshot().players.s1?.counters.tradeGoods).toBe(2);
    expect(played(table, ana, () => ana.undo())).toBe('ok');
    const s = ben.snapshot();
    expect(s.players.s1?.counters.tradeGoods).toBe(0);
    // The `writer` entry is nothing of the game: not in its history, no problem made of it.
    expect(s.log.some((e) => (e.event.k as string) === 'writer')).toBe(false);
    expect(s.problems.some((p) => /opening|writer/.test(p.message))).toBe(false);
  });

  it('a phone joining the full game takes it whole', () => {
    expect(checkUpdate(new Y.Doc(), Y.encodeStateAsUpdate(ana.doc), false)).toEqual({ ok: true });
  });

  it("a writer entry copied from Ana's opening, signed by a key of no seat, or forged in Ana's name gives a tampered writer nothing", () => {
    const copied = replicaOf(ana, 'evil');
    expect(deliver(table, sent(copied, [writerEntry(ana), note(copied, 700, 'x')]))).toBe(FULL);
    const stranger = replicaOf(ana, 'evil');
    expect(deliver(table, sent(stranger, [writerEntry(stranger), note(stranger, 700, 'x')]))).toBe(FULL);
    const forged = replicaOf(ana, 'evil');
    const inAnasName = writerEntry(ana, forged.doc.clientID, new Uint8Array(64).fill(7));
    expect(deliver(table, sent(forged, [inAnasName, note(forged, 700, 'x')]))).toBe(FULL);
  });

  it("the tampered phone's own seat gives its writers 64 KiB past the full log, across all of them, then nothing", () => {
    // Writer after writer of its own key, about 21 K each.
    const verdicts = Array.from({ length: 4 }, (_, n) => {
      const w = replicaOf(evil, 'evil');
      const notes = Array.from({ length: 40 }, (_, i) => note(w, 800 + n * 60, `${i} ${'y'.repeat(495)}`));
      return deliver(table, sent(w, [writerEntry(w), ...notes]));
    });
    expect(verdicts.slice(0, 3)).toEqual(['ok', 'ok', 'ok']);
    expect(verdicts[3]).toBe("it holds more than 64 KiB of log from one seat's phone past the 2 MiB a game may hold, the most it may write there");
    // Ana's part is her own.
    expect(played(table, ana, () => ana.append(tap('s1', 1)))).toBe('ok');
  });

  it('a new phone still sits down at the full game, then writes within its own part', () => {
    const cleo = replicaOf(ana, 'dev9');
    expect(played(table, cleo, () => void cleo.claimSeat('s3'))).toBe('ok');
    expect(played(table, cleo, () => cleo.append(tap('s3', 1)))).toBe('ok');
    expect(kinds(cleo).slice(-2)).toEqual(['Wr3', 'n']);
    expect(cleo.snapshot().players.s3?.counters.tradeGoods).toBe(1);
  });

  it('a phone whose key signs asynchronously (WebCrypto) asks to try again while it signs for its opening, then writes on', async () => {
    const key = softwareSigner();
    // As in a browser: no signing at once.
    const webCrypto: Signer = { publicKey: key.publicKey, sign: (m) => new Promise((ok) => setTimeout(() => ok(key.signNow?.(m) as Uint8Array), 5)) };
    const opening = (game: Game) => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(game.doc));
      return keeping(new Game(doc, 'dev7', clockAt(1_700_000_120_000), webCrypto));
    };
    const first = opening(ana);
    const updates: Uint8Array[] = [];
    first.doc.on('update', (u: Uint8Array) => updates.push(u));
    await first.claimSeat('s2');
    expect(updates).toHaveLength(1);
    expect(deliver(table, updates[0] as Uint8Array)).toBe('ok');
    // The phone opens the game again: a new writer, not yet signed for.
    const second = opening(ana);
    expect(refusal(second, () => second.append(tap('s2', 1)))).toBe(
      "This change was not made: the game's log is full, and this phone is signing for itself to write on within its seat's part. Try again in a moment.",
    );
    await new Promise((ok) => setTimeout(ok, 20));
    expect(played(table, second, () => second.append(tap('s2', 1)))).toBe('ok');
    expect(kinds(second).slice(-2)).toEqual(['Wr3', 'n']);
  });

  it("a phone of no seat is told why its change is not made, and writes nothing", () => {
    const guest = replicaOf(ana, 'dev8');
    expect(refusal(guest, () => guest.append([{ k: 'note', seat: null, text: 'hello' }]))).toBe(
      "This change was not made: the game's log holds 2 MiB, the most a game may hold, and only a seat's phone may write past it.",
    );
  });
});
