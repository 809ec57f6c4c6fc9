/**
 * Technology purchases: the price after discounts, and whether the prerequisites are met.
 * Seed 001 "Technologies" › "Acquisition of Technologies", "Technology Specialties", "Artifacts" ›
 * "Technology Cost Reduction".
 */
import type { TechColor, Technology } from '../data/types';
import type { PlanetState } from './planets';

export interface TechCostInput {
  /** The resource price the purchasing effect names (e.g. the Technology strategy card). */
  basePrice: number;
  color: TechColor;
  /** Planets she controls; only refreshed ones give their specialties. */
  planets: readonly PlanetState[];
  /** Colors of the (revealed, non-dummy) artifacts she controls. */
  artifacts: readonly TechColor[];
}

export interface TechCost {
  cost: number;
  specialtyDiscount: number;
  artifactDiscount: number;
}

/**
 * Price of a technology for a player.
 *
 * 001 "Acquisition of Technologies" › "Purchases and Discounts": "This cost is reduced by 1 if the
 * player controls the Artefact of the same color than the purchased Technology, and by 1 for each
 * Technology Specialty of the same color […] present on *refreshed* planets the player controls."
 * 001 "Technology Specialties" adds "(down to a minimum of 0)". There is one artifact per color
 * (001 "Artifacts": four artifacts harbor technology colors), so the artifact discount is at most 1
 * however the list repeats a color.
 */
export function techCost(input: TechCostInput): TechCost {
  const { basePrice, color, planets, artifacts } = input;
  let specialtyDiscount = 0;
  for (const p of planets) {
    if (p.exhausted) continue;
    for (const s of p.specialties) if (s === color) specialtyDiscount++;
  }
  const artifactDiscount = artifacts.includes(color) ? 1 : 0;
  return { cost: Math.max(0, basePrice - specialtyDiscount - artifactDiscount), specialtyDiscount, artifactDiscount };
}

export type PrerequisiteCheck = { ok: true } | { ok: false; missing: string[]; logic: 'and' | 'or' };

/**
 * Whether a player owning `owned` may acquire `tech`.
 *
 * 001 "Acquisition of Technologies" › "Prerequisites": "A player cannot acquire a Technology that has
 * prerequisites without having acquired at least one of its prerequisites. *Exception:* When a '+'
 * symbol in a red circle is present, both prerequisites are required." With 'or', `missing` lists every
 * prerequisite (any one of them would do); with 'and', only those she lacks.
 */
export function prerequisitesMet(
  tech: Pick<Technology, 'prerequisites' | 'prereqLogic'>,
  owned: ReadonlySet<string>,
): PrerequisiteCheck {
  const { prerequisites, prereqLogic } = tech;
  if (prerequisites.length === 0) return { ok: true };
  const missing = prerequisites.filter((id) => !owned.has(id));
  const met = prereqLogic === 'and' ? missing.length === 0 : missing.length < prerequisites.length;
  return met ? { ok: true } : { ok: false, missing, logic: prereqLogic };
}
