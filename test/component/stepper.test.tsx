// @vitest-environment jsdom
import { fireEvent, within } from '@testing-library/dom';
import { createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { Stepper } from '../../src/ui/widgets/Counter';

let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  document.body.innerHTML = '';
});

/** A stepper for votes, starting at `start`, between 0 and `max`; returns its buttons and its value. */
function mount(start: number, max: number) {
  const root = document.createElement('div');
  document.body.append(root);
  dispose = render(() => {
    const [n, setN] = createSignal(start);
    return <Stepper label="Votes on Checks and Balances" unit="vote" value={n()} max={max} onChange={setN} />;
  }, root);
  const on = within(root);
  const fewer = on.getByRole('button', { name: 'Votes on Checks and Balances: one vote fewer' }) as HTMLButtonElement;
  const more = on.getByRole('button', { name: 'Votes on Checks and Balances: one vote more' }) as HTMLButtonElement;
  const value = () => on.getByRole('group', { name: 'Votes on Checks and Balances' }).querySelector('output')?.textContent;
  return { fewer, more, value };
}

describe('the − / + stepper (ballot votes, trade goods for votes)', () => {
  it('moves one at a time from the number it was given', () => {
    const s = mount(3, 5);
    fireEvent.click(s.more);
    expect(s.value()).toBe('4');
    fireEvent.click(s.fewer);
    fireEvent.click(s.fewer);
    expect(s.value()).toBe('2');
  });

  it('stops at 0 and at its maximum: the button that would pass them is off', () => {
    const s = mount(1, 2);
    fireEvent.click(s.fewer);
    expect(s.value()).toBe('0');
    expect(s.fewer.disabled).toBe(true);
    fireEvent.click(s.more);
    fireEvent.click(s.more);
    expect(s.value()).toBe('2');
    expect(s.more.disabled).toBe(true);
  });
});
