import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createSession } from '../../api/src/modules/auth/sessions-service';
import { writeSetting } from '../../api/src/modules/meta/settings-repository';
import { insertNotification } from '../../api/src/modules/notifications/notifications-repository';
import { signInBrowser, withE2eDatabase } from '../support/e2e-session';

// The signed-in experience of the shell against the real API and database.

async function openUserMenu(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click();
}

async function openSettings(page: Page, name: string) {
  await openUserMenu(page, name);
  await page.getByRole('button', { name: 'User Settings' }).click();
  return page.getByRole('dialog', { name: 'User Settings' });
}

async function signIn(context: BrowserContext, name: string, extra: Parameters<typeof signInBrowser>[1] = {}) {
  return signInBrowser(context, { name, ...extra });
}

test('User Settings: sessions are listed with the current one marked, and another can be revoked', async ({
  page,
  context,
}) => {
  const { userId } = await signIn(context, 'Session Keeper');
  // A second login session of the same user, from elsewhere.
  await withE2eDatabase((db) => createSession(db, userId, { ip: '203.0.113.9', countryCode: 'DE' }));
  await page.goto('/');
  const dialog = await openSettings(page, 'Session Keeper');
  await expect(dialog.getByRole('tab', { name: 'Sessions' })).toHaveAttribute('aria-selected', 'true');
  const rows = dialog.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(dialog.getByText('Current Session')).toBeVisible();
  const other = dialog.getByRole('row', { name: /Germany/ });
  await expect(other).toContainText('203.0.113.9');
  await expect(dialog.getByRole('row', { name: /\(dev\)/ })).toContainText('127.0.0.1');
  await other.getByRole('button', { name: 'Revoke' }).click();
  await expect(rows).toHaveCount(2);
  await expect(dialog.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  // Gone on the server too.
  await dialog.getByRole('button', { name: 'Refresh' }).click();
  await expect(rows).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('User Settings: an API key is created once-shown, works as a bearer, and regenerating asks first', async ({
  page,
  context,
}) => {
  await signIn(context, 'Key Maker');
  await page.goto('/');
  const dialog = await openSettings(page, 'Key Maker');
  await dialog.getByRole('tab', { name: 'Developer' }).click();
  await expect(dialog.getByText('You have not created an API Key')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create API Key' }).click();
  const secretBox = dialog.getByLabel('New API key');
  await expect(secretBox).not.toHaveValue('');
  const firstKey = await secretBox.inputValue();
  await expect(dialog.locator('dt:text-is("Last Active") + dd')).toHaveText('Never');
  await expect(dialog.locator('dt:text-is("Created") + dd time[datetime]')).toBeVisible();

  const asBearer = (key: string) =>
    page.request.get('/api/auth/profile', { headers: { Authorization: `Bearer ${key}`, Cookie: '' } });
  expect((await asBearer(firstKey)).status()).toBe(200);

  // Declining the confirmation keeps the key.
  const messages: string[] = [];
  page.once('dialog', (confirm) => {
    messages.push(confirm.message());
    void confirm.dismiss();
  });
  await dialog.getByRole('button', { name: 'Regenerate API Key' }).click();
  await expect
    .poll(() => messages)
    .toEqual(['Are you sure you want to regenerate your apikey? The existing key will no longer work']);
  await expect(secretBox).toHaveValue(firstKey);

  page.once('dialog', (confirm) => void confirm.accept());
  await dialog.getByRole('button', { name: 'Regenerate API Key' }).click();
  await expect(secretBox).not.toHaveValue(firstKey);
  const secondKey = await secretBox.inputValue();
  expect((await asBearer(secondKey)).status()).toBe(200);
  expect((await asBearer(firstKey)).status()).toBe(401);

  // The tab choice is remembered when the modal opens again.
  await page.keyboard.press('Escape');
  const again = await openSettings(page, 'Key Maker');
  await expect(again.getByRole('tab', { name: 'Developer' })).toHaveAttribute('aria-selected', 'true');
  await expect(again.getByLabel('New API key')).toHaveCount(0);
});

test('a notification created on the server appears in the open page without a reload', async ({ page, context }) => {
  const { userId } = await signIn(context, 'Listener');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  // Let the stream connect before the notification is written.
  await page.waitForTimeout(500);
  // Written by another process (this one): the stream picks it up from the database.
  await withE2eDatabase((db) =>
    insertNotification(db, {
      user_id: userId,
      timestamp: Math.floor(Date.now() / 1000),
      level: 3,
      message: 'Disk almost full on coop-1',
      link: '/admin/servers',
    }),
  );
  await expect(page.locator('.toast', { hasText: 'Disk almost full on coop-1' })).toBeVisible({ timeout: 10_000 });
  await nav.getByRole('button', { name: 'Notifications 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.getByRole('img', { name: 'warning' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: / at / })).toHaveAttribute('href', '/admin/servers');
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  // Cleared on the server too: a fresh page load has none.
  await page.goto('/docs');
  await expect(nav.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(nav.locator('.bell-count')).toHaveCount(0);
});

test('an admin impersonating a user sees the bar, and stopping restores the admin', async ({ page, context }) => {
  const target = await signInBrowser(context, { name: 'Plain Player' });
  await context.clearCookies();
  await signIn(context, 'Head Admin', { codes: ['users.impersonate'], immunity: 50 });
  await page.goto('/docs');
  const started = await page.evaluate(
    async (id) => (await fetch(`/api/admins/impersonate/${id}`, { method: 'POST' })).status,
    target.userId,
  );
  expect(started).toBeLessThan(300);
  await page.goto('/docs/rules');
  const bar = page.getByRole('status').filter({ hasText: 'Impersonating as' });
  await expect(bar).toContainText('Impersonating as Plain Player');
  await expect(bar.getByRole('link', { name: 'Plain Player' })).toHaveAttribute(
    'href',
    `/admin/players/${target.userId}?returnTo=%2Fdocs%2Frules`,
  );
  await bar.getByRole('button', { name: 'Stop Impersonating' }).click();
  await expect(page.locator('.toast', { hasText: 'Stoped impersonating' })).toBeVisible();
  await expect(page.getByText('Impersonating as')).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Head Admin' }),
  ).toBeVisible();
});

test('a notice carrying <img onerror> and javascript: links renders inert', async ({ page }) => {
  const hostile = {
    enabled: true,
    class: 'is-warning',
    text: 'Maintenance **tonight**\nsee <img src="/nope.png" onerror="window.__pwned = 1"> and [free skins](javascript:window.__pwned=2) or <a href="data:text/html,hi">data</a>',
  };
  await withE2eDatabase((db) => writeSetting(db, 'notice', hostile));
  // Written behind the API's back: each instance caches settings for SETTINGS_CACHE_MS (2 s).
  await page.waitForTimeout(2_500);
  try {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/');
    const notice = page.locator('.site-notice');
    await expect(notice.locator('strong')).toHaveText('tonight');
    await expect(notice.locator('br')).toHaveCount(1);
    await expect(notice.locator('img')).toHaveCount(1);
    expect(await notice.locator('img').getAttribute('onerror')).toBeNull();
    await expect(notice.locator('a')).toHaveCount(0);
    await expect(notice).toContainText('free skins');
    await notice.getByText('free skins').click();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    // Dismissed notices stay dismissed.
    await notice.getByRole('button', { name: 'Dismiss notice' }).click();
    await page.goto('/docs');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Servers/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Coop Servers' })).toBeVisible();
    await expect(page.locator('.site-notice')).toHaveCount(0);
  } finally {
    await withE2eDatabase((db) =>
      writeSetting(db, 'notice', { enabled: true, text: 'Welcome to the e2e community', class: 'is-info' }),
    );
  }
});

test('logging out on an auth-required route lands on / with the SPEC toast', async ({ page, context }) => {
  await signIn(context, 'Leaver');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'All staff tools', level: 1 })).toBeVisible();
  await openUserMenu(page, 'Leaver');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.locator('.toast', { hasText: 'You have been logged out successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Login with Steam/ }).first()).toBeVisible();
});

test('the dark-mode toggle switches the theme and remembers it', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await page.getByTitle('Turn dark mode on').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // A reload revalidates the cached page (304) and must still render it.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('heading', { name: 'Coop Servers' })).toBeVisible();
  await expect(page.getByTitle('Turn dark mode off')).toBeVisible();
});

test('provider images are served', async ({ request }) => {
  for (const path of ['/img/providers/steam.svg', '/img/providers/discord.svg', '/img/providers/steam.png']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
  }
});

test('first-time setup: a signed-in user pastes the token and becomes the owner', async ({ page, context }) => {
  await page.goto('/panel/first-time-setup');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await signIn(context, 'Founder');
  await page.goto('/panel/first-time-setup');
  // hideNav: the setup page has no navbar.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByLabel('Setup token').fill('e2e-setup-token-0123456789');
  await page.getByRole('button', { name: 'Become owner' }).click();
  await expect(page.getByRole('heading', { name: 'Setup complete' })).toBeVisible();
  await page.getByRole('link', { name: 'Open the Panel' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Founder' }).click();
  await expect(nav.getByRole('link', { name: 'Panel Administration' })).toBeVisible();
});
