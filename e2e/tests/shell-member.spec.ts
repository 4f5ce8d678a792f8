import { expect, type Page, test } from '@playwright/test';
import { signInBrowser } from '../support/e2e-session';

// What a signed-in member without staff permissions meets, and what a superuser sees.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** A valid SteamID64 (individual accounts start at 76561197960265728) no other test uses. */
const randomSteamId = () => String(76561197960265728n + BigInt(1_000_000 + Math.floor(Math.random() * 1e9)));

test('a plain member sees no staff nav entries and gets the access card on staff pages', async ({ page, context }) => {
  await signInBrowser(context, { name: 'Plain Member' });
  await page.goto('/');
  await expect(nav(page).getByRole('button', { name: 'Plain Member' })).toBeVisible();
  await expect(nav(page).getByRole('button', { name: /Admin/ })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: /Admin|Panel|Discuss|Players|Audit/ })).toHaveCount(0);
  // Bans is a menu (the list and Report a player); Notes a plain link.
  await expect(nav(page).getByRole('button', { name: /^Bans/ })).toBeVisible();
  await expect(nav(page).locator('a[href="/bans"]')).toHaveCount(1);
  await expect(nav(page).getByRole('link', { name: /^Notes/ })).toBeVisible();
  for (const path of ['/admin/bans', '/admin', '/admin/players', '/admin/servers', '/panel/dashboard']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' }), path).toBeVisible();
    await expect(page.getByText(/You do not have the permission/), path).toHaveCount(0);
  }
  // Server names lead to the public details, not to the manage page.
  await page.goto('/');
  await page.getByRole('button', { name: 'Coop #1' }).click();
  const details = page.getByRole('dialog', { name: 'Coop #1' });
  await expect(details).toContainText('connect coop1.example.org:27015');
  await expect(page.getByRole('link', { name: 'Manage servers' })).toHaveCount(0);
});

test("a member's own Profile link opens their profile", async ({ page, context }) => {
  await signInBrowser(context, { name: 'Profile Member', steamid: randomSteamId() });
  await page.goto('/docs');
  await nav(page).getByRole('button', { name: 'Profile Member' }).click();
  await nav(page).getByRole('link', { name: 'Profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Profile Member' });
  await expect(profile.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText(/You do not have/)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/$/);
});

test('a superuser holding only flag z sees Panel Administration and every staff entry', async ({ page, context }) => {
  await signInBrowser(context, { name: 'Root', flags: 'z', immunity: 99 });
  await page.goto('/');
  await nav(page).getByRole('button', { name: 'Root' }).click();
  await expect(nav(page).getByRole('link', { name: 'Panel Administration' })).toBeVisible();
  await nav(page)
    .getByRole('button', { name: /Moderation/ })
    .click();
  const admin = nav(page).locator('.navbar-dropdown.is-open');
  for (const entry of ['All staff tools', 'Players', 'Bans', 'Notes', 'Audit Log']) {
    await expect(admin.getByRole('link', { name: new RegExp(`^\\W*${entry}`) }).first()).toBeVisible();
  }
  // Shares is in the row, or in More when this registry's two test remotes fill the row.
  await expect(nav(page).getByRole('link', { name: /^Shares/, includeHidden: true })).toHaveCount(1);
  await page.goto('/admin/bans');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toHaveCount(0);
});

test('a dropdown opens its own page from its first item; unset links stay out of the nav', async ({ page }) => {
  await page.goto('/');
  await nav(page).getByRole('button', { name: /Docs/ }).click();
  await nav(page).getByRole('link', { name: 'Documentation' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  // A fresh install has no community links: Links is a plain entry and /links says so.
  // (A link's name is its label then its description: "Links Stats, Steam group and Discord".)
  await expect(nav(page).getByRole('link', { name: /^(Steam Group|Discord|Stats)/ })).toHaveCount(0);
  await expect(nav(page).locator('a[href^="/links/"]')).toHaveCount(0);
  await nav(page).getByRole('button', { name: /Docs/ }).click();
  await nav(page).getByRole('link', { name: /Links/ }).click();
  await expect(page.getByText('This community has not set up any links yet.')).toBeVisible();
});

test('an admin impersonates a player from the player modal after confirming', async ({ page, context }) => {
  const steamid = randomSteamId();
  await signInBrowser(context, { name: 'Modal Target', steamid });
  await context.clearCookies();
  await signInBrowser(context, { name: 'Modal Admin', codes: ['players.view', 'users.impersonate'], immunity: 50 });
  await page.goto(`/admin/players/${steamid}/overview`);
  const modal = page.getByRole('dialog', { name: 'Modal Target' });
  await modal.getByRole('button', { name: 'Impersonate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Impersonate Modal Target?' });
  await confirm.getByRole('button', { name: 'Impersonate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Impersonating as' })).toContainText(
    'Impersonating as Modal Target',
  );
});
