// Issue 24, the first hour: a sign-in started at another address than PUBLIC_URL (here
// localhost for the e2e server's 127.0.0.1) is refused at once, saying which address to use,
// instead of coming back with "please sign in again" forever.
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';

test('Login at another address than PUBLIC_URL says which address to open', async ({ page }) => {
  const wrong = baseURL.replace('127.0.0.1', 'localhost');
  await page.goto(`${wrong}/docs`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login with Steam' }).click();
  await expect(page).toHaveURL(/\/error\?/);
  await expect(page.getByText(`open ${baseURL} and sign in there`)).toBeVisible();
  await expect(page.getByText('WRONG_ADDRESS')).toBeVisible();
  // Nothing was started: no Steam sign-in cookie at the wrong address.
  const cookies = await page.context().cookies(wrong);
  expect(cookies.map((cookie) => cookie.name)).not.toContain('outpost_steam_login');
});
