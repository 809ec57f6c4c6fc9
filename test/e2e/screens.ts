/**
 * The screens the accessibility audit (audit.e2e.ts) checks, in order, on one phone per colour
 * scheme. Add a screen when you add one to the app: a name and an `open` that brings the phone there
 * from wherever the previous screen left it (navigate by URL or by tapping) and waits until the
 * screen is complete. Order matters only where a screen needs an earlier one's state (the empty home
 * screen comes first, before any game exists). `env.game()` creates one game per phone, on first
 * use, and resolves with its id; a screen seen by a phone that has no game yet (joining) is opened on
 * `env.newcomer()`, and `open` resolves with that page. Every screen is also checked for 44 px
 * controls and a 360 px width.
 */
import type { Page } from 'playwright-core';
import { createGameThroughUI, THREE_SEATS } from './browser';

export interface AuditEnv {
  url: string;
  /** The audit phone's game (3 seats: Ana, Ben, Cleo), created through the UI on first use. */
  game(): Promise<string>;
  /**
   * A second phone with no game on it, its app loaded and then cut off from the network, so a joining
   * screen stays where it is (waiting for the table) instead of moving on while it is audited.
   */
  newcomer(): Promise<Page>;
}

export interface AuditScreen {
  name: string;
  /** Brings a phone to the screen; resolves with the page to audit when it is not the audit phone's. */
  open(page: Page, env: AuditEnv): Promise<Page | void>;
}

/** The dialogs of the player panels that no other screen opens: the tab, then the button that opens it. */
const DIALOGS: [string, string, { name: string | RegExp; disabled?: boolean }, string?][] = [
  ['Sheet', 'unlocking a racial upgrade', { name: /^Unlock / }],
  ['Counters', 'receiving command counters', { name: 'Receive counters…' }],
  // Given only when she has one: the button is off with none.
  ['Counters', 'giving trade goods', { name: 'Give trade goods…' }, 'Add 1 trade good'],
  ['Tech', 'researching a technology', { name: /^Research /, disabled: false }],
  ['Trade', 'proposing an agreement', { name: 'Open an agreement…' }],
  ['Trade', 'correcting contract values', { name: 'Correct values…' }],
  ['Round', 'setting the round and phase', { name: 'Set…' }, 'Round menu'],
];

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
    name: 'setup at the table: rolling for the first player (the other phones not here yet)',
    async open(page, env) {
      await page.goto(`${env.url}/#/`);
      await createGameThroughUI(page, 'Audit setup', THREE_SEATS.map((s) => ({ ...s, race: '' })), 'preset');
      await page.getByRole('button', { name: /This phone is Ana/ }).click();
      await page.getByText('Rolling the die').waitFor();
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
      await openGame(page, env);
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
    },
  })),
  {
    name: 'game: the pay dialog with a suggested payment',
    async open(page, env) {
      await openGame(page, env);
      await page.getByRole('tab', { name: 'Planets' }).click();
      await page.getByRole('button', { name: 'Pay…' }).click();
      await page.getByLabel('Cost in resources').fill('2');
      await page.getByRole('checkbox', { checked: true }).first().waitFor();
    },
  },
  {
    name: 'game: Trade tab with a self-trade, a proposal waiting and the table trade view',
    async open(page, env) {
      await openGame(page, env);
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
      await openGame(page, env);
      await page.getByRole('tab', { name: 'Trade' }).click();
      await page.getByRole('button', { name: 'Trade card b: break all…' }).click();
      await page.getByRole('dialog', { name: 'Break every trade agreement' }).waitFor();
    },
  },
  {
    name: 'game: Round tab, picking strategy cards',
    async open(page, env) {
      await openGame(page, env);
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
    name: 'game: the round menu (Next and Set…)',
    async open(page) {
      await closeDialog(page);
      await page.getByRole('button', { name: 'Round menu' }).click();
      await page.getByRole('dialog', { name: 'Round menu' }).waitFor();
    },
  },
  {
    name: 'game: "Next" asks before skipping the picks',
    async open(page) {
      await page.getByRole('button', { name: /^Next: Action phase/ }).click();
      await page.getByRole('dialog', { name: 'Move the whole table on to Action phase?' }).waitFor();
    },
  },
  {
    name: 'game: Round tab, the action phase',
    async open(page) {
      await page.getByRole('button', { name: 'Move on anyway' }).click();
      await page.getByRole('status', { name: 'Turn' }).waitFor();
    },
  },
  {
    name: 'game: Round tab, the status phase checklist',
    async open(page) {
      await page.getByRole('button', { name: 'Round menu' }).click();
      await page.getByRole('button', { name: /^Next: Status step 1/ }).click();
      // Always asked (issue 35 item 5); "anyway" while someone has not passed.
      const step = page.getByRole('group', { name: 'Step 1: Claim Objectives' });
      await page.getByRole('button', { name: /^Move on( anyway)?$/ }).click();
      await step.waitFor();
    },
  },
  {
    name: 'table view (tablet or TV)',
    async open(page, env) {
      const id = await env.game();
      // Back to the strategy phase for the screens after this one.
      await page.getByRole('button', { name: 'Round menu' }).click();
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
  {
    name: 'home: join a game (scanner with no camera, paste field)',
    async open(page) {
      await page.getByRole('button', { name: 'Join a game' }).click();
      await page.getByLabel('Or paste the code or link').waitFor();
      await page.getByRole('alert').waitFor();
    },
  },
  {
    name: 'game: Planets tab with a planet opened',
    async open(page, env) {
      await openGame(page, env);
      await page.getByRole('tab', { name: 'Planets' }).click();
      await page.getByRole('button', { name: /^Details of Arretze/ }).click();
      await page.getByRole('button', { name: /^Details of Arretze/, expanded: true }).waitFor();
    },
  },
  ...DIALOGS.map(([tab, what, button, first]) => ({
    name: `game: ${tab} tab, the dialog for ${what}`,
    async open(page: Page, env: AuditEnv) {
      await openGame(page, env);
      await page.getByRole('tab', { name: tab }).click();
      if (first) await page.getByRole('button', { name: first }).first().click();
      await page.getByRole('button', button).first().click();
      await page.getByRole('dialog').waitFor();
    },
  })),
  {
    name: "game: another player's panels, read-only",
    async open(page, env) {
      await openGame(page, env);
      await page.getByRole('button', { name: /^Ana, / }).click();
      await page.getByRole('region', { name: "Ana's panels" }).waitFor();
    },
  },
  {
    name: 'game: Council tab, the hand and placing an agenda',
    async open(page) {
      await page.getByRole('button', { name: /^Ben \(you\), / }).click();
      await page.getByRole('tab', { name: 'Council' }).click();
      await page.getByLabel(/^Your agenda/).waitFor();
    },
  },
  {
    name: 'game: Council tab, a vote with the secret ballot',
    async open(page) {
      // The audit plays every seat from this one phone ("Change player" in between); the seats it left
      // are held by nobody, so this phone reveals their face-down choices too.
      for (const [seat, agenda] of [['Ben', 'Checks and Balances'], ['Ana', 'Aggressive Strategy'], ['Cleo', 'Amnesty for the Fallen']] as const) {
        await playAs(page, seat);
        await page.getByLabel(/^Your agenda/).fill(agenda.slice(0, 5));
        await page.locator('#agenda-card-picker').getByRole('button', { name: agenda, exact: true }).click();
        await page.getByRole('button', { name: 'Place face down' }).click();
        await page.getByLabel(/^Your agenda/).waitFor({ state: 'detached' });
      }
      await playAs(page, 'Ben');
      await page.getByText('Assembly played: start a vote').click();
      await page.getByRole('checkbox', { name: /Checks and Balances/ }).check();
      await page.getByRole('checkbox', { name: /Aggressive Strategy/ }).check();
      await page.getByRole('button', { name: 'Start the vote' }).click();
      await page.getByRole('form', { name: 'Your ballot' }).waitFor();
    },
  },
  {
    name: 'game: Council tab, the result of the vote',
    async open(page) {
      for (const seat of ['Ben', 'Ana', 'Cleo']) {
        await playAs(page, seat);
        await page.getByRole('button', { name: 'Lock in my ballot' }).click();
        await page.getByRole('dialog', { name: 'Lock in an empty ballot?' }).getByRole('button', { name: 'Lock in with no votes' }).click();
        // After the last one, every ballot is revealed at once and the result replaces the status.
        await page.getByText('Your ballot is locked in').or(page.getByText("Everyone's ballot")).waitFor();
      }
      await page.getByText("Everyone's ballot").click();
      // The result is announced over whatever the phone shows, until the player taps OK.
      await page.getByRole('status').filter({ hasText: 'The council has voted.' }).getByRole('button', { name: 'OK' }).waitFor();
    },
  },
  {
    name: 'game: the connection panel (invite a phone, link phones, settings)',
    async open(page) {
      await page.getByRole('status').filter({ hasText: 'The council has voted.' }).getByRole('button', { name: 'OK' }).click();
      await page.getByRole('button', { name: /^Connection: / }).click();
      await page.getByRole('img', { name: /QR code/i }).first().waitFor();
      await page.getByText('Settings', { exact: true }).click();
      await page.getByLabel(/^Signaling servers/).waitFor();
    },
  },
  {
    name: "game: link phones, showing this phone's code",
    async open(page) {
      await page.getByRole('button', { name: 'Show my code' }).click();
      await page.getByRole('img', { name: "This phone's link code" }).waitFor();
    },
  },
  {
    name: 'game: link phones, scanning a code (no camera, paste field)',
    async open(page) {
      const region = page.getByRole('region', { name: 'Link phones (no internet needed)' });
      await region.getByRole('button', { name: 'Cancel' }).last().click();
      await page.getByRole('button', { name: 'Scan a code' }).click();
      await region.getByLabel('Or paste the code or link').waitFor();
    },
  },
  {
    name: 'join a game by its invite link, on a phone waiting for the table',
    async open(page, env) {
      await openConnectionPanel(page, env);
      const link = new URL(await page.getByLabel('Or send this link').inputValue());
      const newcomer = await env.newcomer();
      await newcomer.goto(`${env.url}/${link.hash}`);
      await newcomer.getByRole('heading', { name: 'Join a game' }).waitFor();
      await newcomer.getByRole('status').waitFor();
      return newcomer;
    },
  },
  {
    name: "link to a table from another phone's code: the answer to scan back",
    async open(page, env) {
      await openConnectionPanel(page, env);
      await page.getByRole('button', { name: 'Show my code' }).click();
      const code = await page.locator('[data-qr-text]', { has: page.getByRole('img', { name: "This phone's link code" }) }).getAttribute('data-qr-text');
      const newcomer = await env.newcomer();
      await newcomer.goto(`${env.url}/#/link?c=${encodeURIComponent(code ?? '')}`);
      await newcomer.getByRole('img', { name: "This phone's answer code" }).waitFor();
      await newcomer.getByText('Waiting for the first phone to scan this answer…').waitFor();
      return newcomer;
    },
  },
  {
    // Last: once someone has won, the Round tab shows the final standings.
    name: 'game: victory, the final standings',
    async open(page, env) {
      await openGame(page, env);
      await page.getByRole('tab', { name: 'Sheet' }).click();
      const add = page.getByRole('group', { name: 'Victory points' }).getByRole('button', { name: 'Add 1 victory point' });
      for (let vp = 0; vp < 12; vp++) await add.click(); // the audit game plays to 12
      await page.getByRole('tab', { name: 'Round' }).click();
      await page.getByRole('heading', { name: /wins the game/ }).waitFor();
    },
  },
];

/** Brings the audit phone to its game's panels: opens the game if it is elsewhere, closes what is open over it. */
async function openGame(page: Page, env: AuditEnv): Promise<void> {
  const id = await env.game();
  if (!page.url().endsWith(`/game/${id}`)) await page.goto(`${env.url}/#/game/${id}`);
  await page.getByRole('tablist').waitFor();
  await closeDialog(page);
  const connection = page.getByRole('region', { name: 'Connection' });
  if (await connection.count()) await connection.getByRole('button', { name: 'Close' }).first().click();
}

/** The audit phone's connection panel, where invite links and link codes are shown. */
async function openConnectionPanel(page: Page, env: AuditEnv): Promise<void> {
  await openGame(page, env);
  await page.getByRole('button', { name: /^Connection: / }).click();
}

/** "Change player": this phone now plays `seat`, on its Council tab (the audit plays every seat from one phone). */
async function playAs(page: Page, seat: string): Promise<void> {
  if (!(await page.getByRole('button', { name: new RegExp(`^${seat} \\(you\\), `) }).count())) {
    await page.getByRole('button', { name: 'Change player' }).click();
    await page.getByRole('dialog', { name: 'Change player?' }).getByRole('button', { name: 'Choose another player' }).click();
    await page.getByRole('button', { name: new RegExp(`^This phone is ${seat}`) }).click();
    await page.getByRole('button', { name: new RegExp(`^${seat} \\(you\\), `) }).waitFor();
  }
  await page.getByRole('tab', { name: 'Council' }).click();
}

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
