import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Game, GameError, describeEvent } from '../../../src/doc';
import { agendasToVote, ballotVotes, closingSince, stillNews, ballotVoteId, voteStalled } from '../../../src/doc/council';
import * as councilMoves from '../../../src/doc/council/moves';
import { canonicalJson, seal } from '../../../src/crypto/commit';
import { startAutoReveal } from '../../../src/runtime/autoReveal';
import { startHandFollows } from '../../../src/runtime/handFollows';
import { EMPTY_HAND, loadHand, loadOpening, saveHand } from '../../../src/secret/privateStore';
import type { Ballot, ExtraVotes } from '../../../src/rules/council';
import { expectRefused, merge, recordingTable, replicaOf, startVoteOn, threeSeats } from './fixtures';
import * as roundMoves from '../../../src/doc/round/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

/** Three phones on a recording network (fixtures), each revealing its own face-down choices as the rules allow. */
function table(players = threeSeats) {
  const { phones, wire } = recordingTable(players);
  const stops = phones.map((p) => startAutoReveal(p, p.device, (m) => { throw new Error(m); }));
  return { phones, wire, stop: () => stops.forEach((s) => s()) };
}

/** Everything a curious phone can read: every update sent so far, and its own whole document. */
function readable(wire: Uint8Array[], doc: Y.Doc): string {
  const text = (b: Uint8Array) => new TextDecoder('latin1').decode(b);
  return [...wire.map(text), text(Y.encodeStateAsUpdate(doc)), text(Y.encodeStateAsUpdateV2(doc)), JSON.stringify(doc.toJSON())].join('\n');
}

const settle = () => new Promise((r) => setTimeout(r, 30));
const until = async (cond: () => boolean) => {
  for (let i = 0; i < 100 && !cond(); i++) await settle();
  expect(cond()).toBe(true);
};

const LAW = 'checks-and-balances';
const ELECT = 'archived-secret';

async function placeAll(phones: Game[], cards = [LAW, ELECT, null]) {
  for (const [i, card] of cards.entries()) await (phones[i] as Game).makeMoveSigned(councilMoves.placeAgenda, `s${i + 1}`, card ? { source: 'hand', card } : { source: 'deck' });
}

describe('agendas placed face down (001 "Strategy Phase › 1) Agenda")', () => {
  it('keeps every agenda unreadable in the shared document until all are placed, then reveals them on every phone', async () => {
    const { phones, wire, stop } = table();
    await phones[0]!.makeMoveSigned(councilMoves.placeAgenda, 's1', { source: 'hand', card: LAW });
    await phones[1]!.makeMoveSigned(councilMoves.placeAgenda, 's2', { source: 'hand', card: ELECT });
    await settle();
    const seen = readable(wire, phones[2]!.doc);
    expect(seen).not.toContain(LAW);
    expect(seen).not.toContain(ELECT);
    expect(phones[2]!.snapshot().council.agendas.map((a) => [a.seat, a.revealed, a.card])).toEqual([['s1', false, null], ['s2', false, null]]);

    await phones[2]!.makeMoveSigned(councilMoves.placeAgenda, 's3', { source: 'deck' });
    await until(() => phones.every((p) => p.snapshot().council.agendas.every((a) => a.revealed)));
    for (const p of phones) {
      expect(p.snapshot().council.agendas.map((a) => [a.key, a.card, a.source])).toEqual([['1:s1', LAW, 'hand'], ['1:s2', ELECT, 'hand'], ['1:s3', null, 'deck']]);
    }
    // The card left Ana's hand: her public count went down with the reveal.
    expect(phones[1]!.snapshot().players.s1?.counters.politicalCards).toBe(1);
    stop();
  });

  it('reveals extra agendas from the deck up to 5 in a 3-player game, and no more', async () => {
    const { phones, stop } = table();
    await placeAll(phones);
    await until(() => phones[0]!.snapshot().council.agendas.every((a) => a.revealed));
    phones[0]!.makeMove(councilMoves.revealExtraAgenda, 'bellum-gloriosum');
    phones[1]!.makeMove(councilMoves.revealExtraAgenda, 'build-monument');
    expect(() => phones[2]!.makeMove(councilMoves.revealExtraAgenda, 'arms-reduction')).toThrow(/no more than 5/);
    expect(phones[2]!.snapshot().council.agendas).toHaveLength(5);
    stop();
  });

  it('reveals an agenda whose player changed player on her phone before the reveal: the choice stayed on that phone', async () => {
    const { phones, stop } = table();
    const [ana, ben, cleo] = phones as [Game, Game, Game];
    cleo.releaseSeat('s3');
    await ana.makeMoveSigned(councilMoves.placeAgenda, 's1', { source: 'hand', card: LAW });
    ana.claimSeat('s3'); // "Change player": nobody holds s1 now
    await ana.makeMoveSigned(councilMoves.placeAgenda, 's3', { source: 'deck' });
    await ben.makeMoveSigned(councilMoves.placeAgenda, 's2', { source: 'hand', card: ELECT });
    await until(() => ben.snapshot().council.agendas.every((a) => a.revealed));
    expect(ben.snapshot().council.agendas.find((a) => a.seat === 's1')?.card).toBe(LAW);
    stop();
  });

  it('refuses a second agenda in the same round', async () => {
    const { phones, stop } = table();
    await phones[0]!.makeMoveSigned(councilMoves.placeAgenda, 's1', { source: 'deck' });
    await expect(phones[0]!.makeMoveSigned(councilMoves.placeAgenda, 's1', { source: 'deck' })).rejects.toThrow(/already placed/);
    stop();
  });
});

describe('secret simultaneous ballots (commit–reveal)', () => {
  async function vote() {
    const t = table();
    await placeAll(t.phones);
    await until(() => t.phones[0]!.snapshot().council.agendas.every((a) => a.revealed));
    const id = startVoteOn(t.phones[0]!, 's1', ['1:s1', '1:s2']);
    return { ...t, id };
  }
  const b = (...allocations: [string, string, number][]): Ballot => ({ allocations: allocations.map(([agenda, outcome, votes]) => ({ agenda, outcome, votes })) });

  it('publishes only who has locked in, never what, until every eligible seat has; then every phone verifies and tallies the same result', async () => {
    const { phones, wire, id, stop } = await vote();
    phones[1]!.makeMove(councilMoves.addVoiceOfTheCouncil, 's2', id);
    expect(phones[0]!.snapshot().players.s2?.counters.strategyAllocation).toBe(1);
    // Votes: Ana (Sol, Jord) 2, Ben (Hacan) 2, Cleo (Xxcha, may count resources) 4.
    const ana = b(['1:s1', 'for', 2]);
    const ben = b(['1:s1', 'against', 1], ['voc', 's2', 1]);
    const cleo = b(['1:s2', 's3', 2], ['voc', 's2', 2]);
    await phones[0]!.makeMoveSigned(councilMoves.lockBallot, 's1', id, ana);
    await phones[1]!.makeMoveSigned(councilMoves.lockBallot, 's2', id, ben);
    await settle();
    const before = readable(wire, phones[2]!.doc);
    for (const phone of phones.slice(0, 2)) {
      const opening = await loadOpening('game1', ballotVoteId(id), phone === phones[0] ? 's1' : 's2');
      expect(opening).toBeDefined();
      expect(before).not.toContain(opening!.salt);
      expect(before).not.toContain(opening!.choice);
    }
    expect(before).not.toMatch(/"outcome"|against/);
    const midway = phones[2]!.snapshot().council.sessions[0]!;
    expect(Object.keys(midway.locked).sort()).toEqual(['s1', 's2']);
    expect(midway.ballots).toEqual({});

    await phones[2]!.makeMoveSigned(councilMoves.lockBallot, 's3', id, cleo);
    await until(() => phones.every((p) => p.snapshot().council.sessions[0]?.results));
    const results = phones.map((p) => JSON.stringify(p.snapshot().council.sessions[0]?.results));
    expect(new Set(results).size).toBe(1);
    const s = phones[0]!.snapshot().council;
    expect(s.sessions[0]!.results).toEqual([
      { agenda: '1:s1', status: 'won', winner: 'for', totals: { for: 2, against: 1 }, byTieBreak: false },
      { agenda: '1:s2', status: 'won', winner: 's3', totals: { s3: 2 }, byTieBreak: false },
      { agenda: 'voc', status: 'won', winner: 's2', totals: { s2: 3 }, byTieBreak: false },
    ]);
    // The ballots are public once revealed (001: votes are shown), the law voted for is in force,
    // and Ben is Voice of the Council.
    expect(s.sessions[0]!.ballots.s1).toEqual(ana);
    expect(s.laws).toEqual([LAW]);
    expect(s.voice).toBe('s2');
    stop();
  });

  it('refuses a ballot with more votes than the seat has, with a message, and writes nothing', async () => {
    const { phones, id, stop } = await vote();
    const before = Y.encodeStateAsUpdate(phones[0]!.doc);
    await expect(phones[0]!.makeMoveSigned(councilMoves.lockBallot, 's1', id, b(['1:s1', 'for', 99]))).rejects.toThrow(/uses 99 votes/);
    expect(Y.encodeStateAsUpdate(phones[0]!.doc)).toEqual(before);
    stop();
  });

  it('refuses a phone locking in for a seat it does not hold', async () => {
    const { phones, id, stop } = await vote();
    await expect(phones[0]!.makeMoveSigned(councilMoves.lockBallot, 's2', id, b())).rejects.toThrow(GameError);
    stop();
  });

  it('rejects a reveal that does not match its commitment, names the seat to the table, and still takes the real one', async () => {
    const { phones, id, stop } = await vote();
    stop();
    await phones[0]!.makeMoveSigned(councilMoves.lockBallot, 's1', id, b(['1:s1', 'for', 1]));
    await phones[1]!.makeMoveSigned(councilMoves.lockBallot, 's2', id, b(['1:s1', 'against', 1]));
    await phones[2]!.makeMoveSigned(councilMoves.lockBallot, 's3', id, b(['1:s1', 'against', 1]));
    // Cleo's phone (a bug, or a tampered app) publishes a "reveal" that is not what she locked in.
    phones[2]!.append([{ k: 'council', seat: 's3', e: { c: 'open', session: id, ballot: JSON.stringify({ allocations: [{ agenda: '1:s1', outcome: 'for', votes: 3 }] }), salt: '0'.repeat(32) } }]);
    let s = phones[1]!.snapshot();
    expect(s.council.sessions[0]!.tampered).toEqual(['s3']);
    expect(s.problems.map((p) => p.message).join()).toMatch(/A reveal of Cleo's ballot does not match the ballot Cleo locked in/);
    const restart = phones.map((p) => startAutoReveal(p, p.device));
    await until(() => !!phones[1]!.snapshot().council.sessions[0]!.results);
    s = phones[1]!.snapshot();
    expect(s.council.sessions[0]!.ballots.s3).toEqual(b(['1:s1', 'against', 1]));
    expect(s.council.sessions[0]!.results?.[0]).toMatchObject({ status: 'won', winner: 'against', totals: { for: 1, against: 2 } });
    restart.forEach((r) => r());
  });

  it('one seat locking in from two tabs of its phone at once never stalls the vote: the ballot revealed first stands', async () => {
    const { phones, id, stop } = await vote();
    stop();
    const [ana, ben, cleo] = phones as [Game, Game, Game];
    // Ana's second tab, offline; its changes sort after the first tab's, so the first tab's commitment is
    // the one the log takes, while the opening saved on the phone is the second tab's.
    const tab = replicaOf(ana, ana.device);
    tab.doc.clientID = ana.doc.clientID + 1;
    await ana.makeMoveSigned(councilMoves.lockBallot, 's1', id, b(['1:s1', 'for', 2]));
    await tab.makeMoveSigned(councilMoves.lockBallot, 's1', id, b(['1:s1', 'against', 2]));
    merge(tab, ana);
    await ben.makeMoveSigned(councilMoves.lockBallot, 's2', id, b(['1:s1', 'against', 1]));
    await cleo.makeMoveSigned(councilMoves.lockBallot, 's3', id, b(['1:s1', 'for', 1]));
    const restart = phones.map((p) => startAutoReveal(p, p.device));
    await until(() => !!ben.snapshot().council.sessions[0]!.results);
    const s = ben.snapshot();
    expect(s.council.sessions[0]!.ballots.s1).toEqual(b(['1:s1', 'against', 2]));
    expect(s.problems.map((p) => p.message)).toContain('Ana locked in twice (two screens at once); the ballot revealed first stands.');
    restart.forEach((r) => r());
  });

  it('reveals after a crash: a phone reloaded after locking in still reveals (its opening was saved first)', async () => {
    const { phones, id, stop } = await vote();
    stop();
    await phones[0]!.makeMoveSigned(councilMoves.lockBallot, 's1', id, b(['1:s1', 'for', 2]));
    // Ana's phone "crashes": a new Game over the same document, and a new auto-reveal, after the others lock in.
    await phones[1]!.makeMoveSigned(councilMoves.lockBallot, 's2', id, b(['1:s1', 'against', 1]));
    await phones[2]!.makeMoveSigned(councilMoves.lockBallot, 's3', id, b());
    expect(phones[1]!.snapshot().council.sessions[0]!.results).toBeNull();
    const reloaded = new Game(phones[0]!.doc, 'dev1');
    const restart = [startAutoReveal(reloaded, 'dev1'), startAutoReveal(phones[1]!, 'dev2'), startAutoReveal(phones[2]!, 'dev3')];
    await until(() => !!phones[2]!.snapshot().council.sessions[0]!.results);
    expect(phones[2]!.snapshot().council.sessions[0]!.results?.[0]).toMatchObject({ status: 'won', winner: 'for' });
    restart.forEach((r) => r());
  });

  it('lets the Speaker close a stalled vote after a visible countdown; the silent seat abstains', async () => {
    const { phones, id, stop } = await vote();
    stop();
    await phones[0]!.makeMoveSigned(councilMoves.lockBallot, 's1', id, b(['1:s1', 'for', 1]));
    await expect(phones[1]!.makeMoveSigned(councilMoves.closeVote, 's2', id, 0)).rejects.toThrow(/Only the Speaker/);
    // The countdown starts at the 'closing' event (game time 0 s here) and lasts a minute.
    await phones[0]!.makeMoveSigned(councilMoves.closeVote, 's1', id, 10);
    expect(closingSince(phones[2]!.snapshot(), id)).toBe(0);
    expect(phones[2]!.snapshot().council.sessions[0]!.closed).toBe(false);
    await expect(phones[0]!.makeMoveSigned(councilMoves.closeVote, 's1', id, 30)).rejects.toThrow(/can be closed in 30 s/);
    await phones[0]!.makeMoveSigned(councilMoves.closeVote, 's1', id, 61);
    const v = phones[2]!.snapshot().council.sessions[0]!;
    expect(v.closed).toBe(true);
    expect(v.abstained).toEqual(['s1', 's2', 's3']);
    expect(v.results?.[0]).toMatchObject({ status: 'no-votes' });
    // The log names the seats that had not revealed.
    const { describeEvent } = await import('../../../src/doc');
    const s = phones[2]!.snapshot();
    const close = s.log.find((l) => l.event.k === 'council' && l.event.e.c === 'close');
    expect(describeEvent(close!, s)).toBe('Ana (Speaker) closed the vote; Ana, Ben and Cleo had not revealed and count as abstaining');
  });

  it('names in the log only the seat that never revealed when the Speaker closes the vote', async () => {
    const { phones, id, stop } = await vote();
    stop();
    await phones[0]!.makeMoveSigned(councilMoves.lockBallot, 's1', id, b(['1:s1', 'for', 1]));
    await phones[1]!.makeMoveSigned(councilMoves.lockBallot, 's2', id, b(['1:s1', 'against', 1]));
    // Ben's and Ana's phones reveal; Cleo's phone is off and never locks in.
    const ana = phones[0]!;
    for (const [i, seat] of [[0, 's1'], [1, 's2']] as const) phones[i]!.makeMove(councilMoves.revealBallot, seat, id, (await loadOpening('game1', ballotVoteId(id), seat))!);
    await ana.makeMoveSigned(councilMoves.closeVote, 's1', id, 0);
    await ana.makeMoveSigned(councilMoves.closeVote, 's1', id, 61);
    const { describeEvent } = await import('../../../src/doc');
    const s = phones[1]!.snapshot();
    const close = s.log.find((l) => l.event.k === 'council' && l.event.e.c === 'close');
    expect(describeEvent(close!, s)).toBe('Ana (Speaker) closed the vote; Cleo had not revealed and counts as abstaining');
  });

  it('does not put an agenda to the vote again once it was voted on (001 "Voting" 4: resolved agendas are discarded)', async () => {
    const { phones, id, stop } = await vote();
    await phones[0]!.makeMoveSigned(councilMoves.lockBallot, 's1', id, b(['1:s1', 'for', 2]));
    await phones[1]!.makeMoveSigned(councilMoves.lockBallot, 's2', id, b());
    await phones[2]!.makeMoveSigned(councilMoves.lockBallot, 's3', id, b());
    await until(() => !!phones[0]!.snapshot().council.sessions[0]!.results);
    expectRefused(phones[1]!, 'not-allowed', () => phones[1]!.makeMove(councilMoves.startVote, 's2', ['1:s1']));
    expect(agendasToVote(phones[1]!.snapshot().council, 1)).toEqual(['1:s3']);
    // The law voted for stays in force; a phone that writes the vote anyway is ignored by every phone.
    expect(phones[2]!.snapshot().council.laws).toEqual([LAW]);
    phones[1]!.append([{ k: 'council', seat: 's2', e: { c: 'session', id: 'again', round: 1, agendas: ['1:s1', '1:s2'] } }]);
    const s = phones[2]!.snapshot();
    expect(s.council.sessions.map((v) => v.id)).toEqual([id]);
    expect(s.problems.map((p) => p.message).join()).toMatch(/called a vote on no agenda that can still be voted on/);
    // The one not voted on yet still can be.
    phones[1]!.makeMove(councilMoves.startVote, 's2', ['1:s3']);
    expect(phones[0]!.snapshot().council.sessions.at(-1)?.agendas).toEqual(['1:s3']);
    stop();
  });

  it('asks the Speaker to break a tie, and only the Speaker', async () => {
    const { phones, id, stop } = await vote();
    await phones[0]!.makeMoveSigned(councilMoves.lockBallot, 's1', id, b(['1:s1', 'for', 2]));
    await phones[1]!.makeMoveSigned(councilMoves.lockBallot, 's2', id, b(['1:s1', 'against', 2]));
    await phones[2]!.makeMoveSigned(councilMoves.lockBallot, 's3', id, b());
    await until(() => !!phones[0]!.snapshot().council.sessions[0]!.results);
    expect(phones[0]!.snapshot().council.sessions[0]!.results?.[0]).toMatchObject({ status: 'tie' });
    expect(() => phones[1]!.makeMove(councilMoves.breakTie, 's2', id, '1:s1', 'against')).toThrow(/Only the Speaker/);
    phones[0]!.makeMove(councilMoves.breakTie, 's1', id, '1:s1', 'against');
    expect(phones[2]!.snapshot().council.sessions[0]!.results?.[0]).toMatchObject({ status: 'won', winner: 'against', byTieBreak: true });
    expect(phones[2]!.snapshot().council.laws).toEqual([]);
    stop();
  });
});

describe('votes from named effects on the secret ballot (001 "Voting" 1: "bonus votes granted by other effects"; "Annex 1" Lazax Survivors)', () => {
  async function vote() {
    const t = table();
    await placeAll(t.phones);
    await until(() => t.phones[0]!.snapshot().council.agendas.every((a) => a.revealed));
    return { ...t, id: startVoteOn(t.phones[0]!, 's1', ['1:s1']) };
  }
  const lazax: ExtraVotes = { from: 'lazax', votes: 3 };
  const rhetoric: ExtraVotes = { from: 'action', name: 'Fantastic Rhetoric', votes: 2 };
  const openOf = (s: ReturnType<Game['snapshot']>, seat: string) => s.log.find((l) => l.event.k === 'council' && l.event.e.c === 'open' && l.event.seat === seat)!;

  it('keeps them unreadable in the shared document until the reveal; then every phone counts them in the tally and the log names each', async () => {
    const { phones, wire, id, stop } = await vote();
    // Ana has 2 votes from her planets (Jord); Lazax Survivors and Fantastic Rhetoric add 5.
    await phones[0]!.makeMoveSigned(councilMoves.lockBallot, 's1', id, { allocations: [{ agenda: '1:s1', outcome: 'for', votes: 7 }], extra: [lazax, rhetoric] });
    await phones[1]!.makeMoveSigned(councilMoves.lockBallot, 's2', id, { allocations: [{ agenda: '1:s1', outcome: 'against', votes: 2 }] });
    await settle();
    const before = readable(wire, phones[2]!.doc);
    const opening = await loadOpening('game1', ballotVoteId(id), 's1');
    expect(opening?.choice).toContain('Fantastic Rhetoric');
    expect(before).not.toContain(opening!.choice);
    expect(before).not.toMatch(/Fantastic Rhetoric|lazax|"extra"|"votes"/);
    expect(phones[2]!.snapshot().council.sessions[0]!.ballots).toEqual({});

    await phones[2]!.makeMoveSigned(councilMoves.lockBallot, 's3', id, { allocations: [] });
    await until(() => phones.every((p) => p.snapshot().council.sessions[0]?.results));
    for (const p of phones) expect(p.snapshot().council.sessions[0]!.results?.[0]).toEqual({ agenda: '1:s1', status: 'won', winner: 'for', totals: { for: 7, against: 2 }, byTieBreak: false });
    const s = phones[1]!.snapshot();
    expect(describeEvent(openOf(s, 's1'), s)).toBe("Ana's ballot is revealed: Checks and Balances → for 7 (+3 from Lazax Survivors, +2 from Fantastic Rhetoric)");
    expect(describeEvent(openOf(s, 's3'), s)).toBe("Cleo's ballot is revealed: no votes");
    stop();
  });

  it('binds them to the commitment: a reveal that adds extra votes to the ballot locked in is refused, and the one locked in stands', async () => {
    const { phones, id, stop } = await vote();
    stop();
    await phones[0]!.makeMoveSigned(councilMoves.lockBallot, 's1', id, { allocations: [{ agenda: '1:s1', outcome: 'for', votes: 2 }] });
    await phones[1]!.makeMoveSigned(councilMoves.lockBallot, 's2', id, { allocations: [{ agenda: '1:s1', outcome: 'against', votes: 2 }] });
    await phones[2]!.makeMoveSigned(councilMoves.lockBallot, 's3', id, { allocations: [] });
    // Ana's phone reveals her salt with a ballot that claims Lazax Survivors after all.
    const real = (await loadOpening('game1', ballotVoteId(id), 's1'))!;
    const padded = canonicalJson({ allocations: [{ agenda: '1:s1', outcome: 'for', votes: 5 }], extra: [lazax] });
    expect(() => phones[0]!.makeMove(councilMoves.revealBallot, 's1', id, { ...real, choice: padded })).toThrow(/does not match/);
    phones[0]!.append([{ k: 'council', seat: 's1', e: { c: 'open', session: id, ballot: padded, salt: real.salt } }]);
    expect(phones[2]!.snapshot().council.sessions[0]!.tampered).toEqual(['s1']);
    expect(phones[2]!.snapshot().problems.map((p) => p.message)).toContain("A reveal of Ana's ballot does not match the ballot Ana locked in: it was refused.");
    const restart = phones.map((p) => startAutoReveal(p, p.device));
    await until(() => !!phones[2]!.snapshot().council.sessions[0]!.results);
    const v = phones[2]!.snapshot().council.sessions[0]!;
    expect(v.ballots.s1).toEqual({ allocations: [{ agenda: '1:s1', outcome: 'for', votes: 2 }] });
    expect(v.results?.[0]).toMatchObject({ status: 'tie', totals: { for: 2, against: 2 } });
    restart.forEach((r) => r());
  });

  it('refuses on every phone a revealed ballot whose extra votes break their bounds or cannot be read, names it, and that seat abstains', async () => {
    const { phones, id, stop } = await vote();
    stop();
    // Ana's and Ben's phones are tampered with: they seal what lockBallot would refuse, and reveal it.
    const hostile = async (i: number, seat: string, ballot: unknown) => {
      const { opening, hash } = seal('game1', ballotVoteId(id), seat, ballot);
      await phones[i]!.appendSigned([{ k: 'council', seat, e: { c: 'commit', session: id, hash } }]);
      phones[i]!.append([{ k: 'council', seat, e: { c: 'open', session: id, ballot: opening.choice, salt: opening.salt } }]);
    };
    await hostile(0, 's1', { allocations: [{ agenda: '1:s1', outcome: 'for', votes: 50 }], extra: [{ from: 'action', name: 'Bribery', votes: 48 }] });
    await hostile(1, 's2', { allocations: [{ agenda: '1:s1', outcome: 'against', votes: 1 }], extra: 'lots' });
    await phones[2]!.makeMoveSigned(councilMoves.lockBallot, 's3', id, { allocations: [{ agenda: '1:s1', outcome: 'against', votes: 1 }] });
    phones[2]!.makeMove(councilMoves.revealBallot, 's3', id, (await loadOpening('game1', ballotVoteId(id), 's3'))!);
    const s = phones[2]!.snapshot();
    const v = s.council.sessions[0]!;
    expect(v.refused).toEqual({ s1: 'Votes from Bribery must be a whole number from 1 to 20.', s2: 'it cannot be read' });
    expect(s.problems.map((p) => p.message)).toEqual(expect.arrayContaining([
      "Ana's ballot was refused (Votes from Bribery must be a whole number from 1 to 20.); Ana counts as abstaining.",
      "Ben's ballot was refused (it cannot be read); Ben counts as abstaining.",
    ]));
    expect(v.results?.[0]).toMatchObject({ status: 'won', winner: 'against', totals: { against: 1 } });
  });

  it('refuses at lock-in, writing nothing, extra votes out of bounds and votes beyond planets plus effects; the 1-vote minimum applies after the effects', async () => {
    const { phones, id, stop } = await vote();
    const ana = phones[0]!;
    const before = Y.encodeStateAsUpdate(ana.doc);
    await expect(ana.makeMoveSigned(councilMoves.lockBallot, 's1', id, { allocations: [], extra: [{ ...rhetoric, votes: 21 }] })).rejects.toThrow('Votes from Fantastic Rhetoric must be a whole number from 1 to 20.');
    await expect(ana.makeMoveSigned(councilMoves.lockBallot, 's1', id, { allocations: [{ agenda: '1:s1', outcome: 'for', votes: 6 }], extra: [lazax] })).rejects.toThrow('This ballot uses 6 votes; you have 5.');
    await expect(ana.makeMoveSigned(councilMoves.lockBallot, 's1', id, { allocations: [], extra: [{ from: 'assembly', votes: 3 }] })).rejects.toThrow(/only in a 2-player game/);
    expect(Y.encodeStateAsUpdate(ana.doc)).toEqual(before);
    // Every planet of hers exhausted: 0 influence, so 1 vote alone, but Lazax Survivors makes it 3, not 4.
    for (const planet of ana.snapshot().players.s1?.planets ?? []) ana.makeMove(planetMoves.setExhausted, planet, true);
    expect(ballotVotes(ana.snapshot(), id, 's1')).toBe(1);
    expect(ballotVotes(ana.snapshot(), id, 's1', 3)).toBe(3);
    await expect(ana.makeMoveSigned(councilMoves.lockBallot, 's1', id, { allocations: [{ agenda: '1:s1', outcome: 'for', votes: 4 }], extra: [lazax] })).rejects.toThrow('This ballot uses 4 votes; you have 3.');
    await ana.makeMoveSigned(councilMoves.lockBallot, 's1', id, { allocations: [{ agenda: '1:s1', outcome: 'for', votes: 3 }], extra: [lazax] });
    await phones[1]!.makeMoveSigned(councilMoves.lockBallot, 's2', id, { allocations: [] });
    await phones[2]!.makeMoveSigned(councilMoves.lockBallot, 's3', id, { allocations: [] });
    await until(() => !!phones[1]!.snapshot().council.sessions[0]!.results);
    expect(phones[1]!.snapshot().council.sessions[0]!.results?.[0]).toMatchObject({ status: 'won', winner: 'for', totals: { for: 3 } });
    stop();
  });
});

describe('Voice of the Council in the header totals', () => {
  it('adds 5 votes to the seat the council elected (001 "Voice of the Council")', async () => {
    const { seatTotals } = await import('../../../src/doc/sheet');
    const { phones, stop } = table();
    await placeAll(phones);
    await until(() => phones[0]!.snapshot().council.agendas.every((a) => a.revealed));
    const id = startVoteOn(phones[0]!, 's1', ['1:s1']);
    phones[0]!.makeMove(councilMoves.addVoiceOfTheCouncil, 's1', id);
    const before = seatTotals(phones[0]!.snapshot(), 's2').votes;
    await phones[0]!.makeMoveSigned(councilMoves.lockBallot, 's1', id, { allocations: [{ agenda: 'voc', outcome: 's2', votes: 1 }] });
    await phones[1]!.makeMoveSigned(councilMoves.lockBallot, 's2', id, { allocations: [] });
    await phones[2]!.makeMoveSigned(councilMoves.lockBallot, 's3', id, { allocations: [] });
    await until(() => phones[0]!.snapshot().council.voice === 's2');
    expect(seatTotals(phones[0]!.snapshot(), 's2').votes).toBe(before + 5);
    stop();
  });
});

describe('clean-up (001 "Status Phase › 9) Clean-up")', () => {
  it('gives back to their owners the agendas no vote included when the round ends, once', async () => {
    const { phones, stop } = table();
    await placeAll(phones);
    await until(() => phones[0]!.snapshot().council.agendas.every((a) => a.revealed));
    phones[0]!.makeMove(councilMoves.startVote, 's1', ['1:s1']);
    const before = phones[0]!.snapshot().players;
    phones[0]!.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
    const after = phones[2]!.snapshot();
    // Ana's agenda was voted on: it stays out of her hand. Ben's and Cleo's come back (Cleo's was the deck's top card).
    expect(after.players.s1?.counters.politicalCards).toBe(before.s1?.counters.politicalCards);
    expect(after.players.s2?.counters.politicalCards).toBe((before.s2?.counters.politicalCards ?? 0) + 1);
    expect(after.players.s3?.counters.politicalCards).toBe((before.s3?.counters.politicalCards ?? 0) + 1);
    expect(after.council.agendas.filter((a) => a.returned).map((a) => a.key)).toEqual(['1:s2', '1:s3']);
    phones[1]!.makeMove(roundMoves.setRound, { round: 3, phase: 'strategy', step: null });
    expect(phones[2]!.snapshot().players.s2?.counters.politicalCards).toBe((before.s2?.counters.politicalCards ?? 0) + 1);
    stop();
  });
});

describe('the private hand follows the agendas placed from it', () => {
  it('takes a card out of the hand on this phone when it is placed, and gives it back only when the round ends without a vote on it', async () => {
    const { phones, stop } = table();
    const follows = phones.map((p) => startHandFollows(p));
    await saveHand('game1', 's1', { ...EMPTY_HAND, political: [LAW, 'build-monument'] });
    await saveHand('game1', 's2', { ...EMPTY_HAND, political: [ELECT] });
    await placeAll(phones);
    // Placed face down: out of the hand at once, remembered for the return.
    expect(await loadHand('game1', 's1')).toMatchObject({ political: ['build-monument'], placed: [{ key: '1:s1', card: LAW }] });
    expect((await loadHand('game1', 's2')).political).toEqual([]);
    await until(() => phones[0]!.snapshot().council.agendas.every((a) => a.revealed));
    // Ana's agenda is voted on (and discarded or in force); Ben's is not: it comes back at the round's end.
    phones[0]!.makeMove(councilMoves.startVote, 's1', ['1:s1']);
    phones[0]!.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
    const hands = async () => [await loadHand('game1', 's1'), await loadHand('game1', 's2')];
    for (let i = 0; i < 50 && (await hands()).some((h) => h.placed.length); i++) await settle();
    const [ana, ben] = await hands();
    expect(ana).toMatchObject({ political: ['build-monument'], placed: [] });
    expect(ben).toMatchObject({ political: [ELECT], placed: [] });
    // The public counts agree with the hands: 2 dealt, 1 placed (−1 at the reveal), Ben's back (+1).
    expect(phones[2]!.snapshot().players.s1?.counters.politicalCards).toBe(1);
    expect(phones[2]!.snapshot().players.s2?.counters.politicalCards).toBe(2);
    follows.forEach((f) => f());
    stop();
  });
});

describe('a player out of the game and the council (001 "Elimination" 1, 5, 6)', () => {
  /** Agendas placed and revealed in round 1, then the action phase, where the table eliminates Ben. */
  async function benEliminated() {
    const t = table();
    const follows = t.phones.map((p) => startHandFollows(p));
    await saveHand('game1', 's2', { ...EMPTY_HAND, political: [ELECT, 'build-monument'], secretObjectives: ['become-a-legend'] });
    await placeAll(t.phones);
    await until(() => t.phones.every((p) => p.snapshot().council.agendas.every((a) => a.revealed)));
    const [ana] = t.phones as [Game, Game, Game];
    ana.makeMove(roundMoves.setRound, { round: 1, phase: 'action', step: null });
    ana.makeMove(roundMoves.eliminate, 's2');
    return { ...t, stop: () => (follows.forEach((f) => f()), t.stop()) };
  }

  it('an eliminated player\'s unvoted agenda does not return to her hand: she holds no political card (001 "Elimination" 1)', async () => {
    const { phones, stop } = await benEliminated();
    const [ana, , cleo] = phones as [Game, Game, Game];
    expect(cleo.snapshot().players.s2?.counters.politicalCards).toBe(0);
    const before = cleo.snapshot().players;
    ana.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
    for (const p of phones) {
      const after = p.snapshot();
      expect(after.players.s2?.counters.politicalCards).toBe(0);
      // Ana's and Cleo's unvoted agendas come back to them, as every round.
      expect(after.players.s1?.counters.politicalCards).toBe((before.s1?.counters.politicalCards ?? 0) + 1);
      expect(after.players.s3?.counters.politicalCards).toBe((before.s3?.counters.politicalCards ?? 0) + 1);
      expect(after.council.agendas.filter((a) => a.returned).map((a) => a.key)).toEqual(['1:s1', '1:s3']);
    }
    // Her phone's hand follows: her cards are discarded, her secret objective stays hers.
    for (let i = 0; i < 50 && (await loadHand('game1', 's2')).placed.length; i++) await settle();
    expect(await loadHand('game1', 's2')).toMatchObject({ political: [], action: [], placed: [], secretObjectives: ['become-a-legend'] });
    stop();
  });

  it('a surrendered player\'s unvoted agenda does not return to her hand either (001 "Surrender" 7, "Elimination" 1)', async () => {
    const { phones, stop } = table();
    const [ana, ben, cleo] = phones as [Game, Game, Game];
    await placeAll(phones);
    await until(() => phones.every((p) => p.snapshot().council.agendas.every((a) => a.revealed)));
    for (const [p, seat, card] of [[ana, 's1', 1], [ben, 's2', 2], [cleo, 's3', 3], [ana, 's1', 4], [ben, 's2', 5], [cleo, 's3', 6]] as const) p.makeMove(roundMoves.pick, seat, card);
    for (const [p, seat, card] of [[ana, 's1', 1], [ben, 's2', 2], [cleo, 's3', 3], [ana, 's1', 4], [ben, 's2', 5], [cleo, 's3', 6]] as const) {
      p.makeMove(roundMoves.strategic, seat, card);
      p.makeMove(roundMoves.endTurn, seat);
    }
    ana.makeMove(roundMoves.pass, 's1');
    ben.makeMove(roundMoves.surrender, 's2');
    cleo.makeMove(roundMoves.pass, 's3');
    ana.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
    for (const p of phones) {
      expect(p.snapshot().tracker.out).toEqual(['s2']);
      expect(p.snapshot().players.s2?.counters.politicalCards).toBe(0);
      expect(p.snapshot().council.agendas.find((a) => a.key === '1:s2')?.returned).toBe(false);
    }
    stop();
  });

  it('the agendas of the players left are revealed once each of them has placed one; she places none (001 "Elimination" 5: "She is ignored by all effects")', async () => {
    const { phones, stop } = await benEliminated();
    const [ana, ben, cleo] = phones as [Game, Game, Game];
    ana.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
    await expect(ben.makeMoveSigned(councilMoves.placeAgenda, 's2', { source: 'deck' })).rejects.toThrow(/out of the game/);
    await ana.makeMoveSigned(councilMoves.placeAgenda, 's1', { source: 'deck' });
    await cleo.makeMoveSigned(councilMoves.placeAgenda, 's3', { source: 'deck' });
    await until(() => phones.every((p) => p.snapshot().council.agendas.filter((a) => a.round === 2).every((a) => a.revealed)));
    expect(cleo.snapshot().council.agendas.filter((a) => a.round === 2).map((a) => a.key)).toEqual(['2:s1', '2:s3']);
    // 2 players: more agendas from the deck up to 5 (001 "2 players"), 3 here.
    for (const card of ['bellum-gloriosum', 'build-monument', 'arms-reduction']) ana.makeMove(councilMoves.revealExtraAgenda, card);
    expect(() => ana.makeMove(councilMoves.revealExtraAgenda, 'checks-and-balances')).toThrow(/no more than 5/);
    stop();
  });

  it('after an elimination leaves 2 players, the Assembly dice are rolled and the Voice of the Council gives 3 votes (001 "2 players" › Assembly, "Voice of the Council")', async () => {
    const { seatTotals } = await import('../../../src/doc/sheet');
    const { phones, stop } = await benEliminated();
    const [ana, , cleo] = phones as [Game, Game, Game];
    const id = startVoteOn(ana, 's1', ['1:s1']);
    cleo.makeMove(councilMoves.recordDice, 's3', id, [4, 7, 9]);
    expect(ana.snapshot().council.sessions[0]?.dice.s3).toEqual([4, 7, 9]);
    expect(ana.snapshot().council.sessions[0]?.eligible).toEqual(['s1', 's3']);
    ana.makeMove(councilMoves.addVoiceOfTheCouncil, 's1', id);
    const before = seatTotals(ana.snapshot(), 's3').votes;
    await ana.makeMoveSigned(councilMoves.lockBallot, 's1', id, { allocations: [{ agenda: 'voc', outcome: 's3', votes: 1 }] });
    await cleo.makeMoveSigned(councilMoves.lockBallot, 's3', id, { allocations: [] });
    await until(() => ana.snapshot().council.voice === 's3');
    expect(seatTotals(ana.snapshot(), 's3').votes).toBe(before + 3);
    stop();
  });
});

describe('a stalled vote (issue 35: the Speaker hears "a phone is not answering" only after a minute of silence)', () => {
  it('is stalled a minute after the last answer (the start, a lock-in or a reveal), and stays so once the countdown started', () => {
    expect(voteStalled({ answeredAt: 100, closingAt: null }, 159)).toBe(false);
    expect(voteStalled({ answeredAt: 100, closingAt: null }, 160)).toBe(true);
    expect(voteStalled({ answeredAt: 150, closingAt: 120 }, 151)).toBe(true);
  });
});

describe("a vote's result as news (issue 35 item 6)", () => {
  it('is news in the phase it was announced in, and no longer once that phase or the round is over', () => {
    const session = { round: 2 };
    const announced = { round: 2, phase: 'action' as const };
    expect(stillNews(session, announced, { round: 2, phase: 'action' })).toBe(true);
    expect(stillNews(session, announced, { round: 2, phase: 'status' })).toBe(false);
    expect(stillNews(session, announced, { round: 3, phase: 'strategy' })).toBe(false);
    // Seen only after the table moved on to the next round: a vote of an earlier round is not news.
    expect(stillNews(session, { round: 3, phase: 'strategy' }, { round: 3, phase: 'strategy' })).toBe(false);
  });
});
