/**
 * The objectives' ops. They are `round` events on the wire: ops of the one `round` kind, which the round's
 * codec writes and reads (round/events.ts, where every op's code sits beside the others so that no two share
 * one), and which the round's fold hands to this folder's fold at their place in the log (round/fold.ts).
 * Phones already in the field decode them as they always did.
 */

export type ObjectiveOp =
  /** A public objective laid face up (or taken back, a mistake). */
  | { op: 'reveal'; objective: string; shown: boolean }
  /** She claims an objective; a secret one is named here for the first time. */
  | { op: 'claim'; round: number; seat: string; objective: string }
  /** Path of Fate: she scores one of her race-specific objectives, named (and worth `vp`) here for the first time. */
  | { op: 'fate'; round: number; seat: string; name: string; vp: number };
