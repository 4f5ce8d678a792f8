import { type Browser, expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { expectAccessiblePages } from '../support/a11y';
import { signInBrowser } from '../support/e2e-session';

// Player reports (issue 15): one report filed on the site and one from a game server's plugin
// land in one queue row; resolving it bans the player (public /bans) and tells the reporter.

const STEAM64_BASE = 76561197960265728n;

/** A fresh Steam account per run, in its SteamID64 and STEAM_0 forms. */
function newSteamAccount() {
  const account = BigInt(1_000_000 + Math.floor(Math.random() * 1_000_000_000));
  return { steamid64: (STEAM64_BASE + account).toString(), steam2: `STEAM_0:${account % 2n}:${account / 2n}` };
}

/** A plugin token for the seeded server coop-1, made by a staff member holding servers.tokens. */
async function pluginToken(browser: Browser): Promise<string> {
  const owner = await browser.newContext();
  await signInBrowser(owner, { name: 'Reports Server Owner', codes: ['servers.tokens'] });
  const created = await owner.request.post('/api/game-tokens/coop-1', { headers: { origin: baseURL } });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  await owner.close();
  return token;
}

test('a report from the site and one from in game are one queue row; resolving it bans the player', async ({
  browser,
  request,
}) => {
  const target = newSteamAccount();
  const gameReporter = newSteamAccount();

  // A signed-in player reports on the site, the target typed as STEAM_0.
  const reporterContext = await browser.newContext();
  await signInBrowser(reporterContext, { name: 'E2E Reporter' });
  const reporter = await reporterContext.newPage();
  await reporter.goto('/reports/new');
  await reporter.getByLabel('Player’s Steam id').fill(target.steam2);
  await expect(reporter.getByText(`SteamID64 ${target.steamid64}`)).toBeVisible();
  await reporter.getByLabel('Reason').selectOption('Cheating');
  await reporter.getByLabel('What happened').fill('Aimbot all round on coop');
  await reporter.getByLabel('Link 1').fill('https://video.example.org/watch?v=e2e');
  await reporter.getByRole('button', { name: 'Send report' }).click();
  await expect(reporter.getByRole('status').filter({ hasText: 'was sent' })).toBeVisible();
  await expect(reporter.getByRole('table', { name: 'Your reports' })).toContainText('Waiting');

  // The plugin files `!report` from in game with the server's token.
  const token = await pluginToken(browser);
  const filed = await request.post('/api/game/reports', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      reporter: { steamid: gameReporter.steamid64, name: 'In-game Reporter' },
      target: { steamid: target.steamid64, name: 'Reported Rick' },
      reason: 'griefing',
      details: 'Blocking the saferoom door',
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);

  // Staff see both in one row, claim it and resolve it as a ban.
  const staffContext = await browser.newContext();
  await signInBrowser(staffContext, {
    name: 'E2E Report Moderator',
    codes: ['reports.manage', 'bans.*'],
    immunity: 50,
  });
  const staff = await staffContext.newPage();
  await staff.goto('/admin/reports');
  const row = staff.getByRole('article', { name: new RegExp(target.steamid64) });
  await expect(row).toContainText('2 reports');
  await expect(row).toContainText('Reported Rick');
  await expect(row).toContainText('E2E Reporter');
  await expect(row).toContainText('In-game Reporter');
  await expect(row).toContainText('Blocking the saferoom door');
  await expect(row.getByRole('link', { name: 'https://video.example.org/watch?v=e2e' })).toBeVisible();
  await row.getByRole('button', { name: 'Claim' }).click();
  await expect(row).toContainText('You are working on it.');
  await row.getByRole('button', { name: 'Resolve' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Resolve the reports of Reported Rick' });
  await dialog.getByLabel('Ban reason').fill('Cheating (reported twice)');
  await dialog.getByLabel('Length').selectOption({ label: 'Permanent' });
  await dialog.getByRole('button', { name: 'Ban and resolve' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0); // no longer open

  await staff.goto('/admin/reports?status=resolved');
  const resolved = staff.getByRole('article', { name: new RegExp(target.steamid64) });
  await expect(resolved.getByRole('link', { name: /^ban #\d+$/ })).toBeVisible();

  // The ban is public on /bans.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/bans?q=${target.steamid64}`);
  const banRow = visitor.getByRole('row', { name: /Cheating \(reported twice\)/ });
  await expect(banRow).toContainText(target.steamid64);
  await expect(banRow).toContainText('E2E Report Moderator');

  // The reporter hears that it was reviewed, not how.
  await expect
    .poll(async () => {
      const profile = await reporterContext.request.get('/api/auth/profile');
      const body = (await profile.json()) as { notifications: { message: string }[] };
      return body.notifications.map((notification) => notification.message);
    })
    .toContain('Your report of Reported Rick was reviewed: action taken');
  await reporter.reload();
  await expect(reporter.getByRole('table', { name: 'Your reports' })).toContainText('Reviewed');
  await Promise.all([reporterContext.close(), staffContext.close(), visitor.context().close()]);
});

test('the report form and the queue are accessible, light and dark, and fit 360 px', async ({
  page,
  context,
  browser,
}) => {
  const target = newSteamAccount();
  const token = await pluginToken(browser);
  const filed = await page.request.post('/api/game/reports', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      reporter: { steamid: newSteamAccount().steamid64, name: 'Axe Reporter' },
      target: { steamid: target.steamid64, name: 'Axe Target With A Rather Long Player Name' },
      reason: 'Other',
      details: 'Something long enough to wrap on a phone screen, with a link-like word https://example.org/x',
    },
  });
  expect(filed.status()).toBe(201);
  await signInBrowser(context, { name: 'Axe Staff', codes: ['*'], flags: 'z', immunity: 99 });
  await expectAccessiblePages(page, ['/reports/new', '/admin/reports']);
});
