/**
 * The table's TV at 1920×1080 (issue 35 item 6, from a first game night): one screen with no scroll and
 * the VP chart on it, from 3 to 8 players, no text under 18 px; the council's result leaves with the phase
 * it was announced in; the turn order shown is the one the picks make. A phone that holds no seat (so it
 * may write for all) plays the table, and the TV is a second tab of the same browser.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createGameThroughUI, realParts } from './browser';
import type { SeatInput } from './browser';
import { command } from './phones';
import { textSizes } from './layout';

const real = realParts();

const EIGHT: SeatInput[] = [
  { name: 'Ana', race: 'sol' },
  { name: 'Ben', race: 'hacan' },
  { name: 'Cleo', race: 'xxcha' },
  { name: 'Dan', race: 'jol-nar' },
  { name: 'Eva', race: 'letnev' },
  { name: 'Finn', race: 'mentak' },
  { name: 'Gus', race: 'naalu' },
  { name: 'Hal', race: 'sardakk' },
];

type Handle = {
  __tt: {
    game: {
      snapshot(): { tracker: { picker: string | null; cards: { initiative: number; bonus: number }[] } };
      makeMove(move: unknown, ...args: unknown[]): void;
      moves: Record<'round' | 'objectives', Record<string, unknown>>;
    };
  };
};

/** Makes the round's (or the objectives') move `method` on the phone, as its Round tab does. */
async function round(page: Page, method: string, ...args: unknown[]): Promise<void> {
  await page.waitForFunction(() => !!(globalThis as unknown as { __tt?: unknown }).__tt);
  await page.evaluate(([m, a]) => {
    const tt = (globalThis as unknown as Handle).__tt;
    const move = tt.game.moves.round[m as string] ?? tt.game.moves.objectives[m as string];
    if (!move) throw new Error(`There is no round or objectives move ${String(m)}`);
    tt.game.makeMove(move, ...(a as unknown[]));
  }, [method, args] as const);
}

/** The pickers, in turn, take these cards (with any bonus counters on them as trade goods). */
async function pick(page: Page, cards: number[]): Promise<void> {
  await page.evaluate((list) => {
    const { game } = (globalThis as unknown as Handle).__tt;
    for (const card of list) {
      const t = game.snapshot().tracker;
      if (!t.picker) return;
      const bonus = t.cards.find((c) => c.initiative === card)?.bonus ?? 0;
      game.makeMove(game.moves.round.pick, t.picker, card, { tradeGoods: bonus, pool: 0, fleet: 0, strat: 0 });
    }
  }, cards);
}

/** A phone (360 px) and the TV (1920×1080): two tabs of one browser, sharing the game's storage. */
async function phoneAndTv(browser: Browser): Promise<{ phone: Page; tv: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await context.addInitScript(() => {
    try {
      localStorage.setItem('tt-debug', '1');
    } catch {
      // about:blank, between two games on the TV
    }
  });
  const [phone, tv] = [await context.newPage(), await context.newPage()];
  for (const p of [phone, tv]) p.on('pageerror', (e) => console.error('[page error]', e.message));
  await phone.setViewportSize({ width: 360, height: 740 });
  await phone.goto(real.app.url);
  return { phone, tv, close: () => context.close() };
}

/**
 * Round 3 of a game well under way: VP in every round, seven objectives face up as the setup lays them
 * (the longest requirement among them) and two claimed, every card picked, the first player in the
 * middle of a strategic action.
 */
async function gameUnderWay(phone: Page, seats: SeatInput[]): Promise<string> {
  await phone.goto(real.app.url);
  const id = await createGameThroughUI(phone, `TV night for ${seats.length}`, seats);
  for (const objective of ['stage1-10', 'stage1-02', 'stage1-05', 'antagonist', 'stage2-01', 'stage2-02', 'stage2-03']) await round(phone, 'reveal', objective);
  for (const [i, vp] of [2, 1, 3, 0, 1, 2, 1, 0].slice(0, seats.length).entries()) await command(phone, 'sheet.adjustCounter', `s${i + 1}`, 'vp', vp);
  await command(phone, 'round.setRound', { round: 2, phase: 'status', step: 1 });
  await round(phone, 'claim', 's1', 'stage1-02');
  await round(phone, 'claim', 's2', 'stage1-02');
  await command(phone, 'round.setRound', { round: 3, phase: 'strategy', step: null });
  await pick(phone, [8, 1, 5, 3, 7, 2, 6, 4]);
  await command(phone, 'round.setRound', { round: 3, phase: 'action', step: null });
  const first = await phone.evaluate(() => (globalThis as unknown as { __tt: { game: { snapshot(): { tracker: { active: string } } } } }).__tt.game.snapshot().tracker.active);
  await round(phone, 'strategic', first, 1);
  return id;
}

/**
 * The page's size, the chart's box, the seats' lines cut short (their text wider than their box), and the
 * objectives that do not show (below the bottom of their section, which gives way before the chart does).
 */
function measure(tv: Page) {
  return tv.evaluate(() => {
    const svg = document.querySelector<SVGSVGElement>('.tv-glance svg');
    const chart = svg?.getBoundingClientRect();
    const chartText = Math.min(...[...(svg?.querySelectorAll('text') ?? [])].map((t) => parseFloat(getComputedStyle(t).fontSize) * (t.getScreenCTM()?.a ?? 1)));
    const cut = [...document.querySelectorAll<HTMLElement>('.tv-seat :not(.sr-only)')].filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent ?? '');
    const objectives = document.querySelector('.tv-objectives')?.getBoundingClientRect();
    const unseen = [...document.querySelectorAll('.tv-objectives li')].filter((li) => li.getBoundingClientRect().bottom > (objectives?.bottom ?? 0) + 1).map((li) => li.textContent ?? '');
    return { height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth, chart: chart && { top: chart.top, bottom: chart.bottom, height: chart.height, text: chartText }, cut, unseen };
  });
}

/** This phone plays `seat` now (the seats it left are held by nobody: it reveals their choices too), on the Council tab. */
async function playAs(page: Page, seat: string): Promise<void> {
  const me = page.getByRole('button', { name: new RegExp(`^${seat} \\(you\\), `) });
  if (!(await me.count())) {
    if (await page.getByRole('button', { name: 'Change player' }).count()) {
      await page.getByRole('button', { name: 'Change player' }).click();
      await page.getByRole('dialog', { name: 'Change player?' }).getByRole('button', { name: 'Choose another player' }).click();
    }
    await page.getByRole('button', { name: new RegExp(`^This phone is ${seat}`) }).click();
    await me.waitFor();
  }
  await page.getByRole('tab', { name: 'Council' }).click();
}

/** Finds a card in a picker by a few letters of its name (a short list is offered whole) and taps it. */
async function pickCard(page: Page, picker: string, card: string): Promise<void> {
  const box = page.locator(`[id="${picker}-picker"]`);
  const button = box.getByRole('button', { name: card, exact: true });
  if (!(await button.count())) await box.getByRole('searchbox').fill(card.slice(0, 5));
  await button.click();
}

const DECK = 'The top card of the deck, unseen';
/** The TV is another tab: a change made on the phone reaches it through the browser's storage and channel. */
const SYNCED = { timeout: 10_000 };

describe('the TV at 1920×1080', () => {
  it('fits one screen with the VP chart on it for 3 to 8 players, no text under 18 px, no seat line cut short and every objective of the setup shown', async () => {
    const { phone, tv, close } = await phoneAndTv(real.browser);
    try {
      const seen: string[] = [];
      for (const n of [3, 4, 5, 6, 7, 8]) {
        const id = await gameUnderWay(phone, EIGHT.slice(0, n));
        // A fresh load: the table view keeps the game it opened with when only the address after # changes.
        await tv.goto('about:blank');
        await tv.goto(`${real.app.url}/#/table/${id}`);
        await tv.getByRole('heading', { name: `TV night for ${n}` }).waitFor();
        await tv.getByRole('img', { name: /^Victory points in rounds 1 to 3/ }).waitFor();
        await tv.getByRole('timer', { name: "Ana's turn time" }).waitFor();
        // TV_SHOTS=<folder>: a screenshot of each, to look at.
        if (process.env.TV_SHOTS) await tv.screenshot({ path: `${process.env.TV_SHOTS}/tv-${n}.png` });
        const m = await measure(tv);
        const sizes = await textSizes(tv);
        seen.push(`${n} players: page ${m.height} px tall, chart ${Math.round(m.chart?.height ?? 0)} px tall (its text ${m.chart?.text.toFixed(1)} px), smallest text ${sizes[0]?.px.toFixed(1)} px ("${sizes[0]?.text}")`);
        expect(m.height, `${n} players`).toBeLessThanOrEqual(1080);
        expect(m.width, `${n} players`).toBeLessThanOrEqual(1920);
        expect(m.chart && m.chart.top >= 0 && m.chart.bottom <= 1080 && m.chart.height >= 200, `${n} players: chart ${JSON.stringify(m.chart)}`).toBe(true);
        expect(sizes.filter((s) => s.px < 18), `${n} players`).toEqual([]);
        expect(m.cut, `${n} players`).toEqual([]);
        // The seven objectives a setup lays face up all show.
        expect(m.unseen, `${n} players`).toEqual([]);
      }
      console.log(`The TV at 1920×1080:\n  ${seen.join('\n  ')}`);
    } finally {
      await close();
    }
  });

  it('shows the turn order the picks make, lowest initiative first, after the picking order from the Speaker', async () => {
    const { phone, tv, close } = await phoneAndTv(real.browser);
    try {
      const id = await createGameThroughUI(phone, 'Order night', EIGHT);
      await tv.goto(`${real.app.url}/#/table/${id}`);
      const order = (label: string) => tv.getByRole('list', { name: label });
      const places = (label: string) => order(label).getByRole('listitem').allTextContents();
      await expect.poll(() => places('Picking order:'), SYNCED).toEqual(EIGHT.map((s) => s.name));
      // Ana (the Speaker) takes Imperial (8), Ben Leadership (1), Cleo Trade (5).
      await pick(phone, [8, 1, 5]);
      await expect.poll(() => places('Turn order:'), SYNCED).toEqual(['1 Ben', '5 Cleo', '8 Ana']);
      expect(await tv.locator('.tv-order').textContent()).toMatch(/still to pick: Dan, Eva, Finn, Gus and Hal$/);
      await pick(phone, [3, 7, 2, 6, 4]);
      await command(phone, 'round.setRound', { round: 1, phase: 'action', step: null });
      await expect.poll(() => places('Turn order:'), SYNCED).toEqual(['1 Ben', '2 Finn', '3 Dan', '4 Hal', '5 Cleo', '6 Gus', '7 Eva', '8 Ana']);
      // Whoever acts is marked: Ben, then the next in this order.
      await expect.poll(() => order('Turn order:').locator('[aria-current="true"]').textContent(), SYNCED).toBe('1 Ben');
      await round(phone, 'strategic', 's2', 1);
      await round(phone, 'endTurn', 's2');
      await expect.poll(() => order('Turn order:').locator('[aria-current="true"]').textContent(), SYNCED).toBe('2 Finn');
    } finally {
      await close();
    }
  });

  it("shows the council's result while the phase it was announced in lasts, on the one screen, and not in the next round", async () => {
    const { phone, tv, close } = await phoneAndTv(real.browser);
    // Three players: this phone plays every seat in turn through the Council tab (8 would take minutes).
    const seats = EIGHT.slice(0, 3);
    try {
      const id = await createGameThroughUI(phone, 'Council on the TV', seats);
      await command(phone, 'round.setRound', { round: 1, phase: 'action', step: null });
      await tv.goto(`${real.app.url}/#/table/${id}`);
      await tv.getByRole('list', { name: 'Players' }).waitFor();
      // Every player places an agenda (two from their hands, the rest the top of the deck); Ana puts two to the vote.
      for (const [i, seat] of seats.entries()) {
        await playAs(phone, seat.name);
        await pickCard(phone, 'agenda-card', ['Checks and Balances', 'Aggressive Strategy'][i] ?? DECK);
        await phone.getByRole('button', { name: 'Place face down' }).click();
        await phone.getByLabel(/^Your agenda/).waitFor({ state: 'detached' });
      }
      await playAs(phone, 'Ana');
      await phone.getByText('Assembly played: start a vote').click();
      await phone.getByRole('checkbox', { name: /Checks and Balances/ }).check();
      await phone.getByRole('checkbox', { name: /Aggressive Strategy/ }).check();
      await phone.getByRole('button', { name: 'Start the vote' }).click();
      for (const seat of seats) {
        await playAs(phone, seat.name);
        await phone.getByRole('button', { name: 'Lock in my ballot' }).click();
        await phone.getByRole('dialog', { name: 'Lock in an empty ballot?' }).getByRole('button', { name: 'Lock in with no votes' }).click();
        await phone.getByText('Your ballot is locked in').or(phone.getByText("Everyone's ballot")).waitFor();
      }
      const news = tv.getByRole('status').filter({ hasText: 'The council has voted.' });
      await news.waitFor();
      expect(await news.textContent()).toContain('Checks and Balances: no votes, discarded without effect');
      const m = await measure(tv);
      expect(m.height).toBeLessThanOrEqual(1080);
      expect(m.chart && m.chart.bottom <= 1080 && m.chart.height >= 200, JSON.stringify(m.chart)).toBe(true);
      expect((await textSizes(tv)).filter((t) => t.px < 18)).toEqual([]);
      // The action phase over, the news is over; and it does not come back in the next round.
      await command(phone, 'round.setRound', { round: 1, phase: 'status', step: 1 });
      await expect.poll(() => tv.getByRole('status', { name: 'Round and phase' }).textContent(), SYNCED).toMatch(/^Round 1 · Status/);
      expect(await news.count()).toBe(0);
      await command(phone, 'round.setRound', { round: 2, phase: 'strategy', step: null });
      await expect.poll(() => tv.getByRole('status', { name: 'Round and phase' }).textContent(), SYNCED).toMatch(/^Round 2/);
      expect(await news.count()).toBe(0);
    } finally {
      await close();
    }
  });
});
