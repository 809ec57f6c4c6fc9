/**
 * Shapes of the static game tables. Facts only: every table module says where its facts come from.
 * Ids are stable slugs of the printed name ("mecatol-rex", "the-xxcha-kingdom", "sarween-tools"):
 * they are written into saved games, so changing one is a schema migration.
 */

export type TechColor = 'red' | 'green' | 'blue' | 'yellow';
export const TECH_COLORS: readonly TechColor[] = ['red', 'green', 'blue', 'yellow'];

export type PlanetId = string;
export type RaceId = string;
export type TechId = string;
export type StrategyCardId = string;
export type PoliticalCardId = string;
export type ObjectiveId = string;
export type ActionCardId = string;

export interface Planet {
  id: PlanetId;
  name: string;
  resources: number;
  influence: number;
  specialties: TechColor[];
  /** Refresh ability as printed (an effect summary, or the icon name where the effect is unknown); null when none. */
  refreshAbility: string | null;
  /** Shattered Ascension trade station: no facility can be built there. */
  tradeStation: boolean;
  /** The race whose home system holds this planet; null for every other planet. */
  homeOf: RaceId | null;
  /** Name of the system tile, when known ("Abyz / Fria"). */
  system: string | null;
  expansion: string;
}

export type LeaderType = 'Admiral' | 'Agent' | 'Diplomat' | 'General' | 'Scientist';

export interface LeaderSlot {
  type: LeaderType;
  /** Printed leader name where a source gives one; SA race sheets only list types. */
  name: string | null;
}

export interface RacialUpgrade {
  id: string;
  name: string;
  /** The number in brackets after the upgrade name in the seed's race appendix. */
  baseCost: number;
  text: string;
}

/** How a race deviates from the normal vote count (seed 003, Appendix 2). Absent flags mean "as the rules say". */
export interface VoteRule {
  /** Nekro Virus: "You may not vote on Political or Agenda cards." */
  cannotVote?: boolean;
  /** Winnu: "You may always add the Influence of your Home System planet to votes, even if it is exhausted." */
  homeCountsExhausted?: boolean;
  /** Xxcha: "may use either the resource or influence value of a planet when counting votes." */
  mayCountResources?: boolean;
}

export interface Flagship {
  name: string;
  /** Short stat line as printed (for reference at the table), e.g. "cost 10, combat 4, move 1, capacity 3". */
  summary: string;
}

export interface Race {
  id: RaceId;
  name: string;
  /** "Xxcha", "Sol": for tight headers. */
  shortName: string;
  abilities: string[];
  /** Unit name → count, as listed on the race sheet. */
  startingUnits: Record<string, number>;
  leaders: LeaderSlot[];
  startingTechnologies: TechId[];
  racialUpgrades: RacialUpgrade[];
  homePlanets: PlanetId[];
  /** The two trade contract values; players may correct them at setup. */
  tradeContracts: [number, number];
  flagship: Flagship | null;
}

export interface Technology {
  id: TechId;
  name: string;
  color: TechColor;
  prerequisites: TechId[];
  /** 'or': any one prerequisite suffices (the default on the SA tree); 'and': all are needed. */
  prereqLogic: 'and' | 'or';
  confidence: 'high' | 'medium' | 'low';
}

export interface StrategyCard {
  id: StrategyCardId;
  name: string;
  initiative: number;
  primary: string;
  secondary: string;
  /** Player counts in which the card is in play (Prospect, 9, only with 4, 7 or 8 players). */
  playerCounts: number[];
  /** Standing effect on the holder, printed apart from the two abilities (Diplomacy, Trade, Warfare, Bureaucracy). */
  special?: string;
}

/** 'place_votes': Pax Magnifica, where votes buy bonuses instead of deciding an outcome. */
export type VoteKind = 'elect' | 'for_against' | 'place_votes';

export interface PoliticalCard {
  id: PoliticalCardId;
  name: string;
  voteKind: VoteKind;
  /** What an elect agenda elects ("player", "planet", "public objective", …); null for for/against. */
  electTarget: string | null;
  law: boolean;
  text: string;
}

export type ObjectiveStage = 'stage1' | 'stage2' | 'preliminary' | 'secret' | 'special';

export interface Objective {
  id: ObjectiveId;
  name: string;
  stage: ObjectiveStage;
  vp: number;
  text: string;
  /** Domination!, Supremacy!: scoring it wins the game outright (vp is 0). */
  winsGame?: boolean;
}

export interface ActionCard {
  id: ActionCardId;
  name: string;
  timing: string;
  text: string;
  count: number;
}

export type UnitCategory = 'ship' | 'ground unit' | 'installation';

export interface UnitType {
  id: string;
  name: string;
  category: UnitCategory;
  cost: string;
  /** Production capacity the unit uses when produced; null for a Space Dock (built, not produced). */
  productionCapacityCost: number | null;
  combat: string;
  move: string;
  capacity: string;
  abilities: string[];
  /** Rule traits as listed in the rulebook ("Limit 3", "Max 2 per planet"). */
  traits: string[];
}
