import { test } from '@playwright/test';
import { expectAccessiblePages } from '../support/a11y';
import { signInBrowser } from '../support/e2e-session';

// Every players-bans-notes page in the route table: axe finds nothing serious, light and dark, and at
// 360 px wide nothing scrolls sideways.
/** The signed-in staff member's own profile is the player page checked. */
const AXE_STAFF_STEAMID = '76561197960265800';
const PATHS = [
  '/admin/players',
  `/admin/players/${AXE_STAFF_STEAMID}/overview`,
  '/admin/bans',
  '/bans',
  '/admin/notes',
  '/notes',
  '/admin/audit',
];

test('players-bans-notes pages are accessible signed out', async ({ page }) => {
  await expectAccessiblePages(page, PATHS);
});

test('players-bans-notes pages are accessible signed in', async ({ page, context }) => {
  await signInBrowser(context, {
    name: 'Axe Staff',
    steamid: AXE_STAFF_STEAMID,
    codes: ['*'],
    flags: 'z',
    immunity: 99,
  });
  await expectAccessiblePages(page, PATHS);
});
