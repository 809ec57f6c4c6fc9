/**
 * What the objectives' ops do to the round tracker, and the special objectives, held while met. The round's
 * fold owns the `round` kind (events.ts says why the objectives' ops are of it) and calls these at the op's
 * place in the log, handing over what they need of it (`ObjectivesTable`): refusals become its notices, the
 * payments of the same change are what it added up, and an objective that wins the game ends it with the
 * standings it computes. Each op is checked with the commands' checks (state.ts), so every phone agrees on
 * what counted.
 *
 * Seed 001 "Types of objectives", "Claim Objectives", "Special Objectives", "Path of Fate".
 */
import type { Objective, TechColor } from '../../data/types';
import { objectiveCost, planetsOutsideHome, specialObjectivesMet, unpaid } from '../../rules/objectives';
import { refused } from '../../rules/result';
import type { RuleCheck } from '../../rules/result';
import { clampVp } from '../../rules/status';
import type { VictoryStanding } from '../../rules/status';
import type { ArtifactColor, EventBody, GameOptions, PlanetCard, PlayerState } from '../core/types';
import type { ObjectiveOp } from './events';
import { OBJECTIVES_BY_ID, checkClaim, checkFate, checkReveal, checkSecretBesideFate, isClaimStep, objectiveName } from './state';
import { seatName } from '../core/words';
import type { ObjectivesView } from './state';

/** What she paid in the entries just before the claim, by the same phone: an objective that costs is paid in the change that claims it. */
export interface PaidBefore {
  readonly resources: number;
  readonly influence: number;
  readonly tradeGoods: number;
  readonly counters: number;
  /** A payment among them paid less than it said (a planet already spent or not hers, goods she lacked). */
  readonly short: boolean;
}

/** What an objective's op reads and changes, as the round's fold hands it over at the op. */
export interface ObjectivesTable {
  /** The round at the op; its tracker is what the op changes. */
  readonly view: ObjectivesView;
  /** Log position of the op. */
  readonly index: number;
  readonly options: GameOptions;
  /** Her sheet, marked changed. */
  player(seat: string): PlayerState | undefined;
  /** Folds the victory points an objective gives through the sheet, which alone writes them (core/module.ts `derive`). */
  derive(bodies: readonly EventBody[]): void;
  /** The op does not count: the table is told why. */
  refuse(seat: string | null, what: string, check: RuleCheck): void;
  paidBefore(seat: string): PaidBefore | null;
  /** Every seat's standing now: what a victory records. */
  standings(): VictoryStanding[];
}

export function foldObjectiveOp(e: ObjectiveOp, table: ObjectivesTable): void {
  const { view: v } = table;
  const t = v.tracker;
  switch (e.op) {
    case 'reveal': {
      const check = checkReveal(v, e.objective, e.shown);
      if (!check.ok) return table.refuse(null, `${e.shown ? 'Revealing' : 'Taking back'} ${objectiveName(e.objective)}`, check);
      t.revealed = e.shown ? [...t.revealed, e.objective] : t.revealed.filter((id) => id !== e.objective);
      return;
    }
    case 'fate': {
      // The name is not shown in a refusal: a hostile phone's text stays out of the table's notices.
      const what = `${seatName(v, e.seat)}'s race-specific objective (Path of Fate)`;
      if (e.round !== v.round.round) return table.refuse(e.seat, what, refused(`it was made in round ${e.round}.`));
      const check = checkFate(v, table.options, e.seat, e);
      if (!check.ok) return table.refuse(e.seat, what, check);
      const p = table.player(e.seat);
      if (!p) return;
      t.fate.push({ seat: e.seat, name: e.name.trim(), vp: e.vp, round: e.round, index: table.index });
      table.derive([{ k: 'counter', seat: e.seat, counter: 'vp', delta: e.vp }]);
      return;
    }
    case 'claim': {
      const what = `${seatName(v, e.seat)}'s claim of ${objectiveName(e.objective)}`;
      if (e.round !== v.round.round) return table.refuse(e.seat, what, refused(`it was made in round ${e.round}.`));
      const check = checkClaim(v, e.seat, e.objective);
      if (!check.ok) return table.refuse(e.seat, what, check);
      const fate = checkSecretBesideFate(v, e.seat, e.objective);
      if (!fate.ok) return table.refuse(e.seat, what, fate);
      const o = OBJECTIVES_BY_ID.get(e.objective) as Objective;
      const p = table.player(e.seat);
      if (!p) return;
      const cost = objectiveCost(o.text);
      const paid = table.paidBefore(e.seat);
      if (cost && paid?.short) return table.refuse(e.seat, what, refused(`${o.name}'s payment fell short: a planet in it was already spent or not hers, or she lacked the trade goods.`));
      const missing = cost && unpaid(cost, paid);
      if (missing) return table.refuse(e.seat, what, refused(`${o.name} costs ${missing}, not paid in the same change.`));
      const step = isClaimStep(v.round);
      t.claims.push({ objective: e.objective, seat: e.seat, round: e.round, index: table.index, step });
      table.derive([{ k: 'counter', seat: e.seat, counter: 'vp', delta: o.vp }]);
      if (o.winsGame && !t.victory) {
        t.victory = { winners: [e.seat], decidedBy: 'objective', round: e.round, index: table.index, standings: table.standings() };
      }
      return;
    }
  }
}

/** What the special objectives read and change: the round and the board's pieces, at the event just folded. */
export interface SpecialsTable {
  readonly view: ObjectivesView;
  readonly planets: Readonly<Record<string, PlanetCard>>;
  readonly artifacts: Readonly<Record<ArtifactColor, string | null>>;
  /** The Voice of the Council (the council fold says who). */
  readonly voice: string | null;
  player(seat: string): PlayerState | undefined;
  derive(bodies: readonly EventBody[]): void;
  notice(seat: string, text: string): void;
}

/** 001 "Special Objectives": claimed in the Claim Objectives step while met, lost instantly when not. */
export function foldSpecials(table: SpecialsTable): void {
  const { view: v, voice } = table;
  const inClaimStep = isClaimStep(v.round);
  const outside = planetsOutsideHome(Object.values(table.planets), v.seats);
  for (const seat of v.seats) {
    const held = v.tracker.specials[seat.id] ?? [];
    const artifacts = (Object.keys(table.artifacts) as TechColor[]).filter((c) => table.artifacts[c] === seat.id);
    const met = new Set(specialObjectivesMet({ artifacts, planetsOutsideHome: outside[seat.id] ?? 0, voice: voice === seat.id, playerCount: v.seats.length }));
    const lost = held.filter((id) => !met.has(id));
    const gained = inClaimStep ? [...met].filter((id) => !held.includes(id)) : [];
    if (!lost.length && !gained.length) continue;
    const p = table.player(seat.id);
    if (!p) continue;
    for (const id of lost) {
      table.derive([{ k: 'counter', seat: seat.id, counter: 'vp', delta: -(OBJECTIVES_BY_ID.get(id)?.vp ?? 1) }]);
      table.notice(seat.id, `${seatName(v, seat.id)} lost ${objectiveName(id)}: no longer qualifies (−${OBJECTIVES_BY_ID.get(id)?.vp ?? 1} VP).`);
    }
    for (const id of gained) {
      table.derive([{ k: 'counter', seat: seat.id, counter: 'vp', delta: OBJECTIVES_BY_ID.get(id)?.vp ?? 1 }]);
      table.notice(seat.id, `${seatName(v, seat.id)} claimed the special objective ${objectiveName(id)} (+${OBJECTIVES_BY_ID.get(id)?.vp ?? 1} VP).`);
    }
    v.tracker.specials[seat.id] = [...held.filter((id) => met.has(id)), ...gained];
    const floor = clampVp(p.counters.vp, v.tracker.specials[seat.id]?.length ?? 0);
    if (floor !== p.counters.vp) table.derive([{ k: 'counter', seat: seat.id, counter: 'vp', delta: floor - p.counters.vp }]);
  }
}
