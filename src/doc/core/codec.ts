/**
 * The log's codec registry. Events are stored as compact tuples `[code, time, device, ...fields]`: time
 * in whole seconds since the game was created, device a short tag. Each feature declares, per event kind
 * it owns, a one-letter code and how to write and read its fields; `createCodec` joins them. Every tuple
 * read from the document is untrusted input: `decode` rejects anything malformed instead of throwing.
 *
 * Why a log rather than one Y.Map per entity (DESIGN.md's first sketch): the log is required anyway
 * (history, undo, who/which phone/when), and writing state *and* a log entry per tap cost ~41 B per change
 * in v1 against ~27 B for the log alone (measured with 8 interleaving replicas, 2,200 changes), which is
 * what keeps a 16-round game under y-webrtc's message cap. Counters stay conflict-free: each event
 * carries a delta, and the fold sums them, so two phones adding 1 concurrently give +2.
 */
import { signatureOf } from '../../crypto/signedBytes';
import { codeVersion, EVENTS_VERSION } from './versions';
import type { EncodedEvent, EventBody, EventKind, EventOf, GameEvent } from './types';

export interface EventCodec<K extends EventKind> {
  /**
   * One code letter per kind keeps a 16-round log small; never reuse a retired code. A kind added after
   * events version 2 ends its code with the version that added it (versions.ts), so older phones know it
   * for a newer kind rather than garbage.
   */
  readonly code: string;
  /** The fields after `[code, time, device]`. */
  encode(e: EventOf<K>): unknown[];
  /** The body from those fields, or undefined when they are not of this kind's shape. */
  decode(fields: readonly unknown[]): EventOf<K> | undefined;
  /**
   * Whether an event of this kind is signed by its writer (signature.ts): those consent or secrecy
   * rests on. Counter taps are not, to keep a 16-round game within its size budget.
   */
  signed?(e: EventOf<K>): boolean;
}

/** A feature's codecs, one per kind it owns. */
export type EventCodecs<K extends EventKind> = { readonly [P in K]: EventCodec<P> };

export interface Codec {
  encode(e: GameEvent): EncodedEvent;
  /** Decodes one stored tuple; undefined when it is not a well-formed event of this schema. */
  decode(raw: unknown): GameEvent | undefined;
  /** Whether this event must carry its writer's signature. */
  signs(e: EventBody): boolean;
  /** Whether `code` is the code of a kind of this build. */
  knows(code: string): boolean;
}

// Readers for untrusted fields: each returns undefined when the value is not of the expected shape.
export const MAX_TEXT = 500;
export const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length <= MAX_TEXT ? v : undefined);
export const id = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= 80 ? v : undefined);
export const optId = (v: unknown): string | null | undefined => (v === '' ? null : id(v));
export const int = (v: unknown): number | undefined => (Number.isSafeInteger(v) ? (v as number) : undefined);
export const nat = (v: unknown): number | undefined => {
  const n = int(v);
  return n !== undefined && n >= 0 ? n : undefined;
};
export const flag = (v: unknown): boolean | undefined => (v === 1 ? true : v === 0 ? false : undefined);
export const list = (v: unknown): string[] | undefined => (v === '' ? [] : str(v)?.split(','));

type AnyCodec = EventCodec<EventKind>;

/** Joins the features' codecs; a kind or code declared twice is a programming error, caught at start. */
export function createCodec(all: readonly Partial<Record<EventKind, AnyCodec>>[]): Codec {
  const byKind = new Map<string, AnyCodec>();
  const byCode = new Map<string, [EventKind, AnyCodec]>();
  for (const codecs of all) {
    for (const [kind, codec] of Object.entries(codecs) as [EventKind, AnyCodec][]) {
      if (byKind.has(kind) || byCode.has(codec.code)) throw new Error(`Event kind "${kind}" or code "${codec.code}" is declared twice.`);
      // Older phones read a newer kind's version from its code: a code ahead of this build would be taken
      // for a kind this build cannot have.
      if (codeVersion(codec.code) > EVENTS_VERSION) throw new Error(`Event code "${codec.code}" declares events version ${codeVersion(codec.code)}, and this build is ${EVENTS_VERSION}: raise EVENTS_VERSION.`);
      byKind.set(kind, codec);
      byCode.set(codec.code, [kind, codec]);
    }
  }
  return {
    encode(e) {
      const codec = byKind.get(e.k) ?? fail(e.k);
      return [codec.code, e.t, e.dev, ...codec.encode(e)];
    },
    decode(raw) {
      if (!Array.isArray(raw) || raw.length < 3) return undefined;
      const found = typeof raw[0] === 'string' ? byCode.get(raw[0]) : undefined;
      const t = nat(raw[1]);
      const dev = id(raw[2]);
      if (!found || t === undefined || !dev) return undefined;
      // A signature, when there is one, follows the fields: the fold checks it (fold.ts).
      const body = found[1].decode(raw.slice(3, signatureOf(raw) ? -1 : undefined));
      return body ? { ...body, t, dev } : undefined;
    },
    signs(e) {
      const codec = byKind.get(e.k);
      return !!codec?.signed?.(e as EventOf<EventKind>);
    },
    knows: (code) => byCode.has(code),
  };
}

function fail(kind: string): never {
  throw new Error(`No feature declares the event kind "${kind}".`);
}
