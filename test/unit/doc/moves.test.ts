/**
 * The parts' moves and their one runner (issue 37 item 1): a move is a pure function of the game, `game.move`
 * writes what it returns through the one write path or hands back why not, as a value.
 */
import { describe, expect, it } from 'vitest';
import { GameError, isRefusal } from '../../../src/doc';
import type { EventBody, GameSnapshot, Keeper, Kept, Move } from '../../../src/doc';
import { matches } from '../../../src/crypto/commit';
import * as councilMoves from '../../../src/doc/council/moves';
import * as objectiveMoves from '../../../src/doc/objectives/moves';
import * as roundMoves from '../../../src/doc/round/moves';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import { connectedPhones, newGame } from './fixtures';

const claimed = () => {
  const game = newGame();
  void game.claimSeat('s1');
  return game;
};

describe('moves and their runner (issue 37)', () => {
  it('a move writes its events in one change, and the game shows them', () => {
    const game = claimed();
    const before = game.snapshot().log.length;
    expect(game.move(sheetMoves.adjustCounter, 's1', 'tradeGoods', 3)).toBeUndefined();
    expect(game.snapshot().players.s1?.counters.tradeGoods).toBe(3);
    expect(game.snapshot().log.length).toBe(before + 1);
  });

  it("a move's refusal comes back as a value, in the player's words, and nothing is written", () => {
    const game = claimed();
    const before = game.snapshot().log.length;
    const refused = game.move(sheetMoves.giveTradeGoods, 's1', 's2', 4);
    expect(refused).toEqual({ refused: 'not-enough', message: 'Only 0 trade goods to give.' });
    expect(game.snapshot().log.length).toBe(before);
  });

  it("what the fold refuses at the write comes back the same way: Ben's counters, from Ana's phone", () => {
    const [game, ben] = connectedPhones();
    void game.claimSeat('s1');
    void ben.claimSeat('s2');
    const before = game.snapshot().log.length;
    const refused = game.move(sheetMoves.adjustCounter, 's2', 'tradeGoods', 3);
    expect(isRefusal(refused) && refused.refused).toBe('not-allowed');
    expect(isRefusal(refused) && refused.message).toBe("A change by phone dev1 for Ben was refused: only the phone holding Ben's seat may make it.");
    expect(game.snapshot().log.length).toBe(before);
    expect(game.snapshot().players.s2?.counters.tradeGoods).toBe(0);
  });

  it('a move with nothing to record writes nothing and is not refused', () => {
    const game = claimed();
    const before = game.snapshot().log.length;
    expect(game.move(sheetMoves.adjustCounter, 's1', 'tradeGoods', 0)).toBeUndefined();
    expect(game.snapshot().log.length).toBe(before);
  });

  it('a move is pure: the same game and arguments give the same events, and the game it read is unchanged', () => {
    const game = claimed();
    const s = game.snapshot();
    const had = s.players.s1?.counters.commandPool ?? 0;
    const copy = structuredClone(s) as GameSnapshot;
    const by = { device: game.device, nonce: 'n0nce000' };
    const once = sheetMoves.setCounter(s, by, 's1', 'commandPool', had + 3);
    expect(sheetMoves.setCounter(s, by, 's1', 'commandPool', had + 3)).toEqual(once);
    expect(once).toEqual([{ k: 'counter', seat: 's1', counter: 'commandPool', delta: 3, from: had }]);
    expect(s).toEqual(copy);
  });

  it('a move refuses on the game it is given, with no game to write to: its checks are the same', () => {
    const s = claimed().snapshot();
    expect(() => sheetMoves.giveTradeGoods(s, { device: 'dev1', nonce: 'n0nce000' }, 's1', 's2', 4)).toThrow(new GameError('not-enough', 'Only 0 trade goods to give.'));
  });

  it('makeMove makes the same move and throws its refusal as a GameError, for callers that stop at one', () => {
    const game = claimed();
    const refused = game.move(sheetMoves.giveTradeGoods, 's1', 's2', 4);
    let thrown: unknown;
    try {
      game.makeMove(sheetMoves.giveTradeGoods, 's1', 's2', 4);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(GameError);
    expect({ refused: (thrown as GameError).code, message: (thrown as GameError).message }).toEqual(refused);
  });

  it("a part's move made with another part's view (the round's turn for an action card) refuses as a value too", () => {
    const game = claimed();
    const before = game.snapshot().log.length;
    const refused = game.move(roundMoves.play, 's1', 'card', 'Sabotage', false);
    expect(isRefusal(refused) && refused.refused).toBe('not-allowed');
    expect(game.snapshot().log.length).toBe(before);
    game.makeMove(sheetMoves.adjustCounter, 's1', 'actionCards', 1);
    expect(game.move(roundMoves.play, 's1', 'card', 'Sabotage', false)).toBeUndefined();
    expect(game.snapshot().players.s1?.counters.actionCards).toBe(0);
  });

  it("an objective's claim refused by the same checks as the fold's, as a value, and nothing written", () => {
    const game = claimed();
    const before = game.snapshot().log.length;
    const refused = game.move(objectiveMoves.claim, 's1', 'not-an-objective');
    expect(isRefusal(refused)).toBe(true);
    expect(game.snapshot().log.length).toBe(before);
  });

  it('a move gets who makes it: this phone', () => {
    const game = claimed();
    let seen: string | undefined;
    const whoami: Move<[]> = (_s, by) => ((seen = by.device), []);
    game.move(whoami);
    expect(seen).toBe('dev1');
  });

  it('a move whose events are signed is written signed by moveSigned, and is a bug through move', async () => {
    const game = newGame();
    const claim: Move<[seat: string]> = (_s, _by, seat): EventBody[] => [{ k: 'claim', seat, key: game.signer.publicKey, nonce: 1 }];
    expect(() => game.move(claim, 's1')).toThrow(/signed/);
    expect(await game.moveSigned(claim, 's1')).toBeUndefined();
    expect(game.snapshot().claims.s1).toBe('dev1');
  });

  it('ids a move makes come from the fresh letters the runner draws for each move', () => {
    const game = claimed();
    const seen: string[] = [];
    const id: Move<[]> = (_s, by) => (seen.push(by.nonce), []);
    game.move(id);
    game.move(id);
    expect(seen).toHaveLength(2);
    for (const n of seen) expect(n).toMatch(/^[0-9a-z]{8}$/);
    expect(seen[0]).not.toBe(seen[1]);
  });

  it("an agenda placed face down: its opening and the card leaving her hand are kept on the phone before the commitment enters the game, and the game holds only the hash", async () => {
    const game = newGame();
    await game.claimSeat('s1');
    game.makeMove(sheetMoves.adjustCounter, 's1', 'politicalCards', 1);
    const kept: { log: number; kept: readonly Kept[] }[] = [];
    const keeper: Keeper = { keep: async (_id, k) => void kept.push({ log: game.snapshot().log.length, kept: k }) };
    game.keeper = keeper;
    const before = game.snapshot().log.length;
    expect(await game.moveSigned(councilMoves.placeAgenda, 's1', { source: 'hand', card: 'minister-of-war' })).toBeUndefined();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.log).toBe(before);
    const [opening, placed] = kept[0]!.kept;
    expect(placed).toEqual({ kind: 'placed', seat: 's1', key: '1:s1', card: 'minister-of-war' });
    const s = game.snapshot();
    const placing = s.log.at(-1)?.event;
    const hash = placing?.k === 'council' && placing.e.c === 'place' ? placing.e.hash : undefined;
    expect(opening?.kind === 'opening' && hash !== undefined && matches(hash, s.meta.id, opening.vote, 's1', opening.opening)).toBe(true);
    expect(JSON.stringify(game.doc.toJSON())).not.toContain('minister-of-war');
  });

  it('a move that keeps something, on a phone with no keeper, is refused and writes nothing; through the synchronous move it is a bug', async () => {
    const game = newGame();
    await game.claimSeat('s1');
    game.keeper = undefined;
    const before = game.snapshot().log.length;
    const refused = await game.moveSigned(councilMoves.placeAgenda, 's1', { source: 'deck' });
    expect(isRefusal(refused) && refused.refused).toBe('not-allowed');
    expect(game.snapshot().log.length).toBe(before);
    expect(() => game.move(councilMoves.placeAgenda, 's1', { source: 'deck' })).toThrow(/keeps something on the phone/);
  });

  it('a keeper that fails leaves the game as it was: no commitment without its opening kept', async () => {
    const game = newGame();
    await game.claimSeat('s1');
    game.keeper = { keep: () => Promise.reject(new Error('QuotaExceededError')) };
    const before = game.snapshot().log.length;
    await expect(game.moveSigned(councilMoves.placeAgenda, 's1', { source: 'deck' })).rejects.toThrow('QuotaExceededError');
    expect(game.snapshot().log.length).toBe(before);
  });

  it("the game carries every part's moves, the same functions a screen imports, so a screen of the first frame makes them without loading their code", () => {
    const game = claimed();
    expect(game.moves.sheet.adjustCounter).toBe(sheetMoves.adjustCounter);
    expect(game.moves.round.play).toBe(roundMoves.play);
    expect(game.moves.council.placeAgenda).toBe(councilMoves.placeAgenda);
    expect(game.move(game.moves.objectives.claim, 's1', 'not-an-objective')).toEqual(game.move(objectiveMoves.claim, 's1', 'not-an-objective'));
  });
});
