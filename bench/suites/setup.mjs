// Setup at the table (issue 19): an 8-player setup played in this process, each phone its own Yjs replica
// with its own setup agent (src/runtime/setupAgent.ts), on a synchronous in-process network (the few lines of
// test/unit/doc/fixtures.ts `recordingTable`, written here since that file imports vitest), as
// test/unit/doc/setupAtTable.test.ts plays it with three phones. The script taps what a player taps; the
// agents do the rest (die commitments and openings, every lock, unlock and card read, the key reveal).
//
// The script: the first player picks Hacan and the 7 others pass, so deal 1 has 7 recipients; every
// recipient returns her race in deal 1; in deal 2 six keep theirs and the last returns it again, so the
// public deal (round 3) runs too; home bids from the first player (locations 1…8, the first bids 2), the
// seating by location, the speaker auction (the first bidder bids 1, the others withdraw), the cycler, then
// the objectives draw and the secret objectives deal (16 cards, 2 each) and each seat keeps one; the
// reveal of every phone's race deal keys ends the setup and starts round 1. The suite throws if any phone's
// agent reports an error, if the setup does not reach round 1 with no problem and the same seats and races
// on every phone, or if a step does not happen within its wait: it never reports a figure of a broken run.
//
//   setup.phones            8 (phones, and seats, in the setup)
//   setup.wallMs            wall time from starting the 8 agents (the first die commitment) until every
//                           phone's fold has finished the setup (`setup.final`, round 1). One process does
//                           all 8 phones' work, one after the other: a phone does about 1/8 of it. The
//                           fold's memo of `unfairness` is shared by the 8 in-process phones, so the final
//                           check is computed once here where each phone computes it once (setup.checkMs)
//   setup.cpuMs             CPU time of this process (user + system) over the same span: what the 8 phones'
//                           work costs, less moved than the wall time by other work on the machine
//   setup.lockMs            lockAndShuffle of a 16-card deck with a fresh key (mentalPoker.ts), median of 15
//   setup.unlockMs          unlock of one card with 2 keys (a round 2 race card), median of 15
//   setup.checkMs           the fold's full `unfairness` check of the finished 8-player race deals (every
//                           lock and unlock verified against the revealed keys), median of 5; each call
//                           gets a copy of the state with a run number on its deals, so the memo (keyed
//                           by the deals' JSON) never answers
//   setup.logBytes          Y.encodeStateAsUpdate of the host's document once the setup is over minus right
//                           after createGame (v1): everything the setup adds, the 8 signed seat claims
//                           included (their share is in details.setup.claimBytes)
//   setup.largestEventBytes the largest single log entry the setup added, as JSON (its signature as
//                           base64url), UTF-8 bytes
import * as Y from 'yjs';

export const keys = ['setup.phones', 'setup.wallMs', 'setup.cpuMs', 'setup.lockMs', 'setup.unlockMs', 'setup.checkMs', 'setup.logBytes', 'setup.largestEventBytes'];
export const targets = { 'setup.wallMs': { max: 60_000 } };
export const timeoutMs = 10 * 60_000;

const PLAYERS = 8;
const COLORS = ['red', 'blue', 'green', 'yellow', 'purple', 'black', 'orange', 'pink'];
const NAMES = ['Ana', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana'];
// The longest any one step may take before the run is declared stuck (a busy machine is slow, not stuck).
const WAIT_MS = 240_000;

const utf8 = (s) => Buffer.byteLength(s, 'utf8');
const entryJson = (entry) => JSON.stringify(entry, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64url') : v));

/** One phone per seat, each its own replica and device, every update delivered to the others at once (fixtures.ts `recordingTable`). */
async function table(doc, setup) {
  const host = doc.createGame(setup, { id: 'bench-setup', secret: 'secret', device: 'dev1' });
  const created = Y.encodeStateAsUpdate(host.doc).byteLength;
  const phones = setup.seats.map((_, i) => {
    if (i === 0) return host;
    const replica = new Y.Doc();
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(host.doc));
    return new doc.Game(replica, `dev${i + 1}`);
  });
  const wire = { messages: 0, bytes: 0 };
  for (const from of phones) {
    from.doc.on('update', (u, origin) => {
      if (origin === 'net') return;
      wire.messages += 1;
      wire.bytes += u.byteLength;
      for (const to of phones) if (to !== from) Y.applyUpdate(to.doc, u, 'net');
    });
  }
  for (const [i, p] of phones.entries()) await p.claimSeat(`s${i + 1}`);
  const claimed = Y.encodeStateAsUpdate(host.doc).byteLength;
  return { host, phones, wire, created, claimed };
}

export async function run(ctx) {
  // The agent keeps each phone's keys and cards with idb-keyval: an in-memory IndexedDB for node.
  await import('fake-indexeddb/auto');
  const doc = await ctx.importTs('src/doc/index.ts');
  const { fromFirst } = await ctx.importTs('src/doc/setup/index.ts');
  const { unfairness } = await ctx.importTs('src/doc/setup/fold.ts');
  const { startSetupAgent } = await ctx.importTs('src/runtime/setupAgent.ts');
  const { seatingByLocation } = await ctx.importTs('src/rules/setup.ts');
  const poker = await ctx.importTs('src/crypto/mentalPoker.ts');
  const { RACES } = await ctx.importTs('src/data/index.ts');
  const setupMoves = await ctx.importTs('src/doc/setup/moves.ts');

  // ——— the whole setup, 8 phones ———
  const setupSpec = {
    name: 'Bench setup night',
    vpGoal: 10,
    options: { pathOfFate: false, simultaneousTactical: false, ascendancy: false, atTable: { map: 'preset' } },
    seats: NAMES.map((name, i) => ({ name, color: COLORS[i], race: '' })),
  };
  const { host, phones, wire, created, claimed } = await table(doc, setupSpec);
  const logAtStart = host.root.log.length;
  const bySeat = (seat) => phones[Number(seat.slice(1)) - 1];
  const setup = () => host.snapshot().setup;
  const errors = [];
  const timeline = [];
  let stops = [];
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const mark = (what) => timeline.push({ what, ms: Math.round(performance.now() - started) });
  const until = async (what, ok) => {
    const end = Date.now() + WAIT_MS;
    while (!ok()) {
      if (errors.length) throw new Error(`a phone's setup agent failed while waiting for ${what}: ${errors.join(' | ')}`);
      const problems = host.snapshot().problems;
      if (problems.length) throw new Error(`the setup went wrong while waiting for ${what}: ${problems.map((p) => p.message).join(' | ')}`);
      if (Date.now() > end) throw new Error(`the setup did not reach ${what} within ${WAIT_MS / 1000} s (step: ${setup().step})`);
      await new Promise((ok) => setTimeout(ok, 5));
    }
    mark(what);
  };
  // The secret objectives' deal (001 step 5) runs beside the die; the race deals follow it in `deals`.
  const dealOf = (what, round) => setup().deals.find((d) => d.what === what && d.round === round);
  const dealDone = (what, round) => () => {
    const d = dealOf(what, round);
    return !!d && d.locks.length === d.chain.length && d.unlocks.length === d.chain.length;
  };

  let wallMs;
  let cpuMs;
  try {
    stops = phones.map((p) => startSetupAgent(p, (m) => errors.push(m)));
    await until('the die', () => setup().step === 'pick');
    const order = fromFirst(setup());
    await bySeat(setup().pickTurn).makeMoveSigned(setupMoves.pick, setup().pickTurn, 'hacan');
    while (setup().pickTurn) await bySeat(setup().pickTurn).makeMoveSigned(setupMoves.pick, setup().pickTurn, null);
    mark('picks');

    // Deal 1: 7 recipients, all return their race.
    await until('deal 1 unlocked', dealDone('race', 1));
    const first = dealOf('race', 1);
    if (first.recipients.length !== PLAYERS - 1) throw new Error(`deal 1 has ${first.recipients.length} recipients, not ${PLAYERS - 1}`);
    for (const seat of first.recipients) await bySeat(seat).makeMoveSigned(setupMoves.choose, seat, first.id, false);
    // Deal 2: the same 7; six keep, the last returns hers again and is dealt a race in public.
    await until('deal 2 unlocked', dealDone('race', 2));
    const second = dealOf('race', 2);
    if (second.recipients.length !== PLAYERS - 1) throw new Error(`deal 2 has ${second.recipients.length} recipients, not ${PLAYERS - 1}`);
    for (const [i, seat] of second.recipients.entries()) await bySeat(seat).makeMoveSigned(setupMoves.choose, seat, second.id, i < second.recipients.length - 1);
    await until('the public deal', () => setup().step === 'home');
    if (Object.keys(setup().dealt).length !== 1) throw new Error(`the public deal dealt ${Object.keys(setup().dealt).length} races, not 1`);

    // Step 7, home system locations: clockwise from the first player, the first bids 2 on location 1.
    for (const [i, seat] of order.entries()) await bySeat(seat).makeMoveSigned(setupMoves.homeBid, seat, i + 1, i === 0 ? 2 : 0);
    if (setup().step !== 'seating') throw new Error(`after the home bids the table is at ${setup().step}, not seating`);
    await bySeat('s2').makeMoveSigned(setupMoves.seating, 's2', seatingByLocation(setup().home));
    // Step 9: the first bidder bids 1, the others withdraw; she orients the cycler.
    const bidder = setup().speaker.turn;
    await bySeat(bidder).makeMoveSigned(setupMoves.speakerBid, bidder, 1);
    while (setup().speaker?.turn) await bySeat(setup().speaker.turn).makeMoveSigned(setupMoves.speakerBid, setup().speaker.turn, null);
    await bySeat(bidder).makeMoveSigned(setupMoves.cycler, bidder, 'clockwise');
    mark('bids, seating, speaker, cycler');
    await until('the secret objectives dealt', () => setup().step === 'secrets' && dealDone('secret', 0)());
    for (const seat of order) await bySeat(seat).makeMoveSigned(setupMoves.keptSecret, seat);
    await until('round 1 on every phone', () => phones.every((p) => p.snapshot().setup.final !== null));
    wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuAtStart);
    cpuMs = (cpu.user + cpu.system) / 1000;
  } finally {
    stops.forEach((stop) => stop());
  }
  if (errors.length) throw new Error(`a phone's setup agent failed: ${errors.join(' | ')}`);

  // Every phone agrees, every seat has its own race, no problem, round 1.
  const snaps = phones.map((p) => p.snapshot());
  const racesOf = (s) => s.seats.map((x) => `${x.id}:${x.race}`).join();
  for (const [i, s] of snaps.entries()) {
    if (s.problems.length) throw new Error(`phone ${i + 1} has problems: ${s.problems.map((p) => p.message).join(' | ')}`);
    if (s.setup.unfair) throw new Error(`phone ${i + 1} found the deal unfair: ${s.setup.unfair}`);
    if (racesOf(s) !== racesOf(snaps[0])) throw new Error(`phone ${i + 1} has other races: ${racesOf(s)} vs ${racesOf(snaps[0])}`);
    if (s.round.round !== 1) throw new Error(`phone ${i + 1} is in round ${s.round.round}, not 1`);
  }
  const races = snaps[0].seats.map((x) => x.race);
  if (races.some((r) => !r) || new Set(races).size !== PLAYERS) throw new Error(`the seats' races are not ${PLAYERS} different races: ${races.join()}`);
  const final = snaps[0].setup;
  const raceDeals = final.deals.filter((d) => d.what === 'race');
  if (raceDeals.length !== 3) throw new Error(`${raceDeals.length} race deals ran, not 3`);

  // ——— the document ———
  const finalBytes = Y.encodeStateAsUpdate(host.doc).byteLength;
  const added = host.root.log.toArray().slice(logAtStart);
  const sized = added.map((entry) => {
    const e = doc.decodeEvent(entry);
    return { kind: e ? (e.k === 'setup' ? `setup ${e.op}` : e.k) : '?', bytes: utf8(entryJson(entry)) };
  });
  const largest = sized.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const byKind = {};
  for (const { kind, bytes } of sized) {
    const k = (byKind[kind] ??= { entries: 0, bytes: 0, largest: 0 });
    k.entries += 1;
    k.bytes += bytes;
    k.largest = Math.max(k.largest, bytes);
  }

  // ——— the pieces, alone ———
  const { median, round, repeat } = ctx.stats;
  const deck = RACES.slice(0, 16).map((r) => poker.encodeCard(r.id));
  if (deck.length !== 16) throw new Error(`only ${deck.length} races to make a 16-card deck`);
  const lockRuns = await repeat(15, () => {
    const key = poker.newKey();
    const t = performance.now();
    const out = poker.lockAndShuffle(deck, key);
    const ms = performance.now() - t;
    if (out.length !== 16) throw new Error('lockAndShuffle lost cards');
    return ms;
  }, { warmup: 2 });
  const unlockRuns = await repeat(15, (i) => {
    const k1 = poker.newKey();
    const k2 = poker.newKey();
    const plain = deck[Math.abs(i) % deck.length];
    const locked = poker.modPow(poker.modPow(plain, k1, poker.P), k2, poker.P);
    const t = performance.now();
    const out = poker.unlock(locked, [k1, k2]);
    const ms = performance.now() - t;
    if (out !== plain) throw new Error('unlock did not give the card back');
    return ms;
  }, { warmup: 2 });
  const name = (seat) => seat;
  const checkRuns = await repeat(5, (i) => {
    // A copy the memo has never seen: unfairness reads only the deals' known fields, the memo key is their JSON.
    const fresh = { ...final, deals: final.deals.map((d) => ({ ...d, benchRun: i })) };
    const t = performance.now();
    const verdict = unfairness(fresh, name);
    const ms = performance.now() - t;
    if (verdict !== null) throw new Error(`the check found the finished deal unfair: ${verdict}`);
    return ms;
  }, { warmup: 1 });
  const cachedCheck = (() => {
    const fresh = { ...final, deals: final.deals.map((d) => ({ ...d, benchRun: 0 })) };
    const t = performance.now();
    unfairness(fresh, name);
    return performance.now() - t;
  })();

  ctx.detail('timeline', timeline);
  ctx.detail('deals', final.deals.map((d) => ({ id: d.id, what: d.what, round: d.round, deck: d.plain ? d.plain.length : d.input.length, chain: d.chain.length, recipients: d.recipients.length, perSeat: d.perSeat })));
  ctx.detail('log', { entriesAdded: added.length, byKind, largest });
  ctx.detail('bytes', { created, claimBytes: claimed - created, final: finalBytes });
  ctx.detail('wire', wire);
  ctx.detail('runs', { lockMs: lockRuns.map((v) => round(v, 2)), unlockMs: unlockRuns.map((v) => round(v, 2)), checkMs: checkRuns.map((v) => round(v, 1)), cachedCheckMs: round(cachedCheck, 2) });
  const decks = raceDeals.map((d) => `${d.recipients.length} of ${d.plain ? d.plain.length : d.input.length}`).join(', ');
  ctx.note('setup.wallMs', `8 phones in one process, first die commitment to round 1 on every phone; race deals dealt ${decks} cards; ${added.length} log entries, ${wire.messages} updates on the in-process network`);
  ctx.note('setup.cpuMs', 'user + system CPU time of the bench process over setup.wallMs (the 8 phones, their in-memory IndexedDB and the network)');
  ctx.note('setup.lockMs', `lockAndShuffle of 16 race cards with a fresh 256-bit key, median of ${lockRuns.length}`);
  ctx.note('setup.unlockMs', `unlock of one card with 2 keys (a full-width exponent), median of ${unlockRuns.length}`);
  ctx.note('setup.checkMs', `unfairness over the 3 race deals of the 8-player run (memo bypassed), median of ${checkRuns.length}; a memo hit takes ${round(cachedCheck, 2)} ms`);
  ctx.note('setup.logBytes', `v1 state after the setup minus right after createGame (the 8 signed seat claims are ${claimed - created} B of it); ${added.length} log entries`);
  ctx.note('setup.largestEventBytes', `a "${largest.kind}" entry as JSON, signature in base64url`);
  return {
    'setup.phones': PLAYERS,
    'setup.wallMs': Math.round(wallMs),
    'setup.cpuMs': Math.round(cpuMs),
    'setup.lockMs': round(median(lockRuns), 2),
    'setup.unlockMs': round(median(unlockRuns), 2),
    'setup.checkMs': round(median(checkRuns), 1),
    'setup.logBytes': finalBytes - created,
    'setup.largestEventBytes': largest.bytes,
  };
}
