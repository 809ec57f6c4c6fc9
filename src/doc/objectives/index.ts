/**
 * Objectives: public and preliminary ones revealed, claims (paid in the same change when they cost), special
 * objectives held while met, and Path of Fate's race-specific ones. No module of its own: its ops are `round`
 * events (events.ts says why), so the round's module folds them through `foldObjectiveOp` and `foldSpecials`,
 * describes them through `describeObjectiveOp`; its moves (moves.ts: `reveal`, `claim`, `scoreFate`) write them.
 */
export type { ObjectivePayment } from './moves';
export { foldObjectiveOp, foldSpecials } from './fold';
export type { ObjectivesTable, PaidBefore, SpecialsTable } from './fold';
export { checkFate, checkReveal } from './state';
export * from './views';
