/**
 * Two versions at one table (issue 36 item 7). A public address updates while phones that installed the app
 * earlier still run the old one offline, so phones of different versions meet at one table. What matters
 * between them is the set of event kinds each knows: a phone that folded an event it cannot read would show
 * a different game (and its later writes would rest on it). Pure: no Yjs, no DOM.
 *
 * `EVENTS_VERSION` is the number of that set. Bump it with every new event kind, and give the new kind a
 * code ending in the new number (`'Xq3'` for a kind added in version 3): an older phone reads that number
 * from an entry it cannot decode, and so tells a kind from a newer version from a damaged or forged entry
 * (`newerKindOf`). Never change the fields of an existing kind: add a kind instead (an older phone would
 * read the new fields as the old ones, or refuse them as garbage).
 *
 * Version 1: every build before this number existed (it announces none). Version 2: the first to announce
 * it (presence, the table link's greeting) and to stop at a newer kind; the same kinds as version 1.
 * Version 3: `writer` (`Wr3`), a phone's signature on one opening of the app, and `vouch` (`Wv3`), that
 * opening's signature on what it wrote, written only in a game past what any phone may write (issue 36 item 1).
 */
export const EVENTS_VERSION = 3;

/** A phone that announces no version is from before version 2. */
export const UNANNOUNCED_VERSION = 1;

/** A code of a kind added after version 2: letters, then the version that added it (no leading zero). */
const VERSIONED_CODE = /^[A-Za-z]{1,3}([1-9][0-9]{0,3})$/;

/** The events version an event code declares: its trailing number, or 2 (today's codes carry none). */
export function codeVersion(code: string): number {
  const m = VERSIONED_CODE.exec(code);
  return m ? Number(m[1]) : 2;
}

/** The version a phone announced (presence, a greeting): a whole number, or the one before announcing. */
export function announcedVersion(v: unknown): number {
  return Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= 9999 ? (v as number) : UNANNOUNCED_VERSION;
}

export type VersionOrder = 'same' | 'older' | 'newer';

/** How a phone of version `theirs` stands to this one. */
export function compareVersion(theirs: number, mine = EVENTS_VERSION): VersionOrder {
  return theirs === mine ? 'same' : theirs < mine ? 'older' : 'newer';
}

/**
 * What the table is told about a phone of another version, `who` being how it is named ("Ben's phone"):
 * the newer one must update, the older one need only know why the other is read only.
 */
export function versionNotice(who: string, theirs: number, mine = EVENTS_VERSION): string | undefined {
  const order = compareVersion(theirs, mine);
  if (order === 'same') return undefined;
  return order === 'newer' ? `${who} runs a newer Twilight Table: update this one.` : `${who} runs an older Twilight Table: update it, then reopen the game.`;
}

/** An entry of the log of a kind from a newer version: where it is, which version, whose. */
export interface NewerKind {
  /** Its position in the log: the fold stops before it. */
  index: number;
  version: number;
  /** The device tag of its writer. */
  dev: string;
}

/**
 * The version an entry this build could not decode declares, when it is a well-formed event of a kind from
 * a newer version: `[code, time, device, ...]` with a code this build does not know (`known`) that ends in a
 * version above this build's. Undefined for anything else: a damaged or forged entry, which the fold refuses
 * and skips as before. A forger can write such an entry too; see README "Trust", "Two versions".
 */
export function newerKindOf(raw: unknown, known: (code: string) => boolean, mine = EVENTS_VERSION): number | undefined {
  if (!Array.isArray(raw) || raw.length < 3) return undefined;
  const [code, t, dev] = raw as unknown[];
  // The frame every event has (codec.ts): a time in whole seconds, a device tag.
  const wellFramed = Number.isSafeInteger(t) && (t as number) >= 0 && typeof dev === 'string' && dev.length > 0 && dev.length <= 80;
  if (typeof code !== 'string' || known(code) || !wellFramed) return undefined;
  const version = VERSIONED_CODE.exec(code) ? codeVersion(code) : undefined;
  return version !== undefined && version > mine ? version : undefined;
}

/** The first entry of `entries` (the log from `base` on) of a kind from a newer version. */
export function firstNewerKind(entries: readonly unknown[], known: (code: string) => boolean, base = 0, mine = EVENTS_VERSION, setAside?: ReadonlyMap<number, unknown>): NewerKind | undefined {
  for (let i = 0; i < entries.length; i++) {
    const raw = entries[i];
    // The common case costs one lookup: a known code.
    if (Array.isArray(raw) && typeof raw[0] === 'string' && known(raw[0])) continue;
    // One the table set aside (table.ts `setAside`) stops nothing.
    if (setAside?.has(base + i)) continue;
    const version = newerKindOf(raw, known, mine);
    if (version !== undefined) return { index: base + i, version, dev: (raw as unknown[])[2] as string };
  }
  return undefined;
}

/** What a screen needs to name a phone: the seats, who holds them, the phones' own names. */
interface Names {
  seats: readonly { id: string; name: string }[];
  claims: Readonly<Record<string, string>>;
  devices: Readonly<Record<string, string>>;
}

/** A phone as the table knows it: by the player of the seat it holds ("Ben's phone"), else by its own name. */
export function phoneCalled(names: Names, tag: string, seat?: string | null, ownName?: string): string {
  const held = seat ?? Object.keys(names.claims).find((s) => names.claims[s] === tag);
  const player = held ? names.seats.find((s) => s.id === held)?.name : undefined;
  if (player) return `${player}'s phone`;
  const name = ownName || names.devices[tag];
  return name ? `The phone "${name}"` : 'Another phone';
}

/** Why this phone shows the game read only, when its log holds an entry of a kind from a newer version. */
export function newerNotice(s: Names & { newer?: NewerKind }): string | undefined {
  if (!s.newer) return undefined;
  return `${phoneCalled(s, s.newer.dev)} runs a newer Twilight Table and wrote a change this one cannot read. The game is shown as it was before that change, and nothing is lost: update this app, then reopen the game.`;
}
