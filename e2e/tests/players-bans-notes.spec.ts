import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signInBrowser } from '../support/e2e-session';

const STAFF_CODES = ['bans.*', 'notes.*', 'logs.view', 'players.*', 'users.*'];
const STEAM64_BASE = 76561197960265728n;

/** A fresh Steam account per test run, in its SteamID64 and STEAM_0 forms. */
function newSteamAccount() {
  const account = BigInt(1_000_000 + Math.floor(Math.random() * 1_000_000_000));
  return { steamid64: (STEAM64_BASE + account).toString(), steam2: `STEAM_0:${account % 2n}:${account / 2n}` };
}

async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await signInBrowser(context, { name: 'E2E Moderator', codes: STAFF_CODES });
  return context.newPage();
}

async function anonymousPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('a ban created in the UI shows on the public /bans without its IP, and in the audit log', async ({ browser }) => {
  const { steamid64, steam2 } = newSteamAccount();
  const page = await staffPage(browser);
  await page.goto('/admin/bans');
  await page.getByRole('button', { name: 'New ban' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ban' });
  await dialog.getByLabel('SteamID').fill(steam2);
  await expect(dialog.getByText(`SteamID64 ${steamid64}`)).toBeVisible();
  await dialog.getByLabel('IP (optional)').fill('203.0.113.77');
  await dialog.getByLabel('Player name (optional)').fill('Aimbot Andy');
  await dialog.getByLabel('Reason').fill('aimbot on coop');
  await dialog.getByLabel('Length').selectOption({ label: 'Permanent' });
  await dialog.getByRole('button', { name: 'Ban player' }).click();
  await expect(dialog).toHaveCount(0);
  const staffRow = page.getByRole('row', { name: /Aimbot Andy/ });
  await expect(staffRow).toContainText('203.0.113.77'); // staff with players.view-ips see it
  await expect(staffRow).toContainText('Permanent');

  const visitor = await anonymousPage(browser);
  await visitor.goto('/bans');
  const publicRow = visitor.getByRole('row', { name: /Aimbot Andy/ });
  await expect(publicRow).toContainText(steamid64);
  await expect(publicRow).toContainText('aimbot on coop');
  await expect(publicRow).toContainText('E2E Moderator');
  await expect(visitor.getByRole('columnheader', { name: 'IP' })).toHaveCount(0);
  expect(await visitor.content()).not.toContain('203.0.113.77');
  const answer = await visitor.request.get(`/api/bans?q=${steamid64}`);
  expect(JSON.stringify(await answer.json())).not.toContain('203.0.113.77');

  await page.goto('/admin/audit');
  const entry = page.getByRole('row', { name: /banned Aimbot Andy/ });
  await expect(entry).toContainText('aimbot on coop');
  await expect(entry.getByRole('link', { name: 'E2E Moderator' })).toBeVisible();
  // Jump to the entry: the log loads around it and marks it.
  await entry.getByRole('link', { name: / at / }).click();
  await expect(page).toHaveURL(/\/admin\/audit\/\d+$/);
  await expect(page.locator('tr.is-highlighted')).toContainText('banned Aimbot Andy');

  // Unbanning asks first; the public list then shows the ban as lifted.
  await page.goto('/admin/bans?status=active');
  await page
    .getByRole('row', { name: /Aimbot Andy/ })
    .getByRole('button', { name: 'Unban' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Unban Aimbot Andy?' });
  await confirm.getByLabel('Why is the ban lifted?').fill('appeal accepted');
  await confirm.getByRole('button', { name: 'Unban' }).click();
  await expect(confirm).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole('row', { name: /Aimbot Andy/ })).toContainText('Unbanned');
});

test('a ban made while impersonating names the real admin beside the account acted as', async ({ browser }) => {
  const { steamid64 } = newSteamAccount();
  const context = await browser.newContext();
  const target = await signInBrowser(context, { name: 'Acted Moderator', codes: STAFF_CODES, immunity: 5 });
  await context.clearCookies();
  await signInBrowser(context, { name: 'Real Head Admin', codes: STAFF_CODES, immunity: 60 });
  const page = await context.newPage();
  await page.goto('/bans');
  const statuses = await page.evaluate(
    async ({ id, steamid }) => {
      const started = await fetch(`/api/admins/impersonate/${id}`, { method: 'POST' });
      const banned = await fetch('/api/bans', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ steamid, playerName: 'Masked Mike', reason: 'made while impersonating', length: 3600 }),
      });
      return [started.status, banned.status];
    },
    { id: target.userId, steamid: steamid64 },
  );
  expect(statuses).toEqual([200, 201]);
  await page.goto('/admin/audit');
  await expect(page.getByRole('row', { name: /banned Masked Mike/ })).toContainText(
    'Real Head Admin (as Acted Moderator)',
  );
  await page.goto('/bans');
  await expect(page.getByRole('row', { name: /Masked Mike/ })).toContainText('Real Head Admin (as Acted Moderator)');
});

test('anonymous /notes shows the public note and never the staff-only one', async ({ browser }) => {
  const { steam2 } = newSteamAccount();
  const page = await staffPage(browser);
  await page.goto('/admin/notes');
  for (const [body, isPublic] of [
    ['Helped new players **all evening**', true],
    ['Staff only: suspected alt of a banned player', false],
  ] as const) {
    await page.getByRole('button', { name: 'New note' }).click();
    const dialog = page.getByRole('dialog', { name: 'New note' });
    await dialog.getByLabel('Player SteamID').fill(steam2);
    await dialog.getByLabel('Note (markdown)').fill(body);
    if (isPublic) await dialog.getByLabel(/Public/).check();
    await dialog.getByRole('button', { name: 'Add note' }).click();
    await expect(dialog).toHaveCount(0);
  }
  await expect(page.getByText('Staff only: suspected alt')).toBeVisible();
  await expect(page.getByText('all evening')).toBeVisible();

  const visitor = await anonymousPage(browser);
  await visitor.goto('/notes');
  await expect(visitor.getByText('all evening')).toBeVisible();
  await expect(visitor.locator('strong', { hasText: 'all evening' })).toBeVisible(); // markdown rendered
  await expect(visitor.getByText('Helped new players')).toBeVisible();
  expect(await visitor.content()).not.toContain('suspected alt');
});

test('/search finds a player by SteamID in another form and opens the player modal', async ({ browser, request }) => {
  const { steamid64, steam2 } = newSteamAccount();
  // A game server's plugin reports the player joining (the real integration API, with a server token).
  const setup = await browser.newContext();
  await signInBrowser(setup, { name: 'Server Owner', codes: ['servers.tokens'] });
  const created = await setup.request.post('/api/game-tokens/coop-1', { headers: { origin: baseURL } });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  // The plugin is no browser: it sends its bearer token and no cookie.
  const events = await request.post('/api/game/events', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      events: [
        {
          id: `e2e-${steamid64}`,
          type: 'connect',
          timestamp: Math.floor(Date.now() / 1000),
          steamid: steamid64,
          name: 'Searchable Sam',
          ip: '198.51.100.5',
        },
      ],
    },
  });
  expect(events.ok(), await events.text()).toBe(true);

  const page = await staffPage(browser);
  await page.goto(`/search?q=${encodeURIComponent(steam2)}`);
  const players = page.getByRole('region', { name: 'Players' });
  await players.getByRole('link', { name: 'Searchable Sam' }).click();
  const modal = page.getByRole('dialog', { name: 'Searchable Sam' });
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/players/${steamid64}/overview`));
  await expect(modal.getByText(steamid64)).toBeVisible();
  await modal.getByRole('tab', { name: /^Privileges$/ }).click();
  await expect(modal.getByText('This player has never signed in to Outpost, so holds no privileges.')).toBeVisible();
  // The manage-user route returns to where it was opened from.
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL(/\/search\?q=STEAM_0/);
  await expect(players.getByRole('link', { name: 'Searchable Sam' })).toBeVisible();
  await page.goto('/admin/players');
  await expect(page.getByRole('row', { name: /Searchable Sam/ })).toBeVisible();
});
