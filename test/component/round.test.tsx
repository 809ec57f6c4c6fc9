// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OBJECTIVES } from '../../src/data';
import type { Game } from '../../src/doc';
import { loadHand, saveHand } from '../../src/secret/privateStore';
import { preloadPanels } from '../../src/ui/panels/PlayerView';
import { merge, newGame, proposeNow, replicaOf, threeSeats } from '../unit/doc/fixtures';
import { phoneOnTab } from './playerScreen';
import * as tradeMoves from '../../src/doc/trade/moves';
import * as objectiveMoves from '../../src/doc/objectives/moves';
import * as roundMoves from '../../src/doc/round/moves';
import * as sheetMoves from '../../src/doc/sheet/moves';
import * as planetMoves from '../../src/doc/planets/moves';

// The tabs' panels are one lazy chunk in the app; loaded here first, each tab renders at once.
beforeAll(() => preloadPanels());

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  document.body.innerHTML = '';
});

/** One phone: its own root and document, the seat it holds, on the Round tab. */
function phone(game: Game, seat: string) {
  const p = phoneOnTab(game, seat, 'Round', disposers);
  const status = (label: string) => p.on.getByRole('status', { name: label }).textContent;
  return { ...p, status };
}

/** "End turn"; when the card's primary ability was left unrecorded it asks first (issue 35 item 1): "End turn without it". */
function endTurn(p: { on: ReturnType<typeof within>; click: (name: string | RegExp) => void }): void {
  p.click('End turn');
  const ask = p.on.queryByRole('dialog', { name: /^End your turn without/ });
  if (ask) fireEvent.click(within(ask).getByRole('button', { name: 'End turn without it' }));
}

/** Three phones (Ana, Ben, Cleo), each with its own copy; `sync` exchanges everything. */
function table(races?: readonly [string, string, string]) {
  const a = races ? newGame({ ...threeSeats, seats: threeSeats.seats.map((seat, i) => ({ ...seat, race: races[i] as string })) }) : newGame();
  const b = replicaOf(a, 'dev2');
  const c = replicaOf(a, 'dev3');
  const phones = [phone(a, 's1'), phone(b, 's2'), phone(c, 's3')] as const;
  const sync = () => {
    merge(a, b);
    merge(b, c);
    merge(a, b);
  };
  sync();
  /** Each seat picks on its own phone, in the order given; every phone hears of each pick. */
  const picks = (list: readonly (readonly [string, number])[]) => {
    for (const [seat, card] of list) {
      (phones[Number(seat.slice(1)) - 1] as (typeof phones)[number]).game.makeMove(roundMoves.pick, seat, card);
      sync();
    }
  };
  return { phones, sync, picks };
}

describe('the Round tab on three phones', () => {
  it('picks strategy cards in rotation order: the picker\'s phone offers the cards, the others wait', () => {
    const { phones, sync } = table();
    const [ana, ben] = phones;
    expect(ana.status('Picking')).toBe('Your pick: choose a strategy card.');
    expect(ben.status('Picking')).toBe('Waiting for Ana to pick.');
    expect(ana.status('Whose move')).toBe('Your pick of a strategy card');
    expect(ben.on.queryByRole('button', { name: /^Pick / })).toBeNull();
    ana.click('Pick 3 Assembly');
    sync();
    expect(ben.status('Picking')).toBe('Your pick: choose a strategy card.');
    expect(ben.on.getByRole('listitem', { name: '3 Assembly' }).textContent).toContain('Ana');
    expect(ben.on.queryByRole('button', { name: /Pick 3 Assembly/ })).toBeNull();
  });

  it('converts bonus counters in a dialog when the card carries some', () => {
    const { phones, picks } = table();
    const [ana] = phones;
    // Put a bonus counter on Leadership: a round where nobody takes it.
    const g = ana.game;
    picks([['s1', 2], ['s2', 3], ['s3', 4], ['s1', 5], ['s2', 6], ['s3', 7]]);
    g.makeMove(roundMoves.advance, g.snapshot().round); // to the status phase
    for (let i = 0; i < 9 && g.snapshot().round.round === 1; i++) g.makeMove(roundMoves.advance, g.snapshot().round);
    expect(g.snapshot().tracker.cards[0]?.bonus).toBe(1);
    ana.click('Pick 1 Leadership, 1 bonus counter');
    const dialog = within(ana.on.getByRole('dialog', { name: 'Pick Leadership' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Trade goods: one trade good fewer' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Command pool: one counter more' }));
    const pool = g.snapshot().players.s1?.counters.commandPool ?? 0;
    fireEvent.click(dialog.getByRole('button', { name: 'Pick Leadership' }));
    expect(g.snapshot().players.s1?.counters.commandPool).toBe(pool + 1);
    expect(g.snapshot().tracker.cards[0]?.holder).toBe('s1');
  });

  it('takes actions in initiative order; the others are offered the secondary ability; passing waits for the card', () => {
    const { phones, sync, picks } = table();
    const [ana, ben, cleo] = phones;
    picks([['s1', 5], ['s2', 2], ['s3', 3], ['s1', 6], ['s2', 7], ['s3', 8]]);
    sync();
    // Ben holds 2: he goes first.
    expect(ben.status('Turn')).toBe('Your turn: take an action.');
    expect(ana.status('Whose move')).toBe("Ben's turn");
    expect((ben.on.getByRole('button', { name: 'Pass' }) as HTMLButtonElement).disabled).toBe(true);
    ben.click('Strategic action: play 2 Diplomacy');
    endTurn(ben);
    sync();
    expect(cleo.status('Turn')).toBe('Your turn: take an action.');
    const strat = ana.game.snapshot().players.s1?.counters.strategyAllocation ?? 0;
    // Annexation Treaty: she picks the planet, pays 2 influence and the counter, and the planet is hers, exhausted.
    fireEvent.change(ana.on.getByLabelText('Planet to claim'), { target: { value: 'abyz' } });
    ana.click('Claim Abyz for 2 influence (−1 strategy allocation)…');
    fireEvent.click(within(ana.on.getByRole('dialog', { name: 'Annexation Treaty: Abyz' })).getByRole('button', { name: 'Pay 2 influence' }));
    expect(ana.game.snapshot().players.s1?.counters.strategyAllocation).toBe(strat - 1);
    expect(ana.game.snapshot().planets.abyz).toMatchObject({ owner: 's1', exhausted: true });
    expect(ana.game.snapshot().planets.jord?.exhausted).toBe(true);
    expect(ana.on.queryByRole('button', { name: /^(Use|Decline) the secondary ability of Diplomacy/ })).toBeNull();
    cleo.click('Decline the secondary ability of Diplomacy');
    cleo.click('Tactical action (−1 command pool)');
    expect(cleo.status('Turn')).toBe('Your turn: tactical action under way.');
    endTurn(cleo);
    sync();
    expect(ana.status('Turn')).toBe('Your turn: take an action.');
    expect(within(ana.on.getByRole('list', { name: 'Initiative order' })).getAllByRole('listitem').map((li) => li.textContent?.slice(0, 4))).toEqual(['Ben ', 'Cleo', 'Ana ']);
  });

  it('status step 6 starts from how she split her counters last round; the first time, from nothing', () => {
    const { phones } = table();
    const [ana] = phones;
    const g = ana.game;
    const dialogValues = () => {
      const d = within(ana.on.getByRole('dialog', { name: 'Receive command counters' }));
      return d.getByText(/counters to receive$/).textContent;
    };
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 6 });
    ana.click(/^Receive 1 action card/);
    expect(dialogValues()).toBe('0 counters to receive');
    const d = within(ana.on.getByRole('dialog', { name: 'Receive command counters' }));
    fireEvent.click(d.getByRole('button', { name: 'Fleet supply: one counter more' }));
    for (let i = 0; i < 2; i++) fireEvent.click(d.getByRole('button', { name: 'Strategy allocation: one counter more' }));
    fireEvent.click(d.getByRole('button', { name: 'Receive 3' }));
    g.makeMove(roundMoves.setRound, { round: 2, phase: 'status', step: 6 });
    const before = g.snapshot().players.s1?.counters;
    ana.click(/^Receive 1 action card/);
    expect(dialogValues()).toBe('3 counters to receive');
    fireEvent.click(within(ana.on.getByRole('dialog', { name: 'Receive command counters' })).getByRole('button', { name: 'Receive 3' }));
    const after = g.snapshot().players.s1?.counters;
    expect([after!.fleetSupply - before!.fleetSupply, after!.strategyAllocation - before!.strategyAllocation, after!.commandPool - before!.commandPool]).toEqual([1, 2, 0]);
  });

  it('Done at status step 6 before receiving asks first: Cancel keeps her in the step, and her cards and counters are never dropped in silence (issue 35 item 1)', () => {
    const { phones } = table();
    const [ana] = phones;
    const g = ana.game;
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 6 });
    const done = () => ana.on.getByRole('button', { name: /^Done with step 6/ });
    expect(done().classList.contains('primary')).toBe(false);
    fireEvent.click(done());
    const ask = within(ana.on.getByRole('dialog', { name: 'Done with step 6 without your cards and command counters?' }));
    fireEvent.click(ask.getByRole('button', { name: 'Cancel' }));
    expect(g.snapshot().tracker.done).not.toContain('s1');
    fireEvent.click(done());
    fireEvent.click(within(ana.on.getByRole('dialog', { name: /^Done with step 6 without/ })).getByRole('button', { name: 'Done without your cards and command counters' }));
    expect(g.snapshot().tracker.done).toContain('s1');
  });

  it('Done at step 1 with an objective she can pay for and may claim asks first, naming it; once she claimed, Done asks nothing (issue 35 item 1)', () => {
    const { phones } = table();
    const [ana] = phones;
    const g = ana.game;
    g.makeMove(objectiveMoves.reveal, 'stage1-11'); // spend 6 influence
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 4);
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 1 });
    const done = () => ana.on.getByRole('button', { name: /^Done with step 1/ });
    expect(done().classList.contains('primary')).toBe(false);
    fireEvent.click(done());
    const ask = ana.on.getByRole('dialog', { name: 'Done with step 1 without claiming Spend 6 influence (you can pay its 6 influence now)?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(g.snapshot().tracker.done).not.toContain('s1');
    fireEvent.click(done());
    fireEvent.click(within(ana.on.getByRole('dialog', { name: /^Done with step 1 without/ })).getByRole('button', { name: 'Done anyway' }));
    expect(g.snapshot().tracker.done).toContain('s1');
  });

  it('status step 5: with planets exhausted, Refresh my planets is the main button, and Done once they are refreshed', () => {
    const { phones } = table();
    const [ana] = phones;
    const g = ana.game;
    const planet = g.snapshot().players.s1?.planets[0] as string;
    g.makeMove(planetMoves.setExhausted, planet, true);
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 5 });
    const refresh = () => ana.on.getByRole('button', { name: 'Refresh my planets' });
    const done = () => ana.on.getByRole('button', { name: /^Done with step 5/ });
    expect([refresh().classList.contains('primary'), done().classList.contains('primary')]).toEqual([true, false]);
    fireEvent.click(refresh());
    expect([refresh().classList.contains('primary'), done().classList.contains('primary')]).toEqual([false, true]);
  });

  it('"Next step without waiting" asks first, naming whom it skips; Cancel moves nobody', () => {
    const { phones, sync } = table();
    const [ana, ben] = phones;
    ana.game.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 4 });
    sync();
    ana.click('Done with step 4: Unlock Racial Upgrades');
    ben.click('Done with step 4: Unlock Racial Upgrades');
    sync();
    ana.click('Next step without waiting…');
    const ask = within(ana.on.getByRole('dialog', { name: 'Move on without Cleo?' }));
    fireEvent.click(ask.getByRole('button', { name: 'Cancel' }));
    expect(ana.game.snapshot().round.step).toBe(4);
    ana.click('Next step without waiting…');
    fireEvent.click(within(ana.on.getByRole('dialog', { name: 'Move on without Cleo?' })).getByRole('button', { name: 'Move on without waiting' }));
    expect(ana.game.snapshot().round.step).toBe(5);
  });

  it('runs the status phase as a checklist: each phone is done for itself, the others see whom the table waits for', () => {
    const { phones, sync } = table();
    const [ana, ben, cleo] = phones;
    const g = ana.game;
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 1 });
    sync();
    expect(ana.status('Waiting for')).toBe('Waiting for you, Ben and Cleo.');
    ana.click('Done with step 1: Claim Objectives');
    sync();
    expect(ben.status('Waiting for')).toBe('Waiting for you and Cleo.');
    expect(ana.on.queryByRole('button', { name: /^Done with step 1/ })).toBeNull();
    ben.click('Done with step 1: Claim Objectives');
    cleo.click('Done with step 1: Claim Objectives');
    sync();
    // Progression feedback applies by itself: on to step 3.
    for (const p of phones) expect(p.status('Round and phase')).toMatch(/Status phase, step 3: Produce Trade Goods/);
    expect(ana.on.getByRole('group', { name: /^Step 3/ })).toBeTruthy();
  });

  it('claims a revealed objective and a secret one at step 1, within the claiming limit', () => {
    const { phones } = table();
    const [ana] = phones;
    const g = ana.game;
    g.makeMove(objectiveMoves.reveal, 'stage1-18');
    g.makeMove(objectiveMoves.reveal, 'stage1-09');
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 1 });
    ana.click('Claim Control Mecatol Rex (Stage I, +1 VP)');
    expect(g.snapshot().players.s1?.counters.vp).toBe(1);
    // One public objective per step: the other one is no longer offered.
    expect(ana.on.queryByRole('button', { name: /^Claim Control 5 planets/ })).toBeNull();
    fireEvent.change(ana.on.getByLabelText('A secret objective from your hand'), { target: { value: 'warmonger' } });
    ana.click('Reveal and claim');
    expect(g.snapshot().players.s1?.counters.vp).toBe(3);
    expect(within(ana.on.getByRole('list', { name: 'Secret (claimed) objectives' })).getByRole('listitem', { name: 'Warmonger' }).textContent).toContain('Claimed by Ana');
  });

  it('offers the secret objectives of her hand (kept on this phone only) first, and takes a claimed one out of it', async () => {
    const { phones } = table();
    const [ana] = phones;
    await saveHand('game1', 's1', { political: [], action: [], secretObjectives: ['warmonger'], placed: [] });
    ana.game.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 1 });
    const mine = await waitFor(() => ana.on.getByRole('group', { name: 'In your hand' }));
    expect(within(mine).getAllByRole('option').map((o) => o.textContent)).toEqual(['Warmonger']);
    fireEvent.change(ana.on.getByLabelText('A secret objective from your hand'), { target: { value: 'warmonger' } });
    ana.click('Reveal and claim');
    expect(ana.game.snapshot().tracker.claims.map((c) => c.objective)).toEqual(['warmonger']);
    await waitFor(async () => expect((await loadHand('game1', 's1')).secretObjectives).toEqual([]));
  });

  it('filters the game log by who acted and by round', () => {
    const { phones } = table();
    const [ana] = phones;
    const g = ana.game;
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 3);
    g.makeMove(sheetMoves.giveTradeGoods, 's1', 's2', 2);
    g.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
    g.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    fireEvent.click(ana.on.getByRole('tab', { name: 'Log' }));
    const log = () => within(ana.on.getByRole('list', { name: 'Game log, newest first' })).getAllByRole('listitem').map((li) => li.textContent ?? '');
    // Ana's phone made both changes: Ben (Hacan) did not act, though one of them concerns him.
    fireEvent.change(ana.on.getByLabelText('Who acted'), { target: { value: 's2' } });
    expect(log().some((l) => /gained|gave/.test(l))).toBe(false);
    fireEvent.change(ana.on.getByLabelText('Who acted'), { target: { value: 's1' } });
    expect(log().some((l) => /Ana gave 2 trade goods to Ben/.test(l))).toBe(true);
    expect(log().some((l) => /Ana gained 1 trade good/.test(l))).toBe(true);
    fireEvent.change(ana.on.getByLabelText('Who acted'), { target: { value: '' } });
    fireEvent.change(ana.on.getByLabelText('Round'), { target: { value: '2' } });
    expect(log()[0]).toMatch(/^R2 · .*Ana gained 1 trade good$/);
    expect(log().some((l) => /gave 2 trade goods to Ben/.test(l))).toBe(false);
  });

  /** "Next" sits behind the round's menu (issue 35 item 5): the menu, then Next. */
  const next = (p: { click: (name: string | RegExp) => void }, name: string) => {
    p.click('Round menu');
    p.click(name);
  };

  it('"Next" asks before moving the whole table past picks still missing, says whose, and Cancel changes nothing', () => {
    const { phones, sync } = table();
    const [ana, ben, cleo] = phones;
    ana.click('Pick 3 Assembly');
    sync();
    // Cleo is not picking: her tap on Next would start the action phase with one card picked.
    next(cleo, 'Next: Action phase, round 1');
    const dialog = within(cleo.on.getByRole('dialog', { name: 'Move the whole table on to Action phase?' }));
    expect(dialog.getByRole('list', { name: 'What moving on skips' }).textContent).toBe('Ana, Ben and Cleo have not picked yet (5 strategy card picks missing): the unpicked cards get their bonus counters.');
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(cleo.on.queryByRole('dialog')).toBeNull();
    expect(cleo.game.snapshot().round).toEqual({ round: 1, phase: 'strategy', step: null });
    next(cleo, 'Next: Action phase, round 1');
    fireEvent.click(cleo.on.getByRole('button', { name: 'Move on anyway' }));
    sync();
    expect(ben.game.snapshot().round).toEqual({ round: 1, phase: 'action', step: null });
  });

  it('"Next" names the players who have not passed, and the seats not done with a status step', () => {
    const { phones, sync, picks } = table();
    const [ana, ben] = phones;
    const g = ana.game;
    picks([['s1', 5], ['s2', 2], ['s3', 3], ['s1', 6], ['s2', 7], ['s3', 8]]);
    sync();
    next(ben, 'Next: Status step 1, round 1');
    expect(ben.on.getByRole('list', { name: 'What moving on skips' }).textContent).toBe('Ben, Cleo and Ana have not passed.');
    fireEvent.click(ben.on.getByRole('button', { name: 'Cancel' }));
    g.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 4 });
    ana.click('Done with step 4: Unlock Racial Upgrades');
    sync();
    next(ben, 'Next: Status step 5, round 1');
    expect(ben.on.getByRole('list', { name: 'What moving on skips' }).textContent).toBe('Ben and Cleo are not done with step 4: Unlock Racial Upgrades.');
  });

  it('"Next" is behind the round menu, which names where the table is; it asks before moving the table (issue 35 item 5)', () => {
    const { phones } = table();
    const [ana] = phones;
    ana.game.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 9 });
    expect(ana.on.queryByRole('button', { name: /^Next:/ })).toBeNull();
    ana.click('Round menu');
    expect(ana.on.getByRole('dialog', { name: 'Round menu' }).textContent).toContain('Round 1 · Status phase, step 9');
    ana.click('Next: Strategy phase, round 2');
    fireEvent.click(within(ana.on.getByRole('dialog', { name: 'Move the whole table on to Strategy phase?' })).getByRole('button', { name: 'Cancel' }));
    expect(ana.game.snapshot().round).toEqual({ round: 1, phase: 'status', step: 9 });
  });

  it('reads each seat\'s strategy cards apart in the initiative order ("1 Leadership, 5 Trade")', () => {
    const { phones, sync, picks } = table();
    const [ana] = phones;
    picks([['s1', 1], ['s2', 2], ['s3', 3], ['s1', 5], ['s2', 6], ['s3', 7]]);
    sync();
    const row = within(ana.on.getByRole('list', { name: 'Initiative order' })).getAllByRole('listitem')[0];
    expect(row?.textContent?.replace(/\s+/g, ' ').trim()).toBe('Ana 1 Leadership, 5 Trade acting now');
  });
});

describe('strategy cards played on the phones (guided bookkeeping)', () => {
  function dealt() {
    const t = table();
    t.picks([['s1', 1], ['s2', 2], ['s3', 4], ['s1', 5], ['s2', 3], ['s3', 6]]);
    t.sync();
    return t;
  }

  it('Leadership: Ana places her 3 counters and buys 1 more once, Ben buys 2 for 3 influence through the pay helper (once), Cleo declines', () => {
    const { phones, sync } = dealt();
    const [ana, ben, cleo] = phones;
    ana.click('Strategic action: play 1 Leadership');
    ana.click('Option a: +3 command counters');
    const place = within(ana.on.getByRole('dialog', { name: 'Receive command counters' }));
    for (let i = 0; i < 2; i++) fireEvent.click(place.getByRole('button', { name: 'Command pool: one counter more' }));
    fireEvent.click(place.getByRole('button', { name: 'Fleet supply: one counter more' }));
    const before = { ...ana.game.snapshot().players.s1?.counters };
    fireEvent.click(place.getByRole('button', { name: 'Receive 3' }));
    expect(ana.game.snapshot().players.s1?.counters).toMatchObject({ commandPool: (before.commandPool ?? 0) + 2, fleetSupply: (before.fleetSupply ?? 0) + 1 });
    expect(ana.on.queryByRole('region', { name: 'Resolve Leadership' })).toBeNull();

    // The holder buys once, at the card's bulk rate; then the offer is gone (SA Leadership).
    ana.game.makeMove(sheetMoves.adjustCounter, 's1', 'tradeGoods', 1);
    ana.click('Leadership: buy more command counters with influence…');
    const more = within(ana.on.getByRole('dialog', { name: 'Receive command counters' }));
    fireEvent.click(more.getByRole('button', { name: 'Command pool: one counter more' }));
    fireEvent.click(more.getByRole('button', { name: 'Receive 1' }));
    fireEvent.click(within(ana.on.getByRole('dialog', { name: 'Executive Commands: 1 counter' })).getByRole('button', { name: 'Pay 1 influence' }));
    expect(ana.on.queryByRole('button', { name: 'Leadership: buy more command counters with influence…' })).toBeNull();

    ben.game.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 1);
    sync();
    const benBefore = { ...ben.game.snapshot().players.s2?.counters };
    ben.click('Buy command counters with influence…');
    const buy = within(ben.on.getByRole('dialog', { name: 'Receive command counters' }));
    for (let i = 0; i < 2; i++) fireEvent.click(buy.getByRole('button', { name: 'Command pool: one counter more' }));
    fireEvent.click(buy.getByRole('button', { name: 'Receive 2' }));
    const pay = within(ben.on.getByRole('dialog', { name: 'Executive Commands: 2 counters' }));
    fireEvent.click(pay.getByRole('button', { name: 'Pay 3 influence' }));
    const benAfter = ben.game.snapshot().players.s2?.counters;
    expect([benAfter?.commandPool, benAfter?.tradeGoods]).toEqual([(benBefore.commandPool ?? 0) + 2, 0]);

    sync();
    cleo.click('Decline the secondary ability of Leadership');
    sync();
    expect(ana.game.snapshot().tracker.secondaries.find((o) => o.card === 1)?.answers).toEqual({ s1: true, s2: true, s3: false });
    expect(ben.on.queryByRole('button', { name: 'Buy command counters with influence…' })).toBeNull();
  });

  it("Technology for the Nekro and Jol-Nar: Ana (Nekro) is offered 3 command counters instead of a technology; Ben (Jol-Nar) buys Cybernetics and gains Gen Synthesis free in the same follow (003 Appendix 2)", () => {
    const t = table(['nekro', 'jol-nar', 'sol']);
    t.picks([['s1', 1], ['s2', 2], ['s3', 3], ['s1', 7], ['s2', 4], ['s3', 5]]);
    const [ana, ben] = t.phones;
    for (const [p, seat, card] of [[ana, 's1', 1], [ben, 's2', 2], [t.phones[2], 's3', 3]] as const) {
      p.game.makeMove(roundMoves.strategic, seat, card);
      if (card === 1) p.game.makeMove(roundMoves.primary, seat, card, 'a', { pool: 3, fleet: 0, strat: 0 });
      p.game.makeMove(roundMoves.endTurn, seat);
      t.sync();
    }
    ana.click('Strategic action: play 7 Technology');
    expect(ana.on.getByRole('region', { name: 'Resolve Technology' }).textContent).toContain('Your race takes command counters instead of each technology');
    const pool = ana.game.snapshot().players.s1?.counters.commandPool ?? 0;
    ana.click('Option a: +3 command counters');
    const place = within(ana.on.getByRole('dialog', { name: 'Receive command counters' }));
    for (let i = 0; i < 3; i++) fireEvent.click(place.getByRole('button', { name: 'Command pool: one counter more' }));
    fireEvent.click(place.getByRole('button', { name: 'Receive 3' }));
    expect(ana.game.snapshot().players.s1?.counters.commandPool).toBe(pool + 3);
    t.sync();

    ben.game.makeMove(sheetMoves.adjustCounter, 's2', 'tradeGoods', 5);
    t.sync();
    fireEvent.change(ben.on.getByLabelText('Technology to research'), { target: { value: 'cybernetics' } });
    fireEvent.change(ben.on.getByLabelText("Jol-Nar: also Technology's primary, 1 technology free"), { target: { value: 'gen-synthesis' } });
    ben.click('Research Cybernetics (−1 strategy allocation)…');
    fireEvent.click(within(ben.on.getByRole('dialog', { name: 'Advanced Research: Cybernetics' })).getByRole('button', { name: 'Pay 5 resources' }));
    expect(ben.game.snapshot().players.s2?.techs).toEqual(expect.arrayContaining(['cybernetics', 'gen-synthesis']));
  });

  it('Trade option a gives 3 trade goods on the holder\'s phone, below the card\'s text for what the board holds', () => {
    const { phones, sync } = dealt();
    const [ana, ben, cleo] = phones;
    for (const [p, card] of [[ana, 1], [ben, 2], [cleo, 4]] as const) {
      sync();
      p.click(`Strategic action: play ${card} ${['', 'Leadership', 'Diplomacy', '', 'Production'][card]}`);
      endTurn(p);
    }
    sync();
    ana.click('Strategic action: play 5 Trade');
    // The card's text says what the board holds; the options say what the tap records.
    expect(ana.on.getByRole('region', { name: 'Resolve Trade' }).textContent).toContain('Interstellar Commerce: a) gain 3 TG');
    const before = ana.game.snapshot().players.s1?.counters.tradeGoods ?? 0;
    ana.click('Option a: +3 trade goods, then collect your agreements for free');
    expect(ana.game.snapshot().players.s1?.counters.tradeGoods).toBe(before + 3);
    // Cleo has no agreement: her Realize Profits would cost a counter for nothing, and is no main button (issue 35 item 2).
    sync();
    const realize = cleo.on.getByRole('button', { name: 'Realize Profits: nothing to collect (−1 strategy allocation)' });
    expect(realize.classList.contains('primary')).toBe(false);
  });

  it('Realize Profits with nothing to collect asks before taking the counter for nothing; Cancel keeps it (issue 35 item 1)', () => {
    const { phones, sync } = dealt();
    const [ana, ben, cleo] = phones;
    for (const [p, card] of [[ana, 1], [ben, 2], [cleo, 4]] as const) {
      sync();
      p.click(`Strategic action: play ${card} ${['', 'Leadership', 'Diplomacy', '', 'Production'][card]}`);
      endTurn(p);
    }
    sync();
    ana.click('Strategic action: play 5 Trade');
    sync();
    const strat = () => cleo.game.snapshot().players.s3?.counters.strategyAllocation;
    const before = strat();
    cleo.click('Realize Profits: nothing to collect (−1 strategy allocation)');
    const ask = () => cleo.on.getByRole('dialog', { name: 'Pay a strategy allocation counter for nothing?' });
    expect(ask().textContent).toContain('no trade goods lie on your agreements');
    fireEvent.click(within(ask()).getByRole('button', { name: 'Cancel' }));
    expect(strat()).toBe(before);
    cleo.click('Realize Profits: nothing to collect (−1 strategy allocation)');
    fireEvent.click(within(ask()).getByRole('button', { name: 'Pay it for nothing' }));
    expect(strat()).toBe((before ?? 0) - 1);
  });

  it("Trade's special comes on the holder's phone when the last player answers Realize Profits, also after her turn (issue 35 item 1)", () => {
    const { phones, sync } = dealt();
    const [ana, ben, cleo] = phones;
    const id = proposeNow(ben.game, 's2', 's3', 0);
    sync();
    cleo.game.makeMoveSigned(tradeMoves.accept, id, 1);
    sync();
    for (const [p, card] of [[ana, 1], [ben, 2], [cleo, 4]] as const) {
      sync();
      p.click(`Strategic action: play ${card} ${['', 'Leadership', 'Diplomacy', '', 'Production'][card]}`);
      endTurn(p);
    }
    sync();
    ana.click('Strategic action: play 5 Trade');
    ana.click('Option a: +3 trade goods, then collect your agreements for free');
    // Nobody has answered yet: nothing is owed, and End turn asks nothing.
    endTurn(ana);
    expect(ana.game.snapshot().tracker.active).toBe('s2');
    sync();
    ben.click('Decline the secondary ability of Trade');
    cleo.click('Decline the secondary ability of Trade');
    sync();
    const before = ana.game.snapshot().trade.agreements[0]?.onA.goods ?? 0;
    ana.click("Trade's special: place trade goods on every agreement");
    expect(ana.game.snapshot().trade.agreements[0]?.onA.goods).toBeGreaterThan(before);
  });

  it('Pass with secondary abilities unanswered asks first and names them; Cancel keeps her turn; answered, Pass asks nothing (issue 35 item 1)', () => {
    const { phones, sync } = dealt();
    const [ana, ben, cleo] = phones;
    const names = ['', 'Leadership', 'Diplomacy', 'Assembly', 'Production', 'Trade', 'Warfare'];
    for (const [p, card] of [[ana, 1], [ben, 2], [cleo, 4], [ana, 5], [ben, 3], [cleo, 6]] as const) {
      sync();
      p.click(`Strategic action: play ${card} ${names[card]}`);
      if (card === 5) ana.click('Option a: +3 trade goods, then collect your agreements for free');
      endTurn(p);
    }
    sync();
    ana.click('Pass');
    const ask = ana.on.getByRole('dialog', { name: "Pass without your answer to Diplomacy's, Production's, Assembly's and Warfare's secondary abilities?" });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(ana.game.snapshot().tracker.passed).not.toContain('s1');
    for (const card of [2, 4, 3, 6]) ana.click(`Decline the secondary ability of ${names[card]}`);
    ana.click('Pass');
    expect(ana.on.queryByRole('dialog')).toBeNull();
    expect(ana.game.snapshot().tracker.passed).toContain('s1');
  });

  it('Assembly b gives the Speaker token to the player Ana picks; Bureaucracy places a Stage I objective and flips the cycler for 1 influence; Technology a gains a technology free', () => {
    const t = table();
    t.picks([['s1', 3], ['s2', 8], ['s3', 2], ['s1', 7], ['s2', 1], ['s3', 4]]);
    t.sync();
    const [ana, ben, cleo] = t.phones;
    const turn = (p: typeof ana, card: string) => {
      t.sync();
      p.click(`Strategic action: play ${card}`);
    };
    const end = (p: typeof ana) => {
      endTurn(p);
      t.sync();
    };
    turn(ben, '1 Leadership');
    end(ben);
    turn(cleo, '2 Diplomacy');
    end(cleo);

    turn(ana, '3 Assembly');
    ana.click(/^Option b: .*give the Speaker token to another player/);
    fireEvent.click(ana.on.getByRole('radio', { name: 'Cleo' }));
    ana.click('Give it and resolve Assembly');
    expect(ana.game.snapshot().tracker.speaker).toBe('s3');
    end(ana);

    turn(ben, '8 Bureaucracy');
    ben.click(/^Option a: \+1 command counter, place a Stage I objective face up/);
    fireEvent.change(ben.on.getByLabelText('Stage I objective drawn'), { target: { value: 'stage1-04' } });
    fireEvent.click(ben.on.getByRole('checkbox', { name: 'Flip the rotation cycler (1 influence)' }));
    ben.click('Place 1 command counter…');
    const place = within(ben.on.getByRole('dialog', { name: 'Receive command counters' }));
    fireEvent.click(place.getByRole('button', { name: 'Command pool: one counter more' }));
    fireEvent.click(place.getByRole('button', { name: 'Receive 1' }));
    const direction = ben.game.snapshot().tracker.direction;
    fireEvent.click(within(ben.on.getByRole('dialog', { name: 'Flipping the rotation cycler' })).getByRole('button', { name: 'Pay 1 influence' }));
    const s = ben.game.snapshot();
    expect([s.tracker.revealed, s.tracker.direction === direction, s.tracker.resolved]).toEqual([['stage1-04'], false, [3, 8]]);
    end(ben);
    turn(cleo, '4 Production');
    end(cleo);

    turn(ana, '7 Technology');
    // End turn before the primary is recorded asks first; Cancel keeps her turn (issue 35 item 1).
    expect(ana.on.getByRole('button', { name: 'End turn' }).classList.contains('primary')).toBe(false);
    ana.click('End turn');
    fireEvent.click(within(ana.on.getByRole('dialog', { name: "End your turn without Technology's primary ability?" })).getByRole('button', { name: 'Cancel' }));
    expect(ana.game.snapshot().tracker.active).toBe('s1');
    ana.click(/^Option a: gain 1 technology/);
    // What she may take is offered: Hyper Metabolism needs Gen Synthesis, which she has not, so it is listed
    // greyed with what it lacks and cannot be chosen (issue 35 item 3, "Choices that cannot be refused").
    const options = () => [...(ana.on.getByLabelText('Technology to gain') as HTMLSelectElement).options];
    const listed = () => options().filter((o) => !o.disabled).map((o) => o.value);
    expect(listed()).toContain('gen-synthesis');
    expect(listed()).not.toContain('hyper-metabolism');
    const locked = options().find((o) => o.value === 'locked:hyper-metabolism');
    expect([locked?.disabled, locked?.textContent]).toEqual([true, expect.stringMatching(/^Hyper Metabolism: needs .*Gen Synthesis/)]);
    fireEvent.change(ana.on.getByLabelText('Technology to gain'), { target: { value: 'gen-synthesis' } });
    ana.click('Gain it');
    expect(ana.game.snapshot().players.s1?.techs).toContain('gen-synthesis');
  });

  it('an action by action card: Ana finds Armistice in the list (Bribery is not offered: its timing is not "As an action"), plays it as her action with no counter, and End turn passes the turn; Cleo plays one outside her turn', () => {
    const t = table();
    t.picks([['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]]);
    const [ana, ben, cleo] = t.phones;
    ana.game.makeMove(sheetMoves.adjustCounter, 's1', 'actionCards', 1);
    cleo.game.makeMove(sheetMoves.adjustCounter, 's3', 'actionCards', 1);
    t.sync();
    const pool = ana.game.snapshot().players.s1?.counters.commandPool;
    ana.click('Action by action card or race ability…');
    // Bribery is played "After votes are revealed": never offered as a turn's action (001 "Action Cards").
    fireEvent.input(ana.on.getByLabelText('Action card played'), { target: { value: 'bribery' } });
    expect(within(ana.on.getByRole('list', { name: 'Matching cards' })).queryAllByRole('button')).toEqual([]);
    fireEvent.input(ana.on.getByLabelText('Action card played'), { target: { value: 'armis' } });
    ana.click('Play as your action: Armistice');
    expect(ana.game.snapshot().players.s1?.counters).toMatchObject({ actionCards: 0, commandPool: pool });
    endTurn(ana);
    t.sync();
    expect(ben.game.snapshot().tracker.active).toBe('s2');
    cleo.click('Play an action card (1 in hand)…');
    fireEvent.input(cleo.on.getByLabelText('Action card played'), { target: { value: 'sabot' } });
    cleo.click('Play it: Sabotage');
    expect(cleo.game.snapshot().players.s3?.counters.actionCards).toBe(0);
  });

  it('an objective that costs: "spend 3 CC" asks which counters go, and claims and pays in one change', () => {
    const t = table();
    const [ana] = t.phones;
    const id = OBJECTIVES.find((o) => o.text.startsWith('spend 3 CC'))?.id as string;
    ana.game.makeMove(objectiveMoves.reveal, id);
    ana.game.makeMove(roundMoves.setRound, { round: 1, phase: 'status', step: 1 });
    const before = { ...ana.game.snapshot().players.s1?.counters };
    ana.click(/^Claim .* · pay 3 command counters…$/);
    const dialog = within(ana.on.getByRole('dialog'));
    // It opens on what she can pay: her strategy allocation holds 2, so 1 comes from her command pool (issue 35 item 5).
    expect(dialog.getByText('2 counters from your strategy allocation.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Pay and claim' }));
    expect(ana.game.snapshot().players.s1?.counters).toMatchObject({ commandPool: (before.commandPool ?? 0) - 1, strategyAllocation: (before.strategyAllocation ?? 0) - 2, vp: 1 });
  });

  it('Pass and surrender asks first and Cancel changes nothing; Surrender passes her turn; "A player is eliminated…" names the seat and asks first', () => {
    const t = table();
    t.picks([['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]]);
    const [ana, ben, cleo] = t.phones;
    for (const [p, card] of [[ana, '1 Leadership'], [ben, '2 Diplomacy'], [cleo, '3 Assembly'], [ana, '4 Production'], [ben, '5 Trade'], [cleo, '6 Warfare']] as const) {
      t.sync();
      p.click(`Strategic action: play ${card}`);
      endTurn(p);
    }
    t.sync();
    ana.click('Pass and surrender…');
    fireEvent.click(within(ana.on.getByRole('dialog', { name: 'Surrender?' })).getByRole('button', { name: 'Cancel' }));
    expect(ana.game.snapshot().tracker.passed).toEqual([]);
    ana.click('Pass and surrender…');
    fireEvent.click(within(ana.on.getByRole('dialog', { name: 'Surrender?' })).getByRole('button', { name: 'Surrender' }));
    expect(ana.game.snapshot().tracker).toMatchObject({ passed: ['s1'], surrendering: ['s1'] });
    t.sync();
    expect(ben.on.getByRole('note', { name: '' }).textContent ?? '').toContain('Surrendered, out at the end of the round: Ana');

    cleo.click('A player is eliminated…');
    const dialog = within(cleo.on.getByRole('dialog', { name: 'Eliminate a player' }));
    fireEvent.click(dialog.getByRole('radio', { name: 'Ben' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Eliminate Ben' }));
    expect(cleo.game.snapshot().tracker.out).toEqual(['s2']);
  });

  it('after a surrender at a 3-player table, round 2 picks 3 cards each for the 2 left (001 "Elimination" 6, "2 players": "Players pick THREE Strategy Cards")', () => {
    const t = table();
    t.picks([['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]]);
    const [ana, ben, cleo] = t.phones;
    for (const [p, seat, card] of [[ana, 's1', 1], [ben, 's2', 2], [cleo, 's3', 3], [ana, 's1', 4], [ben, 's2', 5], [cleo, 's3', 6]] as const) {
      p.game.makeMove(roundMoves.strategic, seat, card);
      p.game.makeMove(roundMoves.endTurn, seat);
      t.sync();
    }
    ana.game.makeMove(roundMoves.pass, 's1');
    t.sync();
    ben.game.makeMove(roundMoves.surrender, 's2');
    t.sync();
    cleo.game.makeMove(roundMoves.pass, 's3');
    t.sync();
    ana.game.makeMove(roundMoves.setRound, { round: 2, phase: 'strategy', step: null });
    t.sync();
    expect(cleo.on.getByText(/^Picking order: Ana and Cleo, 3 cards each, one at a time\.$/)).toBeTruthy();
  });
});
