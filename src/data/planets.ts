/**
 * Planets.
 * - planets_ti3.json: github.com/kcwilliams3/TwilightImperiumOnline @ d1ac5696 (Assets/Assets In/Text/English/), TI3 + SE +
 *   SotT planet cards, cross-checked against cayrusa/SA-map-editor (redux.json, SA tiles, SA home-planet sheet); trade
 *   stations from the SA map-editor manifest. Home planets agree with home_systems_ti3.csv and races_ti3.json.
 * - planets_sa_extra.json: github.com/cayrusa/SA-map-editor-old @ b1080aab (SA redux tiles, values read by eye). Refresh
 *   effects printed only on the (missing) planet cards are given as "Icon: …": the table picks the effect.
 *   Icarus and Tiberion are drawn as space stations ("probably a Trade Station, unconfirmed"): not flagged as such here.
 */
import type { Planet, PlanetId, RaceId, TechColor } from './types';
import { compareNames, searchByName, slugify } from './ids';

/** [name, resources, influence, specialties (r g b y, one letter each), refresh ability] */
type Row = readonly [string, number, number, string, (string | null)?];

const TI3_ROWS: Record<string, readonly Row[]> = {
  SE: [
    ['Abaddon', 1, 0, 'r'],
    ['Arcturus', 1, 1, ''],
    ['Ashtroth', 2, 0, ''],
    ['Bellatrix', 0, 1, 'r'],
    ['Capha', 3, 0, ''],
    ["El'Nath", 2, 0, 'b'],
    ['Garbozia', 2, 1, 'g'],
    ["Hope's End", 3, 0, '', 'Gain 2 Shock Troops'],
    ['Lesab', 2, 1, 'g'],
    ['Lisis', 2, 2, ''],
    ['Loki', 1, 2, ''],
    ['Mallice', 0, 3, ''],
    ['Mirage', 1, 2, '', 'Gain 2 Fighters'],
    ['Perimeter', 2, 2, ''],
    ['Primor', 2, 1, '', 'Gain 2 Ground Forces'],
    ['Rigel I', 0, 1, 'g'],
    ['Rigel II', 1, 2, ''],
    ['Rigel III', 1, 1, 'b'],
    ['Sumerian', 2, 2, '', 'Gain 2 Trade Goods'],
    ['Tsion', 2, 2, '', 'Gain 2 Trade Goods'],
    ['Vega Major', 2, 1, ''],
    ['Vega Minor', 1, 2, 'b'],
    ['Velnor', 2, 0, 'r'],
  ],
  TI3: [
    ['Abyz', 3, 0, ''],
    ['Arinam', 1, 2, 'b'],
    ['Arnor', 2, 1, ''],
    ['Bereg', 3, 1, 'r'],
    ['Centauri', 1, 3, ''],
    ['Coorneeq', 1, 2, 'r'],
    ['Dal Bootha', 0, 2, 'r'],
    ['Fria', 2, 0, 'b'],
    ['Gral', 1, 1, 'b'],
    ['Lazar', 1, 0, ''],
    ['Lirta IV', 2, 3, 'g'],
    ['Lodor', 3, 1, 'g'],
    ['Lor', 1, 2, 'r'],
    ['Mecatol Rex', 1, 6, ''],
    ['Meer', 0, 4, ''],
    ['Mehar Xull', 1, 3, 'b'],
    ['Mellon', 0, 2, ''],
    ['New Albion', 1, 1, 'g'],
    ['Quann', 2, 1, 'g'],
    ["Qucen'n", 1, 2, ''],
    ['Rarron', 0, 3, 'g'],
    ['Resculon', 2, 0, ''],
    ['Sakulag', 2, 1, ''],
    ['Saudor', 2, 2, ''],
    ['Starpoint', 3, 1, ''],
    ["Tar'Mann", 1, 1, ''],
    ["Tequ'Ran", 2, 0, 'r'],
    ['Thibah', 1, 1, ''],
    ['Torkan', 0, 3, 'b'],
    ['Vefut II', 2, 0, 'r'],
    ['Wellon', 1, 2, ''],
    ['Xxehan', 1, 1, 'g'],
    ['Zohbat', 3, 1, 'b'],
  ],
  SotT: [
    ['Cormund', 2, 0, ''],
    ['Everra', 3, 1, ''],
    ['Faunus', 1, 3, 'gg'],
    ['Hercalor', 1, 0, 'y'],
    ['Industrex', 2, 0, 'rr'],
    ['Sem-Lore', 3, 2, 'y'],
    ['Tempesta', 1, 1, 'b'],
    ['Tiamat', 1, 2, 'y'],
  ],
};

const SA_ROWS: readonly Row[] = [
  ['Arkath', 0, 2, '', "Icon: green square '2' (effect unknown)"],
  ['Danaan', 1, 2, 'yg'],
  ['Icarus', 1, 3, '', 'Gain 2 Trade Goods'],
  ['Anchorpoint', 0, 0, 'y'],
  ['Mekara', 1, 1, '', 'Icon: brown factory (effect unknown)'],
  ['Sanctuary', 0, 2, '', "Icon: dark-red 'x1/1' (effect unknown)"],
  ['Aurum VI', 1, 1, 'y'],
  ['Sassanos', 1, 1, '', 'Gain 1 Fighter and 1 Ground Force'],
  ['Sehras', 2, 0, '', "Icon: green square '4' (effect unknown)"],
  ['Beli', 0, 2, 'y'],
  ['Tiberion', 2, 2, 'y', 'Gain 2 Trade Goods'],
  ['Vadrila', 1, 1, 'br'],
  ['Valhaut', 1, 0, '', 'Icon: red/blue star x2 (effect unknown)'],
];

/** Home systems: [race id, the race's expansion, ...planets]; the tile is named after its planets. */
const HOME_ROWS: readonly (readonly [RaceId, string, ...Row[]])[] = [
  ['creuss', 'SotT', ['Creuss', 4, 2, '']],
  ['hacan', 'TI3', ['Arretze', 2, 0, ''], ['Hercant', 1, 1, ''], ['Kamdorn', 0, 1, '']],
  ['xxcha', 'TI3', ['Archon Ren', 2, 3, ''], ['Archon Tau', 1, 1, '']],
  ['arborec', 'SotT', ['Nestphar', 3, 2, 'g']],
  ['letnev', 'TI3', ['Arc Prime', 4, 0, ''], ['Wren Terra', 2, 1, '']],
  ['nekro', 'SotT', ['Mordai II', 4, 0, '']],
  ['winnu', 'SE', ['Winnu', 3, 4, 'y']],
  ['mentak', 'TI3', ['Moll Primus', 4, 1, '']],
  ['sol', 'TI3', ['Jord', 4, 2, '']],
  ['muaat', 'SE', ['Muaat', 4, 1, '']],
  ['yssaril', 'TI3', ['Retillion', 2, 3, ''], ['Shalloq', 1, 2, '']],
  ['sardakk', 'TI3', ['Quinarra', 3, 1, ''], ["Tren'lak", 1, 0, '']],
  ['jol-nar', 'TI3', ['Jol', 1, 2, ''], ['Nar', 2, 3, '']],
  ['l1z1x', 'TI3', ['[0.0.0]', 5, 0, '']],
  ['saar', 'SE', ['Lisis II', 1, 0, ''], ['Ragh', 2, 1, '']],
  ['yin', 'SE', ['Darien', 2, 4, '']],
  ['naalu', 'TI3', ['Druaa', 3, 1, ''], ['Maaluuk', 0, 2, '']],
];

/** Tiles with more than one planet (TI3 data and SA tiles; the gamma wormhole of Icarus / Anchorpoint is not modelled). */
const MULTI_PLANET_SYSTEMS = [
  'Abaddon / Ashtroth / Loki',
  'Abyz / Fria',
  'Arcturus / Sumerian',
  'Arinam / Meer',
  'Arnor / Lor',
  'Bellatrix / Tsion',
  'Bereg / Lirta IV',
  'Centauri / Gral',
  'Coorneeq / Resculon',
  'Dal Bootha / Xxehan',
  'Hercalor / Tiamat',
  'Lazar / Sakulag',
  'Lisis / Velnor',
  'Mellon / Zohbat',
  'New Albion / Starpoint',
  "Qucen'n / Rarron",
  'Rigel I / Rigel II / Rigel III',
  "Tequ'Ran / Torkan",
  'Vega Major / Vega Minor',
  'Icarus / Anchorpoint',
  'Sanctuary / Aurum VI',
  'Sehras / Beli',
];
const TRADE_STATIONS = new Set(['Sumerian', 'Tsion']);

const COLORS: Record<string, TechColor> = { r: 'red', g: 'green', b: 'blue', y: 'yellow' };
const systemOf = new Map(MULTI_PLANET_SYSTEMS.flatMap((s) => s.split(' / ').map((n) => [n, s] as const)));

function planet(row: Row, expansion: string, system: string | null, homeOf: RaceId | null = null): Planet {
  const [name, resources, influence, specialties, refresh] = row;
  return {
    id: slugify(name),
    name,
    resources,
    influence,
    specialties: [...specialties].flatMap((c) => COLORS[c] ?? []),
    refreshAbility: refresh ?? null,
    tradeStation: TRADE_STATIONS.has(name),
    homeOf,
    system: systemOf.get(name) ?? system,
    expansion,
  };
}

export const PLANETS: readonly Planet[] = [
  // TI3 / SE / SotT: a planet not on a multi-planet tile is alone on its tile.
  ...Object.entries(TI3_ROWS).flatMap(([exp, rows]) => rows.map((r) => planet(r, exp, r[0]))),
  // SA-only tiles: the tile is only known for the multi-planet ones.
  ...SA_ROWS.map((r) => planet(r, 'SA', null)),
  ...HOME_ROWS.flatMap(([race, exp, ...rows]) => rows.map((r) => planet(r, exp, rows.map((x) => x[0]).join(' / '), race))),
].sort((a, b) => compareNames(a.name, b.name));

export const PLANETS_BY_ID: ReadonlyMap<PlanetId, Planet> = new Map(PLANETS.map((p) => [p.id, p]));

/**
 * Planets whose name matches `query`, ignoring case and diacritics: names starting with it first, then names with a
 * word starting with it, then names containing it; alphabetical within each group. A blank query matches nothing.
 */
export function searchPlanets(query: string, limit = 10): Planet[] {
  return searchByName(PLANETS, query, limit);
}
