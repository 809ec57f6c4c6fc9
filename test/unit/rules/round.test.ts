import { describe, expect, it } from 'vitest';
import { canMoveCommandCounters, checkRoundState, describeRound, REALLOCATE_STEP, STATUS_STEPS } from '../../../src/rules/round';

describe('status phase steps (001 "Status Phase sequence")', () => {
  it('numbers the nine steps as the rulebook does, reallocation being step 7', () => {
    expect(STATUS_STEPS).toHaveLength(9);
    expect(STATUS_STEPS[REALLOCATE_STEP - 1]).toBe('Reallocate Command Counters and Fleet Supply Upkeep');
    expect(STATUS_STEPS[3]).toBe('Unlock Racial Upgrades');
    expect(STATUS_STEPS[4]).toBe('Refresh Planets');
  });

  it('describes a round for the table', () => {
    expect(describeRound({ round: 2, phase: 'action', step: null })).toBe('Round 2 · Action phase');
    expect(describeRound({ round: 3, phase: 'status', step: 7 })).toBe('Round 3 · Status phase, step 7: Reallocate Command Counters and Fleet Supply Upkeep');
  });
});

describe('moving command counters between areas (001 "Command Counters")', () => {
  it('is allowed only in step 7 of the status phase', () => {
    expect(canMoveCommandCounters({ round: 1, phase: 'status', step: 7 })).toEqual({ ok: true });
    for (const r of [{ round: 1, phase: 'action', step: null }, { round: 1, phase: 'status', step: 6 }, { round: 1, phase: 'strategy', step: null }] as const) {
      expect(canMoveCommandCounters(r).ok).toBe(false);
    }
  });

  it('says why, and what the round is now', () => {
    const r = canMoveCommandCounters({ round: 2, phase: 'action', step: null });
    expect(!r.ok && r.reason).toBe('Command counters may move between areas only in step 7 of the status phase (Reallocate Command Counters); it is now the action phase of round 2.');
  });
});

describe('recording the round', () => {
  it.each([
    [{ round: 0, phase: 'action', step: null }, /round/],
    [{ round: 1, phase: 'action', step: 3 }, /Only the status phase/],
    [{ round: 1, phase: 'status', step: null }, /step from 1 to 9/],
    [{ round: 1, phase: 'status', step: 10 }, /step from 1 to 9/],
  ] as const)('refuses %j', (r, message) => {
    const check = checkRoundState(r);
    expect(!check.ok && check.reason).toMatch(message);
  });
});
