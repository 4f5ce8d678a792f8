import { expect, test } from '@playwright/test';
import { signInBrowser } from '../support/e2e-session';

// Screenshots of the kit for review (not committed): the bans table and the New ban modal,
// desktop and 360 px, light and dark; and no sideways scroll at 360 px.
for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 360]) {
    test(`kit screens ${theme} ${width}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      await context.addInitScript((value) => localStorage.setItem('outpost.theme', value), theme);
      await signInBrowser(context, { name: 'E2E Kit Moderator', codes: ['bans.*', 'notes.*', 'players.*', 'users.*'] });
      const page = await context.newPage();
      for (let index = 0; index < 2; index++) {
        await page.request.post('/api/bans', {
          data: {
            type: 'ban',
            steamid: `7656119796${String(1_000_000 + Math.floor(Math.random() * 8_000_000))}`,
            reason: `kit screenshot ban ${index} with a long reason to wrap`,
            length: 3600 * (index + 1),
            playerName: `Kit Player ${index}`,
          },
        });
      }
      await page.goto('/admin/bans');
      await expect(page.getByRole('table', { name: 'Bans' })).toBeVisible();
      await page.screenshot({ path: `/tmp/i8-kit/bans-${theme}-${width}.png`, fullPage: false });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      console.log(`bans ${theme} ${width}: sideways overflow ${overflow}px`);
      await page.getByRole('button', { name: 'New ban' }).click();
      await expect(page.getByRole('dialog', { name: 'New ban' })).toBeVisible();
      await page.screenshot({ path: `/tmp/i8-kit/modal-${theme}-${width}.png` });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await context.close();
    });
  }
}
