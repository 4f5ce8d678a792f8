import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { scrollsSideways, seriousViolations, THEMES } from '../support/a11y';
import { signInBrowser } from '../support/e2e-session';
import { cutOffPlaceholders, keyPageVisualTests, openForScreenshot, VISUAL_CONTEXT } from '../support/visual';

const OVERLAY_ONLY_CSS = fileURLToPath(new URL('../support/overlay-only.css', import.meta.url));

// The kit's gallery (/panel/ui, issue 22): every component in every state, held to committed
// screenshots at 1280 and 360 px in light and dark; axe finds nothing serious; overlays drawn
// in the kit's portal are styled; phones keep the table's primary columns and the filters whole.

const STAFF = { name: 'Gallery Staff', codes: ['panel.view'] };
const gallery = (page: import('@playwright/test').Page) => page.locator('.gallery');

keyPageVisualTests('gallery', '/panel/ui', { signIn: STAFF, target: gallery });

test.describe('the gallery', () => {
  test.use(VISUAL_CONTEXT);
  test.beforeEach(async ({ context }) => {
    await signInBrowser(context, STAFF);
  });

  test('axe finds nothing serious or critical, light and dark', async ({ page }) => {
    // Every component on one page: axe takes a while over it on a shared machine.
    test.setTimeout(120_000);
    const problems: string[] = [];
    for (const theme of THEMES) {
      await openForScreenshot(page, '/panel/ui', { theme, width: 1280, height: 800 });
      for (const line of await seriousViolations(page)) problems.push(`[${theme}] ${line}`);
    }
    expect(problems).toEqual([]);
  });

  for (const overlay of ['modal', 'drawer', 'confirm'] as const) {
    test(`the ${overlay} is drawn in the kit's styled portal and holds its look`, async ({ page }) => {
      for (const theme of THEMES) {
        await openForScreenshot(page, `/panel/ui?open=${overlay}`, { theme, width: 1280, height: 800 });
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        // The portal carries the kit's classes and the remote's data-remote.
        await expect(page.locator('body > .kit-portal[data-remote="panel"]')).toHaveCount(1);
        const background = await dialog.evaluate((element) => getComputedStyle(element).backgroundColor);
        expect(background).not.toBe('rgba(0, 0, 0, 0)');
        await expect(dialog).toHaveScreenshot(`gallery-${overlay}-${theme}.png`, {
          animations: 'disabled',
          caret: 'hide',
          stylePath: OVERLAY_ONLY_CSS,
        });
      }
    });
  }

  test('at 360 px: no sideways scroll, Join and the connect command in view, placeholders whole', async ({ page }) => {
    await openForScreenshot(page, '/panel/ui', { theme: 'light', width: 360, height: 740 });
    expect(await scrollsSideways(page)).toBe(false);
    const table = page.getByRole('table', { name: 'Servers' }).first();
    for (const cell of [table.getByRole('link', { name: 'Join' }).first(), table.getByText(/^connect /).first()]) {
      const box = await cell.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    }
    const cutOff = await cutOffPlaceholders(page, '.gallery input[placeholder]');
    expect(cutOff).toEqual([]);
  });
});
