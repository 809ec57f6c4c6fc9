import { describe, it, expect } from 'vitest';
import { ACTION_CARDS } from '../../src/data/actionCards';
import { compareNames, foldName, searchByName } from '../../src/data/ids';
import {
  LEADER_TYPES,
  OBJECTIVES,
  PLANETS,
  PLANETS_BY_ID,
  POLITICAL_CARDS,
  RACES,
  RACES_BY_ID,
  STRATEGY_CARDS,
  TECHNOLOGIES,
  TECHS_BY_ID,
  UNITS,
  searchPlanets,
  slugify,
} from '../../src/data';
import type { TechId } from '../../src/data';

/** Technologies a race sheet names that the SA 4.2 tree lacks, with the reason. None today. */
const KNOWN_EXCEPTIONS: ReadonlyMap<TechId, string> = new Map();

function race(id: string) {
  const r = RACES_BY_ID.get(id);
  if (!r) throw new Error(`no race ${id}`);
  return r;
}

function duplicates(ids: readonly string[]): string[] {
  return ids.filter((id, i) => ids.indexOf(id) !== i);
}

/** FNV-1a over the sorted ids of a table: a changed id is a schema migration of saved games. */
function fingerprint(ids: readonly string[]): string {
  let h = 0x811c9dc5;
  for (const c of [...ids].sort().join('\n')) h = Math.imul(h ^ (c.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return `${ids.length}:${h.toString(16)}`;
}

describe('references between tables', () => {
  it('every technology prerequisite is a technology', () => {
    for (const t of TECHNOLOGIES) for (const p of t.prerequisites) expect(TECHS_BY_ID.has(p), `${t.id} needs ${p}`).toBe(true);
  });

  it('every starting technology is a technology or a known exception', () => {
    for (const r of RACES) {
      for (const t of r.startingTechnologies) {
        expect(TECHS_BY_ID.has(t) || KNOWN_EXCEPTIONS.has(t), `${r.id} starts with ${t}`).toBe(true);
      }
    }
  });

  it('every race home planet is in the planet table with homeOf set to that race', () => {
    for (const r of RACES) {
      expect(r.homePlanets.length, r.id).toBeGreaterThan(0);
      for (const id of r.homePlanets) expect(PLANETS_BY_ID.get(id)?.homeOf, id).toBe(r.id);
    }
  });

  it('every planet with homeOf belongs to an existing race', () => {
    for (const p of PLANETS.filter((x) => x.homeOf !== null)) {
      expect(RACES_BY_ID.get(p.homeOf ?? '')?.homePlanets, p.id).toContain(p.id);
    }
  });

  it('every starting unit is a unit of the unit table, with a positive count', () => {
    const names = new Set(UNITS.map((u) => u.name));
    for (const r of RACES) {
      for (const [unit, n] of Object.entries(r.startingUnits)) {
        expect(names.has(unit), `${r.id}: ${unit}`).toBe(true);
        expect(Number.isInteger(n) && n > 0, `${r.id}: ${unit} ${n}`).toBe(true);
      }
    }
  });
});

describe('ids', () => {
  const tables: [string, readonly { id: string; name: string }[]][] = [
    ['planets', PLANETS],
    ['technologies', TECHNOLOGIES],
    ['strategy cards', STRATEGY_CARDS],
    ['political cards', POLITICAL_CARDS],
    ['action cards', ACTION_CARDS],
    ['units', UNITS],
    ['racial upgrades', RACES.flatMap((r) => r.racialUpgrades)],
  ];

  it.each(tables)('%s: ids are unique and equal slugify(name)', (_, rows) => {
    expect(duplicates(rows.map((r) => r.id))).toEqual([]);
    for (const r of rows) expect(r.id).toBe(slugify(r.name));
  });

  it('races: ids are unique and equal slugify(shortName)', () => {
    expect(duplicates(RACES.map((r) => r.id))).toEqual([]);
    for (const r of RACES) expect(r.id).toBe(slugify(r.shortName));
  });

  it('objectives: ids are unique; unnamed public objectives use stage and sheet position', () => {
    expect(duplicates(OBJECTIVES.map((o) => o.id))).toEqual([]);
    for (const o of OBJECTIVES) {
      if (/^stage[12]-\d\d$/.test(o.id)) expect(o.name.toLowerCase()).toBe(o.text.toLowerCase());
      else expect(o.id).toBe(slugify(o.name));
    }
  });

  it('slugify makes lowercase ascii dash-separated slugs', () => {
    expect(slugify("Hope's End")).toBe('hopes-end');
    expect(slugify('Light/Wave Deflectors')).toBe('light-wave-deflectors');
    expect(slugify('[0.0.0]')).toBe('0-0-0');
    expect(slugify('Émigré  Colony!')).toBe('emigre-colony');
  });

  it('a name with diacritics sorts and is found as the same name without them (ASCII names skip the decomposition)', () => {
    expect(['Ebon', 'Éa', 'eb', 'Ea'].sort(compareNames)).toEqual(['Ea', 'Éa', 'eb', 'Ebon']);
    expect(foldName("Émigré's  Rest")).toBe('emigres rest');
    expect(foldName("Hope's End")).toBe('hopes end');
    expect(searchByName([{ name: 'Lisis' }, { name: 'Émigré' }], 'emi', 5)).toEqual([{ name: 'Émigré' }]);
  });

  // Adding rows or renaming an id changes these: update them (vitest -u) only with a saved-game migration for renames.
  it('ids are pinned: changing one is a schema migration of saved games', () => {
    const ids = (rows: readonly { id: string }[]) => fingerprint(rows.map((r) => r.id));
    expect({
      planets: ids(PLANETS),
      races: ids(RACES),
      technologies: ids(TECHNOLOGIES),
      strategyCards: ids(STRATEGY_CARDS),
      politicalCards: ids(POLITICAL_CARDS),
      objectives: ids(OBJECTIVES),
      actionCards: ids(ACTION_CARDS),
      units: ids(UNITS),
      racialUpgrades: ids(RACES.flatMap((r) => r.racialUpgrades)),
    }).toMatchInlineSnapshot(`
      {
        "actionCards": "157:15acc0ec",
        "objectives": "105:ee319076",
        "planets": "103:6c58a960",
        "politicalCards": "157:4b20bb26",
        "races": "17:d44389a",
        "racialUpgrades": "33:a0fa0363",
        "strategyCards": "9:9b187071",
        "technologies": "32:89bb0f48",
        "units": "12:92b0dc04",
      }
    `);
  });
});

describe('races', () => {
  it('there are exactly 17 races', () => {
    expect(RACES).toHaveLength(17);
  });

  it('every race has 2 trade contract values, an ability, 3 leader slots and a costed racial upgrade', () => {
    for (const r of RACES) {
      expect(r.tradeContracts, r.id).toHaveLength(2);
      for (const v of r.tradeContracts) expect(Number.isInteger(v) && v > 0, r.id).toBe(true);
      expect(r.abilities.length, r.id).toBeGreaterThan(0);
      expect(r.leaders, r.id).toHaveLength(3);
      for (const l of r.leaders) expect(LEADER_TYPES, r.id).toContain(l.type);
      expect(r.racialUpgrades.length, r.id).toBeGreaterThan(0);
      for (const u of r.racialUpgrades) expect(Number.isInteger(u.baseCost) && u.baseCost >= 0, u.id).toBe(true);
    }
  });


  it('racial upgrade base costs are those in brackets in Appendix 2', () => {
    const cost = (raceId: string, name: string) => race(raceId).racialUpgrades.find((u) => u.name === name)?.baseCost;
    expect(cost('arborec', 'Bioplasmosis')).toBe(3);
    expect(cost('jol-nar', 'Spatial Conduit Network')).toBe(6);
    expect(cost('nekro', 'Valefar Assimilator')).toBe(0);
  });

  it('appendix technology names resolve through the alias table', () => {
    expect(race('letnev').startingTechnologies).toEqual(['hylar-v-laser', 'antimass-deflectors']);
    expect(race('yin').startingTechnologies).toEqual(['hylar-v-laser', 'automated-turrets']);
    expect(race('yssaril').startingTechnologies).toEqual(['light-wave-deflectors']);
    expect(race('saar').startingTechnologies).toEqual(['antimass-deflectors', 'xrd-transporters']);
  });

  it('race sheets follow Appendix 2 where it changes TI3 (Naalu units, Nekro Armor)', () => {
    expect(race('naalu').startingUnits).toEqual({ 'Space Dock': 1, 'Ground Force': 4, Carrier: 1, Fighter: 4, Destroyer: 1 });
    expect(race('nekro').startingUnits).toMatchObject({ 'Ground Force': 1, Armor: 1 });
  });

  it('leader names are matched to the appendix types, null where TI3 has no such leader', () => {
    expect(race('arborec').leaders).toEqual([
      { type: 'Agent', name: null },
      { type: 'Diplomat', name: 'Rophal' },
      { type: 'General', name: 'Ospha' },
    ]);
    expect(race('hacan').leaders.map((l) => l.name)).toEqual(['Gila', 'Harrugh', 'Carth']);
  });

  it('home planets and trade contracts come from the TI3 tables', () => {
    expect(race('hacan').homePlanets).toEqual(['arretze', 'hercant', 'kamdorn']);
    expect(race('hacan').tradeContracts).toEqual([3, 3]);
    expect(race('l1z1x').homePlanets).toEqual(['0-0-0']);
  });
});

describe('planets', () => {
  it('every planet has non-negative integer resources and influence', () => {
    for (const p of PLANETS) {
      expect(Number.isInteger(p.resources) && p.resources >= 0, p.id).toBe(true);
      expect(Number.isInteger(p.influence) && p.influence >= 0, p.id).toBe(true);
    }
  });

  it('holds the TI3 planets, the SA extras and the home planets', () => {
    expect(PLANETS).toHaveLength(64 + 13 + 26);
    expect(PLANETS.filter((p) => p.homeOf !== null)).toHaveLength(26);
    expect(PLANETS.filter((p) => p.expansion === 'SA')).toHaveLength(13);
  });

  it('spot checks: Mecatol Rex 1/6, Winnu yellow, trade stations, refresh abilities, tiles', () => {
    expect(PLANETS_BY_ID.get('mecatol-rex')).toMatchObject({ resources: 1, influence: 6, homeOf: null, system: 'Mecatol Rex' });
    expect(PLANETS_BY_ID.get('winnu')).toMatchObject({ resources: 3, influence: 4, specialties: ['yellow'], homeOf: 'winnu' });
    expect(PLANETS_BY_ID.get('faunus')?.specialties).toEqual(['green', 'green']);
    expect(PLANETS.filter((p) => p.tradeStation).map((p) => p.id)).toEqual(['sumerian', 'tsion']);
    expect(PLANETS_BY_ID.get('hopes-end')?.refreshAbility).toBe('Gain 2 Shock Troops');
    expect(PLANETS_BY_ID.get('mallice')).toMatchObject({ resources: 0, influence: 3 });
    expect(PLANETS_BY_ID.get('danaan')).toMatchObject({ specialties: ['yellow', 'green'], expansion: 'SA', system: null });
    expect(PLANETS_BY_ID.get('beli')?.system).toBe('Sehras / Beli');
    expect(PLANETS_BY_ID.get('fria')?.system).toBe('Abyz / Fria');
    expect(PLANETS_BY_ID.get('archon-tau')?.system).toBe('Archon Ren / Archon Tau');
  });
});

describe('searchPlanets', () => {
  const names = (q: string, limit?: number) => searchPlanets(q, limit).map((p) => p.name);

  it('ignores case and diacritics', () => {
    expect(names('MECATOL')).toEqual(['Mecatol Rex']);
    expect(names('mécatol')).toEqual(['Mecatol Rex']);
    expect(names('hopes')).toEqual(["Hope's End"]);
  });

  it('lists name prefixes, then word prefixes, then substrings', () => {
    const wordStart = (n: string) => /(^|\W)ar/i.test(n);
    const result = names('ar', 50);
    expect(result.slice(0, 4)).toEqual(['Arc Prime', 'Archon Ren', 'Archon Tau', 'Arcturus']);
    const firstSubstring = result.findIndex((n) => !wordStart(n));
    expect(firstSubstring).toBeGreaterThan(4);
    expect(result.slice(firstSubstring).every((n) => !wordStart(n))).toBe(true);
    expect(names('ri').slice(0, 3)).toEqual(['Rigel I', 'Rigel II', 'Rigel III']);
    expect(names('rex')).toEqual(['Mecatol Rex', 'Industrex']);
  });

  it('respects the limit and matches nothing for a blank query', () => {
    expect(searchPlanets('a', 3)).toHaveLength(3);
    expect(searchPlanets('   ')).toEqual([]);
    expect(searchPlanets('zzzz')).toEqual([]);
  });
});

describe('cards and tree', () => {
  it('strategy cards have initiatives 1..9 exactly once; Prospect only with 4, 7 or 8 players', () => {
    expect(STRATEGY_CARDS.map((c) => c.initiative).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(STRATEGY_CARDS.find((c) => c.initiative === 9)).toMatchObject({ name: 'Prospect', playerCounts: [4, 7, 8] });
  });

  it('political cards: elect cards have a target, for/against cards none; Pax Magnifica places votes', () => {
    expect(POLITICAL_CARDS).toHaveLength(157);
    for (const c of POLITICAL_CARDS) expect(c.electTarget === null, c.id).toBe(c.voteKind === 'for_against');
    expect(POLITICAL_CARDS.find((c) => c.id === 'pax-magnifica')?.voteKind).toBe('place_votes');
    expect(POLITICAL_CARDS.find((c) => c.id === 'minister-of-war')).toMatchObject({ voteKind: 'elect', electTarget: 'player', law: true });
  });

  it('objectives: deck sizes and victory points per stage', () => {
    const count = (stage: string) => OBJECTIVES.filter((o) => o.stage === stage).length;
    expect([count('stage1'), count('stage2'), count('preliminary'), count('secret'), count('special')]).toEqual([39, 23, 18, 18, 7]);
    for (const o of OBJECTIVES.filter((x) => !x.winsGame)) {
      expect(o.vp, o.id).toBe({ stage1: 1, stage2: 2, preliminary: 1, secret: 2, special: 1 }[o.stage]);
    }
    expect(OBJECTIVES.filter((o) => o.winsGame).map((o) => o.id)).toEqual(['domination', 'supremacy']);
  });

  it('action cards: 157 faces with a timing', () => {
    expect(ACTION_CARDS).toHaveLength(157);
    for (const c of ACTION_CARDS) expect(c.timing.length, c.id).toBeGreaterThan(0);
  });

  it('technologies: 32 on the SA 4.2 tree, with AND links where the sheet marks them', () => {
    expect(TECHNOLOGIES).toHaveLength(32);
    expect(TECHS_BY_ID.get('war-sun')).toMatchObject({ prerequisites: ['sarween-tools', 'deep-space-cannon'], prereqLogic: 'and' });
    expect(TECHS_BY_ID.get('sarween-tools')?.prereqLogic).toBe('or');
  });
});
