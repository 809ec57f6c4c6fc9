/**
 * The layout of the shared Y.Doc (schema v1), and the only module that reads it raw. Everything read
 * from the document is validated here, because any peer can write anything into it.
 *
 *   meta     Y.Map   schema, id, name, vpGoal, options, createdAt, secret (the join secret)
 *   seats    Y.Map   seat id → SeatInfo (written once at setup; corrected rarely)
 *   claims   Y.Map   seat id → device tag of the phone that holds the seat (last writer wins)
 *   devices  Y.Map   device tag → the phone's display name
 *   log      Y.Array encoded events (codec.ts): the game itself
 */
import type * as Y from 'yjs';
import type { EncodedEvent, GameMeta, GameOptions, RawGame, SeatInfo, SetupMap } from './types';

/** Bump only with a migration step in migrate(); append steps, never edit old ones. */
export const SCHEMA_VERSION = 1;

export interface GameRoot {
  meta: Y.Map<unknown>;
  seats: Y.Map<unknown>;
  claims: Y.Map<unknown>;
  devices: Y.Map<unknown>;
  log: Y.Array<EncodedEvent>;
}

export function gameRoot(doc: Y.Doc): GameRoot {
  return {
    meta: doc.getMap('meta'),
    seats: doc.getMap('seats'),
    claims: doc.getMap('claims'),
    devices: doc.getMap('devices'),
    log: doc.getArray<EncodedEvent>('log'),
  };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown, max = 80): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
const isNat = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

function readOptions(v: unknown): GameOptions {
  const o = isObj(v) ? v : {};
  const table = isObj(o.atTable) ? o.atTable : undefined;
  const map: SetupMap | undefined = table?.map === 'preset' || table?.map === 'star' ? table.map : undefined;
  const atTable = map ? { atTable: { map } } : {};
  return { pathOfFate: o.pathOfFate === true, simultaneousTactical: o.simultaneousTactical === true, ascendancy: o.ascendancy === true, ...atTable };
}

/**
 * The meta fields a game cannot be read without, and what each must hold: a document whose meta fails one
 * opens as no game at all, so the guard holds the meta a game arrives with to them too (guard.ts).
 */
const REQUIRED_META = new Map<string, (v: unknown) => boolean>([
  ['schema', isNat],
  ['id', (v) => isStr(v)],
  ['name', (v) => isStr(v)],
  ['vpGoal', isNat],
  ['createdAt', isNat],
]);

export const REQUIRED_META_KEYS: readonly string[] = [...REQUIRED_META.keys()];

/** Whether `v` may stand under the meta key `key` (a key readMeta does not require takes any value). */
export const metaFieldFits = (key: string, v: unknown): boolean => REQUIRED_META.get(key)?.(v) ?? true;

/** The meta record, or undefined when the document holds no game (yet: a joining phone before sync). */
export function readMeta(root: GameRoot): GameMeta | undefined {
  const m = root.meta;
  for (const [key, fits] of REQUIRED_META) if (!fits(m.get(key))) return undefined;
  // Each checked just above.
  const [num, str] = [(key: string) => m.get(key) as number, (key: string) => m.get(key) as string];
  return { schema: num('schema'), id: str('id'), name: str('name'), vpGoal: num('vpGoal'), createdAt: num('createdAt'), options: readOptions(m.get('options')) };
}

export function readSecret(root: GameRoot): string | undefined {
  const s = root.meta.get('secret');
  return isStr(s, 200) ? s : undefined;
}

function readSeat(id: string, v: unknown): SeatInfo | undefined {
  if (!isObj(v)) return undefined;
  const { name, color, race, position, tradeContracts: tc } = v;
  // A seat set up at the table has no race until its deal (race '').
  if (!isStr(name, 40) || !isStr(color, 20) || typeof race !== 'string' || race.length > 80 || !isNat(position)) return undefined;
  const contracts: [number, number] = Array.isArray(tc) && isNat(tc[0]) && isNat(tc[1]) ? [tc[0], tc[1]] : [0, 0];
  return { id, name, color, race, position, tradeContracts: contracts };
}

/** Sorted by key: Y.Map iteration order differs between replicas, and snapshots must not. */
function readStrings(map: Y.Map<unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of [...map.keys()].sort()) {
    const v = map.get(k);
    if (isStr(v)) out[k] = v;
  }
  return out;
}

/** Everything but the log, validated field by field: what changes rarely. */
export function readRawHead(root: GameRoot): Omit<RawGame, 'log'> | undefined {
  const meta = readMeta(root);
  if (!meta) return undefined;
  const seats: SeatInfo[] = [];
  root.seats.forEach((v, k) => {
    const seat = readSeat(k, v);
    if (seat) seats.push(seat);
  });
  return { meta, seats, claims: readStrings(root.claims), devices: readStrings(root.devices) };
}

/** Plain copy of the whole document, validated field by field; the log is left for the fold to decode. */
export function readRaw(root: GameRoot): RawGame | undefined {
  const head = readRawHead(root);
  return head && { ...head, log: root.log.toArray() };
}

export function writeSeat(root: GameRoot, seat: SeatInfo): void {
  const { id, ...rest } = seat;
  root.seats.set(id, rest);
}

/**
 * Brings an older document up to this schema. There is nothing to migrate yet (v1 is the first);
 * the returned flag says whether this app may write to the document at all.
 */
export function migrate(root: GameRoot): { writable: boolean; schema: number | undefined } {
  const schema = root.meta.get('schema');
  if (!isNat(schema)) return { writable: false, schema: undefined };
  return { writable: schema <= SCHEMA_VERSION, schema };
}
