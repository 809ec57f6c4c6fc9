/** What the table holds of a setup at the table (issue 19), folded from the log: each step's progress. */
import type { RotationDirection } from '../../rules/order';
import type { HomeBidding, SpeakerBidding } from '../../rules/setup';
import type { SeatInfo, SetupMap } from '../core/types';

/**
 * 001 "Setup", steps 6 to 13 as the phones play them, in order; `done` once round 1 may start. Step 5 (two
 * secret objectives dealt to each player) has no step of its own: that deal starts with the setup and runs
 * beside the die and the race picking, so each player reads hers before she chooses a race; she keeps one
 * at step 13 (`secrets`).
 */
export type SetupStep = 'roll' | 'pick' | 'deal' | 'home' | 'seating' | 'speaker' | 'cycler' | 'objectives' | 'secrets' | 'reveal' | 'done';

/**
 * One deal of a deck locked by every phone (crypto/mentalPoker.ts): every seat in turn locks the deck
 * with a key of her own and shuffles it; then the dealt cards are unlocked, seat after seat, by everyone
 * but their recipient (a secret deal) or by everyone (the public deal, which ends in plain cards).
 */
export interface Deal {
  /** Names the deal in the events of its steps; never reused in a game. */
  id: number;
  what: 'race' | 'secret';
  /** Races: 1 and 2 are dealt secretly (keep or return), 3 publicly. Secret objectives: 0. */
  round: number;
  /** The card ids the deal starts from, in plain (the first deal of a deck), or null: it goes on from `input`. */
  plain: string[] | null;
  /** The locked deck it starts from (wire numbers), when it goes on from the previous deal. */
  input: string[];
  /** Who locks and unlocks, in turn: every seat, from the first player clockwise. */
  chain: string[];
  /** Each seat's locked and shuffled deck, in chain order. */
  locks: string[][];
  /** The log position at which it began: a start-over is allowed only for a seat that moved to another phone since. */
  from: number;
  /** Who gets the dealt cards: `recipients[i]` gets the cards at positions i × perSeat … (i + 1) × perSeat − 1 of the last lock. */
  recipients: string[];
  perSeat: number;
  /** Each seat's unlock of every dealt card, in chain order; null at her own cards in a secret deal. */
  unlocks: (string | null)[][];
  /** Round 1 and 2 of the races: whether she keeps her card (without showing it) or returns it to the pool. */
  choices: Record<string, boolean>;
}

export interface SetupState {
  /** Whether this game is set up at the table; everything else is empty when it is not. */
  atTable: boolean;
  map: SetupMap;
  step: SetupStep;
  /** Table order as created, and the order from the first player clockwise once the die decided. */
  tableOrder: string[];
  first: string | null;
  /** Each round of die rolls for the first player (ties roll again). */
  rolls: Record<string, number>[];
  /** Step 6.2: the race each seat chose, or null: she passed. */
  picks: Record<string, string | null>;
  pickTurn: string | null;
  /** The secret objectives' deal (step 5, from the start) and the race deals of the current attempt, in the order they began. */
  deals: Deal[];
  /** How many times the table started the race deal over (a phone lost its keys). */
  redeals: number;
  /** How many times the table started a shared draw over (a phone vanished before opening its value). */
  redraws: number;
  /** The log position at which the current shared draw of each kind began (-1: with the setup). */
  drawFrom: { roll: number; objectives: number };
  /**
   * The last log position at which each seat moved to another phone (claimed by a phone other than the one
   * that held it): what that seat's old phone kept (deal keys, a die value) is lost from there on.
   */
  moved: Record<string, number>;
  /** Races dealt in the public deal (step 6.5). */
  dealt: Record<string, string>;
  /** Seats that kept a secretly dealt race: which one, nobody else knows until the reveal. */
  hidden: string[];
  home: HomeBidding | null;
  built: boolean;
  /** Step 8: the seats clockwise, as they sit for the game. */
  seating: string[] | null;
  speaker: SpeakerBidding | null;
  /** Step 10: every seat's trade goods after the bids and the normalisation. */
  goods: Record<string, number> | null;
  direction: RotationDirection | null;
  /** Step 12: the objectives face up (all specials are always in play, and not listed). */
  objectives: string[];
  /** Step 13: seats that kept one of their two secret objectives. */
  keptSecret: string[];
  /** Step 13: races revealed (hidden ones named for the first time) and each seat's race deal keys (wire). */
  reveals: Record<string, { race: string | null; keys: string[] }>;
  /**
   * Why the race deal failed: a card its player showed to be unreadable, a public deal of no race of the
   * pool, or (once the keys are revealed) a phone's part that was not what it claimed.
   */
  unfair: string | null;
  /** Why the secret objectives' deal failed: a player showed that a card dealt to her cannot be read. */
  secretsGarbled: string | null;
  /** The seats as the game plays them (races and seating), once the setup is over; null before. */
  final: SeatInfo[] | null;
}
