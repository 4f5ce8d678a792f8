import { expect, test } from '@playwright/test';
import { signInBrowser } from '../support/e2e-session';

test('the overview renders the servers remote with data from the API', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Coop Servers' })).toBeVisible();
  const row = page.getByRole('row', { name: /Coop #1/ });
  await expect(row).toContainText('1/4');
  await expect(row).toContainText('c2m1_highway');
  await expect(row).toContainText('connect coop1.example.org:27015');
  await expect(page).toHaveTitle(/^Servers - 127\.0\.0\.1:\d+$/);
});

test('a store written by the shell is read by a remote (singletons are shared)', async ({ page, context }) => {
  await page.goto('/');
  // The shell loads /api/meta into the host package's meta store and renders the notice.
  await expect(page.locator('.site-notice')).toContainText('Welcome to the e2e community');
  await expect(page.getByRole('row', { name: /Coop #1/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage servers' })).toHaveCount(0);
  // The shell writes the signed-in session into the host package's session store; the
  // servers remote reads that same store (one copy, shared) and offers staff links.
  await signInBrowser(context, { name: 'Singleton Check', codes: ['servers.*'] });
  await page.reload();
  await expect(page.getByRole('link', { name: 'Manage servers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Coop #1' })).toBeVisible();
});

test('the navbar holds routes from several remotes and clicking one renders it', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /Servers/ })).toBeVisible(); // servers remote
  await expect(nav.getByRole('link', { name: /Bans/ })).toBeVisible(); // players-bans-notes remote
  await nav.getByRole('button', { name: /Docs/ }).click(); // docs remote, a dropdown
  await nav.getByRole('link', { name: /Rules/ }).click();
  await expect(page).toHaveURL(/\/docs\/rules$/);
  await expect(page.getByRole('heading', { name: 'Rules', level: 1 })).toBeVisible();
  await expect(page.getByText('No griefing.')).toBeVisible();
  await expect(page).toHaveTitle(/^Rules - /);

  await nav.getByRole('link', { name: /Bans/ }).click();
  await expect(page).toHaveURL(/\/bans$/);
  await expect(page).toHaveTitle(/^Bans - /);
});

test('auth-required routes are hidden from signed-out visitors and ask them to log in', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /Servers/ })).toBeVisible();
  // No staff menu and no staff page is offered (a menu item's description may still say "admin").
  await expect(nav.getByRole('button', { name: /^(Admin|Moderation|Servers admin|Shares|Panel)/ })).toHaveCount(0);
  await expect(nav.locator('a[href^="/admin"], a[href^="/panel"]')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: /^Discuss/ })).toHaveCount(0);
  await page.goto('/admin/players');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page.getByText('This page requires you to be logged in.')).toBeVisible();
});

test('an unknown path shows 404 Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/^404 Not Found - /);
});

test('a remote that cannot be fetched fails alone, with a retry', async ({ page }) => {
  // Its route table is good (the navbar has it); its code cannot be fetched.
  await page.goto('/ghost');
  await expect(page.getByRole('heading', { name: 'Section unavailable' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  // The navbar and the other remotes keep working.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /Bans/ })).toBeVisible();
  await nav.getByRole('link', { name: /Servers/ }).click();
  await expect(page.getByRole('heading', { name: 'Coop Servers' })).toBeVisible();
});

test('/error shows the error and code from the query', async ({ page }) => {
  await page.goto('/error?error=Login%20failed&code=STEAM_INVALID&return=/docs');
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('STEAM_INVALID')).toBeVisible();
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/docs$/);
});

test('a signed-in user sees auth-required routes and pages (session from the shared store)', async ({
  page,
  context,
}) => {
  await signInBrowser(context, { name: 'Staff Member', codes: ['logs.view'] });
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toHaveCount(0);
  // The players page needs players.view: the access card, not a raw API refusal.
  await page.goto('/admin/players');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /Moderation/ }).click();
  await expect(nav.getByRole('link', { name: /Audit Log/ })).toBeVisible();
  // A link's name is its label then its description: anchor on the label.
  await expect(nav.getByRole('link', { name: /^Players/ })).toHaveCount(0);
  await expect(nav.locator('a[href="/admin/players"]')).toHaveCount(0);
  // panel.view is not held: the Panel menu stays hidden.
  await expect(nav.getByRole('button', { name: /^Panel/ })).toHaveCount(0);
  await expect(nav.locator('a[href^="/panel"]')).toHaveCount(0);
});

test('a remote whose code never arrives does not hold back the navbar, and times out into unavailable', async ({
  page,
}) => {
  await page.goto('/slowpoke');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The navbar comes from route tables: every entry is there while the slow code is awaited.
  await expect(nav.getByRole('link', { name: /Bans/ })).toBeVisible({ timeout: 5_000 });
  await expect(nav.getByRole('link', { name: /Slowpoke/ })).toBeVisible();
  await expect(page.getByText('Loading Slowpoke…')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Section unavailable' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/did not answer within 10000 ms/)).toBeVisible();
  await expect(page).toHaveTitle(/^Slowpoke - /);
});
