/**
 * Issue 19, setup at the table: the SA setup steps played on three phones, each its own replica, with the
 * race deal no phone can rig or read: the die, the picks, two secret deals (keep or return), the public deal,
 * home system bids, seating, speaker bids, normalisation, the cycler, objectives and secret objectives, and
 * the reveal that starts round 1 with the same state everywhere.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Game } from '../../../src/doc';
import { fromFirst, racePool } from '../../../src/doc/setup';
import { encodeCard, toWire } from '../../../src/secret/mentalPoker';
import { keptRace, loadSetupSecrets, startSetupAgent } from '../../../src/secret/setupAgent';
import { seatingByLocation } from '../../../src/rules/setup';
import { atTable, setupTable as table, until } from './setupTable';

describe('setup at the table (issue 19)', () => {
  it('three phones play every step: the first picks, the others are dealt secretly and publicly, and round 1 starts with the same state everywhere', async () => {
    const { phones, errors, stop, bySeat, setup, readable } = table();
    await until('the die', () => setup().step === 'pick');
    const order = fromFirst(setup());
    const [first] = order as [string];
    // Everyone on the same die, rolled from values nobody chose alone.
    expect(new Set(phones.map((p) => p.snapshot().setup.first)).size).toBe(1);
    await bySeat(setup().pickTurn as string).setup.pick(setup().pickTurn as string, 'hacan');
    while (setup().pickTurn) await bySeat(setup().pickTurn as string).setup.pick(setup().pickTurn as string, null);
    expect(setup().picks[first]).toBe('hacan');

    // Round 1 of the secret deal: the first of the two passers keeps her race, the other returns it.
    await until('deal 1 unlocked', () => setup().deals[0]?.unlocks.length === 3);
    const [keeper, returner] = setup().deals[0]?.recipients as [string, string];
    const keeperSecrets = async () => loadSetupSecrets('game1', keeper);
    await bySeat(keeper).setup.choose(keeper, 1, true);
    await bySeat(returner).setup.choose(returner, 1, false);
    // Round 2: only the returner; she returns again, and round 3 deals her a race in public.
    await until('deal 2 unlocked', () => setup().deals[1]?.unlocks.length === 3);
    expect(setup().deals[1]?.recipients).toEqual([returner]);
    await bySeat(returner).setup.choose(returner, 2, false);
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
    for (const [i, seat] of order.entries()) await bySeat(seat).setup.homeBid(seat, i + 1, i === 0 ? 2 : 0);
    expect(setup().step).toBe('seating');
    await bySeat('s2').setup.seating('s2', seatingByLocation(setup().home as NonNullable<ReturnType<typeof setup>['home']>));
    // Step 9: speaker bids from the right of the first player, counter-clockwise.
    const bidder = setup().speaker?.turn as string;
    await bySeat(bidder).setup.speakerBid(bidder, 1);
    while (setup().speaker?.turn) await bySeat(setup().speaker?.turn as string).setup.speakerBid(setup().speaker?.turn as string, null);
    const goods = setup().goods as Record<string, number>;
    expect(Math.min(...Object.values(goods))).toBe(1);
    await bySeat(bidder).setup.cycler(bidder, 'counterclockwise');
    await until('objectives and secret objectives dealt', () => setup().step === 'secrets' && setup().deals.at(-1)?.unlocks.length === 3);
    expect(setup().objectives).toHaveLength(7);
    for (const seat of ['s1', 's2', 's3']) await bySeat(seat).setup.keptSecret(seat);
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
      expect(s.players[keeper]?.planets.length).toBeGreaterThan(0);
    }
    // Each phone holds two secret objectives of its own, and no two phones the same.
    const dealt = await Promise.all(['s1', 's2', 's3'].map(async (seat) => Object.values((await loadSetupSecrets('game1', seat)).cards).find((c) => c.length === 2)));
    expect(new Set(dealt.flat()).size).toBe(6);
  }, 60_000);

  it('a phone that vanishes before adding its die value: another phone takes its seat, the table draws again, and the setup goes on', async () => {
    const { phones, errors, stop, setup, join } = table(atTable, 'vanish', ['s3']);
    const [ana, , cleo] = phones as [Game, Game, Game];
    // Cleo's phone commits to its value, then dies before opening it.
    await until('Cleo holds her seat', () => ana.snapshot().claims.s3 === cleo.device);
    await cleo.dice.commit('first-player', 's3');
    await until('the others open', () => Object.keys(ana.snapshot().dice['first-player']?.opened ?? {}).length === 2);
    // Her player takes the seat on a new phone, which has no value to open: the draw waits.
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(cleo.doc));
    const spare = join(new Game(doc, 'dev9'));
    await spare.claimSeat('s3');
    const stopSpare = startSetupAgent(spare, (m) => errors.push(m));
    await new Promise((r) => setTimeout(r, 200));
    expect(setup().step).toBe('roll');
    await ana.setup.redraw('s1');
    await until('the new draw decides', () => setup().step === 'pick');
    expect(setup().redraws).toBe(1);
    expect(ana.snapshot().dice['first-player:1']?.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(ana.snapshot().problems.map((p) => p.message)).toContain('Ana started the shared draw over: every phone adds a new value.');
    stop();
    stopSpare();
    expect(errors).toEqual([]);
  });

  it('star by star with two players who both choose: no deal, the galaxy noted as built, the speaker bid alone makes the trade goods', async () => {
    const star = { ...atTable, options: { ...atTable.options, atTable: { map: 'star' as const } }, seats: atTable.seats.slice(0, 2) };
    const { errors, stop, bySeat, setup, phones } = table(star, 'star');
    await until('the die', () => setup().step === 'pick');
    // The die decides who chooses first: she takes the Sol, the other the Xxcha.
    const [first, second] = fromFirst(setup()) as [string, string];
    await bySeat(first).setup.pick(first, 'sol');
    await bySeat(second).setup.pick(second, 'xxcha');
    expect([setup().step, setup().deals]).toEqual(['home', []]);
    expect(() => bySeat('s1').setup.homeBid('s1', 1, 0)).toThrow('the galaxy is built star by star: there are no home system bids.');
    await bySeat('s2').setup.built('s2');
    expect(setup().step).toBe('seating');
    await bySeat('s1').setup.seating('s1', ['s2', 's1']);
    const bidder = setup().speaker?.turn as string;
    await bySeat(bidder).setup.speakerBid(bidder, 3);
    const other = bidder === 's1' ? 's2' : 's1';
    await bySeat(other).setup.speakerBid(other, null);
    // The speaker paid 3 from the reserve to the other; normalised so the lowest has exactly 1.
    expect(setup().goods).toEqual({ [bidder]: 1, [other]: 4 });
    await bySeat(bidder).setup.cycler(bidder, 'clockwise');
    await until('secret objectives dealt', () => setup().step === 'secrets' && setup().deals.at(-1)?.unlocks.length === 2);
    for (const seat of ['s1', 's2']) await bySeat(seat).setup.keptSecret(seat);
    await until('round 1', () => phones.every((p) => p.snapshot().setup.final !== null));
    stop();
    expect(errors).toEqual([]);
    const race = { [first]: 'sol', [second]: 'xxcha' };
    for (const p of phones) expect(p.snapshot().seats.map((x) => [x.id, x.race])).toEqual([['s2', race.s2], ['s1', race.s1]]);
  });
});
