import { expect, type Page, test } from '@playwright/test';
import { openDatabase } from '../../api/src/db/database';
import { seededRandom } from '../../api/src/demo/game-world';
import { serversService } from '../../api/src/modules/servers';
import { PHONE_WIDTH, scrollsSideways, seriousViolations, settle } from '../support/a11y';
import { e2eDatabaseUrl, signInBrowser } from '../support/e2e-session';
import { FAKE_SERVERS } from '../support/fake-game-servers';

// Issue 28 item 2: the population chart on the public server details and on the staff server
// page. Fake Versus #1 gets three days of made-up history (the demo's backfill) before the
// poller's own samples; the chart, its tables, the heat map and the range tabs are checked with
// axe in both themes and at 360 px. Screenshots land in the test's output folder.

const serverPage = `/admin/servers/${FAKE_SERVERS.versusGroupId}/${FAKE_SERVERS.busyServerId}`;

test.beforeAll(async () => {
  const database = openDatabase(e2eDatabaseUrl);
  try {
    const existing = await database.db
      .selectFrom('server_history')
      .select('at')
      .where('server_id', '=', FAKE_SERVERS.busyServerId)
      .where('bucket_seconds', '=', 86_400)
      .execute();
    // Once per e2e database: the backfill ends before the current minute, the poller carries on.
    if (existing.length < 2) {
      await serversService.backfillServerHistory(
        database.db,
        [
          {
            serverId: FAKE_SERVERS.busyServerId,
            maxPlayers: 8,
            maps: ['c1m1_hotel', 'c2m1_highway', 'c5m1_waterfront'],
          },
        ],
        {
          days: 3,
          now: Math.floor(Date.now() / 1000) - 3600,
          random: seededRandom(11),
        },
      );
    }
  } finally {
    await database.close();
  }
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function expectChart(scope: ReturnType<Page['locator']>) {
  await expect(scope.getByRole('img', { name: /Players on Fake Versus #1 over the last 24 hours/ })).toBeVisible();
  await expect(scope.locator('.population-chart canvas')).toBeVisible();
  await expect(scope.getByRole('img', { name: /Busiest hours over the last 30 days/ })).toBeVisible();
}

test('a visitor sees the population chart in the server details, switches range with the keyboard, axe finds nothing', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const theme of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/');
    await settle(page);
    const loadedBeforeOpen = scripts.length;
    const versus = page.getByRole('region', { name: 'Fake Versus' });
    await versus.getByRole('button', { name: 'Fake Versus #1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fake Versus #1' });
    await expectChart(dialog);
    // The chart library came with the details, not with `/`.
    expect(scripts.slice(loadedBeforeOpen).length).toBeGreaterThan(0);
    await shoot(page, `details-1280-${theme}`);
    expect(await seriousViolations(page)).toEqual([]);
    const tab = dialog.getByRole('tab', { name: '24 hours' });
    await tab.focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('tab', { name: '7 days' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('img', { name: /^Players on Fake Versus #1 over the last 7 days/ })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('img', { name: /^Players on Fake Versus #1 over the last 30 days/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  }
  await page.setViewportSize({ width: PHONE_WIDTH, height: 740 });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/');
    await settle(page);
    await page.getByRole('region', { name: 'Fake Versus' }).getByRole('button', { name: 'Fake Versus #1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fake Versus #1' });
    await expectChart(dialog);
    expect(await scrollsSideways(page)).toBe(false);
    const box = await dialog.locator('.population-chart canvas').first().boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(PHONE_WIDTH);
    await shoot(page, `details-360-${theme}`);
  }
});

test('staff see the chart on the server page; its data downloads as CSV and JSON with the page’s (public) rights', async ({
  page,
  request,
}) => {
  await signInBrowser(page.context(), { name: 'History Staff', codes: ['servers.manage'] });
  for (const theme of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(serverPage);
    await settle(page);
    await expectChart(page.locator('main'));
    await page.getByText('Players as a table').click();
    await expect(page.getByRole('table', { name: /Players on Fake Versus #1 over the last 24 hours/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `server-page-1280-${theme}`);
  }
  await page.setViewportSize({ width: PHONE_WIDTH, height: 740 });
  await page.goto(serverPage);
  await settle(page);
  await expectChart(page.locator('main'));
  expect(await scrollsSideways(page)).toBe(false);
  await shoot(page, 'server-page-360-light');

  const csvHref = await page.getByRole('link', { name: 'Players as CSV' }).getAttribute('href');
  const csv = await request.get(csvHref ?? '');
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  expect((await csv.text()).split('\r\n')[0]).toBe('at,time,min,avg,max,max_players,online,map');
  const peaks = await request.get(`/api/servers/${FAKE_SERVERS.busyServerId}/peak-hours?format=csv`);
  expect((await peaks.text()).split('\r\n')).toHaveLength(170);
  const json = await request.get(`/api/servers/${FAKE_SERVERS.busyServerId}/history?range=7d`);
  expect(((await json.json()) as { buckets: unknown[] }).buckets.length).toBeGreaterThan(200);
});
