import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signInBrowser } from '../support/e2e-session';

/** axe on the docs remote's part of the page (the shell's chrome has its own checks). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-remote="docs"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const ROUTES: Array<[string, string, string | RegExp]> = [
  ['/docs', 'Documentation', 'Welcome to the documentation'],
  ['/docs/commands', 'Commands', 'sm_slay'],
  ['/docs/commands/sm_ban', 'Commands', 'Bans a player by Steam id'],
  ['/docs/cvars', 'Cvars', 'epi_doorunlock_percent'],
  ['/docs/maps', 'Maps', 'c8m1_apartment'],
  ['/docs/ftt', 'Feed The Trolls', 'Reverse FF'],
  ['/docs/extraplayers', 'Extra Players', 'Extra kits'],
  ['/docs/targetting', 'Targetting', '@survivors'],
  ['/docs/notes', 'Player Notes', 'Notes that trigger automatic actions'],
  ['/docs/props', 'Props', 'models/props_junk/gascan001a.mdl'],
  ['/docs/rules', 'Rules', 'No griefing.'],
  ['/docs/keybinds', 'Keybinds', 'bind F9 "net_graph 1"'],
  ['/docs/tutorials', 'Tutorials', 'Banning a player'],
  ['/docs/tutorial/joining-a-server', 'Tutorials', 'Start the guided tour'],
];

test('every docs route renders its content for a visitor', async ({ page }) => {
  test.setTimeout(150_000); // 14 pages, each checked with axe
  for (const [path, title, text] of ROUTES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.locator('[data-remote="docs"]').filter({ visible: true }).getByText(text).first()).toBeVisible();
    await expect(page.getByText('This section is not built yet')).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(`^${title} - `));
    await expectAccessible(page);
  }
});

test('the command list filters as you type and opens a command with its argument table', async ({ page }) => {
  await page.goto('/docs/commands');
  // The shell keeps the last two pages alive (hidden): the visible one is this page.
  const list = page.locator('[data-remote="docs"]').filter({ visible: true });
  await expect(list.getByRole('link', { name: 'sm_slay', exact: true })).toBeVisible();
  await page.getByLabel('Filter commands').fill('!fta');
  await expect(list.getByRole('link', { name: 'sm_fta', exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: 'sm_slay', exact: true })).toHaveCount(0);
  await list.getByRole('link', { name: 'sm_fta', exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/commands\/sm_fta$/);
  const args = page.getByRole('table', { name: 'Arguments of sm_fta' });
  await expect(args.getByRole('row', { name: /target/ })).toContainText('player target');
  await expect(list).toContainText('f (Slay/harm others)');

  await page.goto('/docs/commands/sm_burn');
  const burn = page.getByRole('table', { name: 'Arguments of sm_burn' });
  await expect(burn.getByRole('row', { name: /target/ })).toContainText('one or more player targets');
  await expect(burn.getByRole('row', { name: /seconds/ })).toContainText('integer value');
  await expect(burn.getByRole('row', { name: /seconds/ })).toContainText('≥1, ≤120');
  await expect(burn.getByRole('row', { name: /seconds/ })).toContainText('20');
  await expectAccessible(page);

  await page.goto('/docs/commands/sm_nothing');
  await expect(page.getByText('No command named “sm_nothing”.')).toBeVisible();
});

test('docs pages and commands appear in /search', async ({ page }) => {
  await page.goto('/search?q=slay');
  const commands = page.getByRole('region', { name: 'Commands' });
  await commands.getByRole('link', { name: 'sm_slay' }).click();
  await expect(page).toHaveURL(/\/docs\/commands\/sm_slay$/);
  await page.goto('/search?q=targetting');
  await expect(page.getByRole('region', { name: 'Docs' }).getByRole('link', { name: 'Targetting' })).toBeVisible();
});

test('a guided tour walks its steps across pages, resumes after a reload and is keyboard operable', async ({
  page,
}) => {
  await page.goto('/docs/tutorials/joining-a-server');
  await page.getByRole('link', { name: 'Start the guided tour' }).click();
  await expect(page).toHaveURL(/\/\?tour=join-server$/);
  const tour = page.getByRole('dialog', { name: 'Our servers' });
  await expect(tour).toBeVisible();
  await expect(tour).toContainText('step 1 of 5');
  await expect(page.locator('.tour-highlight')).toBeVisible();
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'One server' })).toBeVisible();
  await page.getByRole('dialog', { name: 'One server' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'Direct Connect Command' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Join' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Join' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: 'Direct Connect Command' })).toBeVisible();
  await page.locator('.tour-panel').getByRole('button', { name: 'Next' }).click();
  await page.locator('.tour-panel').getByRole('button', { name: 'Next' }).click();
  const last = page.getByRole('dialog', { name: 'Still stuck?' });
  await expect(last).toContainText('step 5 of 5');
  await last.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Coop Servers' })).toBeVisible();
  await expect(page.locator('.tour-panel')).toHaveCount(0);
});

test('a tour skipped with Escape, and one whose element is missing, end cleanly', async ({ page }) => {
  await page.goto('/?tour=join-server');
  await expect(page.getByRole('dialog', { name: 'Our servers' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.tour-panel')).toHaveCount(0);

  // A visitor is asked to log in on /admin/players: the ban tour's first element is not there.
  await page.goto('/admin/players?tour=ban-player');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page.getByText('“The player list” is not on this page.')).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('.tour-panel')).toHaveCount(0);
});

test('the ban tour walks a moderator from the player list to the ban form', async ({ browser, request }) => {
  // A player joins a game server (reported by its plugin with the server's token), so the list has one.
  const steamid = (76561197960265728n + BigInt(2_000_000 + Math.floor(Math.random() * 1e9))).toString();
  const owner = await browser.newContext();
  await signInBrowser(owner, { name: 'Tour Server Owner', codes: ['servers.tokens'] });
  const created = await owner.request.post('/api/game-tokens/coop-1', { headers: { origin: baseURL } });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const joined = await request.post('/api/game/events', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      events: [
        {
          id: `tour-${steamid}`,
          type: 'connect',
          timestamp: Math.floor(Date.now() / 1000),
          steamid,
          name: 'Tour Griefer',
        },
      ],
    },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  await owner.close();

  const context = await browser.newContext();
  await signInBrowser(context, { name: 'Tour Moderator', codes: ['players.*', 'bans.*', 'notes.*'] });
  const page = await context.newPage();
  await page.goto('/docs/tutorials/banning-a-player');
  await page.getByRole('link', { name: 'Start the guided tour' }).click();
  await expect(page.getByRole('dialog', { name: 'The player list' })).toBeVisible();
  await page.locator('.tour-panel').getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'Open the player' })).toBeVisible();
  await page.getByRole('link', { name: 'Tour Griefer' }).first().click();
  await page.locator('.tour-panel').getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'The player modal' })).toBeVisible();
  await page.getByRole('tablist', { name: 'Player sections' }).getByRole('tab', { name: /Bans/ }).click();
  await page.locator('.tour-panel').getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'Ban this player' })).toBeVisible();
  await page.getByRole('button', { name: 'Ban this player' }).click();
  await page.locator('.tour-panel').getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'Reason' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.tour-panel')).toHaveCount(0);
  await context.close();
});
