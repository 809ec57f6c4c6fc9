/**
 * The state of one check of the input guard (guard.ts), `Check`: the document as it is and the update's new
 * structs by client, and where each of them goes, the root key (and map key) it writes, found by its parent
 * or its neighbours in the update or among the document's items, without applying anything. With it, how a
 * check refuses (`refuse`) and says that an update builds on changes this phone has not received (`LATER`).
 */
import * as Y from 'yjs';
import type { ReadLimits, StructRef } from './updateReader';

export class Refusal extends Error {}
export const refuse = (reason: string): never => {
  throw new Refusal(reason);
};
export const LATER = Symbol('later');

export interface Place {
  root: string;
  sub: string | null;
}

/** The state of one check: the document as it is, and the update's new structs by client. */
export class Check {
  readonly roots = new Map<unknown, string>();
  readonly fresh = new Map<number, StructRef[]>();
  readonly places = new Map<StructRef, Place>();
  /** Writers whose changes Yjs holds back, from which clock on (they build on changes not here). */
  readonly waitsFrom = new Map<number, number>();
  steps = 0;

  constructor(
    readonly doc: Y.Doc,
    readonly limits: ReadLimits,
  ) {
    doc.share.forEach((type, name) => this.roots.set(type, name));
  }

  have(client: number): number {
    return Y.getState(this.doc.store, client);
  }

  step(): void {
    if (++this.steps > this.limits.maxWork) refuse('it takes too long to check');
  }

  /** The struct of the update holding (client, clock), if any. */
  inUpdate(client: number, clock: number): StructRef | undefined {
    const list = this.fresh.get(client) ?? [];
    const s = list[this.#firstEndingAfter(list, clock)];
    return s && s.clock <= clock ? s : undefined;
  }

  /** The first clock at or after `clock` that the update holds for `client` (Infinity: none). */
  nextInUpdate(client: number, clock: number): number {
    const list = this.fresh.get(client) ?? [];
    const s = list[this.#firstEndingAfter(list, clock)];
    return s ? Math.max(s.clock, clock) : Infinity;
  }

  /** The index of the first struct of `list` (one client's, in clock order) that ends after `clock`. */
  #firstEndingAfter(list: readonly StructRef[], clock: number): number {
    let [lo, hi] = [0, list.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const s = list[mid] as StructRef;
      if (clock >= s.clock + s.length) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The item of the document holding (client, clock); LATER when this phone does not have it. */
  inDoc(client: number, clock: number): Y.Item | Y.GC | typeof LATER {
    const structs = this.doc.store.clients.get(client);
    if (!structs || clock >= this.have(client)) return LATER;
    return structs[Y.findIndexSS(structs, clock)] as Y.Item | Y.GC;
  }

  placeOfItem(item: Y.Item | Y.GC): Place {
    if (!(item instanceof Y.Item)) return refuse('it builds on a removed change');
    const root = this.roots.get(item.parent);
    return root === undefined ? refuse('it writes inside a nested value, which no part of a game has') : { root, sub: item.parentSub };
  }

  /**
   * Which root key (and map key) a new struct belongs to: its own parent, or its neighbour's, found in
   * the update or the document. Followed as a loop, not recursion: a long game is a long chain.
   */
  placeOf(first: StructRef): Place {
    const chain: StructRef[] = [];
    const inChain = new Set<StructRef>();
    let place: Place | undefined;
    for (let s: StructRef | undefined = first; !place && s; ) {
      place = this.places.get(s);
      if (place) break;
      chain.push(s);
      inChain.add(s);
      this.step();
      if (typeof s.parent === 'string') place = { root: s.parent, sub: s.parentSub };
      else if (s.parent) refuse('it writes inside a nested value, which no part of a game has');
      else {
        const id = s.origin ?? s.rightOrigin ?? refuse('it writes a change with no place in the game');
        // Yjs integrates one phone's changes in clock order: a neighbour of its own must come before.
        for (const ref of [s.origin, s.rightOrigin]) if (ref && ref.client === s.client && ref.clock >= s.clock) refuse('it writes a change placed after itself');
        const next = this.inUpdate(id.client, id.clock);
        if (next && inChain.has(next)) refuse('it writes a change placed after itself');
        if (!next) {
          const item = this.inDoc(id.client, id.clock);
          if (item === LATER) throw LATER;
          place = this.placeOfItem(item);
        }
        s = next;
      }
    }
    const found = place ?? refuse('it writes a change with no place in the game');
    // A map entry written over another keeps the key of the one it replaces (Yjs copies parentSub).
    for (const s of chain) this.places.set(s, { root: found.root, sub: s.parentSub ?? found.sub });
    return this.places.get(first) as Place;
  }

  /** placeOf, or undefined when the struct builds on a change this phone does not have yet. */
  placeIfKnown(s: StructRef): Place | undefined {
    try {
      return this.placeOf(s);
    } catch (e) {
      if (e === LATER) return undefined;
      throw e;
    }
  }
}
