/**
 * What a part of the game (sheet, planets, trade, round, council) declares so that core can run it:
 * the event kinds it owns with their codecs, its fold (its state and how its events change the table),
 * how its events read in words, and who may write each kind. Core registers these objects and imports
 * no feature; the composition root (`doc/game.ts`) lists them. Models: boardgame.io's moves and
 * plugins, tldraw's record types.
 */
import type { EventCodec, EventCodecs } from './codec';
import type { RoundState } from '../../rules/round';
import type { ArtifactColor, CustomPlanetDef, EventBody, EventKind, FeatureStates, GameSnapshot, LogEntry, PlanetCard, PlayerState, SeatInfo } from './types';

/** What a feature's fold gets when a game's fold starts. */
export interface FoldSetup {
  readonly seats: SeatInfo[];
  readonly gameId: string;
  readonly vpGoal: number;
}

/**
 * Facts one part of the game publishes for another while folding: the council needs the speaker for
 * ties, the round needs the Voice of the Council and hands the unvoted agendas back at the round's end.
 */
export interface TableFacts {
  speaker?: () => string | undefined;
  council?: { readonly voice: string | null; returnAgendas?(round: number, player: (seat: string) => PlayerState | undefined): void };
}

/** The working state a feature's fold reads and changes, at the event being folded. */
export interface FoldTable extends TableFacts {
  /** Log position of the event being folded. */
  readonly index: number;
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
 * Who may write an event kind. Empty for now: the trust work (issue 17) fills it, and the fold will skip
 * and report an event whose writer did not hold the seat at that point of the log.
 */
export type AuthorityRule = never;

type Describe = (entry: Pick<LogEntry, 'event'> & Partial<Pick<LogEntry, 'index'>>, s: GameSnapshot) => string | undefined;

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
  readonly authority: Partial<Record<EventKind, AuthorityRule>>;
}

/** A module as its feature declares it: its kinds and its state key checked against each other. */
export interface TypedModule<K extends EventKind, S extends keyof FeatureStates> {
  readonly name: string;
  readonly events: EventCodecs<K>;
  readonly stateKey?: S;
  fold(setup: FoldSetup): FeatureFold<FeatureStates[S]>;
  readonly describe: Describe;
  readonly authority: Partial<Record<K, AuthorityRule>>;
}

export function defineModule<K extends EventKind, S extends keyof FeatureStates = never>(m: TypedModule<K, S>): FeatureModule {
  return m;
}
