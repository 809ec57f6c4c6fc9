/**
 * Trade at a table of three phones joined by link, over real WebRTC: two agreements opened through the
 * Trade tab (proposed on one phone, accepted on the other), goods placed and collected, one agreement
 * broken after a hostile act and the other in status phase step 8; every phone shows the same ledger
 * and the same counters at every step. Plus the Trade tab's layout on a 360 px phone (44 px targets,
 * no sideways scrolling) in both colour schemes.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createGameThroughUI, realParts } from './browser';
import { command, connectionButton, hostTable, openPhone, WEBRTC_ARGS } from './phones';
import type { TablePhone } from './phones';
import { layoutProblems } from './layout';

const real = realParts(WEBRTC_ARGS);

/** The trade ledger, every counter and the log length on a phone: must be identical on every phone. */
async function ledger(page: Page): Promise<string> {
  return page.evaluate(() => {
    const tt = (globalThis as unknown as { __tt?: { game: { snapshotOrUndefined(): unknown } } }).__tt;
    const s = tt?.game.snapshotOrUndefined() as { trade: unknown; players: unknown; log: unknown[]; problems: unknown[] } | undefined;
    return s ? JSON.stringify({ trade: s.trade, players: s.players, log: s.log.length, problems: s.problems }) : '';
  });
}

async function tradeGoods(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const tt = (globalThis as unknown as { __tt: { game: { snapshot(): { players: Record<string, { counters: { tradeGoods: number } }> } } } }).__tt;
    return Object.fromEntries(Object.entries(tt.game.snapshot().players).map(([seat, p]) => [seat, p.counters.tradeGoods]));
  });
}


describe('trade at a table of three phones', () => {
  it('opens two agreements, places and collects goods, breaks one by hostile act and one in status step 8; every phone agrees on every counter', async () => {
    const table = await hostTable(real.browser, real.app.url, 'Trade night', [
      { name: 'Ana', race: 'sol' },
      { name: 'Ben', race: 'hacan' },
      { name: 'Cleo', race: 'xxcha' },
    ]);
    const [ana, ben, cleo] = table.phones as [TablePhone, TablePhone, TablePhone];
    const phones = [ana, ben, cleo];
    for (const p of phones) await expect.poll(() => connectionButton(p).textContent(), { timeout: 30_000 }).toBe('2 phones');
    for (const p of phones) await p.page.getByRole('tab', { name: 'Trade' }).click();
    const agree = async () => expect.poll(async () => new Set(await Promise.all(phones.map((p) => ledger(p.page)))).size, { timeout: 20_000 }).toBe(1);
    const goodsOn = async (expected: Record<string, number>) => {
      await agree();
      for (const p of phones) expect(await tradeGoods(p.page)).toEqual(expected);
    };

    // 1. Ana proposes to Ben, giving her contract 1; Ben accepts on his phone.
    await ana.page.getByRole('button', { name: 'Open an agreement…' }).click();
    await ana.page.getByLabel('With').selectOption({ label: 'Ben' });
    await ana.page.getByLabel('Contract you give').selectOption({ label: 'Contract 1 (value 2)' });
    await ana.page.getByRole('button', { name: 'Propose' }).click();
    await ben.page.getByRole('listitem', { name: 'Proposal from Ana' }).waitFor({ timeout: 20_000 });
    await ben.page.getByRole('button', { name: "Accept Ana's proposal" }).click();
    await ana.page.getByRole('listitem', { name: 'Agreement with Ben' }).waitFor({ timeout: 20_000 });

    // 2. Cleo proposes to Ana; Ana gives back her other contract (the only one still face down).
    await cleo.page.getByRole('button', { name: 'Open an agreement…' }).click();
    await cleo.page.getByLabel('With').selectOption({ label: 'Ana' });
    await cleo.page.getByRole('button', { name: 'Propose' }).click();
    await ana.page.getByRole('listitem', { name: 'Proposal from Cleo' }).getByText('You give back your contract 2 (value 2).').waitFor({ timeout: 20_000 });
    await ana.page.getByRole('button', { name: "Accept Cleo's proposal" }).click();
    await agree();
    for (const p of phones) {
      await expect.poll(() => p.page.getByRole('list', { name: 'Every trade agreement' }).getByRole('listitem', { name: /⇄/ }).count()).toBe(2);
    }

    // 3. Ben plays the Trade card: goods on every card (Ana: Ben's 3 and Cleo's 2; Ben: 2; Cleo: 2).
    await ben.page.getByRole('button', { name: 'Place trade goods on every agreement' }).click();
    await agree();
    for (const p of phones) await expect.poll(() => p.page.getByRole('status', { name: 'Trade summary' }).textContent()).toBe('2 agreements, 9 trade goods lying on them');
    // 4. Ana collects her two piles; Cleo places again.
    await ana.page.getByRole('button', { name: 'Collect 5 trade goods from your agreements' }).click();
    await goodsOn({ s1: 1 + 5, s2: 1, s3: 1 }); // quick setup starts everyone at 1
    await cleo.page.getByRole('button', { name: 'Place trade goods on every agreement' }).click();
    await agree();
    await expect.poll(() => ben.page.getByRole('listitem', { name: 'Agreement with Ana' }).locator('[data-goods="held"]').textContent()).toBe('4 trade goods on it');

    // 5. Ana attacks Ben: Ben declares the hostile act. Ben collects all 4 on his card and, as the Hacan, 1 more
    // (003 "Appendix 2"); Ana nothing (her 3 discarded).
    await ben.page.getByRole('button', { name: 'Hostile act… (agreement with Ana)' }).click();
    await ben.page.getByRole('radio', { name: 'Ana' }).check();
    await expect.poll(() => ben.page.getByRole('list', { name: 'Settlement' }).textContent()).toMatch(/Ana collects 0 trade goods.*You collect 5 trade goods.*3 trade goods discarded/);
    await ben.page.getByRole('button', { name: 'Break the agreement' }).click();
    await goodsOn({ s1: 6, s2: 1 + 5, s3: 1 });

    // 6. Status phase step 8 (set in bulk); Cleo breaks her agreement with Ana: each collects half of her pile.
    await cleo.page.getByRole('button', { name: 'Break in status step 8: agreement with Ana' }).click();
    await expect.poll(() => cleo.page.getByRole('alert').first().textContent()).toMatch(/only in step 8 of the status phase/);
    await command(ana.page, 'round.setRound', { round: 1, phase: 'status', step: 8 });
    await expect.poll(() => cleo.page.getByRole('status', { name: 'Round and phase' }).textContent(), { timeout: 20_000 }).toMatch(/step 8/);
    await cleo.page.getByRole('button', { name: 'Break in status step 8: agreement with Ana' }).click();
    await cleo.page.getByRole('button', { name: 'Break the agreement' }).click();
    // Cleo held Ana's 2 (4 goods): 2; Ana held Cleo's 2 (2 goods): 1.
    await goodsOn({ s1: 7, s2: 6, s3: 1 + 2 });

    for (const p of phones) {
      await expect.poll(() => p.page.getByText('Nobody trades yet.').count()).toBe(1);
      await expect.poll(() => p.page.locator('[data-total="tradeGoods"]').textContent()).toBe(String({ Ana: 7, Ben: 6, Cleo: 3 }[p.name]));
    }
    await ana.page.getByRole('tab', { name: 'Log' }).click();
    await ana.page.getByText('Ben broke the trade agreement between Ana and Ben after a hostile act by Ana: Ana collected 0 trade goods and Ben collected 5 trade goods, 3 discarded').waitFor();
    await ana.page.getByText('Cleo broke the trade agreement between Cleo and Ana in the status phase: Cleo collected 2 trade goods and Ana collected 1 trade good, 3 discarded').waitFor();
    expect(JSON.parse(await ledger(cleo.page)).problems).toEqual([]);

    for (const p of phones) await p.context.close();
  });

  it('the Trade tab fits a 360 px phone with 44 px targets, in the dark and the light scheme', async () => {
    for (const scheme of ['dark', 'light'] as const) {
      const phone = await openPhone(real.browser, scheme, real.app.url);
      await phone.page.emulateMedia({ colorScheme: scheme });
      await createGameThroughUI(phone.page, 'Layout', [
        { name: 'Ana', race: 'sol' },
        { name: 'Ben', race: 'hacan' },
        { name: 'Cleo', race: 'xxcha' },
      ]);
      await phone.page.getByRole('button', { name: /This phone is Ana/ }).click();
      await phone.page.getByRole('tab', { name: 'Trade' }).click();
      await command(phone.page, 'trade.selfTrade', 's1', 0);
      await command(phone.page, 'trade.placeGoods', 's1');
      await phone.page.getByRole('listitem', { name: 'Self-trade', exact: true }).waitFor();
      expect(await layoutProblems(phone.page)).toEqual([]);
      await phone.page.getByRole('button', { name: 'Open an agreement…' }).click();
      expect(await layoutProblems(phone.page)).toEqual([]);
      await phone.context.close();
    }
  });
});
