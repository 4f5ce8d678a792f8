import { test } from '@playwright/test';
import { expectAccessiblePages } from '../support/a11y';
import { signInBrowser } from '../support/e2e-session';

// Every shares-addons page in the route table: axe finds nothing serious, light and dark, and at
// 360 px wide nothing scrolls sideways.
const PATHS = ['/admin/shares'];

test('shares-addons pages are accessible signed out', async ({ page }) => {
  await expectAccessiblePages(page, PATHS);
});

test('shares-addons pages are accessible signed in', async ({ page, context }) => {
  await signInBrowser(context, { name: 'Axe Staff', codes: ['*'], flags: 'z', immunity: 99 });
  await expectAccessiblePages(page, PATHS);
});
