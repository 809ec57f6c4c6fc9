/**
 * Seat authority (issue 17): a seat's things change only by the phone holding that seat, checked by the
 * command on the phone that writes and by every phone's fold, against the claims in the log at that point.
 * And undo is an appended event: the log only grows.
 */
import { describe, expect, it } from 'vitest';
import { describeEvent, encodeEvent, foldGame, gameRoot, readRaw } from '../../../src/doc';
import type { EventBody, Game, GameEvent, GameSnapshot, RawGame } from '../../../src/doc';
import { expectRefused, expectRefusedSigned, merge, newGame, replicaOf, proposeNow } from './fixtures';
import * as tradeMoves from '../../../src/doc/trade/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

/** Ana's phone (dev1, s1) and Ben's (dev2, s2), synced; Cleo's seat (s3) is held by nobody. */
function twoPhones() {
  const ana = newGame();
  ana.claimSeat('s1');
  const ben = replicaOf(ana, 'dev2');
  ben.claimSeat('s2');
  merge(ana, ben);
  return { ana, ben };
}

/** The game as every phone folds it after a hostile phone appended `bodies` under the tag `dev`. */
function withForged(game: Game, dev: string, ...bodies: EventBody[]): GameSnapshot {
  const raw = readRaw(gameRoot(game.doc)) as RawGame;
  return foldGame({ ...raw, log: [...raw.log, ...bodies.map((b) => encodeEvent({ ...b, t: 9, dev } as GameEvent))] });
}

const tg = (s: GameSnapshot, seat: string) => s.players[seat]?.counters.tradeGoods;
const messages = (s: GameSnapshot) => s.problems.map((p) => p.message);

describe('seat authority (issue 17)', () => {
  it('a command for a seat another phone holds is refused with a message and writes nothing', () => {
    const { ana } = twoPhones();
    const e = expectRefused(ana, 'not-allowed', () => ana.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 3));
    expect(e.message).toBe("A change by phone dev1 for Ben was refused: only the phone holding Ben's seat may make it.");
    expectRefused(ana, 'not-allowed', () => ana.makeMove(sheetMoves.setLeader, 's2', 0, 'killed'));
  });

  it("an event for Ben's seat written under another phone's tag is skipped by every fold and named to the table", () => {
    const { ana } = twoPhones();
    const s = withForged(ana, 'dev1', { k: 'counter', seat: 's2', counter: 'tradeGoods', delta: -7 });
    expect(tg(s, 's2')).toBe(tg(ana.snapshot(), 's2'));
    expect(messages(s)).toContain("A change by phone dev1 for Ben was refused: only the phone holding Ben's seat may make it.");
  });

  it("paying with a planet is the owner's to write: a stranger's exhaust of Ben's planet does not count", () => {
    const { ana, ben } = twoPhones();
    ben.makeMove(planetMoves.addPlanet, 's2', 'abyz');
    merge(ana, ben);
    const s = withForged(ana, 'dev9', { k: 'exhaust', planet: 'abyz', exhausted: false });
    expect(s.planets.abyz?.exhausted).toBe(true);
    expect(messages(s).join()).toMatch(/phone dev9 for Ben was refused/);
  });

  it('only the phone a trade proposal was made to may accept it', async () => {
    const { ana, ben } = twoPhones();
    const id = proposeNow(ana, 's1', 's2', 0);
    merge(ana, ben);
    await expectRefusedSigned(ana, 'not-allowed', () => ana.makeMoveSigned(tradeMoves.accept, id, 0));
    const forged = withForged(ana, 'dev1', { k: 'trade', op: 'accept', id, contract: 0 });
    expect(forged.trade.agreements).toEqual([]);
    ben.makeMoveSigned(tradeMoves.accept, id, 0);
    expect(ben.snapshot().trade.agreements).toHaveLength(1);
  });

  it('a seat nobody holds may be played by any phone, in plain sight in the log', () => {
    const { ana } = twoPhones();
    ana.makeMove(sheetMoves.adjustCounter, 's3', 'tradeGoods', 2);
    const last = ana.snapshot().log.at(-1);
    expect([last?.dev, tg(ana.snapshot(), 's3')]).toEqual(['dev1', 2]);
  });

  it("taking over a seat is a table event, and the old phone's later changes for it do not count", () => {
    const { ana, ben } = twoPhones();
    const spare = replicaOf(ana, 'dev3');
    spare.claimSeat('s2'); // Ben's phone died; his spare phone takes the seat
    merge(spare, ana);
    expect(describeEvent(ana.snapshot().log.at(-1)!, ana.snapshot())).toBe("Ben's seat moved to a new phone");
    // The old phone, back, is refused on its own screen; a change it writes anyway counts nowhere.
    merge(ben, ana);
    expectRefused(ben, 'not-allowed', () => ben.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 5));
    const s = withForged(ana, 'dev2', { k: 'counter', seat: 's2', counter: 'tradeGoods', delta: 5 });
    expect(tg(s, 's2')).toBe(0);
    expect(messages(s).join()).toMatch(/phone dev2 for Ben was refused/);
  });

  it('authority is read from the claims at that point of the log, not from the claims of today', () => {
    const { ana, ben } = twoPhones();
    ben.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 4);
    merge(ana, ben);
    const spare = replicaOf(ana, 'dev3');
    spare.claimSeat('s2');
    merge(spare, ana);
    // Written while Ben's phone held the seat: it still counts, on every phone, after the take-over.
    expect(tg(ana.snapshot(), 's2')).toBe(4);
    expect(foldGame(readRaw(gameRoot(ana.doc)) as RawGame).players.s2?.counters.tradeGoods).toBe(4);
  });

  it('releasing a seat is the holder\'s to write', () => {
    const { ana } = twoPhones();
    const s = withForged(ana, 'dev1', { k: 'release', seat: 's2' });
    expect(s.claims.s2).toBe('dev2');
  });
});

describe('undo is an appended event (the log only grows)', () => {
  it('takes back her last change by writing an undo, never by deleting from the log', () => {
    const { ana } = twoPhones();
    ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 3);
    const length = gameRoot(ana.doc).log.length;
    ana.undo();
    expect(gameRoot(ana.doc).log.length).toBe(length + 1);
    expect(tg(ana.snapshot(), 's1')).toBe(0);
    expect(describeEvent(ana.snapshot().log.at(-1)!, ana.snapshot())).toBe('Undone: Ana gained 3 trade goods');
  });

  it("an undo takes back only its writer's own entries, whatever numbers it names, and never a signed one", () => {
    const { ana, ben } = twoPhones();
    ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 3);
    merge(ana, ben);
    // A hostile phone writes an undo naming every entry; under its own tag it can reach only its own.
    const s = withForged(ana, 'dev9', { k: 'undo', first: 0, count: 50 });
    expect(tg(s, 's1')).toBe(3);
    const forged = withForged(ana, 'dev2', { k: 'undo', first: 0, count: 50 });
    expect(tg(forged, 's1')).toBe(3);
    // Written under Ben's tag it reaches Ben's entries, but not his claim: a signed entry is never undone
    // (an undo is unsigned, so anyone could write this one in his name).
    expect(forged.claims.s2).toBe('dev2');
  });

  it("a peer's undo is honoured on every phone, and the phone's fold agrees with a fold from scratch", () => {
    const { ana, ben } = twoPhones();
    ben.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 2);
    ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    merge(ana, ben);
    ana.snapshot();
    ben.undo();
    ana.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1); // concurrent with Ben's undo
    merge(ana, ben);
    for (const g of [ana, ben]) {
      expect([tg(g.snapshot(), 's1'), tg(g.snapshot(), 's2')]).toEqual([2, 0]);
      expect(g.snapshot()).toEqual({ ...foldGame(readRaw(gameRoot(g.doc)) as RawGame), devices: g.snapshot().devices });
    }
  });

  it('two undos take back her last two changes, newest first', () => {
    const game = newGame();
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 2);
    game.undo();
    expect(tg(game.snapshot(), 's1')).toBe(1);
    game.undo();
    expect(tg(game.snapshot(), 's1')).toBe(0);
    expect(game.canUndo).toBe(false);
  });
});
