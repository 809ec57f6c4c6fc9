/**
 * Action cards: one played (or a race ability taken as her action), out of her hand's count; where the cards'
 * own effects will go. No module of its own: its op is a `round` event (events.ts says why), so the round's
 * module folds it through `foldPlay`, describes it through `describePlay`, and makes its move with its view of
 * her turn (round/moves.ts `play`, over moves.ts `playWith`).
 */
export { checkPlay, foldPlay } from './fold';
export type { PlayTable, PlayView } from './fold';
export * from './views';
