/**
 * Where the setup at the table stands, read from its state alone (fold.ts keeps that state): the shared draws'
 * purposes, the names of the steps, the deals (who locks or unlocks next, which cards are whose, which deal is
 * under way) and the step the table is at. The checks (refusal.ts, fairness.ts), the fold and the screens all
 * read the setup through these.
 */
import { OBJECTIVES, RACES } from '../../data';
import { aroundTheTable } from '../../rules/order';
import type { Deal, SetupState, SetupStep } from './state';

/** The shared draws of the setup (doc/dice purposes); a draw started over gets a fresh purpose. */
const ROLL_DRAW = 'first-player';
const OBJECTIVES_DRAW = 'objectives';
export const drawPurpose = (s: SetupState, draw: 'roll' | 'objectives'): string => `${draw === 'roll' ? ROLL_DRAW : OBJECTIVES_DRAW}${s.redraws ? `:${s.redraws}` : ''}`;

export const STEP_NAMES: Record<SetupStep, string> = {
  roll: 'rolling for the first player',
  pick: 'race picking',
  deal: 'the race deal',
  home: 'home system locations',
  seating: 'seating',
  speaker: 'speaker token bidding',
  cycler: 'the rotation cycler',
  objectives: 'revealing objectives',
  secrets: 'keeping a secret objective',
  reveal: 'finalising setup',
  done: 'done',
};

// ——— deals ———

/** Seats from the first player, clockwise, in the table order of creation: the order of every turn of the setup. */
export const fromFirst = (s: SetupState): string[] => (s.first ? aroundTheTable(s.tableOrder, s.first, 'clockwise') : s.tableOrder);
export const dealtCount = (d: Deal): number => d.recipients.length * d.perSeat;
export const lockTurn = (d: Deal): string | null => d.chain[d.locks.length] ?? null;
export const unlockTurn = (d: Deal): string | null => (d.locks.length < d.chain.length ? null : (d.chain[d.unlocks.length] ?? null));
/** The deck as the last seat locked it (empty before). */
export const lockedDeck = (d: Deal): string[] => d.locks[d.locks.length - 1] ?? [];
/** The positions of `seat`'s cards in a deal. */
export const cardsOf = (d: Deal, seat: string): number[] => {
  const i = d.recipients.indexOf(seat);
  return i < 0 ? [] : Array.from({ length: d.perSeat }, (_, k) => i * d.perSeat + k);
};
/** Card `j` as it stands after the first `upTo` unlocks (a secret deal skips its recipient, whose unlock is null). */
export function cardAt(d: Deal, j: number, upTo = d.unlocks.length): string | undefined {
  for (let i = upTo - 1; i >= 0; i--) {
    const c = d.unlocks[i]?.[j];
    if (c) return c;
  }
  return lockedDeck(d)[j];
}
/** Whether the public race deal (round 3) is the one given. */
export const isPublic = (d: Deal): boolean => d.what === 'race' && d.round === 3;
export const unlocked = (d: Deal): boolean => d.locks.length === d.chain.length && d.unlocks.length === d.chain.length;
/** A deal is over once its cards are unlocked and, for a secret race deal, every recipient chose. */
export const over = (d: Deal): boolean => unlocked(d) && (d.what !== 'race' || d.round === 3 || d.recipients.every((r) => d.choices[r] !== undefined));
export const raceDeals = (s: SetupState): Deal[] => s.deals.filter((d) => d.what === 'race');
/** The race deal under way (step 6.3 to 6.5). */
export const openDeal = (s: SetupState): Deal | undefined => raceDeals(s).find((d) => !over(d));
/** Every deal under way: the secret objectives' runs beside the die and the race picking. */
export const openDeals = (s: SetupState): Deal[] => s.deals.filter((d) => !over(d));
export const secretDeal = (s: SetupState): Deal | undefined => s.deals.find((d) => d.what === 'secret');

/** The races nobody chose: the pool of step 6.2, in a fixed order every phone starts the deck from. */
export const racePool = (s: SetupState): string[] => RACES.map((r) => r.id).filter((race) => !Object.values(s.picks).includes(race)).sort();
export const SECRET_OBJECTIVES: readonly string[] = OBJECTIVES.filter((o) => o.stage === 'secret').map((o) => o.id).sort();

/** The speaker token's winner once its bidding is over (001 step 9); null before. */
export const speakerOf = (s: SetupState): string | null => (s.speaker?.turn === null && s.speaker.high ? s.speaker.high.seat : null);

/** Whether the seat's race is settled: chosen, dealt publicly, or kept secretly. */
export const hasRace = (s: SetupState, seat: string): boolean => !!s.picks[seat] || !!s.dealt[seat] || s.hidden.includes(seat);

// ——— the step ———

export function stepOf(s: SetupState): SetupStep {
  if (!s.atTable || s.final) return 'done';
  const n = s.tableOrder.length;
  if (!s.first) return 'roll';
  if (s.pickTurn) return 'pick';
  if (s.tableOrder.some((seat) => !hasRace(s, seat))) return 'deal';
  if (s.map === 'preset' ? s.home?.turn !== null : !s.built) return 'home';
  if (!s.seating) return 'seating';
  if (!s.speaker || s.speaker.turn !== null) return 'speaker';
  if (!s.direction) return 'cycler';
  if (!s.objectives.length) return 'objectives';
  const secret = secretDeal(s);
  if (!secret || !over(secret) || s.keptSecret.length < n) return 'secrets';
  return 'reveal';
}
