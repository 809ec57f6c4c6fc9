import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendedEntries } from '../../../src/doc/core/growth';

/** A doc with a given Yjs client id and a log holding `n` entries. */
function docWith(clientID: number, n = 0): { doc: Y.Doc; log: Y.Array<unknown> } {
  const doc = new Y.Doc();
  doc.clientID = clientID;
  const log = doc.getArray<unknown>('log');
  for (let i = 0; i < n; i++) log.push([['e', i]]);
  return { doc, log };
}

/** Whether each transaction of `change` only appended to the log (`appendedEntries` answers). */
function answerOn(doc: Y.Doc, log: Y.Array<unknown>, change: () => void): boolean[] {
  const answers: boolean[] = [];
  const f = (e: Y.YArrayEvent<unknown>) => answers.push(appendedEntries(e.transaction, log) !== undefined);
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

describe('the entries a transaction appended, read from its own structs (a remote change costs the same at round 16)', () => {
  /** What `appendedEntries` handed back for each transaction of `change`, beside the log's tail after it. */
  function appendedOn(log: Y.Array<unknown>, change: () => void): { added: unknown[] | undefined; tail: unknown[] }[] {
    const seen: { added: unknown[] | undefined; tail: unknown[] }[] = [];
    const f = (e: Y.YArrayEvent<unknown>) => {
      const added = appendedEntries(e.transaction, log);
      seen.push({ added, tail: log.toArray().slice(log.length - (added?.length ?? 0)) });
    };
    log.observe(f);
    change();
    log.unobserve(f);
    return seen;
  }

  it('a peer\'s several entries, from two of its changes in one update, come back in the log\'s order', () => {
    const a = docWith(5, 3);
    const b = docWith(9);
    Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc));
    b.log.push([['first']]);
    b.log.push([['second'], ['third']]);
    const [seen] = appendedOn(a.log, () => Y.applyUpdate(a.doc, Y.encodeStateAsUpdate(b.doc, Y.encodeStateVector(a.doc))));
    expect(seen?.added).toEqual([['first'], ['second'], ['third']]);
    expect(seen?.added).toEqual(seen?.tail);
  });

  it('entries of two peers merged in one update come back in the order Yjs gave them', () => {
    const a = docWith(5, 2);
    const b = docWith(1);
    const c = docWith(70);
    Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc));
    Y.applyUpdate(c.doc, Y.encodeStateAsUpdate(a.doc));
    b.log.push([['b']]);
    c.log.push([['c']]);
    const both = Y.mergeUpdates([Y.encodeStateAsUpdate(b.doc, Y.encodeStateVector(a.doc)), Y.encodeStateAsUpdate(c.doc, Y.encodeStateVector(a.doc))]);
    const [seen] = appendedOn(a.log, () => Y.applyUpdate(a.doc, both));
    expect(seen?.added).toHaveLength(2);
    expect(seen?.added).toEqual(a.log.toArray().slice(-2));
  });

  it('an entry appended and deleted in the same transaction is not handed back', () => {
    const { doc, log } = docWith(5, 2);
    const [seen] = appendedOn(log, () => doc.transact(() => {
      log.push([['kept'], ['gone']]);
      log.delete(3, 1);
    }));
    expect(seen?.added).toEqual([['kept']]);
  });

  it('a concurrent entry ordered before the end hands back nothing: the caller folds again', () => {
    const a = docWith(50, 2);
    const b = docWith(1);
    Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc));
    a.log.push([['mine']]);
    b.log.push([['theirs']]);
    const [seen] = appendedOn(a.log, () => Y.applyUpdate(a.doc, Y.encodeStateAsUpdate(b.doc, Y.encodeStateVector(a.doc))));
    expect(seen?.added).toBeUndefined();
  });

  it('a whole game arriving on an empty phone comes back whole, in order', () => {
    const source = docWith(7, 500);
    const empty = docWith(8);
    const [seen] = appendedOn(empty.log, () => Y.applyUpdate(empty.doc, Y.encodeStateAsUpdate(source.doc)));
    expect(seen?.added).toEqual(source.log.toArray());
  });
});
