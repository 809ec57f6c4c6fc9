/**
 * What a fold may remember of a costly check between folds (issue 37: folds keep no module-level state).
 * A refold after an undo or a peer's concurrent entry, or the next start of the same game, meets the same
 * input again; the setup at the table's deal check costs about 0.3 s. The runtime owns the memo and hands it
 * to every fold it runs (`Rules.memo`); a key names the check and a digest of its input, a value is what the
 * check found. The fold's result never depends on whether the memo answered.
 */
export interface FoldMemo {
  get(key: string): string | null | undefined;
  set(key: string, value: string): void;
}

/** A memo in this page's memory (at most `limit` entries), in front of `behind` (a store on the device) when given. */
export function memoryMemo(limit = 8, behind?: FoldMemo): FoldMemo {
  const known = new Map<string, string>();
  return {
    get: (key) => known.get(key) ?? behind?.get(key),
    set: (key, value) => {
      if (known.size >= limit) known.clear();
      known.set(key, value);
      behind?.set(key, value);
    },
  };
}
