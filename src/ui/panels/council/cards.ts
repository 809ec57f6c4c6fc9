import { compareNames, OBJECTIVES, POLITICAL_CARDS } from '../../../data';
import { ACTION_CARDS } from '../../../data/actionCards';

export interface CardOption {
  id: string;
  name: string;
}

/** Card pickers: the SA lists by name, plus "other…" for anything the lists miss. */
export const POLITICAL_OPTIONS: CardOption[] = [...POLITICAL_CARDS].sort((a, b) => compareNames(a.name, b.name)).map((c) => ({ id: c.id, name: c.name }));
export const ACTION_OPTIONS: CardOption[] = [...ACTION_CARDS].sort((a, b) => compareNames(a.name, b.name)).map((c) => ({ id: c.id, name: c.name }));
export const SECRET_OPTIONS: CardOption[] = OBJECTIVES.filter((o) => o.stage === 'secret').map((o) => ({ id: o.id, name: o.name }));

const NAMES = new Map([...POLITICAL_OPTIONS, ...ACTION_OPTIONS, ...SECRET_OPTIONS].map((c) => [c.id, c.name]));
export const cardLabel = (id: string) => NAMES.get(id) ?? id;

/** Lower case, no accents or apostrophes, words split on anything else: "Checks & Balances" → "checks balances". */
export function foldName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Cards whose name matches a few typed letters, as planets are found (searchPlanets): names starting
 * with them first, then names with a word starting with them, then names containing them; in list
 * order within each group. A blank query matches nothing.
 */
export function searchCards(options: readonly CardOption[], query: string, limit: number): CardOption[] {
  const q = foldName(query);
  if (!q) return [];
  const hits: [number, number, CardOption][] = [];
  options.forEach((o, i) => {
    const name = foldName(o.name);
    const rank = name.startsWith(q) ? 0 : name.includes(` ${q}`) ? 1 : name.includes(q) ? 2 : -1;
    if (rank >= 0) hits.push([rank, i, o]);
  });
  return hits
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .slice(0, limit)
    .map(([, , o]) => o);
}
