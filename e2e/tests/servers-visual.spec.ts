import { expect, test } from '@playwright/test';

// Visual regression of the servers remote's key page (issue 22): one overview group card as a
// visitor sees it, desktop and 360 px phone, light and dark. Baselines live beside this file
// (servers-visual.spec.ts-snapshots/); after an intended change to the look, update them with
//   E2E_PORT=<port> pnpm exec playwright test -c e2e/playwright.config.ts e2e/tests/servers-visual.spec.ts --update-snapshots
// and look at every new picture before committing it. The Minecraft group is used because its
// fake server's answer is fixed (support/fake-game-servers.ts) and no other spec changes it; its
// address (a port picked per run) is masked.

const SIZES = { desktop: { width: 1280, height: 900 }, phone: { width: 360, height: 740 } } as const;

for (const [size, viewport] of Object.entries(SIZES))
  for (const colorScheme of ['light', 'dark'] as const)
    test(`the overview's group card, ${size}, ${colorScheme}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, colorScheme, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto('/');
      const card = page.getByRole('region', { name: 'Fake Minecraft' });
      await expect(card.getByRole('row', { name: /Fake Craft/ })).toContainText('1/20');
      await expect(card).toHaveScreenshot(`overview-minecraft-${size}-${colorScheme}.png`, {
        animations: 'disabled',
        caret: 'hide',
        // The fake server listens on a port picked per run.
        mask: [card.locator('code')],
        maxDiffPixelRatio: 0.01,
      });
      await context.close();
    });

test('Join sits beside the connect command in an L4D2 row as in every other game, 1280 px', async ({ browser }) => {
  const context = await browser.newContext({ viewport: SIZES.desktop });
  const page = await context.newPage();
  await page.goto('/');
  // The live page, not the screen the server drew: that one is replaced as the scripts run (after
  // its first frame), and a box read from it as it goes is none.
  await expect(page.locator('#root [data-prerendered]')).toHaveCount(0);
  // Left 4 Dead 2 has one more column (the lobby command): the connect column must not wrap under it.
  const card = page.getByRole('region', { name: 'Fake Versus' });
  await expect(card.getByRole('columnheader', { name: 'Create Lobby Command' })).toBeVisible();
  const join = card.getByRole('link', { name: 'Join' }).first();
  await expect(join).toBeVisible();
  const command = join.locator('xpath=ancestor::td[1]').locator('code');
  const [code, button] = [await command.boundingBox(), await join.boundingBox()];
  if (!code || !button) throw new Error('the connect command or Join has no box');
  expect(button.x).toBeGreaterThanOrEqual(code.x + code.width);
  expect(button.y).toBeLessThan(code.y + code.height);
  await context.close();
});
