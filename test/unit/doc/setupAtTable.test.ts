/**
 * Issue 19, setup at the table: the SA setup steps played on three phones, each its own replica, with the
 * race deal no phone can rig or read: the die, the picks, two secret deals (keep or return), the public deal,
 * home system bids, seating, speaker bids, normalisation, the cycler, objectives and secret objectives, and
 * the reveal that starts round 1 with the same state everywhere.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Game } from '../../../src/doc';
import { checkUpdate } from '../../../src/doc/core/guard';
import { OBJECTIVES_BY_ID } from '../../../src/doc/objectives';
import { del } from 'idb-keyval';
import { fromFirst, lockTurn, openDeal, racePool, secretDeal, unlockTurn } from '../../../src/doc/setup';
import { privateStore } from '../../../src/secret/device';
import { cardAt, cardsOf, raceDeals } from '../../../src/doc/setup';
import type { Deal } from '../../../src/doc/setup';
import { encodeCard, fromWire, keyFromWire, newKey, toWire, unlock } from '../../../src/crypto/mentalPoker';
import { keptRace, loadSetupSecrets, setupStep, startSetupAgent } from '../../../src/runtime/setupAgent';
import { seatingByLocation } from '../../../src/rules/setup';
import { atTable, raceDeal, setupTable as table, until } from './setupTable';
import { ledgerMismatch, tradeLedger } from './tradeLedger';
import * as setupMoves from '../../../src/doc/setup/moves';
import * as diceMoves from '../../../src/doc/dice/moves';
import { freshOpening } from '../../../src/doc/dice';

describe('setup at the table (issue 19)', () => {
  it('three phones play every step: the first picks, the others are dealt secretly and publicly, and round 1 starts with the same state everywhere', async () => {
    const { phones, errors, stop, bySeat, setup, readable } = table();
    await until('the die', () => setup().step === 'pick');
    // 001 step 5 comes before race picking: each phone reads its two secret objectives before anyone chooses a race.
    const secretsRead = async () => Promise.all(['s1', 's2', 's3'].map(async (seat) => (await loadSetupSecrets('game1', seat)).cards[String(secretDeal(setup())?.id)]));
    await until('the secret objectives read', async () => (await secretsRead()).every((c) => c?.length === 2));
    expect(Object.keys(setup().picks)).toEqual([]);
    const secretObjectives = await secretsRead();
    expect(new Set(secretObjectives.flat()).size).toBe(6);
    for (const id of secretObjectives.flat()) expect(OBJECTIVES_BY_ID.get(id as string)?.stage).toBe('secret');
    const order = fromFirst(setup());
    const [first] = order as [string];
    // Everyone on the same die, rolled from values nobody chose alone.
    expect(new Set(phones.map((p) => p.snapshot().setup.first)).size).toBe(1);
    await bySeat(setup().pickTurn as string).makeMoveSigned(setupMoves.pick, setup().pickTurn as string, 'hacan');
    while (setup().pickTurn) await bySeat(setup().pickTurn as string).makeMoveSigned(setupMoves.pick, setup().pickTurn as string, null);
    expect(setup().picks[first]).toBe('hacan');

    // Round 1 of the secret deal: the first of the two passers keeps her race, the other returns it.
    await until('deal 1 unlocked', () => raceDeal(setup(), 1)?.unlocks.length === 3);
    const deal1 = raceDeal(setup(), 1)?.id as number;
    const [keeper, returner] = raceDeal(setup(), 1)?.recipients as [string, string];
    const keeperSecrets = async () => loadSetupSecrets('game1', keeper);
    await bySeat(keeper).makeMoveSigned(setupMoves.choose, keeper, deal1, true);
    await bySeat(returner).makeMoveSigned(setupMoves.choose, returner, deal1, false);
    // Round 2: only the returner; she returns again, and round 3 deals her a race in public.
    await until('deal 2 unlocked', () => raceDeal(setup(), 2)?.unlocks.length === 3);
    expect(raceDeal(setup(), 2)?.recipients).toEqual([returner]);
    await bySeat(returner).makeMoveSigned(setupMoves.choose, returner, raceDeal(setup(), 2)?.id as number, false);
    await until('the public deal', () => setup().step === 'home');
    const publicRace = setup().dealt[returner] as string;
    expect(racePool(setup())).toContain(publicRace);

    // The kept race is on her phone only: neither its name nor its card's number was ever in a message or the document.
    const kept = keptRace(setup(), await keeperSecrets(), keeper) as string;
    expect(kept).toBeTruthy();
    expect(kept).not.toBe(publicRace);
    const before = readable();
    expect(before).not.toContain(toWire(encodeCard(kept)));
    expect([...Object.values(setup().picks), ...Object.values(setup().dealt)]).not.toContain(kept);
    expect(phones.map((p) => p.snapshot().seats.find((x) => x.id === keeper)?.race)).toEqual(['', '', '']);

    // Step 7: home system locations, bid clockwise from the first player; Ben overbids nobody.
    for (const [i, seat] of order.entries()) await bySeat(seat).makeMoveSigned(setupMoves.homeBid, seat, i + 1, i === 0 ? 2 : 0);
    expect(setup().step).toBe('seating');
    await bySeat('s2').makeMoveSigned(setupMoves.seating, 's2', seatingByLocation(setup().home as NonNullable<ReturnType<typeof setup>['home']>));
    // Step 9: speaker bids from the right of the first player, counter-clockwise.
    const bidder = setup().speaker?.turn as string;
    await bySeat(bidder).makeMoveSigned(setupMoves.speakerBid, bidder, 1);
    while (setup().speaker?.turn) await bySeat(setup().speaker?.turn as string).makeMoveSigned(setupMoves.speakerBid, setup().speaker?.turn as string, null);
    const goods = setup().goods as Record<string, number>;
    expect(Math.min(...Object.values(goods))).toBe(1);
    // 001 step 11: only the speaker orients the rotation cycler.
    const notSpeaker = ['s1', 's2', 's3'].find((seat) => seat !== bidder) as string;
    await expect(bySeat(notSpeaker).makeMoveSigned(setupMoves.cycler, notSpeaker, 'clockwise')).rejects.toThrow('Refused: only the speaker orients the rotation cycler.');
    await bySeat(bidder).makeMoveSigned(setupMoves.cycler, bidder, 'counterclockwise');
    await until('the objectives drawn', () => setup().step === 'secrets');
    // 001 step 12: 3 Stage I, 1 Preliminary and 3 Stage II, all different.
    expect(setup().objectives.map((id) => OBJECTIVES_BY_ID.get(id)?.stage)).toEqual(['stage1', 'stage1', 'stage1', 'preliminary', 'stage2', 'stage2', 'stage2']);
    expect(new Set(setup().objectives).size).toBe(7);
    for (const seat of ['s1', 's2', 's3']) await bySeat(seat).makeMoveSigned(setupMoves.keptSecret, seat);
    await until('the reveal ends the setup', () => phones.every((p) => p.snapshot().setup.final !== null));
    stop();
    expect(errors).toEqual([]);

    const snaps = phones.map((p) => p.snapshot());
    const races = snaps.map((s) => s.seats.map((x) => x.race).join());
    expect(races, JSON.stringify(snaps.map((s) => [s.setup.final?.map((x) => x.race), s.seats.map((x) => x.race)]))).toEqual([races[0], races[0], races[0]]);
    expect((snaps[0]?.seats.find((x) => x.id === keeper))?.race).toBe(kept);
    expect((snaps[0]?.seats.find((x) => x.id === returner))?.race).toBe(publicRace);
    expect(snaps[0]?.seats.map((x) => x.id)).toEqual(seatingByLocation(setup().home as NonNullable<ReturnType<typeof setup>['home']>));
    for (const s of snaps) {
      expect(s.problems).toEqual([]);
      expect(s.tracker.speaker).toBe(bidder);
      expect(s.tracker.direction).toBe('counterclockwise');
      expect(s.tracker.revealed).toEqual(setup().objectives);
      expect(Object.fromEntries(Object.entries(s.players).map(([seat, p]) => [seat, p.counters.tradeGoods]))).toEqual(goods);
      // The trade goods ledger (issue 36 item 5) works the same goods out from the bids themselves (001 steps 7, 9, 10).
      expect(tradeLedger(s).balances).toEqual(goods);
      expect(ledgerMismatch(s)).toBeUndefined();
      expect(s.players[keeper]?.planets.length).toBeGreaterThan(0);
    }
    // The two secret objectives each phone read before the picks are still hers.
    expect(await secretsRead()).toEqual(secretObjectives);
    // The whole setup, the decks locked by every phone included, is within the write bounds a phone joining later holds it to (issue 36 item 1).
    expect(checkUpdate(new Y.Doc(), Y.encodeStateAsUpdate((phones[0] as Game).doc), false)).toEqual({ ok: true });

    // Round 1 began: no phone offers to undo a setup step, and a command to do it is refused (issue 34 item 7).
    expect(phones.map((p) => [p.canUndo, p.undoPreview])).toEqual(phones.map(() => [false, undefined]));
    expect(() => bySeat(keeper).undo()).toThrow(/setup at the table is over/);
    // A phone that writes one anyway (its first 50 entries, its setup steps among them): every phone refuses it, names it, and stays in round 1.
    bySeat(keeper).append([{ k: 'undo', first: 0, count: 50 }]);
    for (const p of phones) {
      const s = p.snapshot();
      expect([s.setup.step, s.round.round, s.round.phase, s.seats.find((x) => x.id === keeper)?.race]).toEqual(['done', 1, 'strategy', kept]);
      expect(s.problems.map((x) => x.message)).toEqual([expect.stringMatching(/An undo of a step of the setup at the table, written after the setup ended, did not count/)]);
    }
  }, 60_000);

  it('a phone that vanishes before adding its die value: another phone takes its seat, the table draws again, and the setup goes on', async () => {
    const { phones, errors, stop, setup, join } = table(atTable, 'vanish', ['s3']);
    const [ana, , cleo] = phones as [Game, Game, Game];
    // Cleo's phone commits to its value, then dies before opening it.
    await until('Cleo holds her seat', () => ana.snapshot().claims.s3 === cleo.device);
    await cleo.makeMoveSigned(diceMoves.commit, 'first-player', 's3', freshOpening());
    await until('the others open', () => Object.keys(ana.snapshot().dice['first-player']?.opened ?? {}).length === 2);
    // Nothing is lost yet (her phone may still open it): nobody may draw again, or the last to open could re-roll a die she dislikes.
    await expect(ana.makeMoveSigned(setupMoves.redraw, 's1')).rejects.toThrow('Refused: no part of it is lost');
    // Her player takes the seat on a new phone, which has no value to open: the draw waits.
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(cleo.doc));
    const spare = join(new Game(doc, 'dev9'));
    await spare.claimSeat('s3');
    const stopSpare = startSetupAgent(spare, (m) => errors.push(m));
    await new Promise((r) => setTimeout(r, 200));
    expect(setup().step).toBe('roll');
    await ana.makeMoveSigned(setupMoves.redraw, 's1');
    await until('the new draw decides', () => setup().step === 'pick');
    expect(setup().redraws).toBe(1);
    expect(ana.snapshot().dice['first-player:1']?.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(ana.snapshot().problems.map((p) => p.message)).toContain('Ana started the shared draw over: every phone adds a new value.');
    stop();
    stopSpare();
    expect(errors).toEqual([]);
  });

  it('a phone that dies in the middle of the race deal: her player takes her seat on a new phone, the table deals the races and the secret objectives again, and the setup goes on', async () => {
    const { phones, errors, stop, bySeat, setup, join, leave } = table(atTable, 'dies');
    const [ana, , cleo] = phones as [Game, Game, Game];
    await until('the die and the secret objectives', () => setup().step === 'pick' && secretDeal(setup())?.unlocks.length === 3);
    const firstSecretDeal = secretDeal(setup())?.id as number;
    stop('s3');
    for (let seat = setup().pickTurn; seat; seat = setup().pickTurn) await bySeat(seat).makeMoveSigned(setupMoves.pick, seat, null);
    // Cleo's phone locks race deal 1 with a key only it has, then dies.
    await until("Cleo's turn to lock race deal 1", () => lockTurn(openDeal(setup()) as NonNullable<ReturnType<typeof openDeal>>) === 's3');
    expect(await setupStep(cleo, 's3')).toBe(true);
    leave(cleo);
    // While her seat is on her phone, nothing is lost: nobody may deal again (a player could redeal until she liked her cards).
    await expect(ana.makeMoveSigned(setupMoves.redeal, 's1', 'races')).rejects.toThrow('Refused: no part of it is lost');
    await expect(ana.makeMoveSigned(setupMoves.redeal, 's1', 'secrets')).rejects.toThrow('Refused: no part of it is lost');

    // Her player takes her seat on a new phone, which has none of the old one's keys: the deal waits on it.
    await del('setup:dies:s3', privateStore());
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(ana.doc));
    const spare = join(new Game(doc, 'dev9'));
    await spare.claimSeat('s3');
    const lost: string[] = [];
    const stopSpare = startSetupAgent(spare, (m) => lost.push(m));
    await until('the new phone finds its keys missing', () => lost.length > 0);
    expect(lost).toEqual(['This phone no longer has its keys for the deal (it was reset, or another phone held this seat): start the deal over.']);
    // The other seats' agents unlock in their turn, which under a loaded test run may still be going on when
    // the new phone reports: the deal then stops at her seat, and stays there.
    await until('the deal waits on her seat to unlock', () => unlockTurn(openDeal(setup()) as NonNullable<ReturnType<typeof openDeal>>) === 's3');
    await new Promise((r) => setTimeout(r, 200));
    expect(unlockTurn(openDeal(setup()) as NonNullable<ReturnType<typeof openDeal>>)).toBe('s3');

    // Any seated phone starts both deals over; every phone logs who did.
    await ana.makeMoveSigned(setupMoves.redeal, 's1', 'races');
    await ana.makeMoveSigned(setupMoves.redeal, 's1', 'secrets');
    expect(ana.snapshot().problems.map((p) => p.message)).toEqual(['Ana started the race deal over: every race not chosen goes back into the pool.', "Ana started the secret objectives' deal over."]);
    const phoneOf = (seat: string) => (seat === 's3' ? spare : bySeat(seat));
    await until('the new race deal 1 unlocked', () => raceDeal(setup(), 1)?.unlocks.length === 3);
    const d1 = raceDeal(setup(), 1) as NonNullable<ReturnType<typeof raceDeal>>;
    for (const seat of d1.recipients) {
      await until(`${seat} reads her race`, async () => !!(await loadSetupSecrets('dies', seat)).cards[d1.id]);
      await phoneOf(seat).makeMoveSigned(setupMoves.choose, seat, d1.id, true);
    }
    await until('the races settled', () => setup().step === 'home');
    // The new phone was dealt two new secret objectives, read them, and the old deal is gone.
    await until('the secret objectives dealt again', () => (secretDeal(setup())?.unlocks.length ?? 0) === 3);
    expect(secretDeal(setup())?.id).not.toBe(firstSecretDeal);
    await until('the new phone reads its secret objectives', async () => (await loadSetupSecrets('dies', 's3')).cards[String(secretDeal(setup())?.id)]?.length === 2);
    expect(setup().hidden.sort()).toEqual(['s1', 's2', 's3']);
    stop();
    stopSpare();
    expect(errors).toEqual([]);
  });

  it("a card garbled by a phone's unlock: her phone shows her keys, every phone sees it is no race of the pool and names the failure, and the race deal may start over", async () => {
    const { phones, errors, stop, bySeat, setup } = table(atTable, 'garbled');
    await until('the die and the secret objectives', () => setup().step === 'pick' && secretDeal(setup())?.unlocks.length === 3);
    // Cleo's phone garbles the card of the first other player it unlocks for; both phones are driven by hand.
    const [victim, honest] = fromFirst(setup()).filter((x) => x !== 's3') as [string, string];
    stop('s3');
    stop(victim);
    const [cleo, victimPhone] = [bySeat('s3'), bySeat(victim)];
    for (let seat = setup().pickTurn; seat; seat = setup().pickTurn) await bySeat(seat).makeMoveSigned(setupMoves.pick, seat, null);
    const deal = () => openDeal(setup()) as Deal;
    const owes = async (phone: Game, seat: string) => {
      if (lockTurn(deal()) === seat || unlockTurn(deal()) === seat) await setupStep(phone, seat);
    };
    await until("Cleo's turn to unlock race deal 1", async () => {
      if (unlockTurn(deal()) === 's3') return true;
      if (lockTurn(deal()) === 's3') await setupStep(cleo, 's3');
      await owes(victimPhone, victim);
      return false;
    });
    const d = deal();
    const key = keyFromWire((await loadSetupSecrets('garbled', 's3')).keys[d.id]) as bigint;
    const target = d.recipients.indexOf(victim);
    const cards = d.recipients.map((seat, j) => (seat === 's3' ? null : toWire(unlock(fromWire(cardAt(d, j) as string) as bigint, [j === target ? newKey() : key]))));
    await cleo.makeMoveSigned(setupMoves.unlock, 's3', d.id, cards);
    await until('race deal 1 unlocked', async () => {
      await owes(victimPhone, victim);
      return deal().unlocks.length === 3;
    });

    // A player whose card reads fine cannot claim otherwise: her keys show the card is a race of the pool.
    const honestKeys = [(await loadSetupSecrets('garbled', honest)).keys[d.id] as string];
    await expect(bySeat(honest).makeMoveSigned(setupMoves.garbled, honest, d.id, honestKeys)).rejects.toThrow('Refused: her card reads as a card of the deck with the keys she showed: it is not garbled.');
    await expect(bySeat(honest).makeMoveSigned(setupMoves.redeal, honest, 'races')).rejects.toThrow('Refused: no part of it is lost');
    // The victim's phone cannot read its card: it shows its keys, and every phone checks and names the failure.
    expect(await setupStep(victimPhone, victim)).toBe(true);
    const name = victim === 's1' ? 'Ana' : 'Ben';
    const why = `${name}'s card of race deal 1 cannot be read with the keys she showed: a phone locked or unlocked that deck wrong.`;
    for (const p of phones) {
      expect(p.snapshot().setup.unfair).toBe(why);
      expect(p.snapshot().problems.map((x) => x.message)).toContain(`${why} Start the deal over.`);
    }
    await expect(victimPhone.makeMoveSigned(setupMoves.choose, victim, d.id, true)).rejects.toThrow('Refused: the race deal failed: it starts over.');
    // Any seated phone may now deal again.
    await bySeat(honest).makeMoveSigned(setupMoves.redeal, honest, 'races');
    for (const p of phones) expect([p.snapshot().setup.unfair, raceDeal(p.snapshot().setup, 1)?.locks.length]).toEqual([null, 0]);
    stop();
    expect(errors).toEqual([]);
  });

  it("a public race deal garbled by a phone's unlock gives no race of the pool: every phone names the failure, and the race deal may start over", async () => {
    const { phones, errors, stop, bySeat, setup } = table(atTable, 'garbledPublic');
    await until('the die and the secret objectives', () => setup().step === 'pick' && secretDeal(setup())?.unlocks.length === 3);
    stop('s3');
    const cleo = bySeat('s3');
    for (let seat = setup().pickTurn; seat; seat = setup().pickTurn) await bySeat(seat).makeMoveSigned(setupMoves.pick, seat, null);
    // Everyone returns her race twice; Cleo's phone, driven by hand, does its part honestly until the public deal.
    for (const round of [1, 2]) {
      await until(`race deal ${round} unlocked`, async () => {
        const d = raceDeal(setup(), round);
        if (d && (lockTurn(d) === 's3' || unlockTurn(d) === 's3')) await setupStep(cleo, 's3');
        return d?.unlocks.length === 3;
      });
      const d = raceDeal(setup(), round) as Deal;
      for (const seat of d.recipients) await bySeat(seat).makeMoveSigned(setupMoves.choose, seat, d.id, false);
    }
    await until("Cleo's turn to unlock the public deal", async () => {
      const d = raceDeal(setup(), 3);
      if (d && lockTurn(d) === 's3') await setupStep(cleo, 's3');
      return !!d && unlockTurn(d) === 's3';
    });
    const d = raceDeal(setup(), 3) as Deal;
    const keys = (await loadSetupSecrets('garbledPublic', 's3')).keys;
    const mine = raceDeals(setup()).map((x) => keyFromWire(keys[x.id]) as bigint);
    // Her layers off every card but the first, which she unlocks with a key she never locked with.
    await cleo.makeMoveSigned(setupMoves.unlock, 's3', d.id, d.recipients.map((_, j) => toWire(unlock(fromWire(cardAt(d, j) as string) as bigint, j === 0 ? [newKey()] : mine))));
    await until('the public deal unlocked', () => (raceDeal(setup(), 3)?.unlocks.length ?? 0) === 3);
    const name = { s1: 'Ana', s2: 'Ben', s3: 'Cleo' }[d.recipients[0] as 's1' | 's2' | 's3'];
    const why = `The public race deal gave ${name} a card that is no race of the pool: a phone's lock or unlock was wrong.`;
    for (const p of phones) expect([p.snapshot().setup.unfair, p.snapshot().setup.dealt, p.snapshot().setup.step]).toEqual([why, {}, 'deal']);
    await bySeat('s1').makeMoveSigned(setupMoves.redeal, 's1', 'races');
    for (const p of phones) expect([p.snapshot().setup.unfair, raceDeals(p.snapshot().setup).map((x) => x.round)]).toEqual([null, [1]]);
    stop();
    expect(errors).toEqual([]);
  });

  it("secret objectives garbled by a phone's unlock: her phone shows her key, every phone names the failure, and the secret objectives may be dealt again", async () => {
    // Cleo's phone runs no agent: its part of the secret objectives' deal (dealt first, at step 5) is done by hand.
    const { phones, errors, stop, bySeat, setup } = table(atTable, 'garbledSecrets', ['s3']);
    const cleo = bySeat('s3');
    const d = () => secretDeal(setup()) as Deal;
    await until("Cleo's turn to unlock the secret objectives", async () => {
      if (lockTurn(d()) === 's3') await setupStep(cleo, 's3');
      return unlockTurn(d()) === 's3';
    });
    const key = keyFromWire((await loadSetupSecrets('garbledSecrets', 's3')).keys[d().id]) as bigint;
    const victim = d().recipients.find((seat) => seat !== 's3') as string;
    const garbled = new Set(cardsOf(d(), victim));
    const own = new Set(cardsOf(d(), 's3'));
    const cards = Array.from({ length: d().recipients.length * 2 }, (_, j) => (own.has(j) ? null : toWire(unlock(fromWire(cardAt(d(), j) as string) as bigint, [garbled.has(j) ? newKey() : key]))));
    await cleo.makeMoveSigned(setupMoves.unlock, 's3', d().id, cards);
    const name = victim === 's1' ? 'Ana' : 'Ben';
    const why = `${name}'s secret objectives cannot be read with the keys she showed: a phone locked or unlocked that deck wrong.`;
    await until('the victim shows her key', () => phones.every((p) => p.snapshot().setup.secretsGarbled === why));
    expect((phones[0] as Game).snapshot().problems.map((x) => x.message)).toContain(`${why} Start the deal over.`);
    await bySeat('s1').makeMoveSigned(setupMoves.redeal, 's1', 'secrets');
    for (const p of phones) expect([p.snapshot().setup.secretsGarbled, secretDeal(p.snapshot().setup)?.locks.length]).toEqual([null, 0]);
    stop();
    expect(errors).toEqual([]);
  });

  it('star by star with two players who both choose: no deal, the galaxy noted as built, the speaker bid alone makes the trade goods', async () => {
    const star = { ...atTable, options: { ...atTable.options, atTable: { map: 'star' as const } }, seats: atTable.seats.slice(0, 2) };
    const { errors, stop, bySeat, setup, phones } = table(star, 'star');
    await until('the die', () => setup().step === 'pick');
    // The die decides who chooses first: she takes the Sol, the other the Xxcha.
    const [first, second] = fromFirst(setup()) as [string, string];
    await bySeat(first).makeMoveSigned(setupMoves.pick, first, 'sol');
    await bySeat(second).makeMoveSigned(setupMoves.pick, second, 'xxcha');
    expect([setup().step, setup().deals.map((d) => d.what)]).toEqual(['home', ['secret']]);
    await expect(bySeat('s1').makeMoveSigned(setupMoves.homeBid, 's1', 1, 0)).rejects.toThrow('the galaxy is built star by star: there are no home system bids.');
    await bySeat('s2').makeMoveSigned(setupMoves.built, 's2');
    expect(setup().step).toBe('seating');
    await bySeat('s1').makeMoveSigned(setupMoves.seating, 's1', ['s2', 's1']);
    const bidder = setup().speaker?.turn as string;
    await bySeat(bidder).makeMoveSigned(setupMoves.speakerBid, bidder, 3);
    const other = bidder === 's1' ? 's2' : 's1';
    await bySeat(other).makeMoveSigned(setupMoves.speakerBid, other, null);
    // The speaker paid 3 from the reserve to the other; normalised so the lowest has exactly 1.
    expect(setup().goods).toEqual({ [bidder]: 1, [other]: 4 });
    await bySeat(bidder).makeMoveSigned(setupMoves.cycler, bidder, 'clockwise');
    await until('secret objectives dealt', () => setup().step === 'secrets' && secretDeal(setup())?.unlocks.length === 2);
    for (const seat of ['s1', 's2']) await bySeat(seat).makeMoveSigned(setupMoves.keptSecret, seat);
    await until('round 1', () => phones.every((p) => p.snapshot().setup.final !== null));
    stop();
    expect(errors).toEqual([]);
    const race = { [first]: 'sol', [second]: 'xxcha' };
    for (const p of phones) expect(p.snapshot().seats.map((x) => [x.id, x.race])).toEqual([['s2', race.s2], ['s1', race.s1]]);
    for (const p of phones) expect([tradeLedger(p.snapshot()).balances, ledgerMismatch(p.snapshot())]).toEqual([{ [bidder]: 1, [other]: 4 }, undefined]);
  });
});
