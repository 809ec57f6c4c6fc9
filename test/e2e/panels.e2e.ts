/**
 * The player panels in Chromium, as a new player would use them on a 360 px phone: planets added by
 * search and by hand, exhausted, a payment through the helper, a racial upgrade after gaining VP,
 * command counters moved in the status phase and refused outside it; then a reload, and everything is
 * still there. Plus the phone-sized layout: every control at least 44 px, no sideways scrolling, in
 * the dark and the light scheme.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createGameThroughUI, newPhone, realParts, THREE_SEATS } from './browser';
import { layoutProblems } from './layout';

const real = realParts();

const total = (page: Page, which: string) => page.locator(`[data-total="${which}"]`).textContent();
const saved = (page: Page) => expect.poll(() => page.getByRole('status').first().textContent()).toBe('Saved on this phone');

async function addBySearch(page: Page, letters: string, planet: string): Promise<void> {
  await page.getByLabel('Find a planet').fill(letters);
  await page.getByRole('button', { name: new RegExp(`^Add ${planet}`) }).click();
  // Acquired exhausted (001 "Planet Control"); refreshed here as a planet held since the last status phase.
  await page.getByRole('button', { name: new RegExp(`^Refresh ${planet} \\d+/\\d+, exhausted$`) }).click();
  await page.getByRole('button', { name: new RegExp(`^Exhaust ${planet} \\d+/\\d+$`) }).waitFor();
}


/** "Set…": the table is at status step `step`. */
async function setStatusStep(page: Page, step: number): Promise<void> {
  await page.getByRole('button', { name: 'Round menu' }).click();
  await page.getByRole('button', { name: 'Set…' }).click();
  const round = page.getByRole('dialog', { name: 'Round and phase' });
  await round.getByLabel('Phase', { exact: true }).selectOption('status');
  await round.getByLabel('Status phase step').selectOption(String(step));
  await round.getByRole('button', { name: 'Set' }).click();
  await round.waitFor({ state: 'detached' });
}

describe('player panels on one phone', () => {
  it('plays a status phase as a new player would, and finds everything as it was after a reload', async () => {
    const { page, context } = await newPhone(real.browser, real.app.url);
    await createGameThroughUI(page, 'Panel night', THREE_SEATS);
    await page.getByRole('button', { name: /This phone is Ana/ }).click();
    await page.getByRole('tab', { name: 'Planets', selected: true }).waitFor();
    expect(await total(page, 'resources')).toBe('4'); // Jord, pre-added at setup

    // Planets: two by search, one custom, one exhausted by a tap.
    await addBySearch(page, 'aby', 'Abyz');
    await addBySearch(page, 'lod', 'Lodor');
    await page.getByText('Add a custom planet').click();
    await page.getByLabel('Planet name').fill('Nova');
    await page.getByLabel('Resources', { exact: true }).fill('2');
    await page.getByLabel('Influence', { exact: true }).fill('1');
    await page.getByRole('checkbox', { name: 'blue' }).check();
    await page.getByRole('button', { name: 'Add custom planet' }).click();
    await page.getByRole('button', { name: 'Refresh Nova 2/1, exhausted', exact: true }).click();
    await page.getByRole('button', { name: 'Exhaust Nova 2/1', exact: true }).waitFor();
    // The card's "exhausted" tag shows exactly while it is exhausted (a class shows it: the tag stays in the page).
    const tagOf = (name: RegExp) => page.getByRole('button', { name }).locator('.tag', { hasText: 'exhausted' });
    expect(await tagOf(/^Exhaust Nova/).isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Exhaust Lodor/ }).click();
    await page.getByRole('button', { name: /^Refresh Lodor/ }).waitFor();
    expect(await tagOf(/^Refresh Lodor/).isVisible()).toBe(true);
    expect(await total(page, 'resources')).toBe('9'); // Jord 4 + Abyz 3 + Nova 2

    // Pay 5 resources: the helper suggests Abyz + Nova (exactly 5), one confirm exhausts both.
    await page.getByRole('button', { name: 'Pay…' }).click();
    const pay = page.getByRole('dialog', { name: 'Pay' });
    await pay.getByLabel('Cost in resources').fill('5');
    expect(await pay.getByRole('checkbox', { name: /Abyz/ }).isChecked()).toBe(true);
    expect(await pay.getByRole('checkbox', { name: /Nova/ }).isChecked()).toBe(true);
    expect(await pay.getByRole('checkbox', { name: /Jord/ }).isChecked()).toBe(false);
    await pay.getByRole('button', { name: 'Pay 5 resources' }).click();
    await pay.waitFor({ state: 'detached' });
    expect(await total(page, 'resources')).toBe('4');
    await page.getByRole('button', { name: /^Refresh Abyz/ }).waitFor();

    // Racial upgrade: 4 at 0 VP, 2 at 2 VP; unlocked at status step 4 (001 "Unlock Racial Upgrades"), paying with Jord.
    await setStatusStep(page, 4);
    await page.getByRole('tab', { name: 'Sheet' }).click();
    const carriers = page.getByRole('listitem', { name: 'Mark II Advanced Carriers' });
    expect(await carriers.textContent()).toContain('Costs 4');
    await page.getByRole('button', { name: 'Add 1 victory point' }).click();
    await page.getByRole('button', { name: 'Add 1 victory point' }).click();
    await expect.poll(() => carriers.textContent()).toContain('Costs 2');
    await page.getByRole('button', { name: 'Unlock Mark II Advanced Carriers for 2 resources' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pay 2 resources' }).click();
    await carriers.getByText('Unlocked').waitFor();
    expect(await total(page, 'resources')).toBe('0');

    // Command counters: refused outside the reallocation step, with the reason; allowed in step 7.
    await page.getByRole('tab', { name: 'Counters' }).click();
    await page.getByRole('button', { name: 'Move between areas…' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('only in step 7 of the status phase');
    await page.getByRole('button', { name: 'OK' }).click();
    await setStatusStep(page, 7);
    await page.getByRole('button', { name: 'Move between areas…' }).click();
    const move = page.getByRole('dialog', { name: 'Move counters between areas' });
    await move.getByRole('button', { name: 'Command pool: one counter fewer' }).click();
    await move.getByRole('button', { name: 'Fleet supply: one counter more' }).click();
    await move.getByRole('button', { name: 'Move counters' }).click();
    await move.waitFor({ state: 'detached' });
    const area = (name: string) => page.getByRole('group', { name, exact: true }).locator('output').textContent();
    expect([await area('Command pool'), await area('Fleet supply'), await area('Strategy allocation')]).toEqual(['2', '4', '2']);

    // Reload: everything comes back from the phone's storage.
    await saved(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Panel night' }).waitFor();
    await page.getByRole('tab', { name: 'Planets' }).click();
    for (const planet of ['Abyz', 'Nova', 'Lodor', 'Jord']) await page.getByRole('button', { name: new RegExp(`^Refresh ${planet} \\d+/\\d+, exhausted$`) }).waitFor();
    expect(await total(page, 'resources')).toBe('0');
    expect(await page.getByRole('status', { name: 'Round and phase' }).textContent()).toContain('Status phase, step 7');
    await page.getByRole('tab', { name: 'Counters' }).click();
    expect([await area('Command pool'), await area('Fleet supply'), await area('Strategy allocation')]).toEqual(['2', '4', '2']);
    await page.getByRole('tab', { name: 'Sheet' }).click();
    await page.getByRole('listitem', { name: 'Mark II Advanced Carriers' }).getByText('Unlocked').waitFor();
    expect(await page.getByRole('group', { name: 'Victory points' }).locator('output').textContent()).toBe('2');
    await page.getByRole('tab', { name: 'Log' }).click();
    const log = await page.getByRole('list', { name: 'Game log, newest first' }).textContent();
    expect(log).toContain('Ana exhausted Abyz and Nova for 5 resources');
    expect(log).toContain('Ana (Sol) unlocked Mark II Advanced Carriers');
    await context.close();
  });

  it("renders the table's overview only once a scroll brings it near: a start below it does not pay for it", async () => {
    const { page, context } = await newPhone(real.browser, real.app.url);
    await createGameThroughUI(page, 'Scroll night', THREE_SEATS);
    await page.getByRole('button', { name: /This phone is Ana/ }).click();
    await addBySearch(page, 'aby', 'Abyz');
    await saved(page);
    // A short screen, so the overview's place is far below it at the start.
    await page.setViewportSize({ width: 360, height: 200 });
    await page.reload();
    await page.getByRole('heading', { name: 'Scroll night' }).waitFor();
    await page.getByRole('button', { name: 'Export this game to a file' }).waitFor({ state: 'attached' });
    const belowScreen = await page.locator('.near-marker').evaluate((el) => el.getBoundingClientRect().top - window.innerHeight);
    expect(belowScreen).toBeGreaterThan(400);
    await page.waitForTimeout(500);
    expect(await page.getByRole('heading', { name: 'Table', exact: true }).count()).toBe(0);
    // Scrolled down to it, the overview is there.
    await page.locator('.near-marker').scrollIntoViewIfNeeded();
    await page.getByRole('listitem', { name: 'Ana (you)' }).waitFor();
    expect(await page.getByRole('listitem', { name: 'Ben', exact: true }).textContent()).toContain('0 VP');
    await context.close();
  });

  it.each(['dark', 'light'] as const)('keeps every control at least 44 px and fits a 360 px screen (%s scheme)', async (scheme) => {
    const { page, context } = await newPhone(real.browser, real.app.url, scheme);
    await createGameThroughUI(page, `Layout ${scheme}`, THREE_SEATS);
    await page.getByRole('button', { name: /This phone is Cleo/ }).click();
    await addBySearch(page, 'mec', 'Mecatol Rex');
    await page.getByRole('button', { name: /^Details of Mecatol Rex/ }).click();
    const problems: string[] = [];
    for (const tab of ['Planets', 'Sheet', 'Counters', 'Tech', 'Log']) {
      await page.getByRole('tab', { name: tab }).click();
      problems.push(...(await layoutProblems(page)).map((p) => `${tab}: ${p}`));
    }
    await page.getByRole('tab', { name: 'Planets' }).click();
    await page.getByRole('button', { name: 'Pay…' }).click();
    problems.push(...(await layoutProblems(page)).map((p) => `Pay dialog: ${p}`));
    expect(problems).toEqual([]);
    await context.close();
  });
});
