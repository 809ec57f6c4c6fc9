/**
 * Issue 36 item 1, the last hole of "Bloat": a tampered phone opening writer after writer (each a Yjs client
 * of its own, each within its own bounds) could fill a game's log to its 2 MiB, and then no phone could write
 * anything more. Past that bound a seat's phone writes on within its own part, its opening signed for with a
 * `writer` entry and each write vouched for by that opening's session key; a phone of no seat only sits down,
 * and one writing under a seat's writer spends nothing of that seat's part. Each hostile case is written as a tampered phone could:
 * its own replica and keys, raw entries straight into its log, the update it sends.
 */
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { captureUpdate, fillFreePart } from '../../../bench/simulate';
import { fromBase64url, signedBytes, softwareSigner } from '../../../src/crypto/signature';
import type { Signer } from '../../../src/crypto/signature';
import { Game, GameError } from '../../../src/doc';
import { entryChars, WRITE_BOUNDS } from '../../../src/doc/core/bounds';
import { checkUpdate } from '../../../src/doc/core/guard';
import { gameChars, writerTally } from '../../../src/doc/core/writers';
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

/** The session key the tampered phone's writers vouch with. */
const SESSION = softwareSigner();

/** A `writer` entry: the writer of `phone`'s replica, signed for with `phone`'s key (or `signature`), naming `session`. */
function writerEntry(phone: Game, client = phone.doc.clientID, signature?: Uint8Array, session = SESSION): unknown[] {
  const tuple = ['Wr3', 61, phone.device, client, fromBase64url(phone.signer.publicKey), fromBase64url(session.publicKey)];
  return [...tuple, signature ?? phone.signer.signNow?.(signedBytes('game1', tuple))];
}

/** `entries` followed by a vouch for them by `phone`'s writer, signed by `session` (or `signature`), naming its place (or `upTo`). */
function vouched(phone: Game, entries: unknown[][], session = SESSION, upTo?: number, signature?: Uint8Array): unknown[][] {
  const place = upTo ?? writerTally(phone.doc, phone.doc.clientID).chars + entries.reduce((n, e) => n + entryChars(e), 0);
  const tuple = ['Wv3', 61, phone.device, phone.doc.clientID, place];
  return [...entries, [...tuple, signature ?? session.signNow(signedBytes('game1', tuple))]];
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
  fillFreePart(ana, (update) => expect(deliver(table, update)).toBe('ok'));
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
    expect(kinds(ana).slice(-3)).toEqual(['Wr3', 'n', 'Wv3']);
    expect(played(table, ana, () => ana.append(tap('s1', 1)))).toBe('ok');
    expect(kinds(ana).slice(-2)).toEqual(['n', 'Wv3']);
    expect(kinds(ana).filter((k) => k === 'Wr3')).toHaveLength(1);
    expect(ben.snapshot().players.s1?.counters.tradeGoods).toBe(3);
    // Her undo names her entries by number: the `writer` entry before the tap and the vouches shift nothing.
    expect(played(table, ana, () => ana.undo())).toBe('ok');
    expect(ben.snapshot().players.s1?.counters.tradeGoods).toBe(2);
    expect(played(table, ana, () => ana.undo())).toBe('ok');
    const s = ben.snapshot();
    expect(s.players.s1?.counters.tradeGoods).toBe(0);
    // The `writer` entry and the vouches are nothing of the game: not in its history, no problem made of them.
    expect(s.log.some((e) => (e.event.k as string) === 'writer' || (e.event.k as string) === 'vouch')).toBe(false);
    expect(s.problems.some((p) => /opening|writer/.test(p.message))).toBe(false);
  });

  it("a phone writing under Ana's writer spends nothing of her part: past her latest vouch it is the full log's, a copied or forged vouch included", () => {
    // A tampered phone writing under Ana's Yjs client, once she signed for it: its id is in every replica.
    const asAna = (entries: (impostor: Game) => unknown[][]) => {
      const impostor = replicaOf(ana, 'evil');
      impostor.doc.clientID = ana.doc.clientID;
      return deliver(table, sent(impostor, entries(impostor)));
    };
    expect(asAna((w) => [note(w, 900, 'as Ana')])).toBe(FULL);
    const log = ana.root.log.toArray() as unknown[][];
    const anasVouch = log[log.length - 1] as unknown[];
    expect(anasVouch[0]).toBe('Wv3');
    expect(asAna((w) => [note(w, 900, 'as Ana'), anasVouch])).toBe(FULL);
    // Signed by another session key than the one her `writer` entry names, or not signed at all.
    expect(asAna((w) => vouched(w, [note(w, 900, 'as Ana')], SESSION))).toBe(FULL);
    expect(asAna((w) => vouched(w, [note(w, 900, 'as Ana')], SESSION, undefined, new Uint8Array(64).fill(7)))).toBe(FULL);
    expect(played(table, ana, () => ana.append(tap('s1', 1)))).toBe('ok');
  });

  it('a phone joining the full game takes it whole', () => {
    expect(checkUpdate(new Y.Doc(), Y.encodeStateAsUpdate(ana.doc), false)).toEqual({ ok: true });
  });

  it("a writer entry copied from Ana's opening, signed by a key of no seat, or forged in Ana's name gives a tampered writer nothing", () => {
    const copied = replicaOf(ana, 'evil');
    expect(deliver(table, sent(copied, vouched(copied, [writerEntry(ana), note(copied, 700, 'x')])))).toBe(FULL);
    const stranger = replicaOf(ana, 'evil');
    expect(deliver(table, sent(stranger, vouched(stranger, [writerEntry(stranger), note(stranger, 700, 'x')])))).toBe(FULL);
    const forged = replicaOf(ana, 'evil');
    const inAnasName = writerEntry(ana, forged.doc.clientID, new Uint8Array(64).fill(7));
    expect(deliver(table, sent(forged, vouched(forged, [inAnasName, note(forged, 700, 'x')])))).toBe(FULL);
  });

  it("the tampered phone's own seat gives its writers 96 KiB past the full log, across all of them, then nothing", () => {
    // Writer after writer of its own key, about 21 K each.
    const verdicts = Array.from({ length: 5 }, (_, n) => {
      const w = replicaOf(evil, 'evil');
      const notes = Array.from({ length: 40 }, (_, i) => note(w, 800 + n * 60, `${i} ${'y'.repeat(495)}`));
      return deliver(table, sent(w, vouched(w, [writerEntry(w), ...notes])));
    });
    expect(verdicts.slice(0, 4)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(verdicts[4]).toBe("it holds more than 96 KiB of log from one seat's phone past the 2 MiB a game may hold, the most it may write there");
    // Ana's part is her own.
    expect(played(table, ana, () => ana.append(tap('s1', 1)))).toBe('ok');
  });

  it('a new phone still sits down at the full game, then writes within its own part', () => {
    const cleo = replicaOf(ana, 'dev9');
    expect(played(table, cleo, () => void cleo.claimSeat('s3'))).toBe('ok');
    expect(played(table, cleo, () => cleo.append(tap('s3', 1)))).toBe('ok');
    expect(kinds(cleo).slice(-3)).toEqual(['Wr3', 'n', 'Wv3']);
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
    expect(kinds(second).slice(-3)).toEqual(['Wr3', 'n', 'Wv3']);
  });

  it("a phone of no seat is told why its change is not made, and writes nothing", () => {
    const guest = replicaOf(ana, 'dev8');
    expect(refusal(guest, () => guest.append([{ k: 'note', seat: null, text: 'hello' }]))).toBe(
      "This change was not made: the game's log holds 2 MiB, the most a game may hold, and only a seat's phone may write past it.",
    );
  });

  it("a phone Yjs moves to a new writer (another wrote under its client id) signs for the new one, and its taps still count", () => {
    const before = ana.doc.clientID;
    // What a tampered phone wrote under Ana's Yjs client reaches every phone (as it would below the bound; here
    // without the guard, so last: the game is then past its bound): Yjs then gives her page a new one.
    const impostor = replicaOf(ana, 'evil');
    impostor.doc.clientID = before;
    const update = sent(impostor, [note(impostor, 900, 'as Ana')]);
    for (const g of table) Y.applyUpdate(g.doc, update);
    expect(ana.doc.clientID).not.toBe(before);
    const tradeGoods = ben.snapshot().players.s1?.counters.tradeGoods ?? 0;
    expect(played(table, ana, () => ana.append(tap('s1', 1)))).toBe('ok');
    const log = ana.root.log.toArray() as unknown[][];
    expect(log.slice(-3).map((e) => e[0])).toEqual(['Wr3', 'n', 'Wv3']);
    expect(log[log.length - 3]?.[3]).toBe(ana.doc.clientID);
    expect(ben.snapshot().players.s1?.counters.tradeGoods).toBe(tradeGoods + 1);
  });
});

describe('seat claims, each of which gives a new key a part of the full log, are bounded in a game (issue 36 item 1)', () => {
  it("a tampered phone's 49th claim, each signed with a new key, is refused on every phone, and a phone's own is not written", async () => {
    const ana = newGame();
    await ana.claimSeat('s1');
    const table = [ana, replicaOf(ana, 'dev2')];
    // 47 more, each a new phone with a key of its own taking a seat over: what keys are free to make.
    for (let i = 0; i < WRITE_BOUNDS.gameClaims - 1; i++) {
      const phone = replicaOf(ana, `x${i}`);
      expect(played(table, phone, () => void phone.claimSeat('s2'))).toBe('ok');
    }
    // The 49th as a tampered phone writes it, past its own phone's check: a claim entry straight into its log.
    const one = replicaOf(ana, 'x48');
    const claim = (ana.root.log.toArray() as unknown[][]).findLast((e) => e[0] === 'y') as unknown[];
    expect(deliver(table, sent(one, [claim]))).toBe('it would hold more than 48 seat claims in the game, the most a game may hold');
    const own = replicaOf(ana, 'x49');
    expect(refusal(own, () => void own.claimSeat('s3'))).toBe('This seat was not taken: the game holds 48 seat claims, the most a game may hold.');
    // Nothing else is held back: Ana plays on.
    expect(played(table, ana, () => ana.append(tap('s1', 1)))).toBe('ok');
  });
});

describe('what a probe of the pools found, each refused or held (issue 36 item 1)', () => {
  it("a writer's changes with a gap in them wait whole: what follows the gap is never held aside, to be applied unchecked once the gap comes", () => {
    const ana = newGame();
    ana.claimSeat('s1');
    const table = [ana, replicaOf(ana, 'dev2')];
    const w = replicaOf(ana, 'evil');
    const captured = (change: () => void) => {
      const parts: Uint8Array[] = [];
      const on = (u: Uint8Array) => parts.push(u);
      w.doc.on('update', on);
      w.doc.transact(change);
      w.doc.off('update', on);
      return Y.mergeUpdates(parts);
    };
    const first = captured(() => w.doc.getMap('devices').set('evil', 'evil a'));
    const gap = captured(() => w.doc.getMap('devices').set('evil', 'evil b'));
    const notes = Array.from({ length: 1000 }, (_, i) => note(w, 600 + 60 * Math.floor(i / 250), 'x'.repeat(495)));
    const bulk = captured(() => w.root.log.push(notes));
    expect(deliver(table, Y.mergeUpdates([first, bulk]))).toBe('later');
    expect(deliver(table, gap)).toBe('later');
    expect(gameChars(ana.doc)).toBeLessThan(10_000);
    expect(ana.doc.store.pendingStructs).toBeNull();
  });

  it('a claim padded with fields it does not have seats no key, so it cannot fill the seat claims of a full game alone', () => {
    const { ana, table } = fullTable();
    const w = replicaOf(ana, 'evil2');
    const key = softwareSigner();
    const tuple = ['y', 61, 'evil2', 's3', fromBase64url(key.publicKey), 7, ...Array.from({ length: 10 }, () => 'x'.repeat(700))];
    expect(deliver(table, sent(w, [[...tuple, key.signNow(signedBytes('game1', tuple))]]))).toBe(FULL);
    const cleo = replicaOf(ana, 'dev9');
    expect(played(table, cleo, () => void cleo.claimSeat('s3'))).toBe('ok');
  });

  it("phones named over and over by writer after writer stop at 256 names in a game, each replaced name kept in the document", () => {
    const ana = newGame();
    ana.claimSeat('s1');
    const table = [ana, replicaOf(ana, 'dev2')];
    const rename = () => {
      const w = replicaOf(ana, 'evil');
      return deliver(table, captureUpdate(w.doc, () => { for (let k = 0; k < 16; k++) w.doc.transact(() => w.doc.getMap('devices').set(`d${k}`, 'z'.repeat(40))); }).v1);
    };
    const verdicts = Array.from({ length: WRITE_BOUNDS.gameNameWrites / 16 }, rename);
    expect(verdicts.every((v) => v === 'ok')).toBe(true);
    expect(rename()).toBe('it would name phones more than 256 times in the game, the most a game may hold');
    const own = replicaOf(ana, 'dev3');
    expect(refusal(own, () => own.setDeviceName('Dana'))).toBe("This phone's name was not set: phones were named 256 times in this game, the most a game may hold.");
  });

  it('an update bringing more signatures than a phone checks at once past the full log is refused before it checks them all', () => {
    const { ana, evil, table } = fullTable();
    const w = replicaOf(evil, 'evil');
    const parts: Uint8Array[] = [];
    w.doc.on('update', (u: Uint8Array) => parts.push(u));
    for (let i = 0; i < WRITE_BOUNDS.poolSignatures + 20; i++) {
      w.doc.clientID = 1_000_000 + i;
      w.doc.transact(() => w.root.log.push([writerEntry(w, w.doc.clientID, new Uint8Array(64).fill(i % 250))]));
    }
    expect(deliver(table, Y.mergeUpdates(parts))).toBe('it holds more than 256 signatures to check at once past the 2 MiB a game may hold, the most a phone checks');
    expect(played(table, ana, () => ana.append(tap('s1', 1)))).toBe('ok');
  });
});
