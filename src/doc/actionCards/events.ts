/**
 * The action cards' op. It is a `round` event on the wire: an op of the one `round` kind, which the round's
 * codec writes and reads (round/events.ts, where every op's code sits beside the others so that no two share
 * one), and which the round's fold hands to this folder's fold at its place in the log (round/fold.ts).
 * Phones already in the field decode it as they always did.
 */

/** `ability`: a race ability taken as her turn's action, entered the way an action card is. */
export type PlayKind = 'card' | 'ability';

/**
 * An action card or a race ability played: as her turn's action (`turn`: the fourth kind of action, no
 * command counter) or, for an action card, at any other moment its text says. A card leaves her hand.
 */
export type PlayOp = { op: 'play'; round: number; seat: string; kind: PlayKind; name: string; turn: boolean };
