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
