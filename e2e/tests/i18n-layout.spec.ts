import { type BrowserContext, expect, test } from '@playwright/test';
import { e2ePort, signInBrowser } from '../support/e2e-session';
import { findClippedText, horizontalOverflow } from '../support/layout';

// Issue 27: the real catalogs on a phone. Simplified Chinese breaks lines between characters and
// draws with the system's CJK font (the kit's font stack names them after the Latin ones);
// Russian and Turkish have the longest words of our languages. At 360 px no main page may scroll
// sideways or hold text wider than its box. (The pseudo-locale spec finds the same in accented
// English; these are the words users read.)

const LOCALES = ['zh-CN', 'ru', 'tr'] as const;

const PAGES = {
  visitor: ['/', '/bans', '/notes', '/leaderboards', '/docs', '/discuss', '/events'],
  staff: [
    '/admin/bans',
    '/admin/reports',
    '/admin/appeals',
    '/admin/players',
    '/panel/dashboard',
    '/panel/game-servers',
    '/panel/imports',
    '/panel/federation',
  ],
};

async function useLocale(context: BrowserContext, locale: string) {
  await context.addCookies([{ name: 'outpost_locale', value: locale, url: `http://127.0.0.1:${e2ePort}` }]);
}

for (const locale of LOCALES) {
  for (const role of ['visitor', 'staff'] as const) {
    test(`${locale}, ${role} pages at 360 px: no sideways scroll, nothing cut off`, async ({ page, context }) => {
      test.setTimeout(30_000 + PAGES[role].length * 10_000);
      await page.setViewportSize({ width: 360, height: 800 });
      await useLocale(context, locale);
      if (role === 'staff') await signInBrowser(context, { name: `Layout Staff ${locale}`, flags: 'z', immunity: 99 });
      const problems: string[] = [];
      for (const path of PAGES[role]) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('main').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        const { overflow, widest } = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`${path}: scrolls ${overflow} px sideways (${widest})`);
        for (const found of await findClippedText(page))
          problems.push(`${path}: cut off: "${found.text}" in ${found.where}`);
      }
      expect(problems).toEqual([]);
    });
  }
}

// The checks themselves: a page made wider than the phone and a box too narrow for its text are found.
test('finds sideways scroll and cut-off text', async ({ page, context }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await useLocale(context, 'zh-CN');
  await page.goto('/bans');
  await expect(page.locator('main').first()).toBeVisible();
  expect((await horizontalOverflow(page)).overflow).toBe(0);
  await page.evaluate(() => {
    const wide = document.createElement('div');
    wide.style.cssText = 'width: 500px';
    wide.textContent = '太宽的方框';
    const narrow = document.createElement('p');
    narrow.style.cssText = 'width: 40px; overflow: hidden; white-space: nowrap';
    narrow.textContent = '这段文字放不下';
    document.querySelector('main')?.append(wide, narrow);
  });
  expect((await horizontalOverflow(page)).overflow).toBeGreaterThan(100);
  expect((await findClippedText(page)).map((found) => found.text)).toContainEqual(
    expect.stringMatching(/^这段文字放不下/),
  );
});
