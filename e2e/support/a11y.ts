import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signInBrowser, type TestUserOptions } from './e2e-session';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
/** The narrowest phone width the layout must fit without sideways scrolling. */
export const PHONE_WIDTH = 360;
const DESKTOP = { width: 1280, height: 800 };

/**
 * Waits until a page has drawn what it is going to draw: the shell's startup and every
 * "Loading…" line are gone, so axe judges the page a user reads, not its spinner.
 */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.loading')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByText('Retrieving session data from server...')).toHaveCount(0);
}

/** Opens a path in a theme: the page follows the system preference when nothing is stored. */
async function open(page: Page, path: string, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.goto(path);
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** axe's serious and critical findings on the page as it is now, one line per rule. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const first = violation.nodes[0];
      const where = first ? `${first.target.join(' ')}: ${first.failureSummary?.replaceAll('\n', ' ')}` : '';
      return `${violation.id} (${violation.impact}, ${violation.nodes.length} node(s)) ${where}`;
    });
}

/** Whether the document is wider than the viewport, i.e. the page scrolls sideways. */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/**
 * Every path, light and dark at desktop width: no serious or critical axe finding; then at
 * 360 px: no sideways scroll. Collects every problem first so one run lists them all.
 */
export async function expectAccessiblePages(page: Page, paths: readonly string[]): Promise<void> {
  // Three visits per path (light, dark, phone), each with a full axe run, on top of the
  // test's own budget (its setup, and any earlier call of this in the same test).
  test.setTimeout(test.info().timeout + paths.length * 3 * 4_000);
  const problems: string[] = [];
  await page.setViewportSize(DESKTOP);
  for (const theme of THEMES) {
    for (const path of paths) {
      await open(page, path, theme);
      for (const line of await seriousViolations(page)) problems.push(`${path} [${theme}] ${line}`);
    }
  }
  await page.setViewportSize({ width: PHONE_WIDTH, height: 740 });
  for (const path of paths) {
    await open(page, path, 'light');
    if (await scrollsSideways(page)) {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      problems.push(`${path} [${PHONE_WIDTH} px] scrolls sideways: the page is ${width} px wide`);
    }
  }
  expect(problems).toEqual([]);
}

/** The staff member the signed-in pass uses: every permission, so every page shows its staff view. */
const AXE_STAFF: TestUserOptions = { name: 'Axe Staff', codes: ['*'], flags: 'z', immunity: 99 };

/**
 * One area's accessibility tests: every page of its route table signed out, then signed in
 * as staff holding everything (the signed-in user may be given a fixed Steam id).
 */
export function accessibilityTests(area: string, paths: readonly string[], staff: TestUserOptions = {}): void {
  test(`${area} pages are accessible signed out`, async ({ page }) => {
    await expectAccessiblePages(page, paths);
  });
  test(`${area} pages are accessible signed in`, async ({ page, context }) => {
    await signInBrowser(context, { ...AXE_STAFF, ...staff });
    await expectAccessiblePages(page, paths);
  });
}
