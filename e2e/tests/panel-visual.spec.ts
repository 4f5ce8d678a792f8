import { expect, test } from '@playwright/test';
import { THEMES } from '../support/a11y';
import { signInBrowser } from '../support/e2e-session';
import { openForScreenshot, VISUAL_CONTEXT, VISUAL_SIZES } from '../support/visual';

// Visual regression of the panel remote's key page (issue 22): /panel/roles, the roles table with
// its header and actions, desktop and 360 px phone (cards), light and dark. Drawn from a fixed
// answer (page.route), so roles other specs create do not change the picture. Baselines live in
// panel-visual.spec.ts-snapshots/; after an intended change to the look, update them with
//   E2E_PORT=<port> pnpm exec playwright test -c e2e/playwright.config.ts e2e/tests/panel-visual.spec.ts --update-snapshots
// and look at every new picture before committing it.

const NO_LIMITS = { banMaxSeconds: null, commMaxSeconds: null, mayGivePermanent: false, mayLiftOthers: true };
const ROLES = {
  roles: [
    { id: 'r-owner', name: 'Owner', codes: ['*'], flags: 'z', immunityLevel: 100, holders: 1, limits: NO_LIMITS },
    {
      id: 'r-mod',
      name: 'Moderator',
      codes: ['bans.add', 'bans.edit', 'notes.add', 'players.view'],
      flags: 'bcd',
      immunityLevel: 50,
      holders: 3,
      limits: { ...NO_LIMITS, banMaxSeconds: 7 * 86400, commMaxSeconds: 86400, mayLiftOthers: false },
    },
    { id: 'r-helper', name: 'Helper', codes: [], flags: '', immunityLevel: 0, holders: 0, limits: NO_LIMITS },
  ],
};

test.describe('panel roles looks as its baseline', () => {
  test.use(VISUAL_CONTEXT);
  for (const size of VISUAL_SIZES)
    for (const theme of THEMES)
      test(`${size.name}, ${theme}`, async ({ page, context }) => {
        test.setTimeout(120_000);
        await signInBrowser(context, { name: 'Visual Owner', codes: ['panel.view', 'panel.roles'] });
        await page.route('**/api/panel/roles', (route) => route.fulfill({ json: ROLES }));
        await openForScreenshot(page, '/panel/roles', { theme, width: size.width, height: size.height });
        await expect(page.getByRole('table', { name: 'Roles' })).toContainText('Moderator');
        await expect(page.locator('[data-remote="panel"]')).toHaveScreenshot(`panel-roles-${size.name}-${theme}.png`, {
          animations: 'disabled',
          caret: 'hide',
          timeout: 60_000,
        });
      });
});
