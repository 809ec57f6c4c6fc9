import { describe, expect, it } from 'vitest';
import type { TechColor } from '../../../src/data/types';
import { canFreeOrExecute, checkRest, readyAgainIn, RESTING_ABILITIES, scientistWaiver } from '../../../src/rules/leaders';
import type { RoundState } from '../../../src/rules/round';

const round = (n: number, phase: RoundState['phase'] = 'action'): RoundState => ({ round: n, phase, step: phase === 'status' ? 5 : null });

describe('leader abilities that rest "this round or the next" (001 "Leader Abilities")', () => {
  it('are the Agent\'s sabotage and the Diplomat\'s cancelled invasion, which rests on the planet', () => {
    expect(RESTING_ABILITIES.Agent).toEqual({ name: 'Sabotage an action card', onPlanet: false });
    expect(RESTING_ABILITIES.Diplomat?.onPlanet).toBe(true);
    expect(RESTING_ABILITIES.General).toBeUndefined();
  });

  it('used in round 3, are refused in rounds 3 and 4 and allowed from round 5', () => {
    expect(readyAgainIn(3)).toBe(5);
    for (const [now, ok] of [[3, false], [4, false], [5, true], [6, true]] as const) expect(checkRest('The Agent', 3, round(now)).ok).toBe(ok);
    const check = checkRest('The Agent', 3, round(4));
    expect(!check.ok && check.reason).toBe('The Agent was used in round 3: not again this round or the next, so from round 5.');
  });

  it('never used, are allowed', () => {
    expect(checkRest('The Agent', undefined, round(1)).ok).toBe(true);
  });
});

describe('executing and releasing captives (001 "Executions and Releases")', () => {
  const jord = { planet: 'Jord', mine: true, exhausted: false, lose: false };
  it('happen only in the status phase', () => {
    const check = canFreeOrExecute(round(2, 'action'));
    expect(!check.ok && check.reason).toMatch(/during the status phase; it is now the action phase/);
    expect(canFreeOrExecute(round(2, 'status')).ok).toBe(true);
  });

  it("an execution costs a planet of the captor's: exhausted (it must be refreshed) or given up", () => {
    expect(canFreeOrExecute(round(2, 'status'), jord).ok).toBe(true);
    expect(canFreeOrExecute(round(2, 'status'), { ...jord, exhausted: true }).ok).toBe(false);
    expect(canFreeOrExecute(round(2, 'status'), { ...jord, exhausted: true, lose: true }).ok).toBe(true);
    expect(canFreeOrExecute(round(2, 'status'), { ...jord, mine: false }).ok).toBe(false);
  });
});

describe('the Scientist\'s prerequisite (001 "Scientist")', () => {
  const colors: Record<string, TechColor> = { stasis: 'green', micro: 'yellow', xrd: 'blue', magen: 'red' };
  const colorOf = (id: string) => colors[id];
  const neural = { name: 'Neural Motivator', prerequisites: ['stasis', 'micro'], prereqLogic: 'or' as const };
  const lightWave = { name: 'Light/Wave Deflectors', prerequisites: ['xrd', 'magen'], prereqLogic: 'and' as const };

  it('ignores one missing prerequisite of the colour of the planet\'s specialty', () => {
    expect(scientistWaiver(neural, new Set(), ['yellow'], colorOf)).toEqual({ ok: true, value: 'micro' });
    expect(scientistWaiver(lightWave, new Set(['xrd']), ['red'], colorOf)).toEqual({ ok: true, value: 'magen' });
  });

  it('refuses a planet whose specialty matches no missing prerequisite', () => {
    const check = scientistWaiver(neural, new Set(), ['red'], colorOf);
    expect(!check.ok && check.reason).toMatch(/this planet has red/);
  });

  it('ignores only one: an "and" technology lacking both is refused', () => {
    const check = scientistWaiver(lightWave, new Set(), ['red', 'blue'], colorOf);
    expect(!check.ok && check.reason).toBe('A Scientist ignores one prerequisite, and Light/Wave Deflectors lacks 2.');
  });

  it('has nothing to ignore when the prerequisites are met', () => {
    expect(scientistWaiver(neural, new Set(['stasis']), ['yellow'], colorOf).ok).toBe(false);
  });
});
