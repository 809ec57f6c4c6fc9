/**
 * Issue 19, setup at the table, against a hostile phone. Every phone referees every step from the log, so
 * what Cleo's phone writes past its own checks (a step for another seat, a deck of the wrong size or with a
 * card twice, her own card unlocked in public, a game event before the game starts) is refused by every
 * honest phone, named to the table, and moves nothing; and a phone that locked with another key than the
 * one it reveals, or reveals another race than the one it kept, is named once the keys are out: the game
 * does not start, and the race deal can start over. Also the deal's pool arithmetic, phones joining and
 * leaving mid-setup, and the deal's secrecy, read off every byte the phones sent.
 *
 * One setup is played out once (`beforeAll`: five phones; Cleo's agent is stopped after the die and her
 * part is done by hand, so the table waits for her where a test needs it). The document at each of those
 * points is kept, and each test plays on its own copy (`fork`): the same phones (devices and keys) on a
 * new network, with no agent running, so nothing moves unless the test moves it.
 */
import { toHexString } from 'lib0/buffer';
import { digest } from 'lib0/hash/sha256';
import * as Y from 'yjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { RACES, RACES_BY_ID } from '../../../src/data';
import { describeEvent, encodeEvent, Game, gameRoot, memoryMemo, readRaw } from '../../../src/doc';
import type { EventBody, GameEvent, GameSetup, GameSnapshot, RawGame } from '../../../src/doc';
import { signedBytes } from '../../../src/crypto/signature';
import { cardAt, cardsOf, fromFirst, lockTurn, lockedDeck, openDeal, secretDeal, unlockTurn } from '../../../src/doc/setup';
import { emptySetup, unfairness } from '../../../src/doc/setup/fold';
import type { Deal } from '../../../src/doc/setup';
import { seatingByLocation } from '../../../src/rules/setup';
import type { HomeBidding } from '../../../src/rules/setup';
import { encodeCard, fromWire, keyFromWire, keyToWire, lockAndShuffle, newKey, toWire, unlock } from '../../../src/crypto/mentalPoker';
import { keptRace, loadSetupSecrets, setupStep } from '../../../src/runtime/setupAgent';
import { clockAt, expectRefused, recordingNetwork } from './fixtures';
import { atTable, raceDeal, setupTable, until } from './setupTable';
import * as setupMoves from '../../../src/doc/setup/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';

const GAME = 'hostile';
const SEATS = ['s1', 's2', 's3', 's4', 's5'];
const CLEO = 's3';
/** The one race chosen at step 6.2 (by the first player, or the next one when Cleo is first); everyone else passes. */
const PICKED = 'hacan';
const fiveAtTable: GameSetup = { ...atTable, seats: [...atTable.seats, { name: 'Dana', color: 'yellow', race: '' }, { name: 'Eve', color: 'purple', race: '' }] };

/** Where the played-out setup was kept: Ana's turn to pick; Cleo's turn to lock, then to unlock, race deal 1; the home bids; the reveal, before anyone revealed. */
type Point = 'anaPicks' | 'cleoLocks' | 'cleoUnlocks' | 'home' | 'reveal';

interface Played {
  phones: Game[];
  at: Record<Point, Uint8Array>;
  /** Every update the phones sent up to the reveal. */
  wire: Uint8Array[];
  /** Who returned her race in deal 1 and kept the one of deal 2. */
  keeper: string;
  /** The two who returned their race in deals 1 and 2, and were dealt one in public. */
  returners: string[];
  /** The race Cleo kept from race deal 1 (on her phone only until the reveal). */
  kept: string;
  errors: string[];
}

let played: Played;

const bySeatOf = (phones: readonly Game[]) => (seat: string) => phones[SEATS.indexOf(seat)] as Game;

/** The next thing `seat` owes, done by hand on her phone (her agent is stopped), until `ok`; then what she owes after it. */
async function byHand(phone: Game, seat: string, what: string, ok: () => boolean): Promise<void> {
  const end = Date.now() + 20_000;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    if (!(await setupStep(phone, seat))) await new Promise((r) => setTimeout(r, 10));
  }
  while (await setupStep(phone, seat));
}

beforeAll(async () => {
  const t = setupTable(fiveAtTable, GAME);
  const { phones, bySeat, setup } = t;
  const cleo = bySeat(CLEO);
  const at: Partial<Record<Point, Uint8Array>> = {};
  const keep = (point: Point) => void (at[point] = Y.encodeStateAsUpdate((phones[0] as Game).doc));
  const deal = (round: number, turn: (d: Deal) => string | null) => {
    const d = openDeal(setup());
    return d?.round === round && turn(d) === CLEO;
  };

  await until('the die', () => setup().step === 'pick');
  // The secret objectives are dealt beside the die (001 step 5): every phone's part in that deal is done before Cleo's agent stops.
  await until('the secret objectives dealt', () => secretDeal(setup())?.unlocks.length === SEATS.length);
  t.stop(CLEO);
  const picker = fromFirst(setup()).find((seat) => seat !== CLEO) as string;
  while (setup().pickTurn) {
    const seat = setup().pickTurn as string;
    if (seat === 's1') keep('anaPicks');
    await bySeat(seat).makeMoveSigned(setupMoves.pick, seat, seat === picker ? PICKED : null);
  }

  // Race deal 1, to the four who passed: the others' agents lock and unlock in turn, and wait for Cleo at hers.
  await until("Cleo's turn to lock race deal 1", () => deal(1, lockTurn));
  keep('cleoLocks');
  expect(await setupStep(cleo, CLEO)).toBe(true);
  await until("Cleo's turn to unlock race deal 1", () => deal(1, unlockTurn));
  keep('cleoUnlocks');
  await byHand(cleo, CLEO, 'race deal 1 unlocked', () => raceDeal(setup(), 1)?.unlocks.length === SEATS.length);
  // Cleo keeps her race; the others return theirs, then the first of them keeps the one of deal 2.
  const d1 = raceDeal(setup(), 1) as Deal;
  const others = d1.recipients.filter((seat) => seat !== CLEO);
  const [keeper, ...returners] = others as [string, ...string[]];
  await cleo.makeMoveSigned(setupMoves.choose, CLEO, d1.id, true);
  for (const seat of others) await bySeat(seat).makeMoveSigned(setupMoves.choose, seat, d1.id, false);
  await byHand(cleo, CLEO, 'race deal 2 unlocked', () => raceDeal(setup(), 2)?.unlocks.length === SEATS.length);
  for (const seat of others) await bySeat(seat).makeMoveSigned(setupMoves.choose, seat, raceDeal(setup(), 2)?.id as number, seat === keeper);
  await byHand(cleo, CLEO, 'the public race deal', () => setup().step === 'home');
  keep('home');

  const home = setup().home as HomeBidding;
  for (const [i, seat] of home.order.entries()) await bySeat(seat).makeMoveSigned(setupMoves.homeBid, seat, i + 1, i === 0 ? 2 : 0);
  await bySeat('s2').makeMoveSigned(setupMoves.seating, 's2', seatingByLocation(setup().home as HomeBidding));
  const speaker = setup().speaker?.turn as string;
  await bySeat(speaker).makeMoveSigned(setupMoves.speakerBid, speaker, 1);
  for (let seat = setup().speaker?.turn; seat; seat = setup().speaker?.turn) await bySeat(seat).makeMoveSigned(setupMoves.speakerBid, seat, null);
  await bySeat(speaker).makeMoveSigned(setupMoves.cycler, speaker, 'clockwise');
  await byHand(cleo, CLEO, 'the secret objectives dealt', () => setup().step === 'secrets' && secretDeal(setup())?.unlocks.length === SEATS.length);
  // No agent reveals by itself: each test reveals as it needs. What the phones still owe (reading their own secret objectives) is done first.
  t.stop();
  for (const seat of SEATS) while (await setupStep(bySeat(seat), seat));
  for (const seat of SEATS) await bySeat(seat).makeMoveSigned(setupMoves.keptSecret, seat);
  expect(setup().step).toBe('reveal');
  keep('reveal');
  const kept = keptRace(setup(), await loadSetupSecrets(GAME, CLEO), CLEO) as string;
  played = { phones, at: at as Record<Point, Uint8Array>, wire: [...t.wire], keeper, returners, kept, errors: t.errors };
}, 90_000);

/** The table as it was at `point`, on new replicas: the same phones (devices and keys), a new network, no agent. */
function fork(point: Point) {
  const phones = played.phones.map((p, i) => {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, played.at[point]);
    return new Game(doc, p.device, clockAt(1_700_000_100_000 + i), p.signer);
  });
  return { phones, bySeat: bySeatOf(phones), ...recordingNetwork(phones) };
}

/** What a hostile phone writes past its own checks: the entry as its fold would have written it, signed with its key when its kind is signed. */
function forge(phone: Game, body: EventBody): void {
  const tuple = [...encodeEvent({ ...body, t: 99, dev: phone.device } as GameEvent)];
  const signed = phone.codec.signs(body);
  const signature = signed ? phone.signer.signNow?.(signedBytes(GAME, tuple)) : undefined;
  if (signed && !signature) throw new Error('The test phones sign synchronously.');
  phone.doc.transact(() => gameRoot(phone.doc).log.push([signature ? [...tuple, signature] : tuple]));
}

const messages = (s: GameSnapshot) => s.problems.map((p) => p.message);
const moved = (s: GameSnapshot) => ({ setup: s.setup, players: s.players, seats: s.seats });

/** `hostile` writes `body` anyway: every other phone refuses it with `message`, and its game is as before. */
function expectRefusedByEveryPhone(phones: readonly Game[], hostile: Game, body: EventBody, message: string): void {
  const honest = phones.filter((p) => p !== hostile);
  const before = honest.map((p) => moved(p.snapshot()));
  forge(hostile, body);
  for (const [i, p] of honest.entries()) {
    expect(messages(p.snapshot())).toContain(message);
    expect(moved(p.snapshot())).toEqual(before[i]);
  }
}

/** The deck the next seat locks in `d`: as the seat before her locked it, or the deck the deal starts from. */
const deckToLock = (d: Deal): bigint[] => (d.locks.length ? lockedDeck(d).map((c) => fromWire(c) as bigint) : d.plain ? d.plain.map(encodeCard) : d.input.map((c) => fromWire(c) as bigint));

describe('the race deal pool (001 "Race Picking" 6.2 to 6.5)', () => {
  it('deal 1 is exactly the races nobody chose; a kept card leaves the next deck, a returned one stays; the public deal gives distinct races nobody chose', async () => {
    expect(played.errors).toEqual([]);
    const s = (played.phones[0] as Game).snapshot().setup;
    const [d1, d2, d3] = s.deals.filter((d) => d.what === 'race') as [Deal, Deal, Deal];
    expect(Object.values(s.picks).filter(Boolean)).toEqual([PICKED]);
    expect(RACES).toHaveLength(17);
    expect(d1.plain).toHaveLength(17 - 1);
    expect(d1.plain).toEqual(RACES.map((r) => r.id).filter((r) => r !== PICKED).sort());
    expect([...d1.recipients].sort()).toEqual([CLEO, played.keeper, ...played.returners].sort());

    // Deal 1: Cleo kept her card, so it is not in deal 2's deck; the three returned ones are, with the rest, in the same order.
    const leftAfter = (d: Deal, kept: string) => {
      const deck = lockedDeck(d);
      const at = d.recipients.indexOf(kept);
      return { deck, without: deck.filter((_, j) => j !== at), keptCard: deck[at], returned: d.recipients.filter((x) => x !== kept).map((x) => deck[d.recipients.indexOf(x)]) };
    };
    const after1 = leftAfter(d1, CLEO);
    expect([d2.round, d2.plain, [...d2.recipients].sort()]).toEqual([2, null, [played.keeper, ...played.returners].sort()]);
    expect(d2.input).toHaveLength(after1.deck.length - 1);
    expect(d2.input).not.toContain(after1.keptCard);
    for (const card of after1.returned) expect(d2.input).toContain(card);
    expect(d2.input).toEqual(after1.without);
    // Deal 2: the keeper's card leaves too; deal 3 is dealt in public from the rest.
    const after2 = leftAfter(d2, played.keeper);
    expect([d3.round, d3.input, [...d3.recipients].sort()]).toEqual([3, after2.without, [...played.returners].sort()]);
    expect(d3.input).toHaveLength(17 - 1 - 2);
    for (const card of after2.returned) expect(d3.input).toContain(card);

    const dealt = Object.values(s.dealt);
    expect(Object.keys(s.dealt).sort()).toEqual([...played.returners].sort());
    expect(new Set(dealt).size).toBe(2);
    for (const race of dealt) {
      expect(d1.plain).toContain(race);
      expect(Object.values(s.picks)).not.toContain(race);
    }
    expect(s.hidden).toEqual([CLEO, played.keeper]);
    const keepers = [played.kept, keptRace(s, await loadSetupSecrets(GAME, played.keeper), played.keeper)];
    expect(new Set([...keepers, ...dealt, PICKED]).size).toBe(5);
  });
});

describe('a hostile phone during the setup (issue 19: every phone referees every other)', () => {
  it("Cleo's phone writing Ana's pick is refused by every phone: only the phone holding Ana's seat may", async () => {
    const { phones, bySeat } = fork('anaPicks');
    expect(bySeat('s1').snapshot().setup.pickTurn).toBe('s1');
    expectRefusedByEveryPhone(phones, bySeat(CLEO), { k: 'setup', op: 'pick', seat: 's1', race: 'sol' }, "A change by phone dev3 for Ana was refused: only the phone holding Ana's seat may make it.");
    // Ana's own pick goes through.
    await bySeat('s1').makeMoveSigned(setupMoves.pick, 's1', 'sol');
    for (const p of phones) expect(p.snapshot().setup.picks.s1).toBe('sol');
  });

  it('a game event during the setup (a trade good) is refused by every phone: the game starts once the setup is over', () => {
    const { phones, bySeat } = fork('anaPicks');
    const cleo = bySeat(CLEO);
    const message = 'A "counter" change was refused: the game starts once the setup at the table is over (now: race picking).';
    expectRefusedByEveryPhone(phones, cleo, { k: 'counter', seat: CLEO, counter: 'tradeGoods', delta: 5 }, message);
    expect(expectRefused(cleo, 'not-allowed', () => cleo.makeMove(sheetMoves.adjustCounter, CLEO, 'tradeGoods', 5)).message).toBe(message);
  });

  it('a lock of the wrong number of cards is refused by every phone, and her honest lock goes through after it', async () => {
    const { phones, bySeat } = fork('cleoLocks');
    const cleo = bySeat(CLEO);
    const d = openDeal(cleo.snapshot().setup) as Deal;
    expect(lockTurn(d)).toBe(CLEO);
    const locked = lockAndShuffle(deckToLock(d), newKey()).map(toWire);
    expect(locked).toHaveLength(17 - 1);
    expectRefusedByEveryPhone(phones, cleo, { k: 'setup', op: 'lock', seat: CLEO, deal: d.id, cards: locked.slice(1) }, "Cleo's setup step (lock) was refused: the deck has 16 cards, not 15.");
    expectRefusedByEveryPhone(phones, cleo, { k: 'setup', op: 'lock', seat: CLEO, deal: d.id, cards: [...locked, locked[0] as string] }, "Cleo's setup step (lock) was refused: the deck has 16 cards, not 17.");
    expect(await setupStep(cleo, CLEO)).toBe(true);
    for (const p of phones) expect(openDeal(p.snapshot().setup)?.locks).toHaveLength(d.locks.length + 1);
  });

  it('a lock with a card twice (one card dropped for a copy of another) is refused by every phone', () => {
    const { phones, bySeat } = fork('cleoLocks');
    const cleo = bySeat(CLEO);
    const d = openDeal(cleo.snapshot().setup) as Deal;
    const locked = lockAndShuffle(deckToLock(d), newKey()).map(toWire);
    expectRefusedByEveryPhone(phones, cleo, { k: 'setup', op: 'lock', seat: CLEO, deal: d.id, cards: [locked[0] as string, ...locked.slice(0, -1)] }, "Cleo's setup step (lock) was refused: a card of the deck is not a valid locked card.");
  });

  it('an unlock that takes her layer off her own card too (not null where it must be) is refused by every phone, as is one that leaves out another\'s card', async () => {
    const { phones, bySeat } = fork('cleoUnlocks');
    const cleo = bySeat(CLEO);
    const d = openDeal(cleo.snapshot().setup) as Deal;
    expect(unlockTurn(d)).toBe(CLEO);
    const own = cardsOf(d, CLEO);
    expect(own).toHaveLength(1);
    const key = keyFromWire((await loadSetupSecrets(GAME, CLEO)).keys[d.id]) as bigint;
    const all = d.recipients.map((_, j) => toWire(unlock(fromWire(cardAt(d, j)) as bigint, [key])));
    const message = "Cleo's setup step (unlock) was refused: she unlocks every dealt card but her own, and only those.";
    expectRefusedByEveryPhone(phones, cleo, { k: 'setup', op: 'unlock', seat: CLEO, deal: d.id, cards: all }, message);
    const other = d.recipients.findIndex((seat) => seat !== CLEO);
    const withoutOther = all.map((c, j) => (j === other || own.includes(j) ? null : c));
    expectRefusedByEveryPhone(phones, cleo, { k: 'setup', op: 'unlock', seat: CLEO, deal: d.id, cards: withoutOther }, message);
    expect(await setupStep(cleo, CLEO)).toBe(true);
    for (const p of phones) expect(raceDeal(p.snapshot().setup, 1)?.unlocks.at(-1)?.[own[0] as number]).toBeNull();
  });
});

describe('starting a deal over at will (issue 19: no phone can rig the deal)', () => {
  it("Cleo's phone starting the race deal or the secret objectives' deal over with nothing lost, or in Ana's name, is refused by every phone", async () => {
    const { phones, bySeat } = fork('cleoUnlocks');
    const cleo = bySeat(CLEO);
    const nothingLost = "Cleo's setup step (redeal) was refused: no part of it is lost: it starts over only when a seat that still owes it a step moved to another phone since it began (or the deal failed).";
    expectRefusedByEveryPhone(phones, cleo, { k: 'setup', op: 'redeal', seat: CLEO, what: 'races' }, nothingLost);
    expectRefusedByEveryPhone(phones, cleo, { k: 'setup', op: 'redeal', seat: CLEO, what: 'secrets' }, nothingLost);
    expectRefusedByEveryPhone(phones, cleo, { k: 'setup', op: 'redeal', seat: 's1', what: 'races' }, "A change by phone dev3 for Ana was refused: only the phone holding Ana's seat may make it.");
    expectRefusedByEveryPhone(phones, cleo, { k: 'setup', op: 'redraw', seat: CLEO }, "Cleo's setup step (redraw) was refused: no shared draw is under way.");
    await expect(cleo.makeMoveSigned(setupMoves.redeal, CLEO, 'races')).rejects.toThrow('Refused: no part of it is lost');
  });
});

describe('a cheater named at "Finalising Setup"" (the race deal checked against the revealed keys)', () => {
  /** A seat's true reveal: her race deal keys, and the race she kept (undefined: the table knows hers). */
  async function truth(game: Game, seat: string) {
    const s = game.snapshot().setup;
    const secrets = await loadSetupSecrets(GAME, seat);
    return { s, keys: s.deals.filter((d) => d.what === 'race').map((d) => secrets.keys[d.id] as string), race: keptRace(s, secrets, seat) };
  }

  /** Every seat but Cleo reveals, each phone as its agent would. */
  async function othersReveal(bySeat: (seat: string) => Game): Promise<void> {
    for (const seat of SEATS.filter((x) => x !== CLEO)) expect(await setupStep(bySeat(seat), seat)).toBe(true);
  }

  /** Every phone names the cheater and does not start the game. */
  function expectNamed(phones: readonly Game[], unfair: string): void {
    for (const p of phones) {
      const s = p.snapshot();
      expect(s.setup.unfair).toBe(unfair);
      expect(messages(s)).toContain(`The race deal was not fair: ${unfair} Start the deal over.`);
      expect([s.setup.final, s.setup.step]).toEqual([null, 'reveal']);
      expect(s.seats.map((x) => x.race)).toEqual(SEATS.map(() => ''));
      expect(s.players[CLEO]?.planets).toEqual([]);
    }
  }

  it('with her true keys and race the game starts on every phone, with the races the keepers kept', async () => {
    const { phones, bySeat } = fork('reveal');
    const { keys, race } = await truth(bySeat(CLEO), CLEO);
    await bySeat(CLEO).makeMoveSigned(setupMoves.reveal, CLEO, race ?? null, keys);
    await othersReveal(bySeat);
    const keeper = (await truth(bySeat(played.keeper), played.keeper)).race;
    for (const p of phones) {
      const s = p.snapshot();
      expect([s.setup.unfair, s.setup.step, s.problems]).toEqual([null, 'done', []]);
      expect([CLEO, played.keeper].map((seat) => s.seats.find((x) => x.id === seat)?.race)).toEqual([played.kept, keeper]);
    }
  });

  it('a phone that locked its deck with another key than the one it reveals is named by every phone, the game does not start, and a redeal starts the race deal over', async () => {
    const { phones, bySeat } = fork('reveal');
    const { s, keys, race } = await truth(bySeat(CLEO), CLEO);
    // Her phone reveals another valid key for race deal 1 than the one it locked that deck with, before its agent would.
    await bySeat(CLEO).makeMoveSigned(setupMoves.reveal, CLEO, race ?? null, [keyToWire(newKey()), ...keys.slice(1)]);
    await othersReveal(bySeat);
    expectNamed(phones, "Cleo's shuffle of race deal 1 is not the deck she was given, locked with the key she revealed.");
    const ana = bySeat('s1');
    expectRefused(ana, 'not-allowed', () => ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1));

    await ana.makeMoveSigned(setupMoves.redeal, 's1', 'races');
    const before = Math.max(...s.deals.map((d) => d.id));
    for (const p of phones) {
      const after = p.snapshot();
      const races = after.setup.deals.filter((d) => d.what === 'race');
      expect(messages(after)).toContain('Ana started the race deal over: every race not chosen goes back into the pool.');
      expect([after.setup.step, after.setup.unfair, after.setup.reveals, after.setup.hidden, after.setup.dealt, after.setup.redeals]).toEqual(['deal', null, {}, [], {}, 1]);
      expect(races.map((d) => [d.round, d.plain?.length, d.locks.length])).toEqual([[1, 17 - 1, 0]]);
      expect(races[0]?.id).toBeGreaterThan(before);
      expect(races[0]?.recipients).toEqual(fromFirst(after.setup).filter((seat) => !after.setup.picks[seat]));
      // The secret objectives stay dealt.
      expect(secretDeal(after.setup)).toEqual(secretDeal(s));
    }
    // And the first player's phone locks and shuffles the pool again, with a new key.
    const first = lockTurn(openDeal(ana.snapshot().setup) as Deal) as string;
    const problems = ana.snapshot().problems.length;
    expect(await setupStep(bySeat(first), first)).toBe(true);
    for (const p of phones) expect([openDeal(p.snapshot().setup)?.locks.length, p.snapshot().problems.length]).toEqual([1, problems]);
  });

  it('a phone that reveals another race than the one it kept is named by every phone, and the game does not start', async () => {
    const { phones, bySeat } = fork('reveal');
    const { s, keys } = await truth(bySeat(CLEO), CLEO);
    const other = raceDeal(s, 1)?.plain?.find((r) => r !== played.kept && !Object.values(s.dealt).includes(r)) as string;
    await bySeat(CLEO).makeMoveSigned(setupMoves.reveal, CLEO, other, keys);
    await othersReveal(bySeat);
    expectNamed(phones, `Cleo revealed ${RACES_BY_ID.get(other)?.shortName}, which is not the race she was dealt.`);
  });

  it("a phone that first names the race another player kept does not block her reveal: the keys name the liar", async () => {
    const { phones, bySeat } = fork('reveal');
    const { keys } = await truth(bySeat(CLEO), CLEO);
    // Cleo guessed right: she names the race the other keeper kept, before that phone reveals.
    const theirs = (await truth(bySeat(played.keeper), played.keeper)).race as string;
    await bySeat(CLEO).makeMoveSigned(setupMoves.reveal, CLEO, theirs, keys);
    await othersReveal(bySeat);
    expectNamed(phones, `Cleo revealed ${RACES_BY_ID.get(theirs)?.shortName}, which is not the race she was dealt.`);
    for (const p of phones) expect(p.snapshot().setup.reveals[played.keeper]?.race).toBe(theirs);
  });
});

describe('phones joining and leaving mid-setup', () => {
  it('a phone that joins at the home system bids (a fresh document synced from the others) folds the same setup, and keeps folding it', async () => {
    const { phones, bySeat, join } = fork('home');
    const late = join(new Game(new Y.Doc(), 'dev9', clockAt(1_700_000_200_000)));
    const same = () => expect(late.snapshot().setup).toEqual((phones[0] as Game).snapshot().setup);
    expect(late.snapshot().setup.step).toBe('home');
    same();
    const home = late.snapshot().setup.home as HomeBidding;
    for (const [i, seat] of home.order.entries()) {
      await bySeat(seat).makeMoveSigned(setupMoves.homeBid, seat, i + 1, 0);
      same();
    }
    expect(late.snapshot().setup.step).toBe('seating');
  });

  it('a phone that leaves: another phone claims her seat, the log shows the takeover, and it picks and bids for her', async () => {
    for (const [point, seat, step] of [['anaPicks', 's1', 'pick'], ['home', undefined, 'home']] as const) {
      const { phones, bySeat, join, leave } = fork(point);
      const who = seat ?? ((phones[0] as Game).snapshot().setup.home?.turn as string);
      leave(bySeat(who));
      const spare = join(new Game(new Y.Doc(), 'dev8', clockAt(1_700_000_300_000)));
      const table = [...phones.filter((p) => p !== bySeat(who)), spare];
      await spare.claimSeat(who);
      for (const p of table) {
        const s = p.snapshot();
        const claim = s.log.at(-1);
        expect([s.claims[who], claim?.event.k, claim?.takeover]).toEqual(['dev8', 'claim', true]);
        expect(describeEvent(claim as NonNullable<typeof claim>, s)).toBe(`${s.seats.find((x) => x.id === who)?.name}'s seat moved to a new phone`);
      }
      if (step === 'pick') await spare.makeMoveSigned(setupMoves.pick, who, 'sol');
      else await spare.makeMoveSigned(setupMoves.homeBid, who, 1, 1);
      for (const p of table) {
        const s = p.snapshot();
        expect(s.log.at(-1)?.dev).toBe('dev8');
        expect(step === 'pick' ? s.setup.picks[who] : s.setup.home?.holds[who]).toEqual(step === 'pick' ? 'sol' : { location: 1, bid: 1 });
        expect(s.problems).toEqual([]);
      }
    }
  });
});

describe('the secrecy of the deal (issue 19: no phone can read another\'s secretly dealt card before the reveal)', () => {
  it('no secretly dealt race or secret objective is in the document or any update sent before the reveal: neither its id nor its card number', async () => {
    const s = (played.phones[0] as Game).snapshot().setup;
    expect(s.step).toBe('reveal');
    const secretDeals = s.deals.filter((d) => d.what === 'secret' || d.round < 3).map((d) => String(d.id));
    const dealt = (await Promise.all(SEATS.map((seat) => loadSetupSecrets(GAME, seat)))).flatMap((x) => secretDeals.flatMap((id) => x.cards[id] ?? []));
    // Race deal 1 to four, deal 2 to three, two secret objectives each.
    expect(dealt).toHaveLength(4 + 3 + SEATS.length * 2);
    // A card returned to the pool may be dealt again in public; every other one is still a secret.
    const secret = dealt.filter((card) => !Object.values(s.dealt).includes(card));
    expect(secret).toContain(played.kept);
    expect(secret.length).toBeGreaterThanOrEqual(2 + SEATS.length * 2);

    const doc = played.at.reveal;
    const text = [...played.wire, doc].map((b) => new TextDecoder('latin1').decode(b)).join('\n');
    // A string field of an entry, as Yjs writes it (lib0 writeAny): type 119, its length, its characters.
    const field = (id: string) => `\x77${String.fromCharCode(id.length)}${id}`;
    // The checks can see: the chosen race is there as a field, and the publicly dealt ones as card numbers.
    expect(text).toContain(field(PICKED));
    for (const race of Object.values(s.dealt)) expect(text).toContain(toWire(encodeCard(race)));
    for (const card of secret) {
      expect(text).not.toContain(field(card));
      expect(text).not.toContain(toWire(encodeCard(card)));
    }
    // And in the document as every phone reads it: no field of any entry names one.
    const replica = new Y.Doc();
    Y.applyUpdate(replica, doc);
    const fields = (readRaw(gameRoot(replica)) as RawGame).log.flatMap((e) => (Array.isArray(e) ? e : [e]));
    expect(fields).toContain(PICKED);
    for (const card of secret) expect(fields).not.toContain(card);
  });
});

describe('the deal check kept on the phone', () => {
  it('a verdict in the memo the runtime hands the fold answers instead of checking the deal again, and a new check is kept', () => {
    const kept = new Map<string, string>();
    const memo = { get: (k: string) => kept.get(k), set: (k: string, v: string) => void kept.set(k, v) };
    const state = (seat: string) => ({ ...emptySetup([], undefined), reveals: { [seat]: { race: null, keys: [] } } });
    const keyOf = (seat: string) => `deal:${toHexString(digest(new TextEncoder().encode(JSON.stringify([[], state(seat).reveals]))))}`;
    // Checked on an earlier opening of the game (this page's memory has never seen it).
    kept.set(keyOf('s8'), 'kept verdict');
    expect(unfairness(state('s8'), (x) => x, memo)).toBe('kept verdict');
    expect(unfairness(state('s9'), (x) => x, memo)).toBeNull();
    expect(kept.get(keyOf('s9'))).toBe('');
  });

  it('a fold without a memo checks the deal itself: no verdict outlives it in module state (issue 37)', () => {
    const kept = new Map<string, string>();
    const memo = { get: (k: string) => kept.get(k), set: (k: string, v: string) => void kept.set(k, v) };
    const state = { ...emptySetup([], undefined), reveals: { s7: { race: null, keys: [] } } };
    const key = `deal:${toHexString(digest(new TextEncoder().encode(JSON.stringify([[], state.reveals]))))}`;
    kept.set(key, 'kept verdict');
    expect(unfairness(state, (x) => x, memo)).toBe('kept verdict');
    expect(unfairness(state, (x) => x)).toBeNull();
  });

  it('the page memo answers from memory first, fills the device store behind it, and stays bounded', () => {
    const behind = new Map<string, string>();
    const memo = memoryMemo(2, { get: (k) => behind.get(k), set: (k, v) => void behind.set(k, v) });
    behind.set('old', 'from the device');
    expect(memo.get('old')).toBe('from the device');
    memo.set('a', '1');
    memo.set('b', '2');
    memo.set('c', '3'); // past the limit: memory starts over, the device keeps all
    expect([...behind.keys()].sort()).toEqual(['a', 'b', 'c', 'old']);
    behind.delete('a');
    expect(memo.get('a')).toBeUndefined();
    expect(memo.get('c')).toBe('3');
  });
});
