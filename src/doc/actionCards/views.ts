/**
 * What a screen reads of the plays: today their words in the log. Pure, and without the command (and the Yjs it
 * brings): the round's describer imports this file on a start's first frame (issue 33), not the index.
 */
export { describePlay } from './describe';
export type { PlayKind, PlayOp } from './events';
