/**
 * The screens the accessibility audit (audit.e2e.ts) checks, in order, on one phone per colour
 * scheme. Add a screen when you add one to the app: a name and an `open` that brings the phone there
 * from wherever the previous screen left it (navigate by URL or by tapping) and waits until the
 * screen is complete. Order matters only where a screen needs an earlier one's state (the empty home
 * screen comes first, before any game exists). `env.game()` creates one game per phone, on first
 * use, and resolves with its id.
 */
import type { Page } from 'playwright-core';
import { createGameThroughUI, THREE_SEATS } from './browser';

export interface AuditEnv {
  url: string;
  /** The audit phone's game (3 seats: Ana, Ben, Cleo), created through the UI on first use. */
  game(): Promise<string>;
}

export interface AuditScreen {
  name: string;
  open(page: Page, env: AuditEnv): Promise<void>;
}

export const SCREENS: AuditScreen[] = [
  {
    name: 'home, no games yet',
    async open(page, env) {
      await page.goto(`${env.url}/#/`);
      await page.getByText('No games on this phone yet.').waitFor();
    },
  },
  {
    name: 'new game',
    async open(page, env) {
      await page.goto(`${env.url}/#/new`);
      await page.getByLabel('Game name').waitFor();
    },
  },
  {
    name: 'game: which player is this phone?',
    async open(page, env) {
      const id = await env.game();
      await page.goto(`${env.url}/#/game/${id}`);
      await page.getByRole('button', { name: /This phone is Ben/ }).waitFor();
    },
  },
  {
    name: 'game: after picking a seat',
    async open(page, env) {
      const id = await env.game();
      if (!page.url().endsWith(`/game/${id}`)) await page.goto(`${env.url}/#/game/${id}`);
      await page.getByRole('button', { name: /This phone is Ben/ }).click();
      await page.getByRole('heading', { name: 'Which player is this phone?' }).waitFor({ state: 'detached' });
    },
  },
  ...(['Sheet', 'Counters', 'Tech', 'Log'] as const).map((tab) => ({
    name: `game: ${tab} tab of the player panels`,
    async open(page: Page, env: AuditEnv) {
      const id = await env.game();
      if (!page.url().endsWith(`/game/${id}`)) await page.goto(`${env.url}/#/game/${id}`);
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
    },
  })),
  {
    name: 'game: the pay dialog with a suggested payment',
    async open(page, env) {
      const id = await env.game();
      if (!page.url().endsWith(`/game/${id}`)) await page.goto(`${env.url}/#/game/${id}`);
      await page.getByRole('tab', { name: 'Planets' }).click();
      await page.getByRole('button', { name: 'Pay…' }).click();
      await page.getByLabel('Cost in resources').fill('2');
      await page.getByRole('checkbox', { checked: true }).first().waitFor();
    },
  },
  {
    name: 'game: Trade tab with a self-trade, a proposal waiting and the table trade view',
    async open(page, env) {
      const id = await env.game();
      if (!page.url().endsWith(`/game/${id}`)) await page.goto(`${env.url}/#/game/${id}`);
      await closeDialog(page);
      await page.getByRole('tab', { name: 'Trade' }).click();
      await page.getByRole('button', { name: 'Open an agreement…' }).click();
      await page.getByLabel('With').selectOption({ label: 'Yourself (self-trade)' });
      await page.getByRole('button', { name: 'Self-trade', exact: true }).click();
      await page.getByRole('listitem', { name: 'Self-trade', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Open an agreement…' }).click();
      await page.getByLabel('With').selectOption({ label: 'Ana' });
      await page.getByRole('button', { name: 'Propose' }).click();
      await page.getByRole('listitem', { name: 'Proposal to Ana' }).waitFor();
      await page.getByRole('button', { name: 'Place trade goods on every agreement' }).click();
      await page.getByText('1 agreement, 3 trade goods lying on them').waitFor();
    },
  },
  {
    name: 'game: the break dialog of a trade agreement',
    async open(page, env) {
      const id = await env.game();
      if (!page.url().endsWith(`/game/${id}`)) await page.goto(`${env.url}/#/game/${id}`);
      await closeDialog(page);
      await page.getByRole('tab', { name: 'Trade' }).click();
      await page.getByRole('button', { name: 'Trade card b: break all…' }).click();
      await page.getByRole('dialog', { name: 'Break every trade agreement' }).waitFor();
    },
  },
  {
    name: 'game: Round tab, picking strategy cards',
    async open(page, env) {
      const id = await env.game();
      if (!page.url().endsWith(`/game/${id}`)) await page.goto(`${env.url}/#/game/${id}`);
      await closeDialog(page);
      await page.getByRole('tab', { name: 'Round' }).click();
      await page.getByRole('status', { name: 'Picking' }).waitFor();
    },
  },
  {
    name: 'game: Round tab, revealing an objective',
    async open(page) {
      await page.getByRole('button', { name: 'Reveal…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reveal an objective' });
      await dialog.getByLabel('Card drawn').selectOption('stage1-18');
      await dialog.getByRole('button', { name: 'Reveal' }).click();
      await page.getByRole('list', { name: 'Stage I objectives' }).waitFor();
    },
  },
  {
    name: 'game: Round tab, the action phase',
    async open(page) {
      await closeDialog(page);
      await page.getByRole('button', { name: /^Next: Action phase/ }).click();
      await page.getByRole('status', { name: 'Turn' }).waitFor();
    },
  },
  {
    name: 'game: Round tab, the status phase checklist',
    async open(page) {
      await page.getByRole('button', { name: /^Next: Status step 1/ }).click();
      await page.getByRole('group', { name: 'Step 1: Claim Objectives' }).waitFor();
    },
  },
  {
    name: 'table view (tablet or TV)',
    async open(page, env) {
      const id = await env.game();
      // Back to the strategy phase for the screens after this one.
      await page.getByRole('button', { name: 'Set…' }).click();
      const set = page.getByRole('dialog', { name: 'Round and phase' });
      await set.getByLabel('Phase', { exact: true }).selectOption('strategy');
      await set.getByRole('button', { name: 'Set' }).click();
      await page.goto(`${env.url}/#/table/${id}`);
      await page.getByRole('list', { name: 'Players' }).waitFor();
    },
  },
  {
    name: 'home, with a saved game',
    async open(page, env) {
      await env.game();
      await page.goto(`${env.url}/#/`);
      await page.getByRole('list', { name: 'Saved games' }).waitFor();
    },
  },
];

/** Closes a dialog an earlier screen left open (Escape closes every dialog of the app). */
async function closeDialog(page: Page): Promise<void> {
  if (!(await page.getByRole('dialog').count())) return;
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** Opens the home screen and creates the audit game through the UI; resolves with its id. */
export async function createAuditGame(page: Page, url: string): Promise<string> {
  await page.goto(`${url}/#/`);
  await page.getByRole('link', { name: 'New game' }).waitFor();
  return createGameThroughUI(page, 'Audit night', THREE_SEATS);
}
