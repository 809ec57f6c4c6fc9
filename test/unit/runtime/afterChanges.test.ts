import { describe, expect, it } from 'vitest';
import { checkAfterChanges } from '../../../src/runtime/afterChanges';
import { newGame } from '../doc/fixtures';
import * as sheetMoves from '../../../src/doc/sheet/moves';
import * as planetMoves from '../../../src/doc/planets/moves';

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

  it('skips a change that left the parts it reads as they were, and checks after one that changed them', async () => {
    const game = newGame();
    const seat = game.snapshot().seats[0]!.id;
    const planet = game.snapshot().players[seat]!.planets[0]!;
    let checks = 0;
    const stop = checkAfterChanges(game, () => checks++, (s) => [s.planets]);
    expect(checks).toBe(1);
    game.makeMove(sheetMoves.adjustCounter, seat, 'tradeGoods', 1);
    await nextTasks();
    expect(checks).toBe(1);
    game.makeMove(planetMoves.setExhausted, planet, true);
    await nextTasks();
    expect(checks).toBe(2);
    game.makeMove(sheetMoves.adjustCounter, seat, 'vp', 1);
    await nextTasks();
    expect(checks).toBe(2);
    stop();
  });
});
