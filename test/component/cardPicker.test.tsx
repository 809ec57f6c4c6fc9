// @vitest-environment jsdom
import { fireEvent, within } from '@testing-library/dom';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { CardPicker } from '../../src/ui/panels/council/CardPicker';
import { searchByName } from '../../src/data';
import { POLITICAL_OPTIONS } from '../../src/ui/panels/council/cards';

let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  document.body.innerHTML = '';
});

function mount(props: Partial<Parameters<typeof CardPicker>[0]> = {}) {
  const picked: string[] = [];
  const also: string[] = [];
  const root = document.createElement('div');
  document.body.append(root);
  dispose = render(
    () => (
      <CardPicker
        id="pick"
        label="Name the card"
        options={POLITICAL_OPTIONS}
        action="Name it"
        onPick={(c) => picked.push(c)}
        {...props}
        {...(props.also ? { also: { action: props.also.action, onPick: (c: string) => also.push(c) } } : {})}
      />
    ),
    root,
  );
  const on = within(root);
  const type = (text: string) => fireEvent.input(on.getByLabelText('Name the card'), { target: { value: text } });
  const matches = () => within(on.getByRole('list', { name: 'Matching cards' })).queryAllByRole('button').map((b) => b.textContent);
  return { on, type, matches, picked, also };
}

describe('searchByName: a few letters find a card among the 159 political cards, as they find a planet', () => {
  it('ranks names starting with the letters first, then a word starting with them, then any part of a name', () => {
    const options = [
      { id: 'a', name: 'Minister of War' },
      { id: 'b', name: 'War Funding' },
      { id: 'c', name: 'Unconventional Weapons (Warfare)' },
      { id: 'd', name: 'Swarm' },
    ];
    expect(searchByName(options, 'war', 10).map((o) => o.id)).toEqual(['b', 'a', 'c', 'd']);
    expect(searchByName(options, '  ', 10)).toEqual([]);
    expect(searchByName(options, 'WAR', 2).map((o) => o.id)).toEqual(['b', 'a']);
  });

  it('finds a card by the beginnings of its words: "min tech" is Minister of Technology (issue 35 item 4)', () => {
    const options = [
      { id: 'a', name: 'Minister of War' },
      { id: 't', name: 'Minister of Technology' },
      { id: 'x', name: 'Technology Rider' },
    ];
    expect(searchByName(options, 'min tech', 10).map((o) => o.id)).toEqual(['t']);
  });
});

describe('the card picker', () => {
  it('names a deck card with three letters and one tap: the match is the button (no 159-option select)', () => {
    const p = mount();
    expect(p.on.queryByRole('combobox')).toBeNull();
    expect(p.matches()).toEqual([]);
    p.type('che');
    expect(p.matches()).toContain('Checks and Balances');
    expect(p.matches().length).toBeLessThanOrEqual(7);
    fireEvent.click(p.on.getByRole('button', { name: 'Name it: Checks and Balances' }));
    expect(p.picked).toEqual(['checks-and-balances']);
    // Ready for the next card: the search is cleared.
    expect((p.on.getByLabelText('Name the card') as HTMLInputElement).value).toBe('');
  });

  it('shows a short list (a hand of cards) whole, before any letter is typed, with the fixed choices first', () => {
    const p = mount({ options: [{ id: 'build-monument', name: 'Build Monument' }], fixed: [{ id: '__deck', name: 'The top card of the deck, unseen' }] });
    expect(p.matches()).toEqual(['The top card of the deck, unseen', 'Build Monument']);
  });

  it('lists every Minister for "minis", Minister of Technology among them, and says how many more a longer name would narrow down', () => {
    const p = mount();
    p.type('minis');
    expect(p.matches()).toContain('Minister of Technology');
    p.type('m');
    expect(p.on.getByText(/^\d+ more: type more of the name\.$/)).toBeTruthy();
  });

  it('uses a name the list misses as typed', () => {
    const p = mount();
    p.type('Homebrew Agenda');
    fireEvent.click(p.on.getByRole('button', { name: 'Name it: Use "Homebrew Agenda" (not in the list)' }));
    expect(p.picked).toEqual(['Homebrew Agenda']);
  });

  it('with a second action, a tap picks the card and each action button then uses it; nothing is used before a card is picked', () => {
    const p = mount({ action: 'Already in my hand', also: { action: 'Drew it', onPick: () => undefined } });
    expect((p.on.getByRole('button', { name: 'Already in my hand' }) as HTMLButtonElement).disabled).toBe(true);
    p.type('monu');
    fireEvent.click(p.on.getByRole('button', { name: 'Build Monument' }));
    expect(p.on.getByRole('button', { name: 'Build Monument' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(p.on.getByRole('button', { name: 'Drew it' }));
    expect(p.also).toEqual(['build-monument']);
    expect(p.picked).toEqual([]);
  });
});
