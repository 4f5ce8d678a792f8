import { expect, test } from '@playwright/test';
import { openDatabase } from '../../api/src/db/database';
import { nowSeconds } from '../../api/src/lib/clock';
import { E2E_STEAM_PLAYER, e2eDatabaseUrl, e2ePort, signInBrowser } from '../support/e2e-session';

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

test("login CSRF: an attacker's Steam assertion signs no other browser in", async ({ page, browser }) => {
  // The attacker starts a sign-in in their own browser and stops at Steam's redirect back.
  const attacker = await browser.newContext({ baseURL: `http://127.0.0.1:${e2ePort}` });
  const attackerPage = await attacker.newPage();
  await attackerPage.goto('/');
  const meta = await (await attackerPage.request.get('/api/meta')).json();
  const { state } = await (await attackerPage.request.post('/api/auth/steam/start')).json();
  const returnTo = new URL(meta.loginProviders.steam.callbackUrl);
  returnTo.searchParams.set('return_uri', '/admin');
  returnTo.searchParams.set('state', state);
  const approved = await attackerPage.request.post(meta.loginProviders.steam.openidUrl, {
    form: {
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'checkid_setup',
      'openid.return_to': returnTo.href,
      'openid.realm': meta.loginProviders.steam.realm,
      'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
      'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
    },
    maxRedirects: 0,
  });
  const trap = approved.headers().location as string;
  expect(trap).toContain('/api/auth/steam/callback?');
  await attacker.close();

  // The victim's browser never started a sign-in: refused, nobody signed in.
  await page.goto(trap);
  await expect(page).toHaveURL(/\/error\?/);
  await expect(page.locator('code')).toHaveText('LOGIN_NOT_STARTED_HERE');
  await expect(page.getByText('This sign-in was not started in this browser')).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'outpost_session')).toBe(false);

  // The victim started one of their own (their cookie): the attacker's state does not match it.
  await page.request.post('/api/auth/steam/start');
  await page.goto(trap);
  await expect(page.locator('code')).toHaveText('LOGIN_STATE_MISMATCH');
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
  await expect(nav.getByRole('button', { name: 'Notifications 1' })).toHaveCount(0);
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
  await expect(nav.getByRole('button', { name: 'Notifications 1' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Your ban appeal was accepted').first()).toBeVisible();
});
