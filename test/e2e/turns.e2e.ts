/**
 * Issue 25 at a table of three phones over real WebRTC: Ana takes her turn with an action card, Cleo
 * surrenders as she passes, Ben claims an objective that costs and pays it; the next round every phone
 * leaves Cleo out of the picks.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OBJECTIVES } from '../../src/data';
import { realParts } from './browser';
import { command, connectionButton, hostTable, roundState, WEBRTC_ARGS } from './phones';
import type { TablePhone } from './phones';

const real = realParts(WEBRTC_ARGS);

/** Makes the round's (or the objectives') move `method` on a phone, as the Round tab's controls do. */
async function round(page: Page, method: string, ...args: unknown[]): Promise<void> {
  await page.evaluate(
    ([m, a]) => {
      const tt = (globalThis as unknown as { __tt: { game: { makeMove(move: unknown, ...args: unknown[]): void; moves: Record<'round' | 'objectives', Record<string, unknown>> } } }).__tt;
      const move = tt.game.moves.round[m as string] ?? tt.game.moves.objectives[m as string];
      if (!move) throw new Error(`There is no round or objectives move ${String(m)}`);
      tt.game.makeMove(move, ...(a as unknown[]));
    },
    [method, args] as const,
  );
}

interface Seen {
  tracker: { active: string | null; picker: string | null; out: string[]; surrendering: string[]; passed: string[]; cards: { initiative: number; holder: string | null }[] };
  round: { round: number; phase: string; step: number | null };
  players: Record<string, { counters: Record<string, number> }>;
  log: number;
}

const seen = roundState;

describe('every turn, claim and surrender at a table of three phones', () => {
  it('an action by card, a surrender as she passes, an objective paid as it is claimed; the next round skips her on every phone', async () => {
    const table = await hostTable(real.browser, real.app.url, 'Turns night', [
      { name: 'Ana', race: 'sol' },
      { name: 'Ben', race: 'letnev' },
      { name: 'Cleo', race: 'xxcha' },
    ]);
    const [ana, ben, cleo] = table.phones as [TablePhone, TablePhone, TablePhone];
    const phones = [ana, ben, cleo];
    const bySeat: Record<string, TablePhone> = { s1: ana, s2: ben, s3: cleo };
    for (const p of phones) await expect.poll(() => connectionButton(p).textContent(), { timeout: 30_000 }).toBe('2 phones');
    const agree = async (): Promise<Seen> => {
      await expect.poll(async () => new Set(await Promise.all(phones.map((p) => seen(p.page)))).size, { timeout: 20_000 }).toBe(1);
      return JSON.parse(await seen(ana.page)) as Seen;
    };
    /** Each seat's move on its own phone, once every phone has heard of the one before. */
    const onPhone = async (seat: string, method: string, ...args: unknown[]) => {
      await agree();
      await round((bySeat[seat] as TablePhone).page, method, seat, ...args);
    };
    for (const p of phones) await p.page.getByRole('tab', { name: 'Round' }).click();

    const spend3 = OBJECTIVES.find((o) => o.text.startsWith('spend 3 CC'))?.id as string;
    await round(ana.page, 'reveal', spend3);
    for (const [seat, card] of [['s1', 1], ['s2', 2], ['s3', 3], ['s1', 4], ['s2', 5], ['s3', 6]] as const) await onPhone(seat, 'pick', card);

    // Ana's turn: the action card Armistice, found by a few letters, as her action; no command counter.
    await command(ana.page, 'sheet.adjustCounter', 's1', 'actionCards', 1);
    let s = await agree();
    const anaPool = s.players.s1?.counters.commandPool;
    await ana.page.getByRole('button', { name: 'Action by action card or race ability…' }).click();
    // Bribery ("After votes are revealed") is not offered as a turn's action, nor can its name be typed in.
    await ana.page.getByLabel('Action card played').fill('bribery');
    expect(await ana.page.getByRole('list', { name: 'Matching cards' }).getByRole('button').count()).toBe(0);
    await ana.page.getByLabel('Action card played').fill('armis');
    await ana.page.getByRole('button', { name: 'Play as your action: Armistice' }).click();
    await ana.page.getByRole('button', { name: 'End turn' }).click();
    s = await agree();
    expect([s.players.s1?.counters.actionCards, s.players.s1?.counters.commandPool, s.tracker.active]).toEqual([0, anaPool, 's2']);
    for (const p of phones) {
      await p.page.getByRole('tab', { name: 'Log' }).click();
      await p.page.getByText('Ana took an action with the action card Armistice').first().waitFor();
      await p.page.getByRole('tab', { name: 'Round' }).click();
    }

    // The strategy cards, played on each phone; then Ana and Ben pass, Cleo passes and surrenders.
    for (const [seat, card] of [['s2', 2], ['s3', 3], ['s1', 1], ['s2', 5], ['s3', 6], ['s1', 4]] as const) {
      await onPhone(seat, 'strategic', card);
      await onPhone(seat, 'endTurn');
    }
    await onPhone('s2', 'pass');
    await agree();
    await cleo.page.getByRole('button', { name: 'Pass and surrender…' }).click();
    await cleo.page.getByRole('dialog', { name: 'Surrender?' }).getByRole('button', { name: 'Surrender' }).click();
    await onPhone('s1', 'pass');
    s = await agree();
    expect([s.round.phase, s.tracker.surrendering]).toEqual(['status', ['s3']]);

    // Status step 1: Ben claims "spend 3 CC" and pays 1 from his command pool and 2 from strategy allocation.
    const benBefore = s.players.s2?.counters as Record<string, number>;
    await ben.page.getByRole('button', { name: /^Claim .* · pay 3 command counters…$/ }).click();
    const pay = ben.page.getByRole('dialog');
    // It opens on what he can pay: 2 from his strategy allocation, so 1 from his command pool (issue 35 item 5).
    await pay.getByText('2 counters from your strategy allocation.').waitFor();
    await pay.getByRole('button', { name: 'Pay and claim' }).click();
    s = await agree();
    expect(s.players.s2?.counters).toMatchObject({ vp: 1, commandPool: (benBefore.commandPool ?? 0) - 1, strategyAllocation: (benBefore.strategyAllocation ?? 0) - 2 });

    // The round ends: Cleo is out on every phone, and the picks go Ana, Ben, Ana… without her.
    await command(ana.page, 'round.setRound', { round: 2, phase: 'strategy', step: null });
    s = await agree();
    expect([s.tracker.out, s.tracker.picker, s.players.s3?.counters.tradeGoods]).toEqual([['s3'], 's1', 0]);
    await onPhone('s1', 'pick', 1);
    s = await agree();
    expect(s.tracker.picker).toBe('s2');
    await onPhone('s2', 'pick', 2);
    s = await agree();
    expect(s.tracker.picker).toBe('s1');
    await expect.poll(() => cleo.page.getByRole('note').filter({ hasText: 'Out of the game: Cleo' }).count()).toBeGreaterThan(0);

    // The 2 left pick three cards each (001 "2 players": "Players pick THREE Strategy Cards"), on their own phones.
    await ana.page.getByText('Picking order: Ana and Ben, 3 cards each, one at a time.').waitFor();
    for (const [seat, card, name] of [['s1', 3, 'Assembly'], ['s2', 4, 'Production'], ['s1', 5, 'Trade'], ['s2', 6, 'Warfare']] as const) {
      await agree();
      await (bySeat[seat] as TablePhone).page.getByRole('button', { name: `Pick ${card} ${name}`, exact: true }).click();
    }
    s = await agree();
    const held = (seat: string) => s.tracker.cards.filter((c) => c.holder === seat).map((c) => c.initiative);
    expect([held('s1'), held('s2'), held('s3'), s.tracker.picker, s.round.phase]).toEqual([[1, 3, 5], [2, 4, 6], [], null, 'action']);
  });

  it('2 players: the Assembly holder adds Assembly b\'s +3 to her secret ballot, and both phones count it at the reveal', async () => {
    const table = await hostTable(real.browser, real.app.url, 'Duel night', [
      { name: 'Ana', race: 'sol' },
      { name: 'Ben', race: 'letnev' },
    ]);
    const [ana, ben] = table.phones as [TablePhone, TablePhone];
    for (const p of [ana, ben]) await expect.poll(() => connectionButton(p).textContent(), { timeout: 30_000 }).toBe('1 phone');
    for (const [p, agenda] of [[ana, 'Checks and Balances'], [ben, 'Arms Reduction']] as const) {
      await p.page.getByRole('tab', { name: 'Council' }).click();
      await p.page.locator('[id="agenda-card-picker"]').getByRole('searchbox').fill(agenda.slice(0, 5));
      await p.page.locator('[id="agenda-card-picker"]').getByRole('button', { name: agenda, exact: true }).click();
      await p.page.getByRole('button', { name: 'Place face down' }).click();
    }
    await ana.page.getByText('Assembly played: start a vote').click({ timeout: 20_000 });
    await ana.page.getByRole('checkbox', { name: /Checks and Balances/ }).check();
    await ana.page.getByRole('button', { name: 'Start the vote' }).click();

    const ballot = ana.page.getByRole('form', { name: 'Your ballot' });
    await ballot.getByText('Extra votes from an effect').click();
    await ballot.getByRole('combobox', { name: 'Votes from' }).selectOption('assembly');
    await ballot.getByRole('button', { name: 'Add these votes' }).click();
    await ballot.getByRole('radio', { name: 'For', exact: true }).check();
    await ballot.getByRole('button', { name: 'Lock in my ballot' }).click();
    const benBallot = ben.page.getByRole('form', { name: 'Your ballot' });
    await benBallot.getByRole('radio', { name: 'Against', exact: true }).check({ timeout: 20_000 });
    await benBallot.getByRole('button', { name: 'Lock in my ballot' }).click();

    type Council = { sessions: { results: { totals: Record<string, number> }[] | null; limits: Record<string, number> }[] };
    const results = (page: Page) => page.evaluate(() => (globalThis as unknown as { __tt: { game: { snapshot(): { council: Council } } } }).__tt.game.snapshot().council.sessions[0]);
    for (const p of [ana, ben]) await expect.poll(async () => !!(await results(p.page))?.results, { timeout: 20_000 }).toBe(true);
    const [onAna, onBen] = [await results(ana.page), await results(ben.page)];
    expect(onBen?.results).toEqual(onAna?.results);
    // Her planets' votes (her limit without effects) plus Assembly b's 3, all for.
    expect(onAna?.results?.[0]?.totals.for).toBe((onAna?.limits.s1 ?? NaN) + 3);
    await ben.page.getByRole('tab', { name: 'Log' }).click();
    await ben.page.getByText(/\+3 from Assembly b/).first().waitFor();
  });
});
