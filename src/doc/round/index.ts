/**
 * The round: speaker and rotation, strategy cards, actions, the status phase checklist, victory. It owns the
 * `round` kind, whose objectives' ops and action card plays it folds and describes through doc/objectives and
 * doc/actionCards; the objectives' moves write theirs (objectives/moves.ts), and a card played is the round's
 * move (moves.ts `play`, over actionCards/moves.ts `playWith`).
 */
import { tradeNegotiator } from '../../rules/trade';
import { defineModule } from '../core/module';
import { describeRoundEntry } from './describe';
import { roundEvents } from './events';
import { RoundFold } from './fold';

export const round = defineModule({
  name: 'round',
  events: roundEvents,
  stateKey: 'tracker',
  fold({ seats, vpGoal, options }) {
    const fold = new RoundFold(seats);
    fold.vpGoal = vpGoal;
    if (options) fold.options = options;
    return {
      apply(e, table) {
        if (e.k === 'phase') table.round = { round: e.round, phase: e.phase, step: e.step };
        // A `round` event is folded by `after`, which sees every event with its time.
      },
      after: (entry, table) => fold.after(entry, table),
      facts: {
        speaker: () => fold.speaker,
        out: () => fold.s.out,
        tradeHolder: () => tradeNegotiator(fold.s),
        mayTakeAction: (seat, round) => fold.mayTakeAction(seat, round),
        begin(start) {
          Object.assign(fold.s, { speaker: start.speaker, direction: start.direction, revealed: [...start.revealed] });
        },
      },
      result: () => fold.result(),
    };
  },
  describe: describeRoundEntry,
  // A pick is settled once another phone wrote after it: the next picker chose from the cards it left.
  settles: (e) => e.k === 'round' && e.op === 'pick',
  authority: {
    // Moving the table on (next phase, a step for everyone) and correcting it is anyone's to do.
    phase: 'anyone',
    round: (e) => {
      switch (e.op) {
        case 'leave':
          // Elimination needs nobody's consent; surrender is hers alone.
          return e.how === 'eliminated' ? 'anyone' : [e.seat];
        case 'speaker':
        case 'nobody':
        case 'advance':
        case 'reveal':
          return 'anyone';
        default:
          return [e.seat];
      }
    },
  },
});

export type { ActionKind, RoundOp } from './events';
export { actorName, cardsOf, currentPicker, roundAt, stepAfter, strategyCardName, waitingFor } from './state';
export { checkSimultaneousAct } from './variants';
export type { CardState, Notice, RoundRecord, RoundTracker, RoundView, SecondaryOffer, Victory } from './tracker';
export * from './views';
export { REALLOCATE_STEP } from '../../rules/round';
export { nobodyActor } from '../../rules/strategy';


