/**
 * Leaders: the abilities that rest for a round, executing or releasing captives, and the Scientist's
 * prerequisite. Seed 001 "Leaders" › "General Leader Rules" and "Leader Abilities".
 */
import type { LeaderType, TechColor, Technology } from '../data/types';
import { ALLOWED, refused, type RuleCheck, type RuleResult } from './result';
import type { RoundState } from './round';

/**
 * The leader abilities 001 rests "this round or the next", by leader type. Agent: "An Agent may not use
 * this ability again the same round or the next." Diplomat: "If this ability was used without being
 * overturned, the defender may not use it again on this planet during this round or the next (even by
 * another Diplomat)": it rests on the planet, not on the leader.
 */
export const RESTING_ABILITIES: Partial<Record<LeaderType, { name: string; onPlanet: boolean }>> = {
  Agent: { name: 'Sabotage an action card', onPlanet: false },
  Diplomat: { name: 'Cancel an invasion or bombardment', onPlanet: true },
};

/** "Not again this round or the next": used in round `used`, usable again from round `used + 2`. */
export const readyAgainIn = (used: number): number => used + 2;

/** Whether an ability last used in `used` (undefined: never) may be used in `round`. */
export function checkRest(what: string, used: number | undefined, round: RoundState): RuleCheck {
  if (used === undefined || round.round >= readyAgainIn(used)) return ALLOWED;
  return refused(`${what} was used in round ${used}: not again this round or the next, so from round ${readyAgainIn(used)}.`);
}

/**
 * 001 "Executions and Releases": "During the Status Phase, captives may be released or executed by their
 * captor. […] The captor must then exhaust or lose control of a planet for each captive she executed." An
 * exhausted planet cannot be exhausted again, so paying by exhausting needs a refreshed one.
 */
export function canFreeOrExecute(round: RoundState, execute?: { planet: string; mine: boolean; exhausted: boolean; lose: boolean }): RuleCheck {
  if (round.phase !== 'status') return refused(`Captives are released or executed during the status phase; it is now the ${round.phase} phase.`);
  if (!execute) return ALLOWED;
  if (!execute.mine) return refused(`An execution is paid with a planet the captor controls, and ${execute.planet} is not one.`);
  if (!execute.lose && execute.exhausted) return refused(`${execute.planet} is already exhausted: exhaust a refreshed planet, or give up control of one.`);
  return ALLOWED;
}

/**
 * The prerequisite her Scientist lets her ignore. 001 "Scientist": "Before acquiring a Technology, you may
 * exhaust a planet with a Technology Specialty containing your Scientist, in order to ignore a
 * pre-requisite of its color." One prerequisite, of a colour among `colors` (the planet's specialties);
 * with an "or" tree any single prerequisite suffices, so ignoring one of them meets the requirement; with
 * an "and" one she must own all the others. Returns the prerequisite ignored.
 */
export function scientistWaiver(tech: Pick<Technology, 'name' | 'prerequisites' | 'prereqLogic'>, owned: ReadonlySet<string>, colors: readonly TechColor[], colorOf: (id: string) => TechColor | undefined): RuleResult<string> {
  const missing = tech.prerequisites.filter((id) => !owned.has(id));
  const met = tech.prereqLogic === 'and' ? missing.length === 0 : missing.length < tech.prerequisites.length;
  if (met) return refused(`${tech.name} has its prerequisites met: there is nothing for the Scientist to ignore.`);
  if (tech.prereqLogic === 'and' && missing.length > 1) return refused(`A Scientist ignores one prerequisite, and ${tech.name} lacks ${missing.length}.`);
  const ignored = missing.find((id) => colors.includes(colorOf(id) as TechColor));
  if (!ignored) return refused(`The Scientist ignores a prerequisite of the colour of the planet's specialty: this planet has ${colors.length ? colors.join(' and ') : 'none'}.`);
  return { ok: true, value: ignored };
}
