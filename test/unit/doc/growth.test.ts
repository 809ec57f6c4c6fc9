import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendedAtEnd } from '../../../src/doc/core/growth';

/** A doc with a given Yjs client id and a log holding `n` entries. */
function docWith(clientID: number, n = 0): { doc: Y.Doc; log: Y.Array<unknown> } {
  const doc = new Y.Doc();
  doc.clientID = clientID;
  const log = doc.getArray<unknown>('log');
  for (let i = 0; i < n; i++) log.push([['e', i]]);
  return { doc, log };
}

/** The answer of `appendedAtEnd` for the transactions that apply `update` to `doc`. */
function answerOn(doc: Y.Doc, log: Y.Array<unknown>, change: () => void): boolean[] {
  const answers: boolean[] = [];
  const f = (e: Y.YArrayEvent<unknown>) => answers.push(appendedAtEnd(e.transaction, log));
  log.observe(f);
  change();
  log.unobserve(f);
  return answers;
}

describe('a transaction that only appended to the log (the fold keeps what it folded)', () => {
  it('a local append is at the end', () => {
    const { doc, log } = docWith(5, 3);
    expect(answerOn(doc, log, () => log.push([['mine']]))).toEqual([true]);
  });

  it('a peer\'s entries after all of this phone\'s are at the end', () => {
    const a = docWith(5, 3);
    const b = docWith(9);
    Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc));
    b.log.push([['theirs'], ['theirs too']]);
    expect(answerOn(a.doc, a.log, () => Y.applyUpdate(a.doc, Y.encodeStateAsUpdate(b.doc, Y.encodeStateVector(a.doc))))).toEqual([true]);
    expect(a.log.toArray().slice(-2)).toEqual([['theirs'], ['theirs too']]);
  });

  it('a peer\'s concurrent entry that Yjs orders before this phone\'s last one is not at the end', () => {
    const a = docWith(50, 2);
    const b = docWith(1);
    Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc));
    a.log.push([['mine, concurrent']]);
    b.log.push([['theirs, concurrent']]);
    expect(answerOn(a.doc, a.log, () => Y.applyUpdate(a.doc, Y.encodeStateAsUpdate(b.doc, Y.encodeStateVector(a.doc))))).toEqual([false]);
    // Yjs put it before this phone's entry (the lower client id goes first): what followed it changed.
    expect(a.log.toArray().slice(-2)).toEqual([['theirs, concurrent'], ['mine, concurrent']]);
  });

  it('a deleted entry is not an append', () => {
    const { doc, log } = docWith(5, 4);
    expect(answerOn(doc, log, () => log.delete(1, 1))).toEqual([false]);
  });

  it('a whole game arriving on an empty phone is an append', () => {
    const source = docWith(7, 500);
    const empty = docWith(8);
    expect(answerOn(empty.doc, empty.log, () => Y.applyUpdate(empty.doc, Y.encodeStateAsUpdate(source.doc)))).toEqual([true]);
  });
});
