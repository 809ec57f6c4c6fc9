/**
 * What a panel shows, derived from the folded snapshot by the pure rules: spendable totals, votes,
 * racial upgrade prices, technology prices and prerequisites. Nothing here is stored; every number is
 * recomputed from the document, so it can never disagree with it. No Yjs, no Solid.
 */
import { TECHS_BY_ID } from '../../data';
import type { RacialUpgrade, TechColor, Technology } from '../../data/types';
import { fleetSupplyUpkeep } from '../../rules/fleet';
import { spendable } from '../../rules/planets';
import { prerequisitesMet, techCost, type PrerequisiteCheck, type TechCost } from '../../rules/tech';
import { raceEffects } from '../../rules/raceAbilities';
import { racialUpgradeCost } from '../../rules/upgrades';
import { homeSystemPenalty } from '../../rules/status';
import { votesAvailable } from '../../rules/votes';
import { playersIn } from '../core/players';
import type { GameSnapshot } from '../core/types';
import { raceOf } from '../core/words';
import { planetStatesOf } from '../planets/views';

export interface SeatTotals {
  resources: number;
  influence: number;
  votes: number;
  tradeGoods: number;
  fleetSupplyUpkeep: number;
}

/** The header totals: spendable resources and influence (refreshed planets), votes, trade goods. */
export function seatTotals(s: GameSnapshot, seat: string): SeatTotals {
  const planets = planetStatesOf(s, seat);
  const counters = s.players[seat]?.counters;
  const tradeGoods = counters?.tradeGoods ?? 0;
  const money = spendable(planets, tradeGoods);
  // Voice of the Council: +5 votes (+3 with 2 players) for the seat the council elected (001).
  const race = raceOf(s, seat)?.id;
  const votes = votesAvailable({ planets, race, voteRule: raceEffects(race).votes, holdsVoice: s.council.voice === seat, playerCount: playersIn(s), bonus: 0 });
  return {
    resources: money.resources,
    influence: money.influence,
    votes: votes.total,
    tradeGoods,
    fleetSupplyUpkeep: fleetSupplyUpkeep(counters?.fleetSupply ?? 0),
  };
}

export function handIsUnlimited(s: GameSnapshot, seat: string): boolean {
  return raceEffects(raceOf(s, seat)?.id).unlimitedActionCards;
}

export interface UpgradeOffer {
  upgrade: RacialUpgrade;
  unlocked: boolean;
  /** What unlocking it costs now (0 once unlocked). */
  cost: number;
}

/** Her racial upgrades with their price right now (001 "Unlock Racial Upgrades"). */
export function upgradeOffers(s: GameSnapshot, seat: string): UpgradeOffer[] {
  const race = raceOf(s, seat);
  const player = s.players[seat];
  if (!race || !player) return [];
  const unlockedBaseCosts = race.racialUpgrades.filter((u) => player.upgrades.includes(u.id)).map((u) => u.baseCost);
  return race.racialUpgrades.map((upgrade) => {
    const unlocked = player.upgrades.includes(upgrade.id);
    const cost = unlocked ? 0 : racialUpgradeCost({ baseCost: upgrade.baseCost, vp: victoryPoints(s, seat).total, unlockedBaseCosts });
    return { upgrade, unlocked, cost };
  });
}

/** Artifact colours she controls. */
export function artifactsOf(s: GameSnapshot, seat: string): TechColor[] {
  return (Object.entries(s.artifacts) as [TechColor, string | null][]).filter(([, holder]) => holder === seat).map(([c]) => c);
}

export interface TechOffer {
  tech: Technology;
  owned: boolean;
  prerequisites: PrerequisiteCheck;
  price: TechCost;
}

/** One technology as she could research it for `basePrice` resources (001 "Acquisition of Technologies"). */
export function techOffer(s: GameSnapshot, seat: string, tech: Technology, basePrice: number): TechOffer {
  const owned = new Set(s.players[seat]?.techs ?? []);
  return {
    tech,
    owned: owned.has(tech.id),
    prerequisites: prerequisitesMet(tech, owned),
    price: techCost({ basePrice, color: tech.color, planets: planetStatesOf(s, seat), artifacts: artifactsOf(s, seat) }),
  };
}

export function techName(id: string): string {
  return TECHS_BY_ID.get(id)?.name ?? id;
}

/** "Enviro Compensator or Transfabrication", "Micro Technology and Cybernetics". */
export function prerequisiteText(ids: readonly string[], logic: 'and' | 'or'): string {
  const names = ids.map(techName);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${logic} ${names[names.length - 1]}`;
}

/**
 * Whether she may record a technology without its prerequisites now, and for how many more resources:
 * Nekro always (a copied technology, 003 "Appendix 2"), L1Z1X once Inheritance Systems is unlocked
 * (+2 resources, through the Technology card). Null for everyone else.
 */
export function prerequisiteWaiver(s: GameSnapshot, seat: string): { extraCost: number } | null {
  const rule = raceEffects(raceOf(s, seat)?.id).ignorePrerequisites;
  if (!rule) return null;
  if (rule.when === 'always') return { extraCost: 0 };
  return s.players[seat]?.upgrades.includes(rule.upgrade) ? { extraCost: rule.extraCost } : null;
}

export interface VictoryPoints {
  /** What her race sheet records. */
  recorded: number;
  /** 2 while she does not control every planet of her home system (001 "Home Systems"), else 0. */
  penalty: number;
  /** What counts for winning, the upgrade prices and the progression feedback. */
  total: number;
}

export function victoryPoints(s: GameSnapshot, seat: string): VictoryPoints {
  const recorded = s.players[seat]?.counters.vp ?? 0;
  const penalty = homeSystemPenalty(raceOf(s, seat)?.homePlanets ?? [], (planet) => s.planets[planet]?.owner === seat);
  return { recorded, penalty, total: recorded - penalty };
}
