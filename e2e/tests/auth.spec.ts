import { expect, test } from '@playwright/test';
import { openDatabase } from '../../api/src/db/database';
import { nowSeconds } from '../../api/src/lib/clock';
import { E2E_STEAM_PLAYER, e2eDatabaseUrl, signInBrowser } from '../support/e2e-session';

test('signs in with Steam from the Login Required card and comes back to the page', async ({ page }) => {
  await page.goto('/admin/players');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  // The shell posts the hidden OpenID form to (fake) Steam, which approves and sends the
  // browser to our callback; the API verifies the assertion with Steam and signs in.
  await page.getByRole('button', { name: 'Login with Steam' }).first().click();
  await expect(page).toHaveURL(/\/admin\/players$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: E2E_STEAM_PLAYER.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Login Required' })).toHaveCount(0);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'outpost_session')).toMatchObject({
    httpOnly: true,
    sameSite: 'Lax',
  });

  // Logging out on an auth-required route lands on /.
  await nav.getByRole('button', { name: E2E_STEAM_PLAYER.name }).click();
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('You have been logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a forged Steam callback signs nobody in and lands on /error with its code', async ({ page }) => {
  const forged = new URLSearchParams({
    return_uri: '/admin',
    'openid.ns': 'http://specs.openid.net/auth/2.0',
    'openid.mode': 'id_res',
    'openid.op_endpoint': 'https://evil.example/openid/login',
    'openid.claimed_id': `https://steamcommunity.com/openid/id/${E2E_STEAM_PLAYER.steamId}`,
    'openid.identity': `https://steamcommunity.com/openid/id/${E2E_STEAM_PLAYER.steamId}`,
  });
  await page.goto(`/api/auth/steam/callback?${forged}`);
  await expect(page).toHaveURL(/\/error\?/);
  await expect(page.locator('code')).toHaveText('OPENID_WRONG_ENDPOINT');
  await expect(page.getByText('The assertion does not come from Steam')).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'outpost_session')).toBe(false);
});

test('Discord signs in only linked accounts', async ({ page }) => {
  await page.goto('/admin/players');
  await page.getByRole('button', { name: 'Login with Discord' }).first().click();
  await expect(page).toHaveURL(/\/error\?/);
  await expect(page.locator('code')).toHaveText('DISCORD_NOT_LINKED');
});

test('a notification created on the server appears in the open page without a reload', async ({ page, context }) => {
  const { userId } = await signInBrowser(context, { name: 'Notified Staff' });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Notified Staff' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Notifications (1)' })).toHaveCount(0);
  await page.waitForTimeout(500); // the page's stream is open
  const database = openDatabase(e2eDatabaseUrl);
  try {
    // Written by another process (this test), as a second instance would: the server's
    // stream picks it up within a heartbeat. (Playwright cannot load the contracts package,
    // so the row is written directly rather than through notifications-service.)
    await database.db
      .insertInto('notifications')
      .values({
        user_id: userId,
        timestamp: nowSeconds(),
        level: 2,
        message: 'Your ban appeal was accepted',
        link: '/bans',
      })
      .execute();
  } finally {
    await database.close();
  }
  await expect(nav.getByRole('button', { name: 'Notifications (1)' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Your ban appeal was accepted').first()).toBeVisible();
});
