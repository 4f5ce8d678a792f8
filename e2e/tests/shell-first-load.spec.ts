import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { seriousViolations } from '../support/a11y';
import { signInBrowser } from '../support/e2e-session';

/** Every script the page requests, by remote id ('shell' for the shell's own). */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}
const ofRemote = (scripts: string[], id: string) => scripts.filter((path) => path.startsWith(`/remotes/${id}/`));
const OTHER_REMOTES = ['docs', 'panel', 'shares-addons', 'discuss-events', 'players-bans-notes'];

test('/ fetches only the servers remote, and the navbar still lists every remote', async ({ page, context }) => {
  await signInBrowser(context, { name: 'First Load', codes: ['panel.view', 'shares.*', 'discuss.use'] });
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('row', { name: /Coop #1/ })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: /^Bans/ })).toBeVisible(); // players-bans-notes (a menu)
  await expect(nav.locator('a[href="/bans"]')).toHaveCount(1);
  await expect(nav.getByRole('link', { name: /Discuss/ })).toBeVisible(); // discuss-events
  await expect(nav.getByRole('button', { name: /Panel/ })).toBeVisible(); // panel
  await expect(nav.getByRole('button', { name: /Docs/ })).toBeVisible(); // docs
  await expect(nav.getByRole('link', { name: /Shares/ })).toBeVisible(); // shares-addons
  expect(ofRemote(scripts, 'servers').length).toBeGreaterThan(0);
  for (const id of OTHER_REMOTES) expect(ofRemote(scripts, id), `scripts of ${id}`).toEqual([]);

  // Opening /bans fetches that remote's entry once (and again on no later visit), and no other remote.
  // The entry is named after the container: static/js/players_bans_notes.<hash>.js.
  const bansEntries = () =>
    ofRemote(scripts, 'players-bans-notes').filter((path) => /\/players_bans_notes\.[0-9a-f]+\.js$/.test(path));
  await nav.getByRole('button', { name: /^Bans/ }).click();
  await nav.locator('a[href="/bans"]').click();
  await expect(page.getByRole('region', { name: 'Bans' })).toBeVisible();
  expect(bansEntries()).toHaveLength(1);
  await nav
    .getByRole('link', { name: /Servers/ })
    .first()
    .click();
  await expect(page.getByRole('row', { name: /Coop #1/ })).toBeVisible();
  await nav.getByRole('button', { name: /^Bans/ }).click();
  await nav.locator('a[href="/bans"]').click();
  await expect(page.getByRole('region', { name: 'Bans' })).toBeVisible();
  expect(bansEntries()).toHaveLength(1);
  for (const id of ['docs', 'panel', 'shares-addons', 'discuss-events']) expect(ofRemote(scripts, id)).toEqual([]);
});

test("/ is drawn whole in one pass from the page's one preloaded /api/servers answer", async ({ page, context }) => {
  await signInBrowser(context, { name: 'Whole Screen', codes: ['panel.view'] });
  // What the page held the first moment the shell drew anything at all.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.getElementById('root')?.firstChild) return;
      observer.disconnect();
      const nav = document.querySelector('nav[aria-label="Main"]');
      (window as { firstScreen?: unknown }).firstScreen = {
        serverRows: document.querySelectorAll('tbody tr').length,
        userMenu: [...(nav?.querySelectorAll('button') ?? [])].some((button) =>
          button.textContent?.includes('Whole Screen'),
        ),
        loading: /Loading/.test(document.body.textContent ?? ''),
      };
    }).observe(document, { childList: true, subtree: true });
  });
  const serverCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/servers') serverCalls.push(request.resourceType());
  });
  await page.goto('/');
  await expect(page.getByRole('row', { name: /Coop #1/ })).toBeVisible();
  // One pass: the navbar with the user's menu and every server row, no loading state first.
  const serverRows = await page.locator('tbody tr').count();
  expect(serverRows).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as { firstScreen?: unknown }).firstScreen)).toEqual({
    serverRows,
    userMenu: true,
    loading: false,
  });
  // The server's preload hint, read by the shell and handed to the page: no second request
  // until the 15 s refresh.
  await page.waitForTimeout(2000);
  expect(serverCalls).toHaveLength(1);
});

/** The server starts its prerender process with the API; pages go out without a drawn screen until it is ready. */
async function untilPrerendered(page: Page) {
  await expect
    .poll(async () =>
      (await (await page.request.get('/', { headers: { accept: 'text/html' } })).text()).includes('data-prerendered'),
    )
    .toBe(true);
}

test("a visitor's / arrives drawn: every server row in the page as sent, styled, with no script run", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await untilPrerendered(page);
  await page.goto('/');
  const drawn = page.locator('#root [data-prerendered]');
  await expect(drawn.locator('tbody tr').filter({ hasText: 'Coop #1' })).toBeVisible();
  await expect(drawn.locator('tbody tr').filter({ hasText: 'Versus #1' })).toBeVisible();
  await expect(drawn.locator('nav[aria-label="Main"] a[href="/bans"]')).toBeVisible();
  // Styled from the start (the shell's and the page's stylesheets are linked, not preloaded).
  const card = await drawn
    .locator('.server-group.kit-card')
    .first()
    .evaluate((element) => getComputedStyle(element).borderTopStyle);
  expect(card).not.toBe('none');
  // Nothing on it works until the shell's first render replaces it.
  expect(await drawn.getAttribute('inert')).toBe('');
  await context.close();
});

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test("the drawn / takes the system's theme with no script run, and a chosen theme over it once scripts run", async ({
  browser,
}) => {
  const dark = 'rgb(18, 22, 29)';
  const light = 'rgb(246, 247, 249)';
  for (const [colorScheme, expected] of [
    ['dark', dark],
    ['light', light],
  ] as const) {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme });
    const page = await context.newPage();
    await untilPrerendered(page);
    await page.goto('/');
    await expect(page.locator('#root [data-prerendered] tbody tr').first()).toBeVisible();
    expect(await pageBackground(page)).toBe(expected);
    await context.close();
  }
  // A visitor who chose light on a dark system keeps light. The choice is in local storage (SPEC 3),
  // mirrored by the shell in a cookie the server writes into the page as <html data-theme>, so it is
  // painted from the start with no storage read: asserted at DOMContentLoaded, before the app's
  // scripts run. A choice stored before the cookie existed gets it on its first load (dark while
  // parsed, light once the scripts run), and is painted from the start on the next.
  const context = await browser.newContext({ colorScheme: 'dark' });
  await context.addInitScript(() => {
    localStorage.setItem('outpost.theme', 'light');
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { parsedBackground: string }).parsedBackground = getComputedStyle(
        document.body,
      ).backgroundColor;
    });
  });
  const parsedBackground = (page: Page) =>
    page.evaluate(() => (window as unknown as { parsedBackground: string }).parsedBackground);
  const page = await context.newPage();
  await page.goto('/');
  expect(await parsedBackground(page)).toBe(dark);
  await expect(page.getByRole('row', { name: /Coop #1/ })).toBeVisible();
  await expect.poll(() => pageBackground(page)).toBe(light);
  expect((await context.cookies()).find((cookie) => cookie.name === 'outpost_theme')?.value).toBe('light');
  await page.reload();
  expect(await parsedBackground(page)).toBe(light);
  await expect(page.getByRole('row', { name: /Coop #1/ })).toBeVisible();
  expect(await pageBackground(page)).toBe(light);
  await context.close();
  // With no script at all, the cookie's theme is the page's.
  const noScript = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' });
  await noScript.addCookies([{ name: 'outpost_theme', value: 'light', url: baseURL }]);
  const still = await noScript.newPage();
  await still.goto('/');
  await expect(still.locator('#root [data-prerendered] tbody tr').first()).toBeVisible();
  expect(await pageBackground(still)).toBe(light);
  await noScript.close();
});

test("a visitor's drawn / has its first frame before any of the page's scripts is even in the document", async ({
  page,
}) => {
  await untilPrerendered(page);
  // From the page's first moment: each frame notes whether the server's rows are laid out in it
  // (as the bench's time to table does), and the first script element to enter the document
  // (a deferred one is there as soon as <head> is parsed) notes whether such a frame came before it.
  await page.addInitScript(() => {
    const own = window as unknown as { framedRows?: boolean; scriptAfterFrame?: boolean };
    const check = () => {
      const rows = [...document.querySelectorAll('#root [data-prerendered] tbody tr')];
      if (rows.some((row) => (row as HTMLElement).offsetParent !== null)) own.framedRows = true;
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
    new MutationObserver((changes, observer) => {
      const added = changes.flatMap((change) => [...change.addedNodes]);
      if (!added.some((node) => node instanceof HTMLScriptElement && node.src !== '')) return;
      own.scriptAfterFrame = own.framedRows === true;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  // A busy prerenderer sends a page undrawn now and then (its scripts then deferred as before): the
  // first drawn one of a few loads is the one that counts.
  let drawn = false;
  for (let attempt = 0; attempt < 5 && !drawn; attempt++) {
    const response = await page.goto('/');
    drawn = ((await response?.text()) ?? '').includes('data-prerendered');
  }
  expect(drawn).toBe(true);
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { scriptAfterFrame?: boolean }).scriptAfterFrame)).toBe(true);
  // And the page still comes alive: the live table, working.
  await page.getByRole('button', { name: 'Coop #1', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test("a visitor's prerendered / is replaced by the live page in its first render, from the same data", async ({
  page,
}) => {
  await untilPrerendered(page);
  const serverCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/servers') serverCalls.push(request.url());
  });
  const sent = await page.request.get('/', { headers: { accept: 'text/html' } });
  const drawnRows = ((await sent.text()).match(/<tbody>.*?<\/tbody>/g) ?? []).join('').match(/<tr>/g)?.length ?? 0;
  expect(drawnRows).toBeGreaterThan(0);
  await page.goto('/');
  // Replaced by the live page (the drawn one may be seen first: it has the same rows), nothing
  // inert left, and the page works.
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Coop #1/ })).toBeVisible();
  expect(await page.locator('[inert]').count()).toBe(0);
  expect(await page.locator('.app').count()).toBe(1);
  expect(await page.locator('tbody tr').count()).toBe(drawnRows);
  await page.getByRole('button', { name: 'Coop #1', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  // The page drew the data that came inlined with it: no request for it until the 15 s refresh.
  await page.waitForTimeout(2000);
  expect(serverCalls).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

test('hovering a nav link prefetches the remote that owns it', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('row', { name: /Coop #1/ })).toBeVisible();
  expect(ofRemote(scripts, 'players-bans-notes')).toEqual([]);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.locator('a[href="/bans"]').hover();
  await expect.poll(() => ofRemote(scripts, 'players-bans-notes').length).toBeGreaterThan(0);
  await nav.locator('a[href="/bans"]').click();
  await expect(page.getByRole('region', { name: 'Bans' })).toBeVisible();
});

test('a remote whose route table is invalid fails alone, with the reason', async ({ page }) => {
  await page.goto('/broken');
  await expect(page.getByRole('heading', { name: 'Section unavailable' })).toBeVisible();
  await expect(page.getByText(/invalid route table at routes\.0\.path/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /Ghost/ })).toBeVisible();
  await nav
    .getByRole('link', { name: /Servers/ })
    .first()
    .click();
  await expect(page.getByRole('row', { name: /Coop #1/ })).toBeVisible();
});

test('a remote whose entry is unreachable fails alone on each visit, with a Retry', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Its route table is good: the entry is in the navbar, though its code cannot be fetched.
  await nav.getByRole('link', { name: /Ghost/ }).click();
  await expect(page).toHaveURL(/\/ghost$/);
  await expect(page.getByRole('heading', { name: 'Section unavailable' })).toBeVisible();
  await expect(page).toHaveTitle(/^Ghost - /);
  const retries: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/ghost/')) retries.push(request.url());
  });
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => retries.length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Section unavailable' })).toBeVisible();
  // The rest keeps working.
  await nav.locator('a[href="/bans"]').click();
  await expect(page.getByRole('region', { name: 'Bans' })).toBeVisible();
  await nav
    .getByRole('link', { name: /Servers/ })
    .first()
    .click();
  await expect(page.getByRole('row', { name: /Coop #1/ })).toBeVisible();
});
