/** The pure Shattered Ascension rules (DESIGN.md "Layout"): plain data in, plain data out. */
export * from './result';
export * from './planets';
export * from './votes';
export * from './pay';
export * from './tech';
export * from './upgrades';
export * from './fleet';
export * from './order';
export * from './status';
export * from './trade';
export * from './cards';
export * from './round';
export * from './raceAbilities';
export * from './refresh';
export * from './leaders';
