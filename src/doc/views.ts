/**
 * The part of the document's public face a screen reads on a start's first frame: words, names, the log
 * in words, the types. Beside `doc/index.ts` (which has the game and its commands, and Yjs with them),
 * as each part has its `views` beside its index: a stored game's first frame is painted from a kept view
 * before Yjs, the fold and the signature check have loaded (issue 33). Nothing here may import Yjs:
 * `npm run check:build` refuses a game screen chunk that reaches it.
 */
export { readSecret } from './core/schema';
export { compareVersion, EVENTS_VERSION, newerNotice, phoneCalled, versionNotice } from './core/versions';
export { COUNTER_LABELS, COUNTERS } from './core/types';
export type * from './core/types';
export { raceName, raceOf } from './core/words';
export { playersIn, seatsIn, stillIn } from './core/players';
// The log's words (`./describe`: every part's describer) are not here: they load after the first frame.
export { amountOf, listWords, planetName, playerAndRace, playerName, plural } from './core/words';
