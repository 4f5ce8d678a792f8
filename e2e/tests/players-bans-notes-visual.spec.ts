import { expect, test } from '@playwright/test';
import { signInBrowser } from '../support/e2e-session';
import { cutOffPlaceholders, overflowingDates } from '../support/visual';

// Visual regression of the remote's key public page, /bans: desktop and 360 px, light and dark. The
// list answer is fixed (page.route), the zone is UTC and animations are off, so only a drift of the
// page from the kit changes the picture. Update the baselines after an intended change with
//   E2E_PORT=<port> pnpm exec playwright test -c e2e/playwright.config.ts \
//     e2e/tests/players-bans-notes-visual.spec.ts --update-snapshots
/** A community-wide restriction by the visual moderator, never lifted; pass what differs. */
const visualBan = (values: Record<string, unknown>) => ({
  adminId: 'u1',
  adminName: 'Visual Moderator',
  adminRealId: null,
  adminRealName: null,
  serverId: null,
  serverName: null,
  unbannedAt: null,
  unbannedById: null,
  unbannedByName: null,
  unbannedByRealId: null,
  unbannedByRealName: null,
  unbanReason: null,
  scope: { kind: 'community' },
  scopeName: 'All servers',
  ...values,
});
const BANS = {
  bans: [
    visualBan({
      id: 2,
      type: 'ban',
      steamid: '76561197960265739',
      playerName: 'Visual Fox',
      reason: 'Wallhack on versus',
      createdAt: 1_795_000_000,
      length: 0,
      expiresAt: null,
      status: 'active',
      updatedAt: 1_795_000_000,
    }),
    visualBan({
      id: 1,
      type: 'gag',
      steamid: '76561197960265731',
      playerName: 'Visual Owl',
      reason: 'Shouting over the round start',
      createdAt: 1_794_000_000,
      length: 86_400,
      expiresAt: 1_794_086_400,
      status: 'expired',
      updatedAt: 1_794_000_000,
    }),
  ],
  nextCursor: null,
};

test.use({ timezoneId: 'UTC' });

for (const [width, height, size] of [
  [1280, 800, 'desktop'],
  [360, 740, 'phone'],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`/bans looks as the kit draws it: ${size}, ${scheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.route(/\/api\/bans(\?|$)/, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(BANS) }),
      );
      await page.goto('/bans');
      const list = page.getByRole('region', { name: 'Bans' });
      await expect(list.getByText('Visual Fox')).toBeVisible();
      await expect(list).toHaveScreenshot(`bans-${size}-${scheme}.png`, { animations: 'disabled', caret: 'hide' });
    });
  }
}

test('at 1280 px the staff bans list fits its card: the Admin and Actions columns in view, no sideways scroll', async ({
  page,
  context,
}) => {
  await signInBrowser(context, { name: 'Wide List Moderator', codes: ['players.*', 'bans.*'] });
  await page.setViewportSize({ width: 1280, height: 800 });
  // The widest rows the list draws: a federated ban (its site tagged, no name), an IP, a scope.
  const [first, second] = BANS.bans;
  const wide = {
    bans: [
      {
        ...first,
        id: 3,
        playerName: null,
        steamid: '76561198900000006',
        length: 604_795,
        expiresAt: 1_795_604_795,
        origin: { site: 'http://127.0.0.1:44949', appeals: null },
        adminName: 'Federation: Neighbour community',
      },
      { ...first, ip: '203.0.113.77' },
      {
        ...second,
        status: 'active',
        appealed: true,
        scope: { kind: 'group', groupId: 'g' },
        scopeName: 'Coop Servers',
      },
    ],
    nextCursor: null,
  };
  await page.route(/\/api\/bans(\?|$)/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(wide) }),
  );
  // /bans first (a signed-in visit is not drawn by the server: its rows come from the faked
  // answer), then /admin/bans inside the page: opened directly, the server would draw it from the
  // real bans it inlines, and the faked answer would never be asked for.
  await page.goto('/bans');
  for (const path of ['/bans', '/admin/bans']) {
    if (path === '/admin/bans') {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      // The staff list's own button: the page in view is the staff one.
      await expect(page.getByRole('button', { name: 'New ban' })).toBeVisible();
    }
    // (The list just left may stay in the page, hidden, while the next one is shown.)
    const scroller = page.locator('main .table-scroll').filter({ visible: true }).first();
    await expect(scroller.getByText('Visual Fox').first(), path).toBeVisible();
    const { scrollWidth, clientWidth } = await scroller.evaluate((box) => ({
      scrollWidth: box.scrollWidth,
      clientWidth: box.clientWidth,
    }));
    expect(scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
    await expect(scroller.getByRole('columnheader', { name: 'Admin' })).toBeInViewport({ ratio: 1 });
  }
});

test('at 360 px the filters of every list page show their whole placeholder', async ({ page, context }) => {
  await signInBrowser(context, {
    name: 'Placeholder Moderator',
    codes: ['players.*', 'bans.*', 'notes.*', 'appeals.*', 'logs.*', 'reports.*'],
  });
  await page.setViewportSize({ width: 360, height: 740 });
  const problems: string[] = [];
  // Every page of this remote with a search field.
  for (const path of ['/bans', '/notes', '/admin/players', '/admin/appeals', '/admin/audit']) {
    await page.goto(path);
    await expect(page.locator('main input[placeholder]').first()).toBeVisible();
    for (const line of await cutOffPlaceholders(page)) problems.push(`${path}: ${line}`);
  }
  expect(problems).toEqual([]);
});

test('at 360 px every list filter spans the page and no list page scrolls sideways', async ({ page, context }) => {
  await signInBrowser(context, {
    name: 'Narrow Moderator',
    codes: ['players.*', 'bans.*', 'notes.*', 'appeals.*', 'reports.*'],
  });
  await page.setViewportSize({ width: 360, height: 740 });
  const problems: string[] = [];
  for (const path of ['/admin/reports', '/admin/appeals', '/bans', '/notes', '/admin/players']) {
    await page.goto(path);
    const toolbar = page.locator('main .toolbar').first();
    await expect(toolbar.locator('.filter-field').first()).toBeVisible();
    // A phone's filter takes the toolbar's whole row (the kit's Toolbar), never a few px less.
    const widths = await toolbar.evaluate((bar) => {
      const full = bar.getBoundingClientRect().width;
      return [...bar.querySelectorAll('.filter-field')].map((field) => ({
        full,
        width: field.getBoundingClientRect().width,
      }));
    });
    for (const { full, width } of widths)
      if (Math.abs(full - width) > 1)
        problems.push(`${path}: a filter is ${Math.round(width)} px in ${Math.round(full)} px`);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (sideways > 0) problems.push(`${path}: scrolls ${sideways} px sideways`);
  }
  expect(problems).toEqual([]);
});

test('a player’s dates stay inside their boxes: the summary at 1280 px, the history cards at 360 px', async ({
  page,
  context,
}) => {
  const steamid = '76561197960265801';
  await signInBrowser(context, { name: 'Dates Moderator', codes: ['players.*'] });
  // A player seen an hour ago on two servers: "Last seen" reads the date and the relative time.
  const seen = Math.floor(Date.now() / 1000) - 3600;
  const player = {
    steamid,
    name: 'Dated Player',
    firstSeen: seen - 86_400 * 40,
    lastSeen: seen,
    totalTime: 7200,
    userId: null,
    ids: { steamid64: steamid, steam2: 'STEAM_1:1:10', steam3: '[U:1:21]', profileUrl: 'https://example.org/p' },
    names: [{ name: 'Dated Player', firstSeen: seen - 86_400 * 40, lastSeen: seen }],
    servers: [
      {
        serverId: '1',
        serverName: 'Versus #1',
        firstSeen: seen - 86_400,
        lastSeen: seen,
        totalTime: 3600,
        connectedAt: null,
      },
    ],
    activeBans: 0,
    totalBans: 0,
    notes: 0,
    statsAvailable: false,
  };
  await page.route(new RegExp(`/api/players/${steamid}$`), (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(player) }),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/players/${steamid}/overview`);
  const lastSeen = page.locator('.description', { has: page.locator('dt', { hasText: 'Last seen' }) });
  await expect(lastSeen.locator('time')).toBeVisible();
  expect(await overflowingDates(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const tab of ['', '/names', '/servers']) {
    await page.goto(`/admin/players/${steamid}/overview${tab}`);
    await expect(page.locator('time.date-time:visible').first()).toBeVisible();
    expect(await overflowingDates(page), tab || 'summary').toEqual([]);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways, `${tab || 'summary'} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
