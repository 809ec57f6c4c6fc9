/**
 * A new game's setup: the form's checks, the seats, and the events of 001 "Finalising Setup" (home
 * planets, starting technologies, starting command counters and political cards). Pure. The setup at
 * the table (fold.ts) ends with the same starting pieces.
 */
import { RACES_BY_ID } from '../../data';
import { raceEffects } from '../../rules/raceAbilities';
import { fail } from '../core/errors';
import type { CounterName, EventBody, GameOptions, SeatInfo } from '../core/types';

export const VP_GOALS = [8, 10, 12, 14] as const;
export const MAX_SEATS = 8;
export const MIN_SEATS = 2;
/** 001 setup step 10 with no bids: every player's trade goods end at exactly 1. */
export const STARTING_TRADE_GOODS = 1;

export interface SeatSetup {
  name: string;
  color: string;
  race: string;
  tradeContracts?: [number, number];
  /**
   * Trade goods after the setup bids and step 10's normalisation (001 "Starting Trade Goods Normalization":
   * the lowest ends with exactly 1). Without bids (quick setup) everyone starts with 1, the default.
   */
  tradeGoods?: number;
}

export interface GameSetup {
  name: string;
  vpGoal: number;
  options: GameOptions;
  seats: SeatSetup[];
}

export function validateSetup(setup: GameSetup): void {
  const name = setup.name.trim();
  if (!name || name.length > 60) fail('invalid-input', 'Give the game a name of 1 to 60 characters.');
  if (!(VP_GOALS as readonly number[]).includes(setup.vpGoal)) fail('invalid-input', `The VP goal must be one of ${VP_GOALS.join(', ')}.`);
  const n = setup.seats.length;
  if (n < MIN_SEATS || n > MAX_SEATS) fail('invalid-input', `A game has ${MIN_SEATS} to ${MAX_SEATS} players; this one has ${n}.`);
  const seen = { names: new Set<string>(), colors: new Set<string>(), races: new Set<string>() };
  setup.seats.forEach((s, i) => {
    const label = `Seat ${i + 1}`;
    const seatName = s.name.trim();
    if (!seatName || seatName.length > 40) fail('invalid-input', `${label} needs a player name of 1 to 40 characters.`);
    // Set up at the table, the races are chosen and dealt on the phones.
    if (setup.options.atTable ? s.race !== '' : !RACES_BY_ID.has(s.race)) fail('invalid-input', setup.options.atTable ? `${label}'s race is chosen or dealt at the table.` : `${label} needs a race.`);
    if (!s.color || s.color.length > 20) fail('invalid-input', `${label} needs a colour.`);
    for (const [set, value, what] of [[seen.names, seatName.toLowerCase(), 'name'], [seen.colors, s.color, 'colour'], [seen.races, s.race, 'race']] as const) {
      if (value === '') continue;
      if (set.has(value)) fail('invalid-input', `Two seats have the same ${what} (${label}).`);
      set.add(value);
    }
    for (const v of s.tradeContracts ?? []) {
      if (!Number.isSafeInteger(v) || v < 0 || v > 9) fail('invalid-input', `${label}: trade contract values are whole numbers from 0 to 9.`);
    }
    const goods = s.tradeGoods ?? STARTING_TRADE_GOODS;
    if (!Number.isSafeInteger(goods) || goods < 0 || goods > 99) fail('invalid-input', `${label}: starting trade goods are a whole number from 0 to 99.`);
  });
}

/**
 * 001 "Finalising Setup": each seat's starting trade goods (`goods`), 2 in Strategy Allocation, 3 in Command
 * Pool, 3 in Fleet Supply (race abilities change these), 2 political cards, her home planets and starting
 * technologies, as the events quick setup writes and a setup at the table ends with.
 */
export function startingPieces(seats: readonly SeatInfo[], goods: Readonly<Record<string, number>>): EventBody[] {
  const bodies: EventBody[] = [];
  for (const seat of seats) {
    const race = RACES_BY_ID.get(seat.race);
    if (!race) continue;
    const effects = raceEffects(race.id);
    const start: [CounterName, number][] = [
      ['tradeGoods', goods[seat.id] ?? STARTING_TRADE_GOODS],
      ['strategyAllocation', 2 + effects.startStrategyAllocation],
      ['commandPool', 3],
      ['fleetSupply', 3 + effects.startFleetSupply],
      ['politicalCards', 2],
    ];
    for (const [counter, delta] of start) if (delta) bodies.push({ k: 'counter', seat: seat.id, counter, delta });
    for (const planet of race.homePlanets) bodies.push({ k: 'owner', planet, seat: seat.id });
    for (const tech of race.startingTechnologies) bodies.push({ k: 'tech', seat: seat.id, tech, owned: true });
  }
  return bodies;
}

/** The seats of a validated setup and the events that deal out their starting pieces. */
export function setupSeats(setup: GameSetup): { seats: SeatInfo[]; bodies: EventBody[] } {
  const seats: SeatInfo[] = setup.seats.map((s, i) => {
    const race = RACES_BY_ID.get(s.race);
    return {
      id: `s${i + 1}`,
      name: s.name.trim(),
      color: s.color,
      race: s.race,
      position: i,
      tradeContracts: s.tradeContracts ?? race?.tradeContracts ?? [0, 0],
    };
  });
  const goods = Object.fromEntries(seats.map((seat) => [seat.id, setup.seats[seat.position]?.tradeGoods ?? STARTING_TRADE_GOODS]));
  // At the table, the starting pieces come with the last step of the setup (fold.ts).
  const bodies = setup.options.atTable ? [] : startingPieces(seats, goods);
  return { seats, bodies };
}
