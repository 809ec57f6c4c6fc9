/**
 * Reads a Yjs update from another phone, a link frame or a file, within a budget, before anything is
 * applied. Yjs's own decoders trust the counts an update declares: in the v2 encoding a few damaged
 * bytes can declare millions of structs that its run-length decoders then produce from nothing, so
 * `Y.decodeUpdateV2` of a 780-byte frame with one flipped bit ran until the tab died of memory
 * (issue 17). Here every count is checked against the bytes left before it is used (a v1 struct, a
 * value, a deletion each take at least one byte), the structs and values read are counted against
 * `maxWork`, and the clock is looked at as the reading goes: whatever the input, this returns or
 * throws `UpdateRefused` within the budget, and it allocates only the small records below.
 *
 * The wire format is Yjs's (yjs/src/utils/updates.js, UpdateDecoder.js, DeleteSet.js), read with the
 * decoders Yjs exports; only the loops around them are ours.
 */
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';

export class UpdateRefused extends Error {}

export interface ReadLimits {
  /** Structs, values and deletions read, at most (a 16-round game's whole state is about 3,000). */
  maxWork: number;
  /** Wall-clock time for one update, at most. */
  maxMs: number;
}

export const READ_LIMITS: ReadLimits = { maxWork: 100_000, maxMs: 400 };

/** Clocks and lengths beyond this are damage: a phone writes a few thousand items an evening. */
const MAX_CLOCK = 2 ** 32;

/** Content kinds (the low 5 bits of a struct's info byte), as Yjs numbers them. */
export const Content = { GC: 0, Deleted: 1, JSON: 2, Binary: 3, String: 4, Embed: 5, Format: 6, Type: 7, Any: 8, Doc: 9, Skip: 10 } as const;
export type Content = (typeof Content)[keyof typeof Content];

export interface StructRef {
  client: number;
  clock: number;
  length: number;
  content: Content;
  origin: Y.ID | null;
  rightOrigin: Y.ID | null;
  /** A root type's name, the id of the item of a nested type, or null when it follows from an origin. */
  parent: string | Y.ID | null;
  parentSub: string | null;
  /**
   * The values of Any content (one per array element or map value); empty for other kinds; null when they
   * were stepped over, not read (readUpdate's `values`).
   */
  values: unknown[] | null;
}

/**
 * Which values readUpdate decodes: all, or only those written under a map key with its own parent (a stored
 * snapshot's check, which needs the meta and not the log: its entries are stepped over, most of the bytes).
 */
export type ValuesRead = 'all' | 'keyed';

export interface DeleteRange {
  client: number;
  clock: number;
  length: number;
}

export interface DecodedUpdate {
  structs: StructRef[];
  deletes: DeleteRange[];
}

type Decoder = Y.UpdateDecoderV1 | Y.UpdateDecoderV2;

class Budget {
  #work = 0;
  readonly #deadline: number;
  constructor(readonly limits: ReadLimits) {
    this.#deadline = Date.now() + limits.maxMs;
  }
  spend(n = 1): void {
    this.#work += n;
    if (this.#work > this.limits.maxWork) throw new UpdateRefused(`it holds more than ${this.limits.maxWork} changes`);
    if ((this.#work & 1023) === 0 && Date.now() > this.#deadline) throw new UpdateRefused(`it takes more than ${this.limits.maxMs} ms to read`);
  }
}

const left = (d: decoding.Decoder) => d.arr.length - d.pos;

/** A count read from `d` that `perItem` bytes each must follow in `d`: larger means damaged. */
function count(d: decoding.Decoder, perItem: number, what: string): number {
  const n = decoding.readVarUint(d);
  if (n * perItem > left(d)) throw new UpdateRefused(`it declares ${n} ${what} in ${left(d)} bytes`);
  return n;
}

function clockOf(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_CLOCK) throw new UpdateRefused(`it names a position ${n} no phone reaches`);
  return n;
}

/** Checks the v2 header (a flag and nine length-prefixed columns) before Yjs's decoder reads it. */
function checkV2Header(bytes: Uint8Array): void {
  const d = decoding.createDecoder(bytes);
  decoding.readVarUint(d);
  for (let i = 0; i < 9; i++) {
    const n = decoding.readVarUint(d);
    if (n > left(d)) throw new UpdateRefused(`a column declares ${n} bytes where ${left(d)} are left`);
    d.pos += n;
  }
}

function skipBytes(d: decoding.Decoder, n: number): void {
  if (n > left(d)) throw new UpdateRefused(`a value declares ${n} bytes where ${left(d)} are left`);
  d.pos += n;
}

/** Steps over a variable-length number (lib0's varInt or varUint) without decoding it. */
function skipVarNumber(d: decoding.Decoder): void {
  for (;;) {
    if (d.pos >= d.arr.length) throw new UpdateRefused('it ends in the middle of a value');
    if ((d.arr[d.pos++] as number) < 128) return;
  }
}

/**
 * Steps over one value of lib0's any encoding (what `readAny` reads) without building it: no string is
 * decoded, no array made. Each nested value takes a byte at least, so the bytes left bound the work.
 */
function skipAny(d: decoding.Decoder): void {
  switch (decoding.readUint8(d)) {
    case 127: // undefined
    case 126: // null
    case 121: // false
    case 120: // true
      return;
    case 125: // an integer
      return skipVarNumber(d);
    case 124: // float32
      return skipBytes(d, 4);
    case 123: // float64
    case 122: // bigint64
      return skipBytes(d, 8);
    case 119: // a string
    case 116: // bytes
      return skipBytes(d, decoding.readVarUint(d));
    case 118: // an object: keys and values
      for (let n = count(d, 2, 'fields'); n > 0; n--) {
        skipBytes(d, decoding.readVarUint(d));
        skipAny(d);
      }
      return;
    case 117: // an array
      for (let n = count(d, 1, 'values'); n > 0; n--) skipAny(d);
      return;
    default:
      throw new UpdateRefused('it holds a value of no kind Yjs writes');
  }
}

/**
 * The content of one struct. Only the kinds this app writes are read (Any: the values of maps and
 * lists; Deleted: what is left of a deleted one); Yjs's others (text, XML, JSON, binary, embeds,
 * formats, nested types and documents) are refused as soon as they appear, no part of a game has one.
 * `read`: whether its values are decoded, or stepped over (values null).
 */
function readContent(dec: Decoder, rest: decoding.Decoder, v2: boolean, content: Content, budget: Budget, read: boolean): { length: number; values: unknown[] | null } {
  if (content === Content.Deleted) return { length: clockOf(dec.readLen()), values: [] };
  if (content !== Content.Any) throw new UpdateRefused(`it writes a kind of value (${String(content)}) that no part of a game uses`);
  // Each value takes at least one byte of the rest, in both encodings.
  const n = v2 ? dec.readLen() : decoding.readVarUint(rest);
  if (n > left(rest)) throw new UpdateRefused(`it declares ${n} values in ${left(rest)} bytes`);
  if (!read) {
    for (let i = 0; i < n; i++) {
      budget.spend();
      skipAny(rest);
    }
    return { length: n, values: null };
  }
  const values: unknown[] = [];
  for (let i = 0; i < n; i++) {
    budget.spend();
    values.push(dec.readAny());
  }
  return { length: n, values };
}

function readStructs(dec: Decoder, rest: decoding.Decoder, v2: boolean, budget: Budget, read: ValuesRead): StructRef[] {
  const structs: StructRef[] = [];
  const clients = count(rest, 2, 'phones');
  for (let c = 0; c < clients; c++) {
    // v1 spends at least one byte per struct in the rest; v2 may run-length encode them to nothing.
    const n = v2 ? decoding.readVarUint(rest) : count(rest, 1, 'changes');
    const client = dec.readClient();
    let clock = clockOf(decoding.readVarUint(rest));
    for (let i = 0; i < n; i++) {
      budget.spend();
      const info = dec.readInfo();
      if (typeof info !== 'number') throw new UpdateRefused('it ends in the middle of a change');
      let struct: StructRef;
      if (info === Content.Skip || (info & 31) === 0) {
        const length = clockOf(info === Content.Skip ? decoding.readVarUint(rest) : dec.readLen());
        struct = { client, clock, length, content: info === Content.Skip ? Content.Skip : Content.GC, origin: null, rightOrigin: null, parent: null, parentSub: null, values: [] };
      } else {
        const origin = (info & 128) !== 0 ? dec.readLeftID() : null;
        const rightOrigin = (info & 64) !== 0 ? dec.readRightID() : null;
        const ownParent = (info & 192) === 0;
        const parent = ownParent ? (dec.readParentInfo() ? dec.readString() : dec.readLeftID()) : null;
        const parentSub = ownParent && (info & 32) !== 0 ? dec.readString() : null;
        const content = (info & 31) as Content;
        const { length, values } = readContent(dec, rest, v2, content, budget, read === 'all' || parentSub !== null);
        struct = { client, clock, length, content, origin, rightOrigin, parent, parentSub, values };
      }
      if (struct.length < 1) throw new UpdateRefused('it holds a change of no length');
      structs.push(struct);
      clock = clockOf(clock + struct.length);
    }
  }
  return structs;
}

function readDeletes(dec: Decoder, rest: decoding.Decoder, budget: Budget): DeleteRange[] {
  const deletes: DeleteRange[] = [];
  const clients = count(rest, 2, 'phones with deletions');
  for (let c = 0; c < clients; c++) {
    dec.resetDsCurVal();
    const client = decoding.readVarUint(rest);
    const n = count(rest, 2, 'deletions');
    for (let i = 0; i < n; i++) {
      budget.spend();
      const clock = clockOf(dec.readDsClock());
      deletes.push({ client, clock, length: clockOf(dec.readDsLen()) });
    }
  }
  return deletes;
}

/**
 * Every struct and deletion of `update`, or UpdateRefused naming why not (damaged, over the budget).
 * Never throws anything else. `values`: which values are decoded (the others are stepped over).
 */
export function readUpdate(update: Uint8Array, v2: boolean, limits: ReadLimits = READ_LIMITS, values: ValuesRead = 'all'): DecodedUpdate {
  // Its own buffer: a view into a larger one would let a declared length read past its end.
  const bytes = update.byteOffset === 0 && update.byteLength === update.buffer.byteLength ? update : update.slice();
  try {
    if (v2) checkV2Header(bytes);
    const dec = v2 ? new Y.UpdateDecoderV2(decoding.createDecoder(bytes)) : new Y.UpdateDecoderV1(decoding.createDecoder(bytes));
    const budget = new Budget(limits);
    const structs = readStructs(dec, dec.restDecoder, v2, budget, values);
    return { structs, deletes: readDeletes(dec, dec.restDecoder, budget) };
  } catch (e) {
    if (e instanceof UpdateRefused) throw e;
    throw new UpdateRefused(`it cannot be read (${e instanceof Error ? e.message : String(e)})`);
  }
}

/** A state vector (sync step 1), read with the same care: client → clock. */
export function readStateVector(bytes: Uint8Array): Map<number, number> {
  try {
    const d = decoding.createDecoder(bytes);
    const n = count(d, 2, 'phones');
    const sv = new Map<number, number>();
    for (let i = 0; i < n; i++) sv.set(decoding.readVarUint(d), clockOf(decoding.readVarUint(d)));
    return sv;
  } catch (e) {
    if (e instanceof UpdateRefused) throw e;
    throw new UpdateRefused(`its state vector cannot be read (${e instanceof Error ? e.message : String(e)})`);
  }
}
