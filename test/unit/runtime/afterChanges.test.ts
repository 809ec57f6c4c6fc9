import { describe, expect, it } from 'vitest';
import { checkAfterChanges } from '../../../src/runtime/afterChanges';
import { newGame } from '../doc/fixtures';
import * as sheetMoves from '../../../src/doc/sheet/moves';

const nextTasks = () => new Promise((done) => setTimeout(done, 20));

describe("an agent follows the game after each change's frame", () => {
  it('checks at once, once more after a burst of changes, and never after its stop, not even a check already queued', async () => {
    const game = newGame();
    const seat = game.snapshot().seats[0]!.id;
    let checks = 0;
    const stop = checkAfterChanges(game, () => checks++);
    expect(checks).toBe(1);
    game.makeMove(sheetMoves.adjustCounter, seat, 'tradeGoods', 1);
    game.makeMove(sheetMoves.adjustCounter, seat, 'tradeGoods', 1);
    await nextTasks();
    expect(checks).toBe(2);
    game.makeMove(sheetMoves.adjustCounter, seat, 'tradeGoods', 1);
    stop();
    await nextTasks();
    game.makeMove(sheetMoves.adjustCounter, seat, 'tradeGoods', 1);
    await nextTasks();
    expect(checks).toBe(2);
  });
});
