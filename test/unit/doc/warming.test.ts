import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { encodeEvent, foldGame, gameRoot, Game, readRaw } from '../../../src/doc';
import type { GameEvent } from '../../../src/doc';
import type { GameSnapshot } from '../../../src/doc';
import { checkedVerdicts, forgetVerdicts, signedBytes, softwareSigner } from '../../../src/crypto/signature';
import { simulateGame } from '../../../bench/simulate';

const fromScratch = (game: Game) => foldGame(readRaw(gameRoot(game.doc))!);
const same = (a: GameSnapshot | undefined, b: GameSnapshot) => expect(JSON.stringify(a)).toBe(JSON.stringify(b));
/** Resolves when `game` next tells its screen the fold changed without a transaction. */
const refolded = (game: Game) => new Promise<void>((done) => {
  const stop = game.onRefold(() => (stop(), done()));
});

/**
 * Issue 33: a phone that receives a large update (a join, a phone back after a while) lets the browser check
 * its signatures natively before folding it, as a start does, instead of verifying each in JavaScript. The
 * screen keeps what it showed meanwhile; a decision never waits and never rests on the old game.
 */
describe('a large update from another phone', () => {
  const sim = simulateGame({ players: 4, rounds: 3, seed: 7 });
  const source = sim.games[0]!;
  const whole = Y.encodeStateAsUpdate(source.doc);

  it('is shown to a joining phone once the browser has checked its signatures, as the same game', async () => {
    expect(source.root.log.length).toBeGreaterThan(200);
    forgetVerdicts();
    const joining = new Game(new Y.Doc(), 'joining');
    const heard = refolded(joining);
    Y.applyUpdate(joining.doc, whole);
    // Still checking: the join screen keeps waiting, nothing is folded with unchecked signatures.
    expect(joining.snapshotOrUndefined()).toBeUndefined();
    await heard;
    // The browser's verdicts are in before the fold needs them.
    expect(checkedVerdicts(source.snapshot().meta.id).length).toBeGreaterThan(0);
    same(joining.snapshotOrUndefined(), fromScratch(source));
  });

  it('never makes a decision wait: the game a command validates against is the whole update, folded now', async () => {
    forgetVerdicts();
    const joining = new Game(new Y.Doc(), 'joining');
    const heard = refolded(joining);
    Y.applyUpdate(joining.doc, whole);
    same(joining.snapshot(), fromScratch(source));
    // And the screen, which asked nothing, still hears when the check is done.
    await heard;
    same(joining.snapshotOrUndefined(), fromScratch(source));
  });

  it('leaves a phone already showing the game on what it showed until the update is checked', async () => {
    // The first phone's document as it was some changes into the game, from the updates it emitted.
    const shown = new Game(new Y.Doc(), 'watching');
    for (const u of sim.updatesV2) {
      if (shown.root.log.length >= 40) break;
      Y.applyUpdateV2(shown.doc, u);
    }
    const before = shown.snapshotOrUndefined();
    expect(before).toBeDefined();
    const heard = refolded(shown);
    Y.applyUpdate(shown.doc, whole);
    expect(shown.snapshotOrUndefined()).toBe(before);
    await heard;
    same(shown.snapshotOrUndefined(), fromScratch(shown));
  });

  it('still refuses a forged entry inside it, as the phone that wrote nothing natively would', async () => {
    // A hostile phone's replica: the game, and a council placement in the first seat's name signed with a key of its own.
    const hostile = new Game(new Y.Doc(), 'hostile');
    Y.applyUpdate(hostile.doc, whole);
    const holder = sim.devices[0]!;
    const tuple = [...encodeEvent({ k: 'council', seat: sim.seats[0]!, e: { c: 'place', round: 3, hash: 'ab'.repeat(32) }, t: 5, dev: holder } as GameEvent)];
    const forged = [...tuple, softwareSigner().signNow!(signedBytes(sim.gameId, tuple))];
    hostile.doc.transact(() => gameRoot(hostile.doc).log.push([forged]));
    forgetVerdicts();
    const joining = new Game(new Y.Doc(), 'joining');
    const heard = refolded(joining);
    Y.applyUpdate(joining.doc, Y.encodeStateAsUpdate(hostile.doc));
    await heard;
    const shown = joining.snapshotOrUndefined()!;
    expect(shown.problems.map((p) => p.message).join('\n')).toMatch(/forged or damaged/);
    forgetVerdicts();
    same(shown, fromScratch(joining));
  });

  it('folds a small update at once', () => {
    const game = new Game(new Y.Doc(), 'watching');
    Y.applyUpdate(game.doc, whole);
    const before = game.snapshot();
    const other = new Game(new Y.Doc(), 'other');
    Y.applyUpdate(other.doc, whole);
    const update: Uint8Array[] = [];
    other.doc.on('update', (u: Uint8Array) => update.push(u));
    other.doc.transact(() => gameRoot(other.doc).log.push([gameRoot(other.doc).log.get(gameRoot(other.doc).log.length - 1)]));
    Y.applyUpdate(game.doc, update[0]!);
    expect(game.snapshotOrUndefined()).not.toBe(before);
    same(game.snapshotOrUndefined(), fromScratch(game));
  });
});
