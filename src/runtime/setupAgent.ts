/**
 * This phone's part in a setup at the table that needs no tap (issue 19): committing to and opening the
 * shared die rolls, locking and shuffling each deck when its turn comes, unlocking the cards dealt to the
 * others, reading its own cards, and revealing its keys at "Finalising Setup". Like autoReveal.ts it runs
 * on every change and at start, for the seat this phone holds.
 *
 * Every value a step rests on (a die value, a deal key, the cards read) is saved in this phone's private
 * store before the step that publishes something built on it: a reload in between loses nothing, and the
 * keys never enter the shared document until the rules reveal them.
 */
import { get, set } from 'idb-keyval';
import { cardAt, dealFailed, drawPurpose, cardsOf, dealtCount, lockTurn, lockedDeck, lockingDeals, openDeals, racePool, SECRET_OBJECTIVES, unlockTurn } from '../doc/setup';
import type { Deal, SetupState } from '../doc/setup';
import { freshOpening } from '../doc/dice';
import * as diceMoves from '../doc/dice/moves';
import * as setupMoves from '../doc/setup/moves';
import type { Game } from '../doc';
import type { Opening } from '../crypto/commit';
import { privateStore } from '../secret/device';
import { encodeCard, fromWire, identify, keyFromWire, keyToWire, lockAndShuffle, newKey, toWire, unlock } from '../crypto/mentalPoker';
import { onGameChange } from './afterChanges';

/** What one seat's phone keeps of a setup at the table. */
export interface SetupSecrets {
  /** Die values by draw purpose. */
  dice: Record<string, Opening>;
  /** Her locking key for each deal, by deal id (wire). */
  keys: Record<string, string>;
  /** The cards she was dealt, by deal id: a race id, or her two secret objectives. */
  cards: Record<string, string[]>;
}

const secretsKey = (gameId: string, seat: string) => `setup:${gameId}:${seat}`;

export async function loadSetupSecrets(gameId: string, seat: string): Promise<SetupSecrets> {
  const v = await get<SetupSecrets>(secretsKey(gameId, seat), privateStore());
  return { dice: v?.dice ?? {}, keys: v?.keys ?? {}, cards: v?.cards ?? {} };
}

const listeners = new Set<() => void>();

/** Called after this phone saved something of its setup (a card read): the screen showing her cards re-reads them. */
export function onSetupSecrets(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function saveSetupSecrets(gameId: string, seat: string, v: SetupSecrets): Promise<void> {
  await set(secretsKey(gameId, seat), v, privateStore());
  for (const l of listeners) l();
}

/** The race she keeps (secretly dealt), once she chose to keep it. */
export function keptRace(s: SetupState, secrets: SetupSecrets, seat: string): string | undefined {
  const deal = s.deals.find((d) => d.what === 'race' && d.choices[seat] === true);
  return deal ? secrets.cards[deal.id]?.[0] : undefined;
}

/** Her keys for a card of `d`: hers of every deal that locked it. */
function keysFor(s: SetupState, d: Deal, secrets: SetupSecrets): bigint[] | undefined {
  const keys = lockingDeals(s, d).map((x) => keyFromWire(secrets.keys[x.id]));
  return keys.every((k): k is bigint => k !== undefined) ? keys : undefined;
}

/**
 * One pass: the next thing this phone owes the setup for `seat`, done. Returns whether it did something
 * (the next pass may owe more).
 */
export async function setupStep(game: Game, seat: string): Promise<boolean> {
  const snap = game.snapshot();
  const s = snap.setup;
  if (!s.atTable || s.final) return false;
  const gameId = snap.meta.id;
  const secrets = await loadSetupSecrets(gameId, seat);
  const save = () => saveSetupSecrets(gameId, seat, secrets);

  for (const step of ['roll', 'objectives'] as const) {
    if (s.step !== step) continue;
    const purpose = drawPurpose(s, step);
    const draw = snap.dice[purpose];
    if (!draw?.commits[seat]) {
      secrets.dice[purpose] ??= freshOpening();
      await save();
      await game.makeMoveSigned(diceMoves.commit, purpose, seat, secrets.dice[purpose]);
      return true;
    }
    const opening = secrets.dice[purpose];
    if (!draw.opened[seat] && opening && draw.seats.every((x) => draw.commits[x])) {
      game.makeMove(diceMoves.open, purpose, seat, opening);
      return true;
    }
  }

  // The secret objectives' deal runs beside the die and the race deals: her turn in any of them.
  const d = openDeals(s).find((x) => lockTurn(x) === seat || unlockTurn(x) === seat);
  if (d && lockTurn(d) === seat) {
    const key = (secrets.keys[d.id] ??= keyToWire(newKey()));
    await save();
    // The deck as the seat before her locked it; the first locker starts from the plain cards or the last deal's deck.
    const input = d.locks.length ? lockedDeck(d).map((c) => fromWire(c) as bigint) : d.plain ? d.plain.map(encodeCard) : d.input.map((c) => fromWire(c) as bigint);
    await game.makeMoveSigned(setupMoves.lock, seat, d.id, lockAndShuffle(input, keyFromWire(key) as bigint).map(toWire));
    return true;
  }
  if (d && unlockTurn(d) === seat) {
    const keys = keysFor(s, d, secrets) ?? failLost();
    const own = d.what === 'race' && d.round === 3 ? [] : cardsOf(d, seat);
    const cards = Array.from({ length: dealtCount(d) }, (_, j) => (own.includes(j) ? null : toWire(unlock(fromWire(cardAt(d, j)) as bigint, keys))));
    await game.makeMoveSigned(setupMoves.unlock, seat, d.id, cards);
    return true;
  }
  // Her own cards, read once everyone else has taken their layer off.
  for (const deal of s.deals) {
    const mine = cardsOf(deal, seat);
    if (!mine.length || secrets.cards[deal.id] || deal.unlocks.length < deal.chain.length || (deal.what === 'race' && deal.round === 3)) continue;
    // Once the table knows a deal failed, nothing of it is read: a redeal follows.
    if (dealFailed(s, deal)) continue;
    const keys = keysFor(s, deal, secrets) ?? failLost();
    const candidates = deal.what === 'race' ? racePool(s) : [...SECRET_OBJECTIVES];
    const ids = mine.map((j) => identify(unlock(fromWire(cardAt(deal, j)) as bigint, keys), candidates));
    if (ids.some((x) => x === undefined)) {
      // A phone did its part wrong: her keys for this card go to the table, which sees the card is no card of
      // the deck, names the failure and may deal again (nobody may otherwise, or a player could redeal at will).
      await game.makeMoveSigned(setupMoves.garbled, seat, deal.id, keys.map(keyToWire));
      return true;
    }
    secrets.cards[deal.id] = ids as string[];
    await save();
    return true;
  }
  if (s.step === 'reveal' && !s.reveals[seat]) {
    const keys = s.deals.filter((x) => x.what === 'race').map((x) => secrets.keys[x.id]);
    if (keys.some((k) => k === undefined)) failLost();
    await game.makeMoveSigned(setupMoves.reveal, seat, s.hidden.includes(seat) ? (keptRace(s, secrets, seat) ?? failLost()) : null, keys as string[]);
    return true;
  }
  return false;
}

function failLost(): never {
  throw new Error('This phone no longer has its keys for the deal (it was reset, or another phone held this seat): start the deal over.');
}

/** Runs `setupStep` for the seat this phone holds whenever the game changes, one step at a time. */
export function startSetupAgent(game: Game, onError: (message: string) => void = console.warn): () => void {
  let running = false;
  let again = false;
  let stopped = false;
  let lastError = '';
  const run = async () => {
    if (running) return void (again = true);
    running = true;
    try {
      do {
        again = false;
        const s = game.snapshotOrUndefined();
        if (!s || stopped || !game.writable || !s.setup.atTable || s.setup.final) break;
        const seat = s.seats.find((x) => s.claims[x.id] === game.device)?.id;
        if (!seat) break;
        if (await setupStep(game, seat)) again = true;
      } while (again && !stopped);
      lastError = '';
    } catch (e) {
      const message = (e as Error).message;
      // Said once, not on every change that follows.
      if (message !== lastError) onError(message);
      lastError = message;
    } finally {
      running = false;
      // A change that came while a pass failed (the redeal that answers "this phone lost its keys") is not
      // lost with it: the table may be waiting on this phone, and no other change would come to wake it.
      if (again && !stopped) void run();
    }
  };
  const check = () => void run();
  const stop = onGameChange(game, check);
  check();
  return () => {
    stopped = true;
    stop();
  };
}
