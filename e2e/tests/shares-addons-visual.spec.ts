import { expect, test } from '@playwright/test';
import { signInBrowser } from '../support/e2e-session';

// Visual regression of the shares-addons remote's key page (issue 22): the share list, desktop
// and 360 px phone, light and dark, drawn from a fixed answer (the API's shares are replaced by
// page.route, so the picture does not depend on what other specs created). Baselines live in
// shares-addons-visual.spec.ts-snapshots/; update them after an intended change with
//   E2E_PORT=<port> pnpm exec playwright test -c e2e/playwright.config.ts e2e/tests/shares-addons-visual.spec.ts --update-snapshots

const SHARES = {
  shares: [
    {
      id: 'visual1',
      name: 'Campaigns',
      game: 'l4d2',
      quotaBytes: 10 * 1024 * 1024 * 1024,
      usedBytes: 3 * 1024 * 1024 * 1024 + 512 * 1024 * 1024,
      addonCount: 42,
      groups: [{ id: 'coop', name: 'Coop Servers' }],
      createdAt: 1_700_000_000,
    },
    {
      id: 'visual2',
      name: 'Plugins',
      game: 'minecraft',
      quotaBytes: null,
      usedBytes: 12 * 1024 * 1024,
      addonCount: 3,
      groups: [],
      createdAt: 1_700_000_100,
    },
  ],
};

const SIZES = { desktop: { width: 1280, height: 900 }, phone: { width: 360, height: 740 } } as const;

for (const [size, viewport] of Object.entries(SIZES))
  for (const colorScheme of ['light', 'dark'] as const)
    test(`the share list, ${size}, ${colorScheme}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, colorScheme, reducedMotion: 'reduce' });
      await signInBrowser(context, { name: 'Visual Staff', codes: ['shares.*'] });
      const page = await context.newPage();
      await page.route('**/api/shares', (route) => route.fulfill({ json: SHARES }));
      await page.goto('/admin/shares');
      const table = page.getByRole('table', { name: 'Addon shares' });
      await expect(table.getByRole('row', { name: /Campaigns/ })).toBeVisible();
      await expect(page.locator('[data-remote="shares-addons"]')).toHaveScreenshot(
        `shares-${size}-${colorScheme}.png`,
        {
          animations: 'disabled',
          caret: 'hide',
          maxDiffPixelRatio: 0.01,
        },
      );
      await context.close();
    });
