import { describe, expect, it } from 'vitest';
import { RACES_BY_ID } from '../../../src/data';
import { ACTION_CARDS } from '../../../src/data/actionCards';
import { checkCardTiming, checkHandLimit, HAND_LIMIT } from '../../../src/rules/cards';
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

describe('action card timing (001 "Action Cards" › "Timing", "As an Action")', () => {
  it('a card played "As an action" is a turn\'s action and nothing else; another timing is never the action; names are matched as the deck prints them', () => {
    expect(checkCardTiming('Armistice', true)).toEqual({ ok: true });
    expect(checkCardTiming(' armistice ', true)).toEqual({ ok: true });
    expect(checkCardTiming('Armistice', false).ok).toBe(false);
    expect(checkCardTiming('Bribery', false)).toEqual({ ok: true });
    const bribery = checkCardTiming('Bribery', true);
    expect(!bribery.ok && bribery.reason).toMatch(/Bribery is played "After votes are revealed", not as an action/);
    expect(checkCardTiming('A homemade card', true).ok).toBe(false);
    expect(checkCardTiming('A homemade card', false)).toEqual({ ok: true });
    expect(ACTION_CARDS.filter((c) => checkCardTiming(c.name, true).ok)).toHaveLength(ACTION_CARDS.filter((c) => c.timing === 'As an action').length);
  });
});
