import { expect, type Page, test } from '@playwright/test';
import { signInBrowser } from '../support/e2e-session';

// Issue 27 item 5: right-to-left ready. The shell and the kit lay out with logical properties
// (pnpm lint refuses physical left/right), so turning the document right-to-left mirrors the
// page: the navbar's brand moves to the right edge, table headings and tags start from the right.

async function layout(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const found = document.querySelector(selector);
      if (!found) throw new Error(`${selector} is not on the page`);
      return found.getBoundingClientRect();
    };
    const heading = document.querySelector('.table th') as HTMLElement;
    const text = document.createRange();
    text.selectNodeContents(heading);
    const words = text.getBoundingClientRect();
    const cell = heading.getBoundingClientRect();
    const shown = [...document.querySelectorAll<HTMLElement>('.tag')].find((tag) => tag.textContent === 'success');
    const tag = getComputedStyle(shown as HTMLElement);
    return {
      brandCentre: box('.navbar-brand').left + box('.navbar-brand').width / 2,
      width: document.documentElement.clientWidth,
      headingGapStart: words.left - cell.left,
      headingGapEnd: cell.right - words.right,
      tagMarginLeft: Number.parseFloat(tag.marginLeft),
      tagMarginRight: Number.parseFloat(tag.marginRight),
      scrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });
}

test('the gallery mirrors when the document is right-to-left, without sideways scrolling', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInBrowser(context, { name: 'Rtl Owner', flags: 'z', immunity: 99 });
  await page.goto('/panel/ui');
  await expect(page.locator('.table th').first()).toBeVisible();
  await expect(page.locator('.tag', { hasText: 'success' }).first()).toBeVisible();

  const ltr = await layout(page);
  expect(ltr.brandCentre).toBeLessThan(ltr.width / 2);
  expect(ltr.headingGapStart).toBeLessThan(ltr.headingGapEnd);
  expect(ltr.tagMarginLeft).toBeGreaterThan(0);
  expect(ltr.tagMarginRight).toBe(0);

  await page.evaluate(() => {
    document.documentElement.dir = 'rtl';
  });
  const rtl = await layout(page);
  expect(rtl.brandCentre).toBeGreaterThan(rtl.width / 2);
  expect(rtl.headingGapEnd).toBeLessThan(rtl.headingGapStart);
  expect(rtl.tagMarginRight).toBe(ltr.tagMarginLeft);
  expect(rtl.tagMarginLeft).toBe(0);
  expect(rtl.scrollsSideways).toBe(false);
});
