import { describe, expect, it } from 'vitest';
import { describeEvent } from '../../../src/doc';
import type { Game } from '../../../src/doc';
import { expectRefused, newGame } from './fixtures';
import * as sheetMoves from '../../../src/doc/sheet/moves';

const last = (game: Game) => {
  const s = game.snapshot();
  return describeEvent(s.log.at(-1)!, s);
};

describe('notes for the table (issue 25: "Ben owes me 2 trade goods next round")', () => {
  it('adds a note a player writes, trimmed, and the log reads it with her player name', () => {
    const game = newGame();
    game.claimSeat('s1');
    game.makeMove(sheetMoves.note, 's1', '  Ben owes me 2 trade goods next round \n');
    expect(game.snapshot().log.at(-1)?.event).toMatchObject({ k: 'note', seat: 's1', text: 'Ben owes me 2 trade goods next round' });
    expect(last(game)).toBe('Note from Ana: Ben owes me 2 trade goods next round');
    game.makeMove(sheetMoves.note, 's1', 'x'.repeat(500));
    expect(last(game)).toBe(`Note from Ana: ${'x'.repeat(500)}`);
  });

  it.each([
    ['empty', '   \n ', 'The note was not added: it is empty.'],
    ['over 500 characters', 'x'.repeat(501), 'The note was not added: it has 501 characters, more than the 500 a note holds.'],
  ])('refuses a note that is %s with a message, and writes nothing', (_why, text, message) => {
    const game = newGame();
    expect(expectRefused(game, 'invalid-input', () => game.makeMove(sheetMoves.note, 's1', text)).message).toBe(message);
  });

  it('refuses on every phone, with a problem, a note another phone wrote around its checks, and the log shows no text of it', () => {
    const game = newGame();
    const before = game.snapshot().log.length;
    // A tampered phone writes straight into the log: an empty note, a long one, and one past the guard's field size.
    game.append([{ k: 'note', seat: 's2', text: ' ' }]);
    game.append([{ k: 'note', seat: null, text: 'y'.repeat(600) }]);
    game.doc.transact(() => game.root.log.push([['.', 1, game.device, 's2', 'z'.repeat(1001)]]));
    const s = game.snapshot();
    expect(s.problems.map((p) => p.message)).toEqual([
      'A note by Ben was refused: it is empty.',
      'A note was refused: it has 600 characters, more than the 500 a note holds.',
      'A log entry is not a valid event of this version; it was ignored.',
    ]);
    expect(s.log.slice(before).map((l) => describeEvent(l, s))).toEqual([
      'A note by Ben was refused (it is empty)',
      'A note was refused (it has 600 characters, more than the 500 a note holds)',
    ]);
  });
});
