/**
 * The 17 races.
 * - Seed 003 (Twilight Imperium Combined Rules, LyX; plain text 003-as-text.md lines 1018-1294), "Appendix 2: Races": starting
 *   units, leader types, starting technologies, abilities, racial upgrades "Name (base cost): text". It folds in the SA
 *   changes. Obvious slips are corrected (Sardak → Sardakk, Fanatacism → Fanaticism, "You to not", recieve, …).
 * - races_ti3.json (github.com/kcwilliams3/TwilightImperiumOnline @ d1ac5696) and trade_contracts_ti3.csv (they agree):
 *   trade contracts (only 5 of 17 pairs confirmed by a second source: players may correct them at setup), leader names
 *   (matched in order to the appendix's leader types; null where TI3 has none of that type), flagship (the TI3 card: SA
 *   changed several flagships, races_sa_partial.json).
 * - Home planets: planets.ts (homeOf). Unit names are those of units.ts (a "Mechanized Unit" is an Armor).
 * - The abilities that change a number the app tracks (counters, cards, costs, votes) are declared once more, as
 *   effects with their source lines, in src/rules/raceAbilities.ts; here they are the text of the race sheet.
 */
import type { LeaderType, PlanetId, Race, RaceId, TechId } from './types';
import { slugify } from './ids';
import { PLANETS } from './planets';

/** Appendix 2 technology names → SA 4.2 tree names, where they differ. */
const TECH_ALIASES: Readonly<Record<string, string>> = {
  'Hylar V Assault Laser': 'Hylar V Laser', // the TI3 name; the SA 4.2 tree shortens it
  'Automated Defense Turrets': 'Automated Turrets', // idem
  'XRD Transporter': 'XRD Transporters', // Saar and Yssaril lines drop the plural
  'Light/Wave Deflector': 'Light/Wave Deflectors', // idem (Yssaril)
};

/** The technology id of a name as the race appendix prints it. */
export function raceTechId(name: string): TechId {
  return slugify(TECH_ALIASES[name] ?? name);
}

interface Sheet {
  name: string;
  short: string;
  units: Record<string, number>;
  leaders: readonly (readonly [LeaderType, string?])[];
  techs: readonly string[];
  abilities: readonly string[];
  /** [name, base cost, text] */
  upgrades: readonly (readonly [string, number, string])[];
  contracts: readonly [number, number];
  /** [name, summary] */
  flagship: readonly [string, string];
}

const SHEETS: readonly Sheet[] = [
  // 003-as-text.md:1020
  {
    name: 'The Arborec',
    short: 'Arborec',
    units: { 'Space Dock': 1, 'Ground Force': 4, PDS: 1, Cruiser: 1, Carrier: 1, Fighter: 2 },
    leaders: [['Agent'], ['Diplomat', 'Rophal'], ['General', 'Ospha']],
    techs: ['Antimass Deflectors', 'Stasis Capsules'],
    abilities: [
      'You may not build Ground Forces with your Space Docks.',
      'Your Ground Forces have a production capacity of 1. You may not build units with Ground Forces that have moved during the same activation.',
      'At the start of the Status Phase, place 1 Ground Force on one planet you control.',
    ],
    upgrades: [
      ['Bioplasmosis', 3, 'At the beginning of the Strategy Phase, you may move 1 Ground Force from a planet you control to a friendly or uncontrolled planet in an adjacent system. (Discard any Domain Counters on the planet)'],
      ['Spore Acceleration', 5, 'Increase the build capacity of your Ground Forces by 1.'],
    ],
    contracts: [1, 2],
    flagship: ['Duha Menaimon', 'cost 10, combat 6x2, move 1, capacity 5; Sustain Damage, Build Capacity 5'],
  },
  // 003-as-text.md:1036
  {
    name: 'The Ghosts of Creuss',
    short: 'Creuss',
    units: { 'Space Dock': 1, 'Ground Force': 4, Carrier: 1, Fighter: 2, Destroyer: 2 },
    leaders: [['Agent'], ['Diplomat', 'Taivra'], ['Scientist', 'Meian']],
    techs: ['Antimass Deflectors', 'XRD Transporters'],
    abilities: [
      'You may treat "A" and "B" Wormhole systems as if they were adjacent to each other for movement purposes only.',
      'You may always use Wormholes, regardless of other game effects or restrictions.',
      'Other players may not use "A" or "B" Wormholes to travel into a system you control.',
    ],
    upgrades: [
      ['Dimensional Splicer', 3, 'At the start of a battle in a system containing a Wormhole and at least 1 of your ships, you may assign 1 hit to 1 enemy ship of your choice.'],
      ['Slave Wormhole Generator', 5, 'At the start of each Status Phase, you may place (or move) your extra "A" or "B" Wormhole token into any empty or friendly (contains friendly units or control markers) non-Home System.'],
    ],
    contracts: [2, 2],
    flagship: ['Hil Colish', 'cost 10, combat 4, move 1, capacity 3; Sustain Damage'],
  },
  // 003-as-text.md:1052
  {
    name: 'The Emirates of Hacan',
    short: 'Hacan',
    units: { 'Space Dock': 1, 'Ground Force': 4, Carrier: 2, Fighter: 2, Cruiser: 1 },
    leaders: [['Diplomat', 'Gila'], ['General', 'Harrugh'], ['Scientist', 'Carth']],
    techs: ['Enviro Compensator', 'Sarween Tools'],
    abilities: [
      'You do not require approval to make a Trade Agreement.',
      'You do not need to spend a CC to execute the secondary ability of Trade.',
      'When you receive Trade Goods from your Trade Agreements, you receive one additional Trade Good for each trade agreement.',
      'No player may voluntarily break a Trade Contract with you.',
      'During the Status Phase, you may trade Action Cards with other players.',
    ],
    upgrades: [
      ['Production Centers', 3, 'As an Action, once per round, spend one Strategic CC to gain 6 Trade Goods, then give 2 of your Trade Goods to one other player. You may only perform this action if you have fewer than 6 Trade Goods.'],
      ['Quantum Datahub Node', 5, 'At the end of the Strategy Phase, you may trade one of your Strategy Cards with a Strategy Card belonging to one of your trade partners. The other player does not need to agree to this trade.'],
    ],
    contracts: [3, 3],
    flagship: ['Wrath of Kenara', 'cost 10, combat 7x3, move 2, capacity 4; Sustain Damage'],
  },
  // 003-as-text.md:1072
  {
    name: 'Universities of Jol-Nar',
    short: 'Jol-Nar',
    units: { 'Space Dock': 1, 'Ground Force': 2, PDS: 2, Carrier: 2, Fighter: 1, Dreadnought: 1 },
    leaders: [['Admiral', 'Rin'], ['Scientist', 'Rin'], ['Scientist', 'Sucaban']],
    techs: ['Hylar V Assault Laser', 'Antimass Deflectors', 'Enviro Compensator', 'Sarween Tools'],
    abilities: [
      'You receive -1 on your combat rolls.',
      'When executing the Secondary Ability of the Technology Strategy, you may additionally execute the Primary Ability.',
      'You may spend a Strategy CC to immediately re-roll any one die you rolled.',
    ],
    upgrades: [
      ['Electro-Resonance Turbines', 2, 'When an opponent activates a system you control, gain 3 Trade Goods from the Trade Supply.'],
      ['Spatial Conduit Network', 6, 'During the movement step of an activation, your ships may teleport in if the system contains no enemy planets or ships.'],
    ],
    contracts: [1, 3],
    flagship: ['J.N.S. Hylarim', 'cost 10, combat 2x2, move 2, capacity 2; Sustain Damage'],
  },
  // 003-as-text.md:1088
  {
    name: 'The L1Z1X Mindnet',
    short: 'L1Z1X',
    units: { 'Space Dock': 1, 'Ground Force': 5, PDS: 1, Carrier: 1, Fighter: 3, Dreadnought: 1 },
    leaders: [['Agent', 'A6'], ['Diplomat', '2RAM'], ['Scientist', 'I48S']],
    techs: ['Enviro Compensator', 'Stasis Capsules', 'Cybernetics', 'Hylar V Assault Laser'],
    abilities: [
      'You start with one fewer CC in your Strategy Allocation.',
      'Your Dreadnought units cost 1 less resource.',
      'Your Dreadnought units receive +1 during Space Battles.',
      'Your Ground Force units receive +1 during Invasion Combat.',
    ],
    upgrades: [
      ['Dreadnought Invasion Pod', 2, 'Your Dreadnoughts may now carry one additional Ground Force.'],
      ['Inheritance Systems', 5, "When researching Technology using the Technology Strategy Card, you may spend 2 additional resources to ignore the Technology's prerequisites."],
    ],
    contracts: [1, 1],
    flagship: ['0.0.1', 'cost 11, combat 5x3, move 1, capacity 2; Sustain Damage'],
  },
  // 003-as-text.md:1106
  {
    name: 'The Barony of Letnev',
    short: 'Letnev',
    units: { 'Space Dock': 1, 'Ground Force': 3, Carrier: 1, Destroyer: 1, Dreadnought: 1 },
    leaders: [['Admiral', 'Unlenn'], ['Diplomat', 'Ciel'], ['General', 'Farran']],
    techs: ['Hylar V Assault Laser', 'Antimass Deflectors'],
    abilities: [
      'Before any Combat Round, you may spend 2 Trade Goods to give all your spaceships +1, or all of your Ground Forces +2 on their combat rolls for that round of combat.',
      'Your fleets may always contain one more ship than your Fleet Supply limit.',
    ],
    upgrades: [
      ['Noneuclidean Shielding', 4, 'When you use the sustain damage ability of one of your units, it prevents 2 casualties (instead of just 1). Instead, your units with Sustain Damage can sustain one additional hit.'],
      ['L4 Disruptors', 6, 'You may use your racial special during Invasion Combat without paying any Trade Goods.'],
    ],
    contracts: [1, 1],
    flagship: ['Arc Secundus', 'cost 10, combat 5x2, move 1, capacity 2; Sustain Damage, Bombard'],
  },
  // 003-as-text.md:1120
  {
    name: 'The Mentak Coalition',
    short: 'Mentak',
    units: { 'Space Dock': 1, 'Ground Force': 4, PDS: 1, Carrier: 1, Cruiser: 3 },
    leaders: [['Admiral', 'Havvat'], ['Agent', 'Kilik'], ['Diplomat', 'Suffi']],
    techs: ['Hylar V Assault Laser', 'Enviro Compensator'],
    abilities: [
      'You start the game with one extra CC in your Fleet Supply.',
      'Before a Space Battle begins you may fire with up to two Cruisers or Destroyers (or a mix). Enemy casualties are taken immediately.',
      'As an Action, spend 1 Strategy CC to take one Trade Good token from up to two different players. Each such target must have at least 3 Trade Goods on his Race Sheet.',
    ],
    upgrades: [
      ['Salvage Operations', 4, "Gain 2 Trade Goods at the end of each Space Battle in which you participate. If you lost, only gain 1 TG. If you won the battle, you may build one ship in the system of a unit type that you destroyed during combat. You must pay that ship's resource cost. War Suns may be salvaged, but only have 1 movement without War Sun technology."],
      ['Mirror Computing', 4, 'When you spend Trade Goods, each Trade Good counts as 2 resources or 2 influence (instead of 1).'],
    ],
    contracts: [1, 1],
    flagship: ['Fourth Moon', 'cost 8, combat 5x2, move 2, capacity 2; Sustain Damage'],
  },
  // 003-as-text.md:1136
  {
    name: 'The Embers of Muaat',
    short: 'Muaat',
    units: { 'Space Dock': 1, 'Ground Force': 4, Fighter: 2, 'War Sun': 1 },
    leaders: [['Admiral'], ['General', 'Umbat'], ['Scientist', 'Emnor']],
    techs: ['Enviro Compensator', 'Sarween Tools', 'War Sun'],
    abilities: [
      'Your War Suns have a base movement of 1, until you have researched all standard prereqs for War Sun technology.',
      'Your ships may move through, but not stop in, Supernovas.',
      'As an Action, spend one Strategy CC to place 2 free Fighters or one free Destroyer in any one system containing one of your War Suns or Space Docks.',
    ],
    upgrades: [
      ['Nova Seed', 3, 'As an action, you may remove this card from the game to replace a system you control with a Supernova system tile. This may not be used on Mecatol Rex, a Home System, or adjacent to a red-bordered system.'],
      ['Magmus Reactor', 5, 'Your War Suns now have +1 movement and a base cost of 10 (down from 12) resources.'],
    ],
    contracts: [2, 2],
    flagship: ['The Inferno', 'cost 10, combat 5x3, move 1, capacity 4; Sustain Damage'],
  },
  // 003-as-text.md:1152
  {
    name: 'The Naalu Collective',
    short: 'Naalu',
    // SA removes the PDS and the Cruiser ("0 PDS", "0 Cruiser") and the initiative-0 ability ("Removed: …").
    units: { 'Space Dock': 1, 'Ground Force': 4, Carrier: 1, Fighter: 4, Destroyer: 1 },
    leaders: [['Admiral', "M'aban"], ['Agent', "T'elsa"], ['Diplomat', "Z'eu"]],
    techs: ['Antimass Deflectors', 'Enviro Compensator'],
    abilities: [
      'If attacked, your fleet may retreat before the beginning of the Space Battle (following normal retreat rules).',
      'Your Fighters receive +1 during Space Battles.',
      'Before the Action Phase begins, you may take one Tactical Action.',
    ],
    upgrades: [
      ['Hybrid Crystal Drives', 3, 'Your Carriers and unsupported Advanced Fighters each only count as 1/2 a ship (rounded up) towards the Fleet Supply.'],
      ['Telepathic Mind Weapon', 5, 'When your opponent activates a system containing one of your planets, he immediately loses one Fleet Supply CC.'],
    ],
    contracts: [1, 2],
    flagship: ['Matriarch', 'cost 9, combat 8x2, move 2, capacity 6; Sustain Damage'],
  },
  // 003-as-text.md:1170
  {
    name: 'The Nekro Virus',
    short: 'Nekro',
    units: { 'Space Dock': 1, 'Ground Force': 1, Armor: 1, Carrier: 1, Cruiser: 2 },
    leaders: [['Admiral', 'Malleon'], ['Agent', 'Flayesh'], ['General', 'Acidos']],
    techs: ['Gen Synthesis', 'Hylar V Assault Laser', 'Dacxive Animators'],
    abilities: [
      'You may not vote on Political or Agenda cards.',
      'When you destroy at least 1 enemy unit in a Space Battle or Invasion Combat (excluding PDS fire) you may copy (receive) 1 free Technology Card (ignoring prereqs) that the enemy player has already researched. Limit once per battle.',
      'You may not receive Technology Cards from Political, Assembly, Action, or Strategy Cards. Any time you would receive a Technology Card in this way, instead gain 3 Command Counters.',
    ],
    upgrades: [
      ['Valefar Assimilator', 0, "Gain this Technology by using your racial ability to copy a racial Technology an opponent has researched. You cannot copy a Technology that modifies their racial ability. Place the race's Control Marker on this card to remember which ability you have copied. When playing with the Shattered Empire expansion, you may steal two racial Technologies in total."],
    ],
    contracts: [1, 2],
    flagship: ['The Alastor', 'cost 9, combat 9x3, move 1, capacity 1; Sustain Damage'],
  },
  // 003-as-text.md:1184
  {
    name: "Sardakk N'orr",
    short: 'Sardakk',
    units: { 'Space Dock': 1, 'Ground Force': 5, PDS: 1, Carrier: 1, Cruiser: 1 },
    leaders: [['Admiral', "T'ro"], ['General', "Sek'kus"], ['General', "Sh'val"]],
    techs: ['Hylar V Assault Laser', 'Deep Space Cannon'],
    abilities: [
      'You receive +1 on your combat rolls.',
    ],
    upgrades: [
      ['Valkyrie Armor', 3, 'At the end of a round of Invasion Combat, roll one die for each casualty you take. For each 10 you roll, your opponent must immediately take 1 additional casualty.'],
      ['Exotrireme', 4, 'At the end of a round of Space Battle, you may destroy 1 of your Dreadnoughts present to destroy 2 present enemy ships of your choice.'],
    ],
    contracts: [1, 2],
    flagship: ["C'morran Norr", 'cost 10, combat 5x3, move 1, capacity 2; Sustain Damage'],
  },
  // 003-as-text.md:1196
  {
    name: 'The Clan of Saar',
    short: 'Saar',
    units: { 'Space Dock': 1, 'Ground Force': 4, Carrier: 2, Fighter: 2, Cruiser: 1 },
    leaders: [['Admiral', 'Mendosa'], ['Agent', 'Rowl'], ['General', 'Mauob']],
    techs: ['Antimass Deflectors', 'XRD Transporter'],
    abilities: [
      'Gain 1 Trade Good every time you acquire a new planet.',
      "You may fulfill Objectives even if you don't control your Home System.",
      'Saar Space Docks are placed in Systems rather than Planets. They have a base movement of 1 and production capacity of 4, and do not count as ships. If present with enemy ships, they are destroyed rather than blockaded. GF/PDS may be built on any planet/fleet in the system.',
    ],
    upgrades: [
      ['Chaos-Mapping', 2, 'You may activate Asteroid Field systems. Your Fleet Supply limit in Asteroid Field systems is 3 (which cannot be modified).'],
      ['Floating Factory', 3, 'Your Space Docks now have a production capacity of 5, Capacity (5, Fighter), and +1 movement. They now retreat/withdraw from Space Battles with the rest of a fleet, and may produce units after moving, unless they moved from a system with a flipped CC.'],
    ],
    contracts: [1, 2],
    flagship: ['Son of Ragh', 'cost 10, combat 6x3, move 1, capacity 4; Sustain Damage'],
  },
  // 003-as-text.md:1212
  {
    name: 'The Federation of Sol',
    short: 'Sol',
    units: { 'Space Dock': 1, 'Ground Force': 5, Carrier: 2, Destroyer: 1 },
    leaders: [['Admiral', 'DeLouis'], ['Agent', 'Connor'], ['Diplomat', 'Rev']],
    techs: ['Antimass Deflectors', 'Cybernetics'],
    abilities: [
      'As an action, you may spend one Strategy CC to place two free Ground Forces on any one Planet you control.',
      'During the Status Phase, you receive one extra CC.',
    ],
    upgrades: [
      ['Mark II Advanced Carriers', 4, 'Your carriers now have Capacity (8) and Sustain (1).'],
      ['Spec Ops Training', 5, 'Each time you roll a 1 during Invasion Combat, you may reroll the die. You must use the second result.'],
    ],
    contracts: [2, 2],
    flagship: ['Genesis I', 'cost 10, combat 5x3, move 1, capacity 3; Sustain Damage'],
  },
  // 003-as-text.md:1226
  {
    name: 'The Winnu',
    short: 'Winnu',
    units: { 'Space Dock': 1, 'Ground Force': 3, PDS: 1, Carrier: 1, Fighter: 2, Cruiser: 1 },
    leaders: [['Admiral', 'Rickar'], ['Agent', 'Sela'], ['Scientist', 'Kelsa']],
    techs: ['Antimass Deflectors', 'Enviro Compensator', 'Stasis Capsules'],
    abilities: [
      'You may always add the Influence of your Home System planet to votes, even if it is exhausted.',
      'Your planets that contain at least 1 Ground Force are immune to the Local Unrest action card.',
      'You do not need to spend a Command Counter to execute the secondary ability of Technology.',
      'The Winnaran home world has a yellow (general) technology specialty. This specialty works exactly like the red, green, and blue technology specialties except that it does not count for the purpose of fulfilling objectives.',
    ],
    upgrades: [
      ['Bioptic Recyclers', 3, 'As an action, once per round, you may discard an Action Card from your hand to gain 2 Trade Goods or 1 Command Counter.'],
      ['Lazax Gate Folding', 4, 'At the start of each Status Phase, you may place 1 Ground Force on Mecatol Rex. You may only do this if the planet is uncontrolled or is under your control. (Discard any Domain Counters on the planet.)'],
    ],
    contracts: [1, 3],
    flagship: ['Salai Sai Corian', 'cost 10, combat 7x?, move 1, capacity 3; Sustain Damage'],
  },
  // 003-as-text.md:1244
  {
    name: 'The Xxcha Kingdom',
    short: 'Xxcha',
    units: { 'Space Dock': 1, 'Ground Force': 2, PDS: 1, Carrier: 1, Fighter: 3, Cruiser: 2 },
    leaders: [['Admiral', 'Neekuaq'], ['Diplomat', 'Junn'], ['Diplomat', 'Qanoj']],
    techs: ['Antimass Deflectors', 'Enviro Compensator'],
    abilities: [
      'When executing the Secondary Ability of the Diplomacy Strategy, you may execute the Primary Ability instead. When playing with Diplomacy II, you must also pay 1 Strategy CC.',
      'Immediately after a Political Card has been chosen and read aloud, you may spend 1 Strategy CC to cancel the card, and force another Political Card to be chosen (and drawn if necessary).',
      'Your opponents receive -1 on all combat rolls against you during the first combat round of all Space Battles and Invasion Combat.',
      'Xxcha may use either the resource or influence value of a planet when counting votes.',
    ],
    upgrades: [
      ['Instinct Training', 4, 'Once per game round, you may spend 1 Command Counter from your Strategy Allocation area to cancel an Action Card just played by an opponent.'],
      ['Diplomats', 5, 'Once per Game Round, when an opponent activates a system you control, for free, you may force him to instead place the Command Counter into his reinforcements and immediately end his action.'],
    ],
    contracts: [2, 2],
    flagship: ['Loncara Ssodu', 'cost 9, combat 6x2, move 1, capacity 4; Sustain Damage'],
  },
  // 003-as-text.md:1262
  {
    name: 'The Yin Brotherhood',
    short: 'Yin',
    units: { 'Space Dock': 1, 'Ground Force': 4, Carrier: 2, Fighter: 4, Destroyer: 1 },
    leaders: [['Agent', 'Milor'], ['Diplomat', 'Dahla'], ['General', 'Omar']],
    techs: ['Hylar V Assault Laser', 'Automated Defense Turrets'],
    abilities: [
      'Before Invasion Combat in which you are the attacker, you may roll 1 die. On a 5+ your opponent loses 1 Ground Force and you gain 1 Ground Force.',
      'Immediately before the second round of a Space Battle, you may discard one of your participating Destroyers or Cruisers to choose one opposing ship present and immediately inflict one hit on it.',
      'As an Action, once per game round you may place your control marker on an unexhausted Planet Card you control. Until the end of the Round, its Influence and Resource values are reversed.',
    ],
    upgrades: [
      ['Yin Spinner', 2, 'Build 1 free Ground Force each time you build units at a Space Dock. This free Ground Force does not count towards any build limits.'],
      ['Fanaticism', 4, 'You may roll 2 dice at the start of Invasion Combat for defections.'],
    ],
    contracts: [1, 1],
    flagship: ['Van Hauge', 'cost 10, combat 5x2, move 1, capacity 4; Sustain Damage'],
  },
  // 003-as-text.md:1278
  {
    name: 'The Yssaril Tribes',
    short: 'Yssaril',
    units: { 'Space Dock': 1, 'Ground Force': 5, PDS: 1, Carrier: 1, Fighter: 2, Cruiser: 1 },
    leaders: [['Admiral', 'Sskril'], ['Agent', 'Ssruu'], ['Agent', 'Thilinn']],
    techs: ['Light/Wave Deflector'], // SA: not Antimass Deflectors, not XRD Transporter
    abilities: [
      'You may skip action turns during the Action Phase without passing. You may not skip two in a row.',
      'You draw one additional Action Card during every Status Phase. You are never limited to a hand size of Action Cards, regardless of game rules or any active Political Cards.',
      "Once during every Strategy Phase, you may look at one other player's hand of Action Cards.",
    ],
    upgrades: [
      ['Shuttle Logistics', 3, 'During the movement step of an activation, you may move in up to 2 Ground Forces from adjacent unactivated systems. This limit is increased by 2 for every Strategy CC spent. Such units may participate in planetary landings as normal, and are returned to their original position if unable to land for any reason.'],
      ['Mageon Implants', 4, "When looking at your opponent's hand of Action Cards using your racial ability, you may steal 1 card of your choice and add it to your hand."],
    ],
    contracts: [1, 2],
    flagship: ["Y'sia Y'ssrila", 'cost 9, combat 7x2, move 2, capacity 5; Sustain Damage'],
  },
];

/** Each race's home planets, in the planets' order: one pass, not one filter of every planet per race. */
const homePlanets = new Map<RaceId, PlanetId[]>();
for (const p of PLANETS) if (p.homeOf !== null) homePlanets.set(p.homeOf, [...(homePlanets.get(p.homeOf) ?? []), p.id]);

function race(s: Sheet): Race {
  const id = slugify(s.short);
  return {
    id,
    name: s.name,
    shortName: s.short,
    abilities: [...s.abilities],
    startingUnits: { ...s.units },
    leaders: s.leaders.map(([type, name]) => ({ type, name: name ?? null })),
    startingTechnologies: s.techs.map(raceTechId),
    racialUpgrades: s.upgrades.map(([name, baseCost, text]) => ({ id: slugify(name), name, baseCost, text })),
    homePlanets: homePlanets.get(id) ?? [],
    tradeContracts: [s.contracts[0], s.contracts[1]],
    flagship: { name: s.flagship[0], summary: s.flagship[1] },
  };
}

export const RACES: readonly Race[] = SHEETS.map(race);

export const RACES_BY_ID: ReadonlyMap<string, Race> = new Map(RACES.map((r) => [r.id, r]));
