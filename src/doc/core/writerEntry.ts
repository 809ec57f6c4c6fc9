/**
 * This opening's `writer` entry (table.ts): the Yjs client this page writes with, signed by this phone's key,
 * and the session key that vouches for each of its writes past the game's bound. Past that bound only what a
 * seat's phone vouches for is written (writers.ts), so the write path puts the `writer` entry before the first
 * entries it writes there and a `vouch` after each write's. The phone's key may sign only asynchronously
 * (WebCrypto), so a tap that needs the `writer` entry before it is ready is refused with a word to try again;
 * the session key lives in this page's memory and signs at once. Kept per Yjs client: Yjs gives the page a
 * new one when another writes under its id, and the new one needs its own entry.
 */
import { signedBytes, softwareSigner } from '../../crypto/signature';
import type { Signer } from '../../crypto/signature';
import { breachMessage, entryChars, WRITE_BOUNDS } from './bounds';
import type { Breach } from './bounds';
import { fail } from './errors';
import { gameChars, ownBinding, ownBreach, writerTally } from './writers';
import type * as Y from 'yjs';

/** What to write for one command: its entries with what the bound needs around them, and where its own begin. */
export interface Entries {
  entries: unknown[][];
  /** How many of `entries` come before the command's own. */
  before: number;
}

export class WriterEntry {
  #entry: { client: number; entry: unknown[] } | undefined;
  #signing: { client: number; done: Promise<void> } | undefined;
  /** Made when first needed: most games never reach the bound. */
  #session: ReturnType<typeof softwareSigner> | undefined;

  constructor(
    private readonly doc: Y.Doc,
    private readonly signer: Signer,
    /** A table event's tuple, unsigned, as this phone writes it. */
    private readonly encode: (body: { k: 'writer'; client: number; key: string; session: string } | { k: 'vouch'; client: number; upTo: number }) => unknown[],
  ) {}

  get #sessionKey(): ReturnType<typeof softwareSigner> {
    return (this.#session ??= softwareSigner());
  }

  /** The signed entry for the page's current Yjs client, if signed. */
  get #current(): unknown[] | undefined {
    return this.#entry?.client === this.doc.clientID ? this.#entry.entry : undefined;
  }

  /** Signs the `writer` entry of the current client for `gameId`, now when the key signs at once. */
  #sign(gameId: string): Promise<void> {
    const client = this.doc.clientID;
    if (this.#current) return Promise.resolve();
    if (this.#signing?.client === client) return this.#signing.done;
    const tuple = this.encode({ k: 'writer', client, key: this.signer.publicKey, session: this.#sessionKey.publicKey });
    const { signNow } = this.signer;
    if (signNow) {
      this.#entry = { client, entry: [...tuple, signNow(signedBytes(gameId, tuple))] };
      return Promise.resolve();
    }
    const done = this.signer.sign(signedBytes(gameId, tuple)).then(
      (signature) => void (this.#entry = { client, entry: [...tuple, signature] }),
      () => void (this.#signing = undefined),
    );
    this.#signing = { client, done };
    return done;
  }

  /**
   * The entries to write for `encoded`: the same, or, when the free part of the game's log is full, the same
   * followed by this writer's vouch for them (and first its `writer` entry, when it has not signed for itself).
   * Throws the refusal of whatever is over.
   */
  entriesFor(encoded: unknown[][], gameId: string): Entries {
    const breach = ownBreach(this.doc, encoded, undefined, WRITE_BOUNDS);
    if (breach?.bound !== 'gameChars' || !encoded.length) return refuseOver(breach, { entries: encoded, before: 0 });
    const bound = ownBinding(this.doc);
    // A page that signed for itself in an earlier opening of this client, with another session key, cannot vouch.
    if (bound && bound.session !== this.#session?.publicKey) return refuseOver(breach, { entries: encoded, before: 0 });
    if (!bound && !this.#current) void this.#sign(gameId);
    const entry = bound ? undefined : (this.#current ?? fail('not-allowed', "This change was not made: the game's log is full, and this phone is signing for itself to write on within its seat's part. Try again in a moment."));
    const head = entry ? [entry, ...encoded] : encoded;
    const upTo = writerTally(this.doc, this.doc.clientID).chars + head.reduce((n, e) => n + entryChars(e), 0);
    const tuple = this.encode({ k: 'vouch', client: this.doc.clientID, upTo });
    const vouch = [...tuple, this.#sessionKey.signNow(signedBytes(gameId, tuple))];
    const entries = [...head, vouch];
    return refuseOver(ownBreach(this.doc, entries, undefined, WRITE_BOUNDS), { entries, before: head.length - encoded.length });
  }

  /** Resolves once the `writer` entry is signed, when the free part of the log is full (before a signed write). */
  ready(gameId: string): Promise<void> {
    return gameChars(this.doc) > WRITE_BOUNDS.gameChars && !this.#current && !ownBinding(this.doc) ? this.#sign(gameId) : Promise.resolve();
  }
}

function refuseOver(breach: Breach | undefined, entries: Entries): Entries {
  if (breach) fail('not-allowed', breachMessage(breach));
  return entries;
}
