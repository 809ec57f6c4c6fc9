import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHOW_SAVING_AFTER_MS, followSaveState } from '../../src/ui/shell/saveStatus';
import type { SaveState } from '../../src/sync/persistence';

/** A persistence's states, set by hand, as GamePersistence reports them. */
function states(initial: SaveState = 'saved') {
  const listeners = new Set<(s: SaveState) => void>();
  const p = {
    state: initial,
    onState(l: (s: SaveState) => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    to(s: SaveState) {
      p.state = s;
      for (const l of listeners) l(s);
    },
  };
  return p;
}

describe('the save label (issue 33: a quick save does not flip it)', () => {
  let shown: SaveState[];
  beforeEach(() => {
    vi.useFakeTimers();
    shown = [];
  });
  afterEach(() => vi.useRealTimers());
  const follow = (p: ReturnType<typeof states>) => followSaveState(p, (s) => shown.push(s), () => Date.now());

  it('a save that ends within half a second never changes what the label says', () => {
    const p = states();
    follow(p);
    p.to('saving');
    vi.advanceTimersByTime(20);
    p.to('saved');
    vi.advanceTimersByTime(2 * SHOW_SAVING_AFTER_MS);
    expect(shown).toEqual(['saved']);
  });

  it('quick saves one after another, for longer than the delay, never show "Saving…"', () => {
    const p = states();
    follow(p);
    for (let i = 0; i < 20; i++) {
      p.to('saving');
      vi.advanceTimersByTime(30);
      p.to('saved');
      vi.advanceTimersByTime(70);
    }
    expect(shown).toEqual(['saved']);
  });

  it('a save still running after half a second shows "Saving…" until it ends', () => {
    const p = states();
    follow(p);
    vi.advanceTimersByTime(300);
    p.to('saving');
    vi.advanceTimersByTime(SHOW_SAVING_AFTER_MS - 1);
    expect(shown).toEqual(['saved']);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['saved', 'saving']);
    p.to('saved');
    expect(shown).toEqual(['saved', 'saving', 'saved']);
  });

  it("a timer armed for an earlier quick save waits out the next save's own delay", () => {
    const p = states();
    follow(p);
    p.to('saving');
    vi.advanceTimersByTime(20);
    p.to('saved');
    vi.advanceTimersByTime(380);
    p.to('saving');
    vi.advanceTimersByTime(SHOW_SAVING_AFTER_MS - 1);
    expect(shown).toEqual(['saved']);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['saved', 'saving']);
  });

  it('a failed save shows at once and stays through a retry until a save succeeds', () => {
    const p = states();
    follow(p);
    p.to('saving');
    p.to('error');
    expect(shown).toEqual(['saved', 'error']);
    p.to('saving');
    vi.advanceTimersByTime(3 * SHOW_SAVING_AFTER_MS);
    expect(shown).toEqual(['saved', 'error']);
    p.to('saved');
    expect(shown).toEqual(['saved', 'error', 'saved']);
  });

  it('a screen opened on a failed store says so; opened during a long save, it says "Saving…" after the delay', () => {
    follow(states('error'));
    expect(shown).toEqual(['error']);
    shown = [];
    follow(states('saving'));
    expect(shown).toEqual(['saved']);
    vi.advanceTimersByTime(SHOW_SAVING_AFTER_MS);
    expect(shown).toEqual(['saved', 'saving']);
  });

  it('stops listening and clears its timer when stopped', () => {
    const p = states();
    const stop = follow(p);
    p.to('saving');
    stop();
    vi.advanceTimersByTime(2 * SHOW_SAVING_AFTER_MS);
    p.to('error');
    expect(shown).toEqual(['saved']);
  });
});
