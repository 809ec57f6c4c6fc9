/**
 * Issue 19's proof in real browsers: four phones over real WebRTC run the whole setup at the table as a new
 * user would, tapping through every step on the phone whose turn it is; the secretly kept races stay hidden
 * on the other phones until "Finalising Setup"; round 1 starts with the same state everywhere.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { realParts } from './browser';
import { connectionButton, hostTable, WEBRTC_ARGS, spyOnVibrate, vibrations } from './phones';
import type { TablePhone } from './phones';

const real = realParts(WEBRTC_ARGS);

interface SetupSeen {
  step: string;
  first: string | null;
  pickTurn: string | null;
  hidden: string[];
  home: { turn: string | null } | null;
  speaker: { turn: string | null; high: unknown } | null;
  final: { id: string; race: string }[] | null;
  log: number;
}

/** The setup as a phone folded it (equal on every phone once synced). */
async function setupSeen(page: Page): Promise<string> {
  return page.evaluate(() => {
    const tt = (globalThis as unknown as { __tt?: { game: { snapshotOrUndefined(): unknown } } }).__tt;
    const s = tt?.game.snapshotOrUndefined() as { setup: SetupSeen & Record<string, unknown>; log: unknown[] } | undefined;
    if (!s) return '';
    const { step, first, pickTurn, hidden, home, speaker, final } = s.setup;
    return JSON.stringify({ step, first, pickTurn, hidden, home, speaker, final, log: s.log.length });
  });
}

describe('setup at the table with four phones', () => {
  it('rolls, picks, deals secretly and publicly, bids, seats, and starts round 1 the same on every phone', async () => {
    const names = ['Ana', 'Ben', 'Cleo', 'Dan'];
    const table = await hostTable(real.browser, real.app.url, 'Setup night', names.map((name) => ({ name, race: '' })), 'preset');
    const phones = table.phones;
    const bySeat = (seat: string | null | undefined) => phones[Number(seat?.slice(1)) - 1] as TablePhone;
    for (const p of phones) await expect.poll(() => connectionButton(p).textContent(), { timeout: 40_000 }).toBe('3 phones');
    const agree = async (): Promise<SetupSeen> => {
      await expect.poll(async () => new Set(await Promise.all(phones.map((p) => setupSeen(p.page)))).size, { timeout: 30_000 }).toBe(1);
      return JSON.parse(await setupSeen(phones[0]?.page as Page)) as SetupSeen;
    };

    for (const p of phones) await spyOnVibrate(p);

    // The die: every phone adds its value by itself; each then names the same first player.
    for (const p of phones) await p.page.getByText('is the first player').waitFor({ timeout: 30_000 });
    let s = await agree();
    expect(s.step).toBe('pick');
    // 001 step 5 comes before the picks: each phone shows its own two secret objectives before anyone chooses a race.
    for (const p of phones) await p.page.getByText('Your secret objectives').waitFor({ timeout: 30_000 });
    expect((await agree()).pickTurn).toBe(s.pickTurn);

    // The first player takes the Hacan; everyone else passes and will be dealt a race.
    let picks = 0;
    while ((s = await agree()).pickTurn) {
      const page = bySeat(s.pickTurn).page;
      // Her phone buzzed when the choice came to her (the first choice may come before the spy is in).
      if (picks > 0) await expect.poll(() => vibrations(bySeat(s.pickTurn))).toBeGreaterThan(0);
      if (picks++ === 0) {
        await page.getByLabel('Your race').selectOption('hacan');
        await page.getByRole('button', { name: 'Choose this race' }).click();
      } else await page.getByRole('button', { name: 'Pass: deal me one' }).click();
      await expect.poll(async () => (JSON.parse(await setupSeen(page)) as SetupSeen).pickTurn).not.toBe(s.pickTurn);
    }

    // The secret deals: a dealt race shows only on its player's phone. The first player dealt one keeps it;
    // the others return theirs twice and get theirs in the public deal.
    let kept: string | undefined;
    for (let guard = 0; (s = await agree()).step === 'deal' && guard < 20; guard++) {
      for (const p of phones) {
        const offer = p.page.getByRole('button', { name: 'Keep it' });
        if (!(await offer.isVisible())) continue;
        const seat = `s${phones.indexOf(p) + 1}`;
        if (!kept) {
          kept = seat;
          await offer.click();
        } else await p.page.getByRole('button', { name: /^Return it/ }).click();
      }
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(s.step).toBe('home');
    expect(s.hidden).toEqual([kept]);
    // The others see that she kept a race, not which.
    for (const p of phones.filter((x) => x !== bySeat(kept))) await expect.poll(() => p.page.getByRole('table', { name: 'Setup so far' }).textContent()).toContain('hidden until the end of setup');
    await expect.poll(() => bySeat(kept).page.getByRole('table', { name: 'Setup so far' }).textContent()).toContain('(hidden from the others)');

    // Home system locations: each bids on the next free one, the first player 2 trade goods.
    for (let i = 0; (s = await agree()).home?.turn; i++) {
      const page = bySeat(s.home?.turn).page;
      await page.getByLabel('Location', { exact: true }).selectOption(String(i + 1));
      await page.getByLabel('Trade goods', { exact: true }).fill(i === 0 ? '2' : '0');
      await page.getByRole('button', { name: `Bid on location ${i + 1}` }).click();
      await expect.poll(async () => (JSON.parse(await setupSeen(page)) as SetupSeen).home?.turn).not.toBe(s.home?.turn);
    }
    await (phones[1] as TablePhone).page.getByRole('button', { name: 'This is how we sit' }).click();

    // The speaker token: the first to bid offers 1, the others withdraw.
    for (let i = 0; (s = await agree()).speaker?.turn; i++) {
      const page = bySeat(s.speaker?.turn).page;
      if (i === 0) {
        await page.getByLabel('Your bid (trade goods)').fill('1');
        await page.getByRole('button', { name: 'Bid 1' }).click();
      } else await page.getByRole('button', { name: 'Withdraw' }).click();
      await expect.poll(async () => (JSON.parse(await setupSeen(page)) as SetupSeen).speaker?.turn).not.toBe(s.speaker?.turn);
    }
    // Only the speaker's phone offers the rotation cycler.
    const speaker = (await Promise.all(phones.map((p) => p.page.getByRole('button', { name: 'Clockwise', exact: true }).isVisible()))).filter(Boolean);
    expect(speaker).toHaveLength(1);
    for (const p of phones) if (await p.page.getByRole('button', { name: 'Clockwise', exact: true }).isVisible()) await p.page.getByRole('button', { name: 'Clockwise', exact: true }).click();

    // Secret objectives: two on each phone, keep one.
    for (const p of phones) {
      const keep = p.page.getByRole('button', { name: /^Keep / }).first();
      await keep.waitFor({ timeout: 30_000 });
      await keep.click();
    }

    // Finalising setup: the hidden race is revealed, every deal checked, round 1 begins.
    for (const p of phones) await p.page.getByRole('tab', { name: 'Round' }).waitFor({ timeout: 30_000 });
    s = await agree();
    const races = s.final?.map((x) => x.race) ?? [];
    expect(races).toHaveLength(4);
    expect(new Set(races).size).toBe(4);
    expect(races).toContain('hacan');
    const states = await Promise.all(phones.map((p) => p.page.evaluate(() => {
      const tt = (globalThis as unknown as { __tt: { game: { snapshot(): { seats: unknown; players: unknown; tracker: { speaker: string; revealed: string[] }; problems: unknown[] } } } }).__tt;
      const snap = tt.game.snapshot();
      return JSON.stringify({ seats: snap.seats, players: snap.players, speaker: snap.tracker.speaker, revealed: snap.tracker.revealed, problems: snap.problems });
    })));
    expect(new Set(states).size).toBe(1);
    const state = JSON.parse(states[0] as string) as { revealed: string[]; problems: unknown[] };
    expect(state.revealed).toHaveLength(7);
    expect(state.problems).toEqual([]);
    // Round 1 began: no phone offers to undo a setup step, and the command refuses it (issue 34 item 7).
    for (const p of phones) {
      expect((await p.page.getByRole('button', { name: /Undo/ }).allTextContents()).map((t) => t.replace(/^\W+/, ''))).toEqual(['Undo: nothing yet']);
      const undone = await p.page.evaluate(() => {
        const tt = (globalThis as unknown as { __tt: { game: { canUndo: boolean; undo(): void } } }).__tt;
        try {
          tt.game.undo();
          return 'undone';
        } catch (e) {
          return `${tt.game.canUndo} ${String(e)}`;
        }
      });
      expect(undone).toMatch(/^false .*(setup at the table is over|Nothing to undo)/);
    }
  }, 240_000);
});
