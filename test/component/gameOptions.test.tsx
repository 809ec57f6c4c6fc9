// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Game, GameOptions } from '../../src/doc';
import { loadHand } from '../../src/secret/privateStore';
import { preloadPanels } from '../../src/ui/panels/PlayerView';
import { merge, newGame, replicaOf, threeSeats } from '../unit/doc/fixtures';
import { phoneOnTab } from './playerScreen';
import * as roundMoves from '../../src/doc/round/moves';

/** Issue 25 item 6: the controls of the game options Path of Fate and Simultaneous Tactical Actions (001). */
beforeAll(() => preloadPanels());

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  document.body.innerHTML = '';
});

const ALL: GameOptions = { pathOfFate: true, simultaneousTactical: true, ascendancy: false };

const phone = (game: Game, seat: string) => phoneOnTab(game, seat, 'Round', disposers);

function table(options: GameOptions = ALL) {
  const a = newGame({ ...threeSeats, options });
  const b = replicaOf(a, 'dev2');
  const ana = phone(a, 's1');
  const ben = phone(b, 's2');
  const sync = () => merge(a, b);
  sync();
  return { ana, ben, sync };
}

describe('Path of Fate on the Round tab (001 "Path of Fate (Race Specific Objectives)")', () => {
  it('enters three race-specific objectives on this phone only, then reveals and scores one in the claim step; an undone claim gives it back to her hand', async () => {
    const { ana, ben, sync } = table();
    const fate = () => within(ana.on.getByRole('region', { name: /Race-specific objectives \(Path of Fate/ }));
    const names = ['Golden Age of Sol', 'The Federation Endures', 'Jord Eternal'];
    for (const [i, name] of names.entries()) {
      fireEvent.input(fate().getByRole('textbox', { name: 'Objective' }), { target: { value: name } });
      fireEvent.change(fate().getByRole('combobox', { name: 'VP' }), { target: { value: String(i + 1) } });
      fireEvent.click(fate().getByRole('button', { name: "Add to Ana's hand" }));
      await waitFor(() => expect(fate().getAllByRole('button', { name: /^Remove / })).toHaveLength(i + 1));
    }
    // Three dealt, three entered: no form for a fourth.
    expect(fate().queryByRole('textbox', { name: 'Objective' })).toBeNull();
    expect((await loadHand('game1', 's1')).fate).toEqual([{ name: names[0], vp: 1 }, { name: names[1], vp: 2 }, { name: names[2], vp: 3 }]);
    for (const name of names) expect(JSON.stringify(ana.game.doc.toJSON())).not.toContain(name);
    // Outside the claim step the score buttons wait, and say why.
    expect((fate().getAllByRole('button', { name: 'Reveal and score' })[0] as HTMLButtonElement).disabled).toBe(true);
    expect(fate().getByText(/scored in the Claim Objectives step/)).toBeTruthy();

    ana.game.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 1 });
    await waitFor(() => expect(fate().getAllByRole('button', { name: 'Reveal and score' })).toHaveLength(3));
    expect(ana.on.getByRole('combobox', { name: 'A secret objective from your hand' })).toBeTruthy();
    fireEvent.click(fate().getAllByRole('button', { name: 'Reveal and score' })[1] as HTMLElement);
    expect(ana.game.snapshot().players.s1?.counters.vp).toBe(2);
    expect(fate().getByText(/Ana scored The Federation Endures \(\+2 VP\): one race-specific objective per game/)).toBeTruthy();
    // Undone, the claim gives its objective back to her hand with the two others (and its VP to nobody).
    ana.game.undo();
    await waitFor(() => expect(fate().getAllByRole('button', { name: 'Reveal and score' })).toHaveLength(3));
    expect(ana.game.snapshot().players.s1?.counters.vp).toBe(0);
    expect((await loadHand('game1', 's1')).fate?.map((o) => o.name)).toEqual(names);
    fireEvent.click(fate().getAllByRole('button', { name: 'Reveal and score' })[1] as HTMLElement);
    expect(ana.game.snapshot().players.s1?.counters.vp).toBe(2);
    // Not with a secret objective in the same step: its control is gone.
    expect(ana.on.queryByRole('combobox', { name: 'A secret objective from your hand' })).toBeNull();
    sync();
    ben.game.makeMove(roundMoves.setRound, { round: 1, phase: 'action', step: null });
    sync();
    const scored = within(ben.on.getByRole('list', { name: 'Race-specific objectives scored' }));
    expect(scored.getByRole('listitem', { name: names[1] }).textContent).toMatch(/2 VP.*Scored by Ana in round 1/);
    expect(JSON.stringify(ben.game.doc.toJSON())).not.toContain(names[0]);
  });

  it('refuses a name too long with a message, and is absent from a game without the option', async () => {
    const { ana } = table();
    const fate = within(ana.on.getByRole('region', { name: /Race-specific objectives/ }));
    const input = fate.getByRole('textbox', { name: 'Objective' }) as HTMLInputElement;
    expect(input.maxLength).toBe(60);
    fireEvent.input(input, { target: { value: 'x'.repeat(61) } });
    fireEvent.click(fate.getByRole('button', { name: "Add to Ana's hand" }));
    expect(fate.getByRole('alert').textContent).toMatch(/1 to 60 characters/);
    document.body.innerHTML = '';
    const off = table({ pathOfFate: false, simultaneousTactical: false, ascendancy: false });
    expect(off.ana.on.queryByRole('region', { name: /Race-specific objectives/ })).toBeNull();
  });
});

describe('Simultaneous Tactical Actions on the Round tab (001 "Simultaneous Tactical Action System")', () => {
  function toAnasTurn(options: GameOptions = ALL) {
    // One phone: the seats no phone has claimed pick through it.
    const ana = phone(newGame({ ...threeSeats, options }), 's1');
    const g = ana.game;
    for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) g.makeMove(roundMoves.pick, seat, card);
    expect(g.snapshot().tracker.active).toBe('s1');
    return { ana };
  }

  it('asks how many systems of each kind, shows the command counters, refuses a short pool with the reason, then takes them', () => {
    const { ana } = toAnasTurn();
    const g = ana.game;
    expect(g.snapshot().players.s1?.counters.commandPool).toBe(3);
    fireEvent.click(ana.on.getByRole('button', { name: 'Simultaneous tactical action…' }));
    const dialog = within(ana.on.getByRole('dialog', { name: 'Simultaneous tactical action' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Systems without them: one system more' }));
    expect(dialog.getByRole('status', { name: 'Cost' }).textContent).toBe('3 systems: 4 command counters from your command pool (3 there).');
    const activate = () => dialog.getByRole('button', { name: /^Activate/ }) as HTMLButtonElement;
    expect(activate().disabled).toBe(true);
    expect(dialog.getByText(/costs 4 command counters .* the command pool holds 3/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Systems with your ships or space dock: one system fewer' }));
    expect(activate().textContent).toBe('Activate (3 command counters)');
    fireEvent.click(activate());
    expect(g.snapshot().players.s1?.counters.commandPool).toBe(0);
    expect(g.snapshot().tracker.acting).toBe('tactical');
    expect(ana.on.queryByRole('dialog')).toBeNull();
    expect(ana.on.getByRole('button', { name: 'End turn' })).toBeTruthy();
  });

  it('is not offered in a game without the option', () => {
    const { ana } = toAnasTurn({ pathOfFate: false, simultaneousTactical: false, ascendancy: false });
    expect(ana.on.getByRole('button', { name: 'Tactical action (−1 command pool)' })).toBeTruthy();
    expect(ana.on.queryByRole('button', { name: 'Simultaneous tactical action…' })).toBeNull();
  });
});
