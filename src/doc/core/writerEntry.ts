/**
 * This opening's `writer` entry (table.ts): the Yjs client this page writes with, signed by this phone's key.
 * Past the game's bound on its log, only a seat's phone whose writer is signed for writes more (writers.ts),
 * so the write path puts it before the first entry it writes there. Signed once per opening; WebCrypto signs
 * asynchronously, so a tap that needs it before it is ready is refused with a word to try again.
 */
import { signedBytes } from '../../crypto/signature';
import type { Signer } from '../../crypto/signature';
import { breachMessage, WRITE_BOUNDS } from './bounds';
import type { Breach } from './bounds';
import { fail } from './errors';
import { gameChars, ownBreach, signedFor } from './writers';
import type * as Y from 'yjs';

export class WriterEntry {
  #entry: unknown[] | undefined;
  #signing: Promise<void> | undefined;

  constructor(
    private readonly doc: Y.Doc,
    private readonly signer: Signer,
    /** The `writer` entry's tuple, unsigned. */
    private readonly encodeWriter: () => unknown[],
  ) {}

  /** Signs `tuple` (the encoded entry) for `gameId`, now when the key signs at once. */
  #sign(gameId: string, tuple: unknown[]): Promise<void> {
    const { signNow } = this.signer;
    if (signNow) this.#entry = [...tuple, signNow(signedBytes(gameId, tuple))];
    return (this.#signing ??= this.#entry
      ? Promise.resolve()
      : this.signer.sign(signedBytes(gameId, tuple)).then(
          (signature) => void (this.#entry = [...tuple, signature]),
          () => void (this.#signing = undefined),
        ));
  }

  /**
   * The entries to write for `encoded`: the same, or, when the free part of the game's log is full and this
   * writer has not signed for itself, the `writer` entry first. Throws the refusal of whatever is over.
   */
  entriesFor(encoded: unknown[][], gameId: string): unknown[][] {
    const breach = ownBreach(this.doc, encoded, undefined, WRITE_BOUNDS);
    if (breach?.bound !== 'gameChars' || !encoded.length || signedFor(this.doc)) return refuseOver(breach, encoded);
    if (!this.#entry) void this.#sign(gameId, this.encodeWriter());
    if (!this.#entry) fail('not-allowed', "This change was not made: the game's log is full, and this phone is signing for itself to write on within its seat's part. Try again in a moment.");
    const signed = [this.#entry, ...encoded];
    return refuseOver(ownBreach(this.doc, signed, undefined, WRITE_BOUNDS), signed);
  }

  /** Resolves once the `writer` entry is signed, when the free part of the log is full (before a signed write). */
  ready(gameId: string): Promise<void> {
    return gameChars(this.doc) > WRITE_BOUNDS.gameChars && !this.#entry && !signedFor(this.doc) ? this.#sign(gameId, this.encodeWriter()) : Promise.resolve();
  }
}

function refuseOver(breach: Breach | undefined, entries: unknown[][]): unknown[][] {
  if (breach) fail('not-allowed', breachMessage(breach));
  return entries;
}
