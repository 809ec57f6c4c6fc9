/**
 * Signed events (issue 17): a device tag is only a name a phone gives itself, so the events consent and
 * secrecy rest on (seat claims, commitments, trade proposals and acceptances, closing a vote) carry their
 * writer's Ed25519 signature, and every phone's fold checks it. These tests write what a hostile phone
 * would: entries under another phone's tag, signed with the wrong key, unsigned, replayed, moved from
 * another game, tampered with.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createGame, encodeEvent, foldGame, Game, gameRoot, readRaw } from '../../../src/doc';
import type { EventBody, GameEvent, GameSnapshot, RawGame } from '../../../src/doc';
import * as ed from '@noble/ed25519';
import { fromBase64url, signedBytes, signatureOf, softwareSigner, tagOf, verify } from '../../../src/crypto/signature';
import type { Signer } from '../../../src/crypto/signature';
import { signerOf } from '../../../src/secret/signer';
import { clockAt, merge, threeSeats } from './fixtures';

const HASH = 'ab'.repeat(32);

/** A phone as the app makes one: a key, and its tag made from the key. */
function phone(signer: Signer = softwareSigner()) {
  return { signer, device: tagOf(signer.publicKey) };
}

/** Ana's phone and Ben's, each seated with a signed claim, synced. */
function table() {
  const [a, b] = [phone(), phone()];
  const ana = createGame(threeSeats, { id: 'game1', secret: 'secret', device: a.device, signer: a.signer, clock: clockAt(1_700_000_000_000) });
  void ana.claimSeat('s1');
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(ana.doc));
  const ben = new Game(doc, b.device, clockAt(1_700_000_060_000), b.signer);
  void ben.claimSeat('s2');
  merge(ana, ben);
  return { ana, ben };
}

const raw = (g: Game) => readRaw(gameRoot(g.doc)) as RawGame;
/** The game as every phone folds it with `entries` appended to the log. */
const withEntries = (g: Game, ...entries: unknown[][]): GameSnapshot => {
  const r = raw(g);
  return foldGame({ ...r, log: [...r.log, ...entries] });
};
/** An entry as a phone with tag `dev` would write it, signed by `signer` (or unsigned). */
function entry(body: EventBody, dev: string, signer?: Signer & { signNow?: (m: Uint8Array) => Uint8Array }, gameId = 'game1'): unknown[] {
  const tuple = [...encodeEvent({ ...body, t: 5, dev } as GameEvent)];
  return signer?.signNow ? [...tuple, signer.signNow(signedBytes(gameId, tuple))] : tuple;
}
const messages = (s: GameSnapshot) => s.problems.map((p) => p.message);
const commitOf = (s: GameSnapshot, seat: string) => s.council.agendas.find((a) => a.key === `1:${seat}`);

describe('signed events (issue 17)', () => {
  it("a seat claim carries the phone's public key and signature, and another phone's fold accepts it", () => {
    const { ana, ben } = table();
    const claim = raw(ben).log.find((e) => Array.isArray(e) && e[0] === 'y' && e[2] === ana.device) as unknown[];
    expect(signatureOf(claim)).toHaveLength(64);
    expect(claim[4]).toBeInstanceOf(Uint8Array);
    expect(ben.snapshot().claims).toEqual({ s1: ana.device, s2: ben.device });
    expect(messages(ben.snapshot())).toEqual([]);
  });

  it("a software key signs before its public half was ever read, and the public half read afterwards is the one its signatures verify against (it is derived late, after the game shows)", () => {
    const signer = softwareSigner();
    const message = new TextEncoder().encode('claim s1');
    const signature = signer.signNow!(message);
    const phone = softwareSigner(signer.secret);
    expect(phone.publicKey).toBe(signer.publicKey);
    expect(ed.verify(signature, message, fromBase64url(signer.publicKey)!)).toBe(true);
    expect(ed.verify(signature, message, fromBase64url(softwareSigner().publicKey)!)).toBe(false);
  });

  it('a signature verified once vouches for nothing else: the same bytes split differently between key and message are checked afresh and refused', () => {
    const signer = softwareSigner();
    const message = signedBytes('game1', ['y', 0, 'abcdefg', 's1']);
    const signature = signer.signNow!(message);
    expect(verify(signature, message, signer.publicKey)).toBe(true);
    // The message's first byte moved onto the end of the key: the same characters in a row.
    expect(verify(signature, message.subarray(1), signer.publicKey + String.fromCharCode(message[0]!))).toBe(false);
    expect(verify(signature.subarray(0, 63), Uint8Array.of(signature[63]!, ...message), signer.publicKey)).toBe(false);
  });

  it('a claim signed with a WebCrypto key (asynchronous, private key not extractable) is written once signed and verified by every phone', async () => {
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
    const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64url');
    const signer = signerOf({ kind: 'webcrypto', privateKey: pair.privateKey, publicKey });
    expect(signer.signNow).toBeUndefined();
    const { ana } = table();
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(ana.doc));
    const cleo = new Game(doc, tagOf(publicKey), clockAt(1_700_000_090_000), signer);
    const written = cleo.claimSeat('s3');
    expect(cleo.snapshot().claims.s3).toBeUndefined(); // not before it is signed
    await written;
    merge(ana, cleo);
    expect(ana.snapshot().claims.s3).toBe(cleo.device);
    expect(messages(ana.snapshot())).toEqual([]);
  });

  it("an agenda placed under Ana's phone name but signed with another key is refused by every fold and named to the table", () => {
    const { ana } = table();
    const hostile = softwareSigner();
    const s = withEntries(ana, entry({ k: 'council', seat: 's1', e: { c: 'place', round: 1, hash: HASH } }, ana.device, hostile));
    expect(commitOf(s, 's1')).toBeUndefined();
    expect(messages(s)).toContain(`A signed change by phone ${ana.device} was refused: its signature is not that phone's (forged or damaged).`);
  });

  it("an unsigned ballot commitment under Ana's phone name is refused once her phone has published its key", () => {
    const { ana } = table();
    const s = withEntries(ana, entry({ k: 'council', seat: 's1', e: { c: 'place', round: 1, hash: HASH } }, ana.device));
    expect(commitOf(s, 's1')).toBeUndefined();
    expect(messages(s)).toContain(`A signed change by phone ${ana.device} was refused: it carries no signature.`);
  });

  it("Ana's own signed agenda counts; the same entry appended again is a replay and is refused", () => {
    const { ana } = table();
    const placed = entry({ k: 'council', seat: 's1', e: { c: 'place', round: 1, hash: HASH } }, ana.device, ana.signer);
    const once = withEntries(ana, placed);
    expect(commitOf(once, 's1')).toMatchObject({ seat: 's1', revealed: false });
    expect(messages(once)).toEqual([]);
    const twice = withEntries(ana, placed, placed);
    expect(messages(twice)).toContain(`A signed change by phone ${ana.device} was refused: it repeats a signed change already in the log (a replay).`);
  });

  it("Ana's old seat claim replayed after Ben's spare phone took her seat does not give it back", () => {
    const { ana, ben } = table();
    const anaClaim = raw(ana).log.find((e) => Array.isArray(e) && e[0] === 'y' && e[2] === ana.device) as unknown[];
    void ben.claimSeat('s1'); // a take-over, in plain sight
    const s = withEntries(ben, anaClaim);
    expect(s.claims.s1).toBe(ben.device);
    expect(messages(s).join('\n')).toMatch(/a replay/);
  });

  it('a valid signature over other bytes is named a forgery, not a replay: the signature is checked before the replay (issue 36 item 6)', () => {
    const { ana } = table();
    const placed = entry({ k: 'council', seat: 's1', e: { c: 'place', round: 1, hash: HASH } }, ana.device, ana.signer);
    // The entry again with its time changed and the first entry's signature kept: what it signs is not these bytes.
    const moved = placed.map((v, i) => (i === 1 ? 6 : v));
    const s = withEntries(ana, placed, moved);
    expect(messages(s).join('\n')).toMatch(/forged or damaged/);
    expect(messages(s).join('\n')).not.toMatch(/a replay/);
  });

  it('an honest phone that claims, releases and claims again within the same second is never taken for a replay: each claim signs a nonce (issue 36 item 3)', async () => {
    const { ana } = table();
    await ana.releaseSeat('s1');
    await ana.claimSeat('s1');
    await ana.releaseSeat('s1');
    await ana.claimSeat('s1');
    const s = ana.snapshot();
    expect(s.claims.s1).toBe(ana.device);
    expect(messages(s)).toEqual([]);
    const claims = raw(ana).log.filter((e) => Array.isArray(e) && e[0] === 'y' && e[2] === ana.device) as unknown[][];
    expect(new Set(claims.map((c) => String(c.at(-1)))).size).toBe(claims.length);
  });

  it('a changed field breaks the signature: a tampered commitment is refused', () => {
    const { ana } = table();
    const placed = entry({ k: 'council', seat: 's1', e: { c: 'place', round: 1, hash: HASH } }, ana.device, ana.signer);
    const tampered = placed.map((v) => (v === HASH ? 'cd'.repeat(32) : v));
    const s = withEntries(ana, tampered);
    expect(commitOf(s, 's1')).toBeUndefined();
    expect(messages(s).join('\n')).toMatch(/forged or damaged/);
  });

  it("a signed entry copied from another game is refused: the game's id is part of what is signed", () => {
    const { ana } = table();
    const elsewhere = entry({ k: 'council', seat: 's1', e: { c: 'place', round: 1, hash: HASH } }, ana.device, ana.signer, 'another-game');
    const s = withEntries(ana, elsewhere);
    expect(commitOf(s, 's1')).toBeUndefined();
    expect(messages(s).join('\n')).toMatch(/forged or damaged/);
  });

  it("a hostile phone cannot sit down under a new phone's name: the name is made from that phone's key", () => {
    const { ana } = table();
    const [victim, hostile] = [phone(), softwareSigner()];
    const s = withEntries(ana, entry({ k: 'claim', seat: 's3', key: hostile.publicKey }, victim.device, hostile));
    expect(s.claims.s3).toBeUndefined();
    expect(messages(s)).toContain(`A signed change by phone ${victim.device} was refused: that phone name belongs to another key.`);
  });

  it('a claim under a phone name already bound to a key, with another key, is refused', () => {
    const { ana } = table();
    const hostile = softwareSigner();
    const s = withEntries(ana, entry({ k: 'claim', seat: 's3', key: hostile.publicKey }, ana.device, hostile));
    expect(s.claims.s3).toBeUndefined();
    expect(messages(s).join('\n')).toMatch(/names another key than the one that phone signs with/);
  });

  it('a trade acceptance forged in the name of the phone holding the other seat is refused; the real one opens the agreement', () => {
    const { ana, ben } = table();
    const id = 'p1';
    const proposal = entry({ k: 'trade', op: 'propose', id, from: 's1', to: 's2', contract: 0 }, ana.device, ana.signer);
    const forged = entry({ k: 'trade', op: 'accept', id, contract: 0 }, ben.device, softwareSigner());
    expect(withEntries(ana, proposal, forged).trade.agreements).toEqual([]);
    const real = entry({ k: 'trade', op: 'accept', id, contract: 0 }, ben.device, ben.signer);
    expect(withEntries(ana, proposal, real).trade.agreements).toHaveLength(1);
  });

  it('a phone from before signatures (unsigned claim, 6-character tag) keeps its seat, and claims it again signed so its signed events count', () => {
    const old = createGame(threeSeats, { id: 'game1', secret: 'secret', device: 'abc123', clock: clockAt(1_700_000_000_000) });
    // Its claim, as the previous version wrote it: no key, no signature.
    old.doc.transact(() => gameRoot(old.doc).log.push([entry({ k: 'claim', seat: 's1' }, 'abc123')]));
    expect(old.snapshot().claims.s1).toBe('abc123');
    expect(old.keyPublished).toBe(false);
    void old.claimSeat('s1');
    expect(old.keyPublished).toBe(true);
    expect(old.snapshot().claims.s1).toBe('abc123');
    // From now on its name needs its signature.
    const s = withEntries(old, entry({ k: 'council', seat: 's1', e: { c: 'place', round: 1, hash: HASH } }, 'abc123'));
    expect(messages(s)).toContain('A signed change by phone abc123 was refused: it carries no signature.');
  });
});

describe('checking signatures when a game opens', () => {
  it('the verdicts WebCrypto finds before the first fold are those the fold reaches: a forged entry stays refused', async () => {
    const { ana } = table();
    const forged = entry({ k: 'council', seat: 's1', e: { c: 'place', round: 1, hash: HASH } }, ana.device, softwareSigner());
    const placed = entry({ k: 'council', seat: 's1', e: { c: 'place', round: 2, hash: HASH } }, ana.device, ana.signer);
    ana.doc.transact(() => gameRoot(ana.doc).log.push([forged, placed]));
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(ana.doc));
    const opened = new Game(doc, 'reader');
    await opened.prewarmSignatures();
    expect(JSON.stringify(opened.snapshot())).toBe(JSON.stringify(foldGame(raw(ana))));
    expect(messages(opened.snapshot()).join('\n')).toMatch(/forged or damaged/);
    expect(opened.snapshot().council.agendas.map((a) => a.key)).toEqual(['2:s1']);
  });
});
