/** The round tracker as the snapshot holds it (`s.tracker`), and what its checks and fold read. */
import type { RotationDirection } from '../../rules/order';
import type { RoundState } from '../../rules/round';
import type { VictoryStanding } from '../../rules/status';
import type { TableFacts } from '../core/module';
import type { ArtifactColor, EventBody, PlanetCard, PlayerState, SeatInfo } from '../core/types';
import type { ObjectivesState } from '../objectives/views';

export interface CardState {
  initiative: number;
  /** Bonus counters lying on it (they stack from round to round while it stays unpicked). */
  bonus: number;
  holder: string | null;
  /** Played this round (flipped to its inactive side). */
  played: boolean;
  /** 5 players: drawn among the unpicked cards, executed by no player at its initiative. */
  nobody: boolean;
}

/** A strategic action's secondary ability, offered to every other seat (`by` null: played by no player). */
export interface SecondaryOffer {
  card: number;
  by: string | null;
  /** Seat → used it (true) or declined (false). */
  answers: Record<string, boolean>;
}

export interface Notice {
  index: number;
  round: number;
  /** The seat it concerns, if one. */
  seat: string | null;
  text: string;
  /** An event that did not count (a pick of a card already taken, an action out of turn). */
  refused: boolean;
}

export interface RoundRecord {
  round: number;
  /** Seat → the initiatives of the cards she held. */
  cards: Record<string, number[]>;
  /** Seat → VP at the end of the round, as they count (the home system penalty included). */
  vp: Record<string, number>;
  /** Seat → trade goods she held at the end of the round. */
  tradeGoods: Record<string, number>;
  /** Seat → planet cards she held at the end of the round (her home system's included). */
  planets: Record<string, number>;
}

export interface Victory {
  winners: string[];
  decidedBy: 'victory-points' | 'planets' | 'shared' | 'objective';
  round: number;
  /** Log index of the event that ended the game. */
  index: number;
  standings: VictoryStanding[];
}

/** The round's state; the objectives' part of it (`ObjectivesState`) is theirs, folded where the round dispatches their ops. */
export interface RoundTracker extends ObjectivesState {
  speaker: string;
  direction: RotationDirection;
  /** The cards in play for this player count, by initiative. */
  cards: CardState[];
  picksMade: number;
  /** Whose pick it is (strategy phase); null once picking is over. */
  picker: string | null;
  pickingOver: boolean;
  /** Action phase actors by initiative: seats, and "#n" for a card played by no player. */
  order: string[];
  /** Whose turn it is (action phase). */
  active: string | null;
  /** The active player has declared this action and not ended her turn yet. */
  /** The action under way: a strategic or tactical one, or one taken by an action card or a race ability. */
  acting: 'strategic' | 'tactical' | 'card' | 'ability' | null;
  /** The strategy card her strategic action under way plays (Trade's negotiations last while it is Trade); null otherwise. */
  playing: number | null;
  passed: string[];
  /** Seats whose last turn this action phase went by skipped (the Yssaril): they may not skip the next. */
  skipped: string[];
  /** Event time (seconds into the game) when the current turn began. */
  turnStart: number | null;
  /** Seat → seconds spent on her turns this game (by event times). */
  time: Record<string, number>;
  secondaries: SecondaryOffer[];
  /** Cards whose primary ability was resolved this round (its bookkeeping applied). */
  resolved: number[];
  /** Seats done with the current status step. */
  done: string[];
  /** This round's progression feedback: null before step 2; seat null when nobody led. */
  feedback: { seat: string | null; tradeGoods: number } | null;
  /** Seats that took their step 6 cards and counters this round. */
  received: string[];
  /** Seats out of the game (001 "Elimination"), in the order they left: ignored by turns, picks and steps. */
  out: string[];
  /** Seats that surrendered as they passed this round: out at the round's end (001 "Surrender"). */
  surrendering: string[];
  notices: Notice[];
  /** Log index where each round began: roundStarts[r - 1]. */
  roundStarts: number[];
  history: RoundRecord[];
  victory: Victory | null;
}

/** What the checks read: the plain tracker, the round state, the seats clockwise, the VP goal. */
export interface RoundView {
  tracker: RoundTracker;
  round: RoundState;
  /** The seats still in the game (core/players.ts `seatsIn`): turns, picks, steps and the player count. */
  seats: readonly SeatInfo[];
  /** Every seat of the game, out of it or not: what the table calls her, also once she has left. */
  everyone: readonly SeatInfo[];
  vpGoal: number;
}

/** What the tracker needs from the game fold around it. */
export interface RoundContext {
  round: RoundState;
  readonly players: Record<string, PlayerState>;
  readonly planets: Record<string, PlanetCard>;
  readonly artifacts: Record<ArtifactColor, string | null>;
  /** Marks her changed; reports an unknown seat. */
  player(seat: string): PlayerState | undefined;
  problem(message: string): void;
  /** Folds a change to her counters through the sheet, which alone writes them (core/module.ts `derive`). */
  derive(bodies: readonly EventBody[]): void;
  /** The council's state (issue 6): the Voice of the Council special objective; agendas back to hands at the round's end. */
  readonly council?: TableFacts['council'];
  /** The trade fold settles an eliminated seat's agreements (001 "Elimination" 2). */
  readonly trade?: TableFacts['trade'];
  /** The planets fold says which payments paid less than they said. */
  readonly paymentShort?: TableFacts['paymentShort'];
}
