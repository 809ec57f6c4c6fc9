// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { buzz, manner, setManner } from '../../src/ui/shell/awake';

describe("this phone's manners (issue 20)", () => {
  it('vibrates when the table waits on her, unless she turned vibration off; the choice is kept on the phone', () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate });
    setManner('vibrate', true);
    buzz();
    expect(vibrate).toHaveBeenCalledTimes(1);
    setManner('vibrate', false);
    buzz();
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(manner('vibrate')).toBe(false);
    expect(localStorage.getItem('tt-vibrate')).toBe('off');
  });
});
