import { expect, test } from '@playwright/test';
import { accessibilityTests, PHONE_WIDTH } from '../support/a11y';
import { signInBrowser } from '../support/e2e-session';

// Every panel page in the route table: axe finds nothing serious or critical, light and
// dark, signed out and signed in, and at 360 px wide nothing scrolls sideways.
accessibilityTests('panel', [
  '/panel/dashboard',
  '/panel/remotes',
  '/panel/webhooks',
  '/panel/first-time-setup',
  '/panel/setup-guide',
  '/panel/imports',
  '/panel/federation',
  '/panel/federation/review',
]);

// Issue 22: on a 360 px phone the key fingerprint was cut off in a one-line box.
test('at 360 px the whole key fingerprint is in view, and it can be copied', async ({ page, context }) => {
  await signInBrowser(context, { name: 'Axe Staff', codes: ['*'], flags: 'z', immunity: 99 });
  await page.setViewportSize({ width: PHONE_WIDTH, height: 740 });
  await page.goto('/panel/federation');
  const box = page.getByLabel("This site's key fingerprint");
  await expect(box).toHaveValue(/\S{20,}/);
  const hidden = await box.evaluate(
    (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
  );
  expect(hidden, 'part of the fingerprint is scrolled out of its box').toBe(false);
  const right = await box.evaluate((element) => element.getBoundingClientRect().right);
  expect(right).toBeLessThanOrEqual(PHONE_WIDTH);
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
});
