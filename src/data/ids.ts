/**
 * The id of every table row: the printed name as a lowercase ascii slug. Diacritics are dropped, apostrophes
 * vanish, any other run of punctuation or spaces becomes one dash: "Hope's End" → "hopes-end",
 * "Light/Wave Deflectors" → "light-wave-deflectors", "[0.0.0]" → "0-0-0".
 * Ids are written into saved games: changing this function is a schema migration.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Orders names the same way on every phone, whatever its language (English collation). One collator
 * for the app: `localeCompare(b, 'en')` builds a new one for every comparison, which made sorting the
 * planet table at load cost ~50 ms on a slow phone (issue 9, start time).
 */
export const compareNames: (a: string, b: string) => number = new Intl.Collator('en').compare;
