/** Printable ASCII: nothing to decompose (any other character, a control one too, takes normalize()'s way). */
const ASCII = /^[ -~]*$/;

/**
 * `s` decomposed (NFKD) without its diacritics. ASCII has neither, and every name of the tables is ASCII: they
 * skip normalize(), whose first call loads ICU's data, about 10 ms of a start at 4× CPU when the tables' ids
 * and order are made as their modules load (issue 33).
 */
function withoutDiacritics(s: string): string {
  return ASCII.test(s) ? s : s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * The id of every table row: the printed name as a lowercase ascii slug. Diacritics are dropped, apostrophes
 * vanish, any other run of punctuation or spaces becomes one dash: "Hope's End" → "hopes-end",
 * "Light/Wave Deflectors" → "light-wave-deflectors", "[0.0.0]" → "0-0-0".
 * Ids are written into saved games: changing this function is a schema migration.
 */
export function slugify(name: string): string {
  return withoutDiacritics(name)
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Lower case without diacritics: the key names are sorted by (kept: a sort asks for each many times). */
const sortKeys = new Map<string, string>();
function sortKey(s: string): string {
  let key = sortKeys.get(s);
  if (key === undefined) sortKeys.set(s, (key = withoutDiacritics(s).toLowerCase()));
  return key;
}

/**
 * Orders names the same way on every phone, whatever its language: by lower case letters without
 * diacritics, then exactly. Not Intl.Collator: creating one loads ICU's collation data, ~40 ms of a
 * slow phone's start (issue 9), and `localeCompare(b, 'en')` paid that for every comparison.
 */
export function compareNames(a: string, b: string): number {
  // Two consts, not a destructured pair: the planets' sort runs it thousands of times as the game screen's chunk
  // loads, still in the interpreter, where the pair cost an iterator each (1.8–3.0 against 0.6–1.8 ms at 1×).
  const ka = sortKey(a);
  const kb = sortKey(b);
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Lower case, no diacritics or apostrophes, punctuation as spaces ("Hope's End" → "hopes end"). */
export function foldName(s: string): string {
  return withoutDiacritics(s)
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The items whose name matches a few typed letters, ignoring case and diacritics: names starting with
 * them first, then names with a word starting with them, then names containing them; in the list's
 * order within each group (the tables are alphabetical). A blank query matches nothing.
 */
export function searchByName<T extends { name: string }>(items: readonly T[], query: string, limit: number): T[] {
  // A blank query (the search box as it mounts) never reaches normalize(), whose first call loads ICU's
  // data: about 10 ms of the task after a start's first frame at 4× CPU (issue 33).
  const q = query.trim() && foldName(query);
  if (!q) return [];
  const words = q.split(' ');
  const groups: T[][] = [[], [], []];
  for (const item of items) {
    const name = foldName(item.name);
    // "min tech" finds "Minister of Technology": each word typed begins a word of the name.
    const byWords = words.length > 1 && words.every((w) => name.startsWith(w) || name.includes(` ${w}`));
    groups[name.startsWith(q) ? 0 : name.includes(` ${q}`) || byWords ? 1 : name.includes(q) ? 2 : 3]?.push(item);
  }
  return groups.flat().slice(0, Math.max(0, limit));
}
