import { expect, type Locator, type Page, test } from '@playwright/test';
import { THEMES, type Theme } from './a11y';
import { signInBrowser, type TestUserOptions } from './e2e-session';

/**
 * Visual regression (issue 22): screenshots compared with committed baselines, so a remote that
 * drifts from the kit fails CI. Deterministic: fixed clock, UTC, en-US, no animations, the same
 * Chromium and fonts as the baselines. Update baselines with `pnpm test:e2e --update-snapshots`
 * (README "Visual regression"), then look at every changed image before committing it.
 */

/** The sizes every key page is held at. */
export const VISUAL_SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
] as const;

/** The instant every screenshot is taken at (relative times read the same every run). */
export const VISUAL_NOW = new Date('2026-11-28T12:00:00Z');

/** Context options every visual spec uses: `test.use(VISUAL_CONTEXT)`. */
export const VISUAL_CONTEXT = { timezoneId: 'UTC', locale: 'en-US', reducedMotion: 'reduce' } as const;

/** Opens `path` at a size in a theme, with the clock fixed, and waits for it to settle. */
export async function openForScreenshot(
  page: Page,
  path: string,
  { theme, width, height }: { theme: Theme; width: number; height: number },
): Promise<void> {
  await page.clock.setFixedTime(VISUAL_NOW);
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await page.goto(path);
  // Settled: as a11y's settle(), but a loading state shown on purpose (the gallery's specimens,
  // inside [data-specimen]) is part of the picture.
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.loading:not([data-specimen] .loading)')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByText('Retrieving session data from server...')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await page.evaluate(() => document.fonts.ready);
}

export interface KeyPageOptions {
  /** What is screenshotted: the page's main area by default (the shell's chrome has its own test). */
  target?(page: Page): Locator;
  /** Parts that change run to run (ids, counts from other tests): painted over in the screenshot. */
  mask?(page: Page): Locator[];
  /** Sign in first (the page's staff view). */
  signIn?: TestUserOptions;
  /** Before the screenshot, after the page settled (open a tab, wait for a row). */
  prepare?(page: Page): Promise<void>;
}

/**
 * One remote's key page held to its baselines: 1280 and 360 px, light and dark (four tests,
 * four images named `<name>-<size>-<theme>.png`). Call it at the top level of a spec:
 * `keyPageVisualTests('servers-overview', '/', { mask: (page) => [page.locator('.countdown')] })`.
 */
export function keyPageVisualTests(name: string, path: string, options: KeyPageOptions = {}): void {
  test.describe(`${name} looks as its baseline`, () => {
    test.use(VISUAL_CONTEXT);
    for (const size of VISUAL_SIZES) {
      for (const theme of THEMES) {
        test(`${size.name}, ${theme}`, async ({ page, context }) => {
          // A long page's screenshot is taken twice until two match: slow on a shared 2-core machine.
          test.setTimeout(120_000);
          if (options.signIn) await signInBrowser(context, options.signIn);
          await openForScreenshot(page, path, { theme, width: size.width, height: size.height });
          await options.prepare?.(page);
          const target = options.target?.(page) ?? page.locator('main').first();
          await expect(target).toHaveScreenshot(`${name}-${size.name}-${theme}.png`, {
            mask: options.mask?.(page) ?? [],
            animations: 'disabled',
            caret: 'hide',
            timeout: 60_000,
          });
        });
      }
    }
  });
}

/**
 * The placeholders (of inputs matching `selector`) that do not fit their field: measured with the
 * placeholder's own font against the field's content box. Each is described for the failure.
 */
export async function cutOffPlaceholders(page: Page, selector = 'main input[placeholder]'): Promise<string[]> {
  const found = await page.locator(selector).evaluateAll((inputs) =>
    inputs.map((element) => {
      const input = element as HTMLInputElement;
      if (input.offsetParent === null) return null; // not shown
      const style = getComputedStyle(input);
      const placeholder = getComputedStyle(input, '::placeholder');
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return 'no canvas to measure with';
      context.font = `${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const width = context.measureText(input.placeholder).width;
      return width > room
        ? `${input.placeholder} (${Math.round(width)} px in ${Math.round(room)} px, ${placeholder.fontSize})`
        : null;
    }),
  );
  return found.filter((line): line is string => line !== null);
}

/**
 * The dates (the kit's <time class="date-time">) that run out of the box that holds them: a
 * description's value, a table cell or card, a dialog. Each is described for the failure.
 */
export async function overflowingDates(page: Page, selector = 'time.date-time'): Promise<string[]> {
  const found = await page.locator(selector).evaluateAll((times) =>
    times.map((time) => {
      const box = time.closest('dd, td, .description, .kit-card, [role="dialog"], main');
      if (!box || (time as HTMLElement).offsetParent === null) return null;
      const inner = box.getBoundingClientRect();
      const style = getComputedStyle(box);
      const right = inner.right - parseFloat(style.borderRightWidth);
      const own = time.getBoundingClientRect();
      return own.right > right + 0.5 || own.right > window.innerWidth
        ? `${time.textContent} (${Math.round(own.right - Math.min(right, window.innerWidth))} px out of its ${box.tagName.toLowerCase()})`
        : null;
    }),
  );
  return found.filter((line): line is string => line !== null);
}
