/**
 * What a part of the game (sheet, planets, trade, round, council) declares so that core can run it:
 * the event kinds it owns with their codecs, its fold (its state and how its events change the table),
 * how its events read in words, and who may write each kind. Core registers these objects and imports
 * no feature; the composition root (`doc/game.ts`) lists them. Models: boardgame.io's moves and
 * plugins, tldraw's record types.
 */
import type { FoldMemo } from './memo';
import type { EventCodec, EventCodecs } from './codec';
import type { RoundState } from '../../rules/round';
import type { RuleCheck } from '../../rules/result';
import type { RotationDirection } from '../../rules/order';
import type { ArtifactColor, CustomPlanetDef, GameOptions, EventBody, EventKind, EventOf, FeatureStates, GameSnapshot, LogEntry, PlanetCard, PlayerState, SeatInfo } from './types';

/** What a feature's fold gets when a game's fold starts. */
export interface FoldSetup {
  readonly seats: SeatInfo[];
  /**
   * The seats as the game was created, in that table order: a game set up at the table creates them
   * without races, and its setup may re-seat the players (001 step 8). The setup and its shared draws
   * fold over these, so they reach the same result as the fold that found the races (incremental.ts).
   */
  readonly tableSeats: SeatInfo[];
  readonly gameId: string;
  readonly vpGoal: number;
  /** The game options chosen at New game (the round fold enforces Path of Fate and Simultaneous Tactical Actions). */
  readonly options?: GameOptions;
  /** What the runtime remembers of costly checks between folds (memo.ts): the fold's only state beyond itself. */
  readonly memo?: FoldMemo;
}

/**
 * Facts one part of the game publishes for another while folding: the council needs the speaker for
 * ties, the round needs the Voice of the Council and hands the unvoted agendas back at the round's end.
 */
export interface TableFacts {
  speaker?: () => string | undefined;
  /** `out`: the seats out of the game, whose agendas are discarded, not handed back (001 "Elimination" 1). */
  council?: { readonly voice: string | null; returnAgendas?(round: number, table: Pick<FoldTable, 'derive'>, out: readonly string[]): void };
  /** The two seats of a trade proposal, for the authority of its answer. */
  trade?: {
    parties(proposal: string): { from: string; to: string } | undefined;
    /** 001 "Elimination" 2: her agreements are broken (settled) and may never be re-opened. */
    eliminate?(seat: string, table: Pick<FoldTable, 'index' | 'round' | 'player' | 'problem' | 'derive'>): void;
  };
  /** A payment at this log position paid less than its amount (a planet already spent or not hers, goods she lacked): doc/planets. */
  paymentShort?: (index: number) => boolean;
  /** Seats out of the game (001 "Elimination"): the council leaves them out of its votes. */
  out?: () => readonly string[];
  /** Who plays the Trade card now, as her strategic action (rules/trade `tradeNegotiator`): she approves new agreements (doc/trade). */
  tradeHolder?: () => string | null;
  /**
   * Whether she may take her turn's action now (the round's check: her turn, no action under way): for a race
   * ability taken as the action that another part of the game folds (the Yin's reversed planet, doc/planets).
   */
  mayTakeAction?: (seat: string, round: RoundState) => RuleCheck;
  /** A shared draw's seed (hex) once every seat has opened its value (doc/dice); null before. */
  seed?: (purpose: string) => string | null;
  /** The seats that have opened their value in a shared draw so far (doc/dice). */
  opened?: (purpose: string) => readonly string[];
  /** Why an event must wait (the setup at the table is not over), or undefined: core refuses it and says why. */
  blocks?: (e: EventBody) => string | undefined;
  /** The seats as the setup at the table left them (races dealt, players re-seated); null while it is under way. */
  settled?: () => SeatInfo[] | null;
  /** The round as the setup at the table leaves it (001 steps 9, 11 and 12): the speaker, the rotation cycler and the objectives face up. */
  begin?: (start: { speaker: string; direction: RotationDirection; revealed: readonly string[] }) => void;
}

/** The working state a feature's fold reads and changes, at the event being folded. */
export interface FoldTable extends TableFacts {
  /** Log position of the event being folded. */
  readonly index: number;
  /** Its time, in whole seconds since the game was created (what its writer's clock said). */
  readonly at: number;
  round: RoundState;
  readonly seats: readonly SeatInfo[];
  readonly players: Record<string, PlayerState>;
  readonly planets: Record<string, PlanetCard>;
  readonly artifacts: Record<ArtifactColor, string | null>;
  readonly custom: Map<string, CustomPlanetDef>;
  /** Her sheet, marked changed; reports a seat that is not in the game. */
  player(seat: string): PlayerState | undefined;
  /** The card, created on first use and marked changed; reports a planet nobody defined. */
  planet(id: string): PlanetCard | undefined;
  /** Marks a sheet or card changed that was reached without `player` or `planet`. */
  touch(what: { seat?: string; planet?: string }): void;
  problem(message: string): void;
  /**
   * Folds events that no phone wrote but the rules imply, through the parts that own them, without a log
   * entry: the starting pieces at the end of a setup at the table (the events quick setup writes), and
   * every change a rule of one part makes to another part's records. Only the sheet writes counters and
   * trade goods (issue 37 item 3): the round's income, a planet's refresh ability or an agreement's
   * collection derive a `counter` or `cc` event, at the place in the fold where the rule makes the change.
   */
  derive(bodies: readonly EventBody[]): void;
}

/** A feature's fold: its own state, and what its events (or every event) do to the table. */
export interface FeatureFold<S> {
  /** Applies one of the feature's own events. */
  apply?(e: EventBody, table: FoldTable): void;
  /** Runs after every event of the log, once it is applied and logged. */
  after?(entry: LogEntry, table: FoldTable): void;
  /** Facts it publishes for the other folds (set on the table once, at the start). */
  readonly facts?: TableFacts;
  /** Its state in fresh objects. */
  result?(): S;
}

/**
 * Whose phone may write an event: the seats named (the writer must hold one of them, or it must be one
 * nobody holds yet), the speaker's seat, or anyone (a table-wide step the rules give to anyone). A null
 * or undefined seat in the list (an unowned planet's owner) is a seat nobody holds.
 */
export type Writers = 'anyone' | 'speaker' | readonly (string | null | undefined)[];

/**
 * Who may write an event kind, declared with the kind by the part of the game that owns it: a fixed answer
 * or one computed from the event and the table at its place in the log (a planet's owner, a proposal's
 * recipient). Every phone's fold checks it against the seat claims in the log at that point, and every
 * command checks it before writing (issue 17).
 */
export type AuthorityRule<E = EventBody> = 'anyone' | 'speaker' | ((e: E, table: AuthorityView) => Writers);

/** What an authority rule may read: the table at the event's place in the log. */
export type AuthorityView = Pick<FoldTable, 'planets' | 'artifacts' | 'speaker' | 'trade'>;

/**
 * How many events of a kind count (issue 36): per seat, or for the whole table, in a minute of the events'
 * own times and in the whole game. Every phone's fold counts them in log order and skips and names the rest,
 * as it does an event its writer had no right to write; the command refuses the same before writing. How
 * much an update may hold at all is the input guard's (bounds.ts): this is what the table sees.
 */
export interface Allowance<E = EventBody> {
  /** Whose allowance an event draws on: a seat, or null for the table's. */
  of(e: E): string | null;
  perMinute?: number;
  perGame: number;
  /** One event and several, in words, and several of the table's if they read otherwise: ['note', 'notes', 'notes for no seat']. */
  words: readonly [one: string, many: string, table?: string];
}

export type Describe = (entry: Pick<LogEntry, 'event'> & Partial<Pick<LogEntry, 'index' | 'undone' | 'takeover' | 'setAside'>>, s: GameSnapshot) => string | undefined;

/** A part of the game as core registers it. */
export interface FeatureModule {
  readonly name: string;
  readonly events: Partial<Record<EventKind, EventCodec<EventKind>>>;
  /** Where its folded state sits in the snapshot, if it keeps any beside the core pieces. */
  readonly stateKey?: keyof FeatureStates;
  /** A fresh fold for one game. */
  fold(setup: FoldSetup): FeatureFold<unknown>;
  /** One sentence for one of its events; undefined for a kind it does not own. */
  readonly describe: Describe;
  readonly authority: Partial<Record<EventKind, AuthorityRule<never>>>;
  /**
   * Whether an event of its own is settled once another phone has written after it: what the others did next
   * rests on it (a strategy card picked: the next player picked from what it left), so its undo is no longer
   * offered (issue 35 item 5). Undefined: every event may be undone until this phone changes something else.
   */
  readonly settles?: (e: EventBody) => boolean;
  readonly allowances?: Partial<Record<EventKind, Allowance<never>>>;
}

/** A module as its feature declares it: its kinds and its state key checked against each other. */
export interface TypedModule<K extends EventKind, S extends keyof FeatureStates> {
  readonly name: string;
  readonly events: EventCodecs<K>;
  readonly stateKey?: S;
  fold(setup: FoldSetup): FeatureFold<FeatureStates[S]>;
  readonly describe: Describe;
  /** Every kind it owns, with who may write it: a kind left out would be open to any phone. */
  readonly authority: { readonly [P in K]: AuthorityRule<EventOf<P>> };
  readonly settles?: (e: EventBody) => boolean;
  /** The kinds of which a seat, or the table, may add only so many. */
  readonly allowances?: { readonly [P in K]?: Allowance<EventOf<P>> };
}

export function defineModule<K extends EventKind, S extends keyof FeatureStates = never>(m: TypedModule<K, S>): FeatureModule {
  return m;
}
