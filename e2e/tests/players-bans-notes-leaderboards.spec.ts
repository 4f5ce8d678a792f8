import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { PHONE_WIDTH, scrollsSideways, seriousViolations, settle } from '../support/a11y';
import { signInBrowser } from '../support/e2e-session';

// Issue 28 item 3: the public leaderboards, fed by the plugin's connect and disconnect events, and
// the player's own rank on their profile.

const STEAM64_BASE = 76561197960265728n;
/** 3 h 20 min, in one closed session. */
const PLAYED = 12_000;

function newSteamId(): string {
  return (STEAM64_BASE + BigInt(1_000_000 + Math.floor(Math.random() * 1_000_000_000))).toString();
}

/** The plugin of coop-1 (group coop) reports a player who joined PLAYED seconds ago and just left. */
async function playOnCoop(browser: Browser, request: APIRequestContext, steamid: string, name: string): Promise<void> {
  const setup = await browser.newContext();
  await signInBrowser(setup, { name: 'Server Owner', codes: ['servers.tokens'] });
  const created = await setup.request.post('/api/game-tokens/coop-1', { headers: { origin: baseURL } });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const now = Math.floor(Date.now() / 1000);
  // The plugin is no browser: it sends its bearer token and no cookie.
  const events = await request.post('/api/game/events', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      events: [
        { id: `lb-in-${steamid}`, type: 'connect', timestamp: now - PLAYED, steamid, name },
        { id: `lb-out-${steamid}`, type: 'disconnect', timestamp: now, steamid, name },
      ],
    },
  });
  expect(events.ok(), await events.text()).toBe(true);
  await setup.close();
}

async function openAllTime(page: Page): Promise<void> {
  await page.goto('/leaderboards?group=coop');
  await settle(page);
  await page.getByRole('tab', { name: 'All time' }).click();
  await expect(page).toHaveURL(/\/leaderboards\?group=coop&period=all$/);
}

test('a visitor reads the leaderboard at 1280 and 360 px, light and dark, with nothing axe calls serious', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const steamid = newSteamId();
  await playOnCoop(browser, request, steamid, 'Leading Lou');

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  // The navbar links the page for visitors.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboards' }).click();
  await expect(page).toHaveURL(/\/leaderboards$/);
  await openAllTime(page);
  const row = page.getByRole('row', { name: /Leading Lou/ });
  await expect(row).toContainText('3 hr 20 min');
  // A visitor may not open a player's page: the name is no link.
  await expect(row.getByRole('link')).toHaveCount(0);
  const csv = page.getByRole('link', { name: 'Download the top 500 as CSV' });
  const answer = await page.request.get((await csv.getAttribute('href')) ?? '');
  expect(answer.headers()['content-type']).toContain('text/csv');
  expect(await answer.text()).toContain(`,${steamid},Leading Lou,${PLAYED}`);

  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await openAllTime(page);
    await expect(page.getByRole('row', { name: /Leading Lou/ })).toBeVisible();
    expect(await seriousViolations(page), theme).toEqual([]);
  }

  await page.setViewportSize({ width: PHONE_WIDTH, height: 740 });
  await openAllTime(page);
  await expect(page.getByText('Leading Lou')).toBeVisible();
  await expect(page.getByText('3 hr 20 min').first()).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('a player signed in finds their own name linked, and their rank on their profile', async ({
  browser,
  request,
}) => {
  const steamid = newSteamId();
  await playOnCoop(browser, request, steamid, 'Ranked Rita');
  const context = await browser.newContext();
  await signInBrowser(context, { name: 'Ranked Rita', steamid });
  const page = await context.newPage();
  await openAllTime(page);
  await page
    .getByRole('row', { name: /Ranked Rita/ })
    .getByRole('link', { name: 'Ranked Rita' })
    .click();
  const modal = page.getByRole('dialog', { name: 'Ranked Rita' });
  await expect(modal).toBeVisible();
  const ranks = modal.getByRole('region', { name: 'Leaderboard ranks' });
  const coop = ranks.getByRole('row', { name: /Coop Servers/ });
  await expect(coop).toContainText(/#\d+3 hr 20 min/);
  await context.close();
});
