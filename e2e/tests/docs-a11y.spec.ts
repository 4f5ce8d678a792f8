import { test } from '@playwright/test';
import { expectAccessiblePages } from '../support/a11y';
import { signInBrowser } from '../support/e2e-session';

// Every docs page in the route table: axe finds nothing serious, light and dark, and at
// 360 px wide nothing scrolls sideways.
const PATHS = [
  '/docs',
  '/docs/commands',
  '/docs/cvars',
  '/docs/maps',
  '/docs/ftt',
  '/docs/extraplayers',
  '/docs/targetting',
  '/docs/notes',
  '/docs/props',
  '/docs/rules',
  '/docs/keybinds',
  '/docs/tutorials',
];

test('docs pages are accessible signed out', async ({ page }) => {
  await expectAccessiblePages(page, PATHS);
});

test('docs pages are accessible signed in', async ({ page, context }) => {
  await signInBrowser(context, { name: 'Axe Staff', codes: ['*'], flags: 'z', immunity: 99 });
  await expectAccessiblePages(page, PATHS);
});
