import { expect, type Page, test } from '@playwright/test';
import { signInBrowser } from '../support/e2e-session';

// Issue 22: the navbar fits one row for the owner, repeats nothing, links every staff page;
// skip link, favicon, and the search box reflecting /search?q=.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('the owner’s navbar is one row at 1280 px, never repeats an entry, and links every panel page', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInBrowser(context, { name: 'Nav Owner', flags: 'z', immunity: 99 });
  await page.goto('/');
  await expect(nav(page).getByRole('button', { name: 'Nav Owner' })).toBeVisible();
  // The Panel menu sits in the row, or in More when the row is full (this registry adds two test remotes).
  await expect(
    nav(page)
      .getByRole('button', { name: /^(Panel|More)$/ })
      .first(),
  ).toBeVisible();
  const box = await nav(page).boundingBox();
  expect(box?.height).toBeLessThanOrEqual(60);
  const hrefs = await nav(page)
    .locator('a.navbar-item')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.length).toBe(new Set(hrefs).size);
  for (const href of [
    '/panel/remotes',
    '/panel/webhooks',
    '/panel/settings',
    '/admin/appeals',
    '/bans/appeals',
    '/leaderboards',
  ]) {
    expect(hrefs, href).toContain(href);
  }
});

test('a skip link is the first stop, the favicon is served, and /search?q= fills the search box', async ({ page }) => {
  await page.goto('/search?q=demo');
  await expect(nav(page).getByRole('searchbox', { name: 'Search' })).toHaveValue('demo');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  for (const path of ['/favicon.ico', '/favicon.svg']) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toMatch(/^image\//);
  }
});
