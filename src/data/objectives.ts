/**
 * Objectives of Shattered Ascension: stage I and II public objectives, preliminary, secret and special objectives.
 * objectives_sa.json: github.com/cayrusa/SA-map-editor-old @ b1080aab (assets/Decks_Unprocessed/{PublicObjectiveDeck_8x5_n40_v2,
 * StageIIDeck_5x5_n23, PreliminaryObjectives_5x4_n18, SecretObjectiveDeck_10x2_n18_v3, SpecialObjectiveDeck_5x2_n7}.jpg).
 * Requirements are condensed from the card images, not verbatim; a junk placeholder slot of the stage I sheet was dropped.
 * Sovereign/Imperial: the cards say 8/12 planets, the seed rulebook says "more than" 8/12: check at the table.
 *
 * SA public objectives have no printed name: their id is the stage and the position on the card sheet ("stage1-07"), and
 * their name is the requirement. Every other id is slugify(name).
 */
import type { Objective, ObjectiveStage } from './types';
import { slugify } from './ids';

const STAGE_I: readonly string[] = [
  'took control of an enemy planet this round while it was refreshed',
  'control 2 planets outside HS at least 4 spaces apart',
  'have 2 technologies in each of 3 colours',
  'spend 3 CC from Command Pool and/or Strategy Allocation',
  'destroyed (via combat rolls) at least 4 non-Fighter ships this round',
  'control 3 Space Docks, at least 2 outside HS',
  'control 3 planets (or Artifacts) with the same technology specialty',
  'control ships in 5 systems outside HS',
  'control 5 planets outside HS',
  'won a Space Battle as attacker against at least 5 enemy ships (incl. Fighters) this round',
  'spend 6 influence',
  'spend 6 resources',
  'spend 8 influence',
  'spend 8 resources',
  "blockading an opponent's Space Dock (destroying a Saar dock this round qualifies)",
  'control 2 Special (red-bordered) systems',
  'control 5 systems',
  'control Mecatol Rex',
  'this round destroyed units of 2 different players in Space Battle or Invasion Combat',
  'control 2+ ships at least 4 spaces from HS',
  'control a planet 3 spaces from HS containing a PDS and 2 ground units',
  'this round attacked in a Space Battle a fleet worth >=12 resources and inflicted >=3 hits',
  'this round killed or now hold captive an opponent Leader',
  "controlled Mallice or Hope's End since the beginning of the round",
  "total planet influence greater than both neighbours'",
  'control the most planets outside HS (ties allowed)',
  "controlled Mecatol Rex or Hope's End since the beginning of the round",
  'ships in all systems with a stable alpha wormhole, or in all with a stable beta wormhole',
  'this round destroyed an opponent Space Dock by invasion (or bombardment)',
  'SPECIAL: replace with a random Preliminary Objective (worth 1 VP)',
  'SPECIAL: replace with a random Secret Objective (worth 2 VP)',
  'spend 2 TG + 2 resources + 2 influence',
  'ships in a contiguous line of adjoining systems spanning systems at least 3 spaces apart',
  'have 4 technologies of the same colour',
  'have at least one technology in all 4 colours',
  'control planets (or Artifacts) with 3 different technology specialties',
  'took control of enemy-controlled planets in 2 different systems this round',
  'took control of 3 planets this round',
  'control 2 (or all) Trade Stations',
];

const STAGE_II: readonly string[] = [
  'won 2 Space Battles as attacker this round, each vs >=3 ships',
  'control 3 systems at least 3 spaces from HS',
  'control ships in adjoining systems spanning systems at least 5 spaces apart',
  "have >=5 non-Fighter ships in 2 different opponents' Home Systems",
  'have 5 technologies of the same colour',
  'have at least 9 technologies',
  'control 10 planets outside HS',
  'spend 12 TG',
  'spend 15 influence',
  'spend 15 resources',
  'spend 20 resources or influence (mix)',
  'this round destroyed or now blockade 2 enemy Space Docks',
  'control 8 ships and 4 planets at least 4 spaces from HS',
  'this round successfully invaded 3 planets containing enemy ground units',
  'control Mecatol Rex system and at least 3 adjacent systems',
  'control Mecatol Rex system and all adjacent systems',
  "combined planet influence greater than both neighbours' combined",
  "controlled Mecatol Rex, Mallice and Hope's End the entire Strategy and Action Phase",
  'control ships in 10 systems',
  'spend 6 CC from Command Pool and/or Strategy Allocation',
];

/** [name, requirement] */
type Named = readonly [string, string];

/** Named cards of the stage II deck. Domination! and Supremacy! win the game outright (vp 0). */
const STAGE_II_NAMED: readonly Named[] = [
  ['Domination!', 'control all planets in the Home Systems of 2 opponents'],
  ['Supremacy!', 'control 18 planets outside HS'],
  ['Imperium Rex', 'game ends immediately upon initiation of Stage II'],
];

const PRELIMINARY: readonly Named[] = [
  ['Antagonist', 'control 2 planets closer to opponent Home Systems than to own'],
  ['Arbiter', 'control 2 systems adjacent to Mecatol Rex (not own HS)'],
  ['Commander', 'Flagship and 2 Dreadnoughts on the board'],
  ['Defender', '3 planets each containing 2 PDS'],
  ['Enemy', 'this round destroyed enemy units in 2 different systems'],
  ['Enterprise', 'control a Space Dock at least 3 spaces from HS'],
  ['Galactic Guardian', 'ships in 6 different systems outside HS'],
  ['Infiltrator', "this round destroyed 2 units in a system adjacent to their owner's HS"],
  ['Isolated', 'control fewer planets outside HS than any other player'],
  ['Legislator', 'spend 8 influence'],
  ['Pioneer', 'control a planet at least 4 spaces from HS'],
  ['Politician', 'voted on the winning side of 3 agendas this round'],
  ['Venture Capitalist', 'spend 6 resources'],
  ['Researcher', 'control at least 4 planets with a technology specialty'],
  ['Scientist', 'a technology specialty (Artifacts count) of every colour and a Space Dock outside HS'],
  ['Seeker', 'controlled 2 Artifacts during entire Strategy and Action Phase'],
  ['Traitor to the Throne', 'this round invaded Mecatol Rex while controlled by an opponent'],
  ['Custodian of the Old Empire', 'controlled Mecatol Rex for the entire Strategy and Action Phase'],
];

const SECRET: readonly Named[] = [
  ['Bureaucrat', "control Mecatol Rex, highest total influence, elected to a 'Minister of...' agenda"],
  ['Colonizer', '3 planetary systems outside HS not adjacent to each other or HS, each with a Carrier and 4 ground units'],
  ['Conqueror', "control all planets in an opponent's Home System (Saar HS: only 1 VP)"],
  ['Diversified', 'control Mecatol Rex with a Space Dock there; 2 technologies in each of 3 colours'],
  ['Expansionist', 'control 9 systems outside HS'],
  ['Explorer', 'ships in 5 systems that are Ion Storms/Nebulae/Gravity Rifts/Wormhole Nexus or 4 spaces from HS'],
  ['Focused', '4 technologies of one colour and 3 non-HS planets with that specialty controlled entire Strategy+Action Phase'],
  ['Forceful', 'control Mecatol Rex system with a Space Dock and a Dreadnought; 4 non-Fighter ships in each of 4 planetary systems outside HS'],
  ['Industrial', '4 Space Docks (>=2 outside HS); resource value of planets outside HS >=12 (refineries ignored)'],
  ['Keeper of Gates', '1 non-Fighter ship in every system containing a stable A or B wormhole'],
  ['Master of Ships', '15 non-Fighter ships in or adjacent to Mecatol Rex system (outside HS)'],
  ['Ruthless', 'control 3 planetary systems each closer to an opponent HS than to own'],
  ['Protagonist', 'at end of Action Phase had >=5 VP and >=2 VP more than any opponent'],
  ['Regulator', 'this round destroyed or captured 2 Space Docks of different opponents by invasion/bombardment'],
  ['Technocrat', "control at least 6 planets with a technology specialty (artifacts on planets don't count)"],
  ['Threatening', "6 ships and 4 ground units adjacent to each of 2 opponents' Home Systems"],
  ['Usurper', 'controlled a Space Dock in Mecatol Rex system entire Strategy+Action Phase; 6 ground units, 2 PDS and a Leader on Mecatol Rex'],
  ['Warmonger', 'won 4 Space Battles this round'],
];

const SPECIAL: readonly Named[] = [
  ['Ancient Shipwreck', 'control the blue Artifact (+1 blue specialty while qualifying)'],
  ['Precursor Fossil', 'control the green Artifact (+1 green specialty)'],
  ['Lazax Armory', 'control the red Artifact (+1 red specialty)'],
  ['Imperial Datacache', 'control the yellow Artifact (+1 yellow specialty)'],
  ['Imperial', 'control 12 planets outside HS'],
  ['Sovereign', 'control 8 planets outside HS'],
  ['Voice of the Council', 'be the Voice of the Council (+5 votes while qualifying)'],
];

const WINS_GAME = new Set(['Domination!', 'Supremacy!']);

function unnamed(stage: ObjectiveStage, vp: number, texts: readonly string[]): Objective[] {
  return texts.map((text, i) => ({
    id: `${stage}-${String(i + 1).padStart(2, '0')}`,
    name: text.charAt(0).toUpperCase() + text.slice(1),
    stage,
    vp,
    text,
  }));
}

function named(stage: ObjectiveStage, vp: number, rows: readonly Named[]): Objective[] {
  return rows.map(([name, text]) =>
    WINS_GAME.has(name)
      ? { id: slugify(name), name, stage, vp: 0, text, winsGame: true }
      : { id: slugify(name), name, stage, vp, text },
  );
}

export const OBJECTIVES: readonly Objective[] = [
  ...unnamed('stage1', 1, STAGE_I),
  ...unnamed('stage2', 2, STAGE_II),
  ...named('stage2', 2, STAGE_II_NAMED),
  ...named('preliminary', 1, PRELIMINARY),
  ...named('secret', 2, SECRET),
  ...named('special', 1, SPECIAL),
];
