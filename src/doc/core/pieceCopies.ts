/**
 * The planets and players each snapshot hands out (issue 33: the work of a snapshot follows the change). The
 * fold marks the sheets and cards an event reached (`player`, `planet`); `fresh` copies only those, and hands
 * out the last copies again for the rest, so the screen's store skips what did not change. Beside it,
 * `sameOr` and `sameProblems`, with which `Fold.result` hands out the rest of a snapshot as the same objects
 * while it did not change.
 */
import { compareNames } from '../../data';
import type { PlanetCard, PlayerState, Problem } from './types';

/** The planets and players of the fold's working state, or of a snapshot. */
type Pieces = { planets: Record<string, PlanetCard>; players: Record<string, PlayerState> };

/** The players of no snapshot yet: the first one copies every player. */
const NO_PLAYERS: Record<string, PlayerState> = Object.freeze({});

/** `next`, or `before` when it holds the same values (a flat record of plain values). */
export function sameOr<T extends object>(before: T | undefined, next: T): T {
  if (!before) return next;
  const [a, b] = [before as Record<string, unknown>, next as Record<string, unknown>];
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k]) ? before : next;
}

export function sameProblems(a: readonly Problem[], b: readonly Problem[]): boolean {
  return a.length === b.length && a.every((p, i) => p.index === b[i]?.index && p.message === b[i]?.message);
}

/** The copies of the planets and players last handed out, and what changed since. */
export class PieceCopies {
  /** Players and planets changed since the last result (all of them before the first). */
  readonly #dirtyPlayers = new Set<string>();
  readonly #dirtyPlanets = new Set<string>();
  #out: Pieces = { planets: {}, players: NO_PLAYERS };
  /** Planets showing a negative Natural Wealth: a problem each snapshot names. */
  readonly #negativeWealth = new Set<string>();

  /** Marks her sheet changed. */
  player(seat: string): void {
    this.#dirtyPlayers.add(seat);
  }

  /** Marks the card changed. */
  planet(id: string): void {
    this.#dirtyPlanets.add(id);
  }

  /**
   * Planets and players in fresh objects where they changed, with each player's planets by name. Only the
   * planets an event touched are copied: a record of the others is the last one handed out, or a shallow
   * copy of it (issue 33: the work of a snapshot follows the change).
   */
  fresh(of: Pieces, problem: (message: string) => void): Pieces {
    const copy = (planet: PlanetCard): PlanetCard => ({ ...planet, specialties: [...planet.specialties] });
    const known = this.#out.planets;
    const changedPlanets = this.#dirtyPlanets;
    let planets = known;
    if (this.#dirtyPlanets.size) {
      // A planet new to the game goes where the fold's record has it, so the record keeps one key order.
      const grew = [...this.#dirtyPlanets].some((id) => of.planets[id] && !known[id]);
      planets = grew ? {} : { ...known };
      if (grew) for (const [id, planet] of Object.entries(of.planets)) planets[id] = known[id] && !this.#dirtyPlanets.has(id) ? known[id] : copy(planet);
      else for (const id of this.#dirtyPlanets) if (of.planets[id]) planets[id] = copy(of.planets[id]);
      for (const id of this.#dirtyPlanets) {
        if ((of.planets[id]?.wealth ?? 0) < 0) this.#negativeWealth.add(id);
        else this.#negativeWealth.delete(id);
      }
    }
    if (this.#negativeWealth.size) {
      for (const planet of Object.values(of.planets)) if (planet.wealth < 0) problem(`${planet.name} shows ${planet.wealth} Natural Wealth trade goods.`);
    }
    if (!this.#dirtyPlayers.size && this.#out.players !== NO_PLAYERS) {
      this.#out = { planets, players: this.#out.players };
      this.#dirtyPlanets.clear();
      return this.#out;
    }
    // A player's list of planets is made again only when a planet changed hands or names: an exhaust, the
    // commonest change, leaves every list as it was (issue 33: a snapshot's work follows the change).
    const relisted = new Set<string>();
    for (const id of changedPlanets) {
      const [was, is] = [known[id], of.planets[id]];
      if (was?.owner === is?.owner && was?.name === is?.name) continue;
      if (was?.owner) relisted.add(was.owner);
      if (is?.owner) relisted.add(is.owner);
    }
    let owned: Map<string, string[]> | undefined;
    const ownedBy = (seat: string): string[] => {
      if (!owned) {
        owned = new Map();
        for (const planet of Object.values(planets)) {
          if (!planet.owner) continue;
          const list = owned.get(planet.owner);
          if (list) list.push(planet.id);
          else owned.set(planet.owner, [planet.id]);
        }
      }
      return (owned.get(seat) ?? []).sort((a, b) => compareNames(planets[a]?.name ?? a, planets[b]?.name ?? b));
    };
    const players: Record<string, PlayerState> = {};
    for (const [id, p] of Object.entries(of.players)) {
      const before = this.#out.players[id];
      if (before && !this.#dirtyPlayers.has(id)) {
        players[id] = before;
        continue;
      }
      const mine = before && !relisted.has(id) ? before.planets : ownedBy(id);
      players[id] = { ...p, counters: { ...p.counters }, techs: [...p.techs], upgrades: [...p.upgrades], leaders: [...p.leaders], planets: mine };
    }
    this.#out = { planets, players };
    this.#dirtyPlanets.clear();
    this.#dirtyPlayers.clear();
    return { planets, players };
  }
}
