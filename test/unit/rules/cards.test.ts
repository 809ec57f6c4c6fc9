import { describe, expect, it } from 'vitest';
import { RACES_BY_ID } from '../../../src/data';
import { checkHandLimit, HAND_LIMIT } from '../../../src/rules/cards';
import { raceEffects } from '../../../src/rules/raceAbilities';

describe('hand limit (001 "Action Cards", "Other Rules for Political Cards")', () => {
  it('allows up to 7 action or political cards and refuses an eighth, saying to discard down to 7', () => {
    expect(HAND_LIMIT).toBe(7);
    expect(checkHandLimit('action', 7)).toEqual({ ok: true });
    expect(checkHandLimit('political', 7)).toEqual({ ok: true });
    const refused = checkHandLimit('action', 8);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toMatch(/at most 7 action cards.*discard down to 7/);
    expect(!checkHandLimit('political', 8).ok && 'refused').toBe('refused');
  });

  it('lifts the action card limit for a race that is never limited (Yssaril), and only that race', () => {
    expect(raceEffects('yssaril').unlimitedActionCards).toBe(true);
    const others = [...RACES_BY_ID.values()].filter((r) => r.id !== 'yssaril' && raceEffects(r.id).unlimitedActionCards);
    expect(others).toEqual([]);
    expect(checkHandLimit('action', 12, true)).toEqual({ ok: true });
  });
});
