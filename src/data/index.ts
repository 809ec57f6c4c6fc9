/** Static game data: typed tables, each module says where its facts come from. */
export * from './types';
export { compareNames, foldName, searchByName, slugify } from './ids';
export { PLANETS, PLANETS_BY_ID, searchPlanets } from './planets';
export { RACES, RACES_BY_ID, raceTechId } from './races';
export { TECHNOLOGIES, TECHS_BY_ID } from './technologies';
export { STRATEGY_CARDS } from './strategyCards';
export { POLITICAL_CARDS } from './politicalCards';
export { OBJECTIVES } from './objectives';
// ACTION_CARDS is imported from './actionCards' itself: only the hand's card picker needs it, so it
// loads with the panels instead of with every game (issue 9, start time).
export { UNITS, UNITS_BY_ID, LEADER_TYPES, LEADER_FATE_ROLL } from './units';
