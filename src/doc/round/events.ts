/**
 * The round's events in the game log: one event kind, `round`, whose `op` says what happened (picks,
 * actions, the status checklist, objectives). Events say what the player did, and carry the round (and
 * step) they were meant for: the fold (fold.ts) applies one only if it still makes sense at its
 * place in the converged log, so two phones tapping at once can never skip a step or take one card
 * twice. The objectives' ops and the action cards' are of this kind too (objectives/events.ts,
 * actionCards/events.ts): the codec below writes every op, so that their codes stay distinct and the wire
 * stays what phones in the field read.
 *
 * Encoded after the common head as `[opCode, ...fields]`; decoding trusts nothing. Beside it, `phase`
 * sets the round, phase and status step outright (a correction, "Set…").
 */
import type { Phase } from '../../rules/round';
import type { RotationDirection } from '../../rules/order';
import { nat as anyNat } from '../core/codec';
import type { EventCodecs } from '../core/codec';
import type { RoundTracker } from './tracker';
import type { ActivatedSystems } from '../../rules/variants';
import type { ObjectiveOp } from '../objectives/views';
import type { PlayKind, PlayOp } from '../actionCards/views';

/** `skip`: her turn goes by without an action and without passing (the Yssaril, 003 Appendix 2). */
export type ActionKind = 'strategic' | 'tactical' | 'pass' | 'end' | 'skip';

export type RoundOp =
  /** The speaker token changes hands (setup bidding, Assembly). */
  | { op: 'speaker'; seat: string }
  /** The speaker turns the rotation cycler (001 "Orienting the Rotation Cycler"). */
  | { op: 'cycler'; seat: string; direction: RotationDirection }
  /** She picks a strategy card and converts its bonus counters; `drawn`: the 5-player random card, on the last pick. */
  | { op: 'pick'; round: number; seat: string; card: number; tg: number; pool: number; fleet: number; strat: number; drawn: number | null }
  /**
   * Her action (the active player): a strategic or tactical action, passing, or the end of her turn.
   * `systems`: a Simultaneous Tactical Action (that game option), the systems it activates by kind.
   */
  | { op: 'act'; round: number; seat: string; what: ActionKind; card: number | null; systems?: ActivatedSystems }
  /** The 5-player unpicked card, executed as if played by no player when its initiative comes. */
  | { op: 'nobody'; round: number; card: number }
  /** Her answer to the secondary ability of a card just played. */
  | { op: 'secondary'; round: number; seat: string; card: number; use: boolean }
  /** She is done with status step `step`. */
  | { op: 'done'; round: number; step: number; seat: string }
  /** The table moves on from this exact point (ignored once the round has moved past it). */
  | { op: 'advance'; round: number; phase: Phase; step: number | null }
  /** Status step 6: 1 action card, 1 political card and her command counters, placed. */
  | { op: 'income'; round: number; seat: string; pool: number; fleet: number; strat: number }
  /** The primary ability of the card she just played: the option she chose and the counters it gave, placed. */
  | { op: 'primary'; round: number; seat: string; card: number; option: PrimaryChoice; pool: number; fleet: number; strat: number }
  /**
   * 001 "Surrender and Elimination": she surrenders as she passes (applied at the round's end), or the table
   * declares her eliminated (no planet and no unit left).
   */
  | { op: 'leave'; round: number; seat: string; how: LeaveKind }
  /** Prospect a: she keeps a Stage I objective face up by her race sheet; only she may claim it. */
  | { op: 'keep'; round: number; seat: string; objective: string }
  /** The objectives' ops (reveal, claim, Path of Fate) and an action card played: theirs, written as round events. */
  | ObjectiveOp
  | PlayOp;

export type PrimaryChoice = 'a' | 'b' | 'c';
export type LeaveKind = 'surrender' | 'eliminated';

export type RoundOpName = RoundOp['op'];

const OP_CODES: Record<RoundOpName, string> = {
  speaker: 's',
  cycler: 'd',
  pick: 'p',
  act: 'a',
  nobody: 'n',
  secondary: 'y',
  done: 'k',
  advance: 'v',
  income: 'i',
  reveal: 'o',
  claim: 'c',
  primary: 'r',
  keep: 'q',
  play: 'x',
  leave: 'l',
  fate: 'f',
};
const OPS = new Map(Object.entries(OP_CODES).map(([op, code]) => [code, op as RoundOpName]));
// The first letters, as the first phones wrote them; a skip's would be a strategic action's.
const ACTION_CODES: Record<ActionKind, string> = { strategic: 's', tactical: 't', pass: 'p', end: 'e', skip: 'k' };
const ACTIONS = new Map(Object.entries(ACTION_CODES).map(([what, code]) => [code, what as ActionKind]));
const CHOICES: readonly PrimaryChoice[] = ['a', 'b', 'c'];
const PHASES: readonly Phase[] = ['strategy', 'action', 'status'];

const id = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= 80 ? v : undefined);
const nat = (v: unknown, max = 999): number | undefined => (Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= max ? (v as number) : undefined);
const pos = (v: unknown, max = 999): number | undefined => {
  const n = nat(v, max);
  return n ? n : undefined;
};
const flag = (v: unknown): boolean | undefined => (v === 1 ? true : v === 0 ? false : undefined);

export function encodeRoundOp(e: RoundOp): unknown[] {
  const code = OP_CODES[e.op];
  switch (e.op) {
    case 'speaker':
      return [code, e.seat];
    case 'cycler':
      return [code, e.seat, e.direction === 'clockwise' ? 'c' : 'a'];
    case 'pick':
      return [code, e.round, e.seat, e.card, e.tg, e.pool, e.fleet, e.strat, e.drawn ?? 0];
    case 'act':
      // Two more fields only for a simultaneous one: older phones' events keep their shape.
      return e.systems ? [code, e.round, e.seat, ACTION_CODES[e.what], e.card ?? 0, e.systems.friendly, e.systems.other] : [code, e.round, e.seat, ACTION_CODES[e.what], e.card ?? 0];
    case 'nobody':
      return [code, e.round, e.card];
    case 'secondary':
      return [code, e.round, e.seat, e.card, e.use ? 1 : 0];
    case 'done':
      return [code, e.round, e.step, e.seat];
    case 'advance':
      return [code, e.round, PHASES.indexOf(e.phase), e.step ?? 0];
    case 'income':
      return [code, e.round, e.seat, e.pool, e.fleet, e.strat];
    case 'reveal':
      return [code, e.objective, e.shown ? 1 : 0];
    case 'claim':
      return [code, e.round, e.seat, e.objective];
    case 'primary':
      return [code, e.round, e.seat, e.card, e.option, e.pool, e.fleet, e.strat];
    case 'keep':
      return [code, e.round, e.seat, e.objective];
    case 'play':
      return [code, e.round, e.seat, e.kind === 'card' ? 'c' : 'a', e.name, e.turn ? 1 : 0];
    case 'leave':
      return [code, e.round, e.seat, e.how === 'surrender' ? 's' : 'e'];
    case 'fate':
      return [code, e.round, e.seat, e.name, e.vp];
  }
}

/** Decodes the fields after the head; undefined when they are not a well-formed round event. */
export function decodeRoundOp(f: readonly unknown[]): RoundOp | undefined {
  const op = OPS.get(f[0] as string);
  const [a, b, c, d, e, g, h, i] = f.slice(1);
  switch (op) {
    case undefined:
      return undefined;
    case 'speaker': {
      const seat = id(a);
      return seat ? { op, seat } : undefined;
    }
    case 'cycler': {
      const seat = id(a);
      const direction: RotationDirection | undefined = b === 'c' ? 'clockwise' : b === 'a' ? 'counterclockwise' : undefined;
      return seat && direction ? { op, seat, direction } : undefined;
    }
    case 'pick': {
      const [round, seat, card, tg, pool, fleet, strat, drawn] = [pos(a), id(b), pos(c, 9), nat(d), nat(e), nat(g), nat(h), nat(i, 9)];
      if (!round || !seat || !card || tg === undefined || pool === undefined || fleet === undefined || strat === undefined || drawn === undefined) return undefined;
      return { op, round, seat, card, tg, pool, fleet, strat, drawn: drawn || null };
    }
    case 'act': {
      const [round, seat, what, card] = [pos(a), id(b), ACTIONS.get(c as string), nat(d, 9)];
      if (!round || !seat || !what || card === undefined) return undefined;
      if (e === undefined && g === undefined) return { op, round, seat, what, card: card || null };
      // Wide bounds here: the fold refuses an out-of-range count with a message the table reads.
      const [friendly, other] = [nat(e), nat(g)];
      return what === 'tactical' && friendly !== undefined && other !== undefined ? { op, round, seat, what, card: card || null, systems: { friendly, other } } : undefined;
    }
    case 'nobody': {
      const [round, card] = [pos(a), pos(b, 9)];
      return round && card ? { op, round, card } : undefined;
    }
    case 'secondary': {
      const [round, seat, card, use] = [pos(a), id(b), pos(c, 9), flag(d)];
      return round && seat && card && use !== undefined ? { op, round, seat, card, use } : undefined;
    }
    case 'done': {
      const [round, step, seat] = [pos(a), pos(b, 9), id(c)];
      return round && step && seat ? { op, round, step, seat } : undefined;
    }
    case 'advance': {
      const [round, phase, step] = [pos(a), PHASES[nat(b, 2) ?? -1], nat(c, 9)];
      if (!round || !phase || step === undefined || (phase === 'status') !== step > 0) return undefined;
      return { op, round, phase, step: step || null };
    }
    case 'income': {
      const [round, seat, pool, fleet, strat] = [pos(a), id(b), nat(c, 16), nat(d, 16), nat(e, 16)];
      return round && seat && pool !== undefined && fleet !== undefined && strat !== undefined ? { op, round, seat, pool, fleet, strat } : undefined;
    }
    case 'reveal': {
      const [objective, shown] = [id(a), flag(b)];
      return objective && shown !== undefined ? { op, objective, shown } : undefined;
    }
    case 'claim':
    case 'keep': {
      const [round, seat, objective] = [pos(a), id(b), id(c)];
      return round && seat && objective ? { op, round, seat, objective } : undefined;
    }
    case 'play': {
      const kind: PlayKind | undefined = c === 'c' ? 'card' : c === 'a' ? 'ability' : undefined;
      const [round, seat, name, turn] = [pos(a), id(b), id(d), flag(e)];
      return round && seat && kind && name && turn !== undefined ? { op, round, seat, kind, name, turn } : undefined;
    }
    case 'leave': {
      const how: LeaveKind | undefined = c === 's' ? 'surrender' : c === 'e' ? 'eliminated' : undefined;
      const [round, seat] = [pos(a), id(b)];
      return round && seat && how ? { op, round, seat, how } : undefined;
    }
    case 'fate': {
      // Name and VP are checked by the fold (rules/variants.ts), which tells the table why it refuses one.
      const [round, seat, name, vp] = [pos(a), id(b), typeof c === 'string' && c.length <= 200 ? c : undefined, nat(d)];
      return round && seat && name !== undefined && vp !== undefined ? { op, round, seat, name, vp } : undefined;
    }
    case 'primary': {
      const [round, seat, card, option, pool, fleet, strat] = [pos(a), id(b), pos(c, 9), CHOICES.find((x) => x === d), nat(e, 16), nat(g, 16), nat(h, 16)];
      return round && seat && card && option && pool !== undefined && fleet !== undefined && strat !== undefined ? { op, round, seat, card, option, pool, fleet, strat } : undefined;
    }
  }
}

/** Seats an event of the round concerns (for the log's seat filter). */
export function roundOpSeats(e: RoundOp): string[] {
  return 'seat' in e ? [e.seat] : [];
}

declare module '../core/types' {
  interface EventMap {
    phase: { k: 'phase'; round: number; phase: Phase; step: number | null };
    /** The round: picks, actions, the status checklist, objectives. */
    round: { k: 'round' } & RoundOp;
  }
  interface FeatureStates {
    /** The round tracker: speaker, strategy cards, turns, status checklist, objectives, victory (round/fold.ts). */
    tracker: RoundTracker;
  }
}

export const roundEvents: EventCodecs<'phase' | 'round'> = {
  phase: {
    code: 'h',
    encode: (e) => [e.round, PHASES.indexOf(e.phase), e.step ?? 0],
    decode(f) {
      const [round, phase, step] = [anyNat(f[0]), PHASES[anyNat(f[1]) ?? -1], anyNat(f[2])];
      if (!round || !phase || step === undefined || step > 9) return undefined;
      if ((phase === 'status') !== step > 0) return undefined;
      return { k: 'phase', round, phase, step: step || null };
    },
  },
  round: {
    code: '7',
    encode: (e) => encodeRoundOp(e),
    decode(f) {
      const op = decodeRoundOp(f);
      return op && { k: 'round', ...op };
    },
  },
};
