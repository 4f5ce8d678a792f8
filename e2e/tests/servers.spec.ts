import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openDatabase } from '../../api/src/db/database';
import { writeSetting } from '../../api/src/modules/meta/settings-repository';
import { e2eDatabaseUrl, signInBrowser } from '../support/e2e-session';
import { FAKE_SERVERS } from '../support/fake-game-servers';

/** CPU_THRESHOLD_SETTING of @outpost/contracts: a site setting overriding CPU_THRESHOLD. */
const CPU_THRESHOLD_SETTING = 'servers.cpuThreshold';

// The e2e server polls the fake game servers (support/fake-game-servers.ts) every second.

/** Waits until the API's poller has seen the fake servers, so the first page load shows them. */
async function waitForLiveStatus(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        const groups = (await (await request.get('/api/servers')).json()) as {
          servers: { id: string; online: boolean; status: { data: unknown } }[];
        }[];
        const servers = groups.flatMap((group) => group.servers);
        return [FAKE_SERVERS.busyServerId, FAKE_SERVERS.emptyServerId, FAKE_SERVERS.minecraftServerId].every(
          (id) => servers.find((server) => server.id === id)?.status.data,
        );
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

async function setCpuThreshold(value: number | null) {
  const database = openDatabase(e2eDatabaseUrl);
  try {
    await writeSetting(database.db, CPU_THRESHOLD_SETTING, value);
  } finally {
    await database.close();
  }
}

async function openManageMode(page: Page) {
  await page.goto('/');
  await page.getByLabel('Manage mode').check();
}

test.beforeEach(async ({ request }) => {
  await waitForLiveStatus(request);
});

test('the overview shows the fake servers’ live players and maps', async ({ page }) => {
  await page.goto('/');
  const versus = page.getByRole('region', { name: 'Fake Versus' });
  await expect(versus.getByRole('heading', { name: 'Fake Versus' })).toBeVisible();
  const busy = versus.getByRole('row', { name: /Fake Versus #1/ });
  await expect(busy).toContainText('3/8');
  await expect(busy).toContainText(FAKE_SERVERS.busyMap);
  await expect(busy).toContainText('5+');
  await expect(busy.getByRole('img', { name: 'Server has players online' })).toBeVisible();
  await expect(busy.getByRole('link', { name: 'Join' })).toHaveAttribute(
    'href',
    /^steam:\/\/connect\/fake\.example\.org:\d+$/,
  );
  await expect(busy).toContainText(/mm_dedicated_force_servers fake\.example\.org:\d+/);

  const empty = versus.getByRole('row', { name: /Fake Versus #2/ });
  await expect(empty).toContainText('0/8');
  await expect(empty).toContainText(FAKE_SERVERS.emptyMap);
  await expect(empty).toContainText('Custom Maps');
  await expect(empty.getByRole('img', { name: 'Server is empty' })).toBeVisible();

  const offline = versus.getByRole('row', { name: /Fake Versus #3/ });
  await expect(offline.getByRole('img', { name: 'Server is offline, unresponsive, or unreachable' })).toBeVisible();
  await expect(offline.getByRole('link', { name: 'Join' })).toHaveCount(0);

  const craft = page.getByRole('region', { name: 'Fake Minecraft' });
  await expect(craft.getByRole('columnheader')).toHaveText(['Name', 'Players', 'IP']);
  await expect(craft.getByRole('row', { name: /Fake Craft/ })).toContainText('1/20');
  await expect(page.getByRole('timer')).toContainText(/Refreshing in \d+ s/);
});

test('a visitor opens a server’s details from its name: the modal’s code arrives on open, not with /', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  const versus = page.getByRole('region', { name: 'Fake Versus' });
  await expect(versus.getByRole('row', { name: /Fake Versus #1/ })).toContainText('3/8');
  await page.waitForLoadState('networkidle');
  const beforeOpen = scripts.length;
  await versus.getByRole('button', { name: 'Fake Versus #1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fake Versus #1' });
  await expect(dialog.getByRole('heading', { name: 'Players online' })).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveText(FAKE_SERVERS.busyPlayers);
  await expect(dialog).toContainText(/connect fake\.example\.org:\d+/);
  // The details (and the kit's Modal they draw) came as a chunk of the servers remote on open.
  expect(scripts.slice(beforeOpen).some((path) => path.startsWith('/remotes/servers/'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(versus.getByRole('button', { name: 'Fake Versus #1' })).toBeFocused();
});

test('on a 360 px phone the overview never scrolls sideways: Join and the connect command stay in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  // The live page, not the screen the server drew, which is replaced as the scripts run (after its
  // first frame): scrolling a row of it as it goes finds the row gone.
  await expect(page.locator('#root [data-prerendered]')).toHaveCount(0);
  const busy = page.getByRole('region', { name: 'Fake Versus' }).getByRole('row', { name: /Fake Versus #1/ });
  const join = busy.getByRole('link', { name: 'Join' });
  await expect(join).toBeVisible();
  await busy.scrollIntoViewIfNeeded();
  await expect(join).toBeInViewport({ ratio: 1 });
  await expect(busy.getByText(/^connect fake\.example\.org:\d+$/)).toBeInViewport({ ratio: 1 });
  const overflow = await page.evaluate(
    () =>
      [document.documentElement, ...document.querySelectorAll('.table-scroll')].filter(
        (element) => element.scrollWidth > element.clientWidth,
      ).length,
  );
  expect(overflow).toBe(0);
});

test('a signed-in user runs server actions from manage mode', async ({ page, context }) => {
  await signInBrowser(context, { codes: ['servers.*'] });
  await openManageMode(page);
  const busy = page.getByRole('row', { name: /Fake Versus #1/ });
  await expect(busy.getByRole('link', { name: 'Fake Versus #1' })).toHaveAttribute(
    'href',
    `/admin/servers/${FAKE_SERVERS.versusGroupId}/${FAKE_SERVERS.busyServerId}`,
  );
  await busy.getByRole('button', { name: 'Restart' }).click();
  await expect(page.getByText('Restart ran successfully')).toBeVisible();
  // builtin:request_stop refuses while players are on.
  await busy.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByText('Request failed: There are players online.')).toBeVisible();
  // Offline servers show no online-only actions.
  await expect(page.getByRole('row', { name: /Fake Versus #3/ }).getByRole('button')).toHaveCount(0);
});

test('create instance succeeds after the 5-second countdown', async ({ page, context }) => {
  await signInBrowser(context, { codes: ['servers.*'] });
  await openManageMode(page);
  await page.getByRole('region', { name: 'Fake Versus' }).getByRole('button', { name: 'Create New Instance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Instance' });
  await expect(dialog).toContainText(
    "Are you sure? There are 1 available instances already. It's preferable that you try starting them before creating a new instance",
  );
  await expect(dialog.getByRole('button', { name: /Create Instance/ })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Create Instance' })).toBeEnabled({ timeout: 7_000 });
  await dialog.getByRole('button', { name: 'Create Instance' }).click();
  await expect(dialog).toContainText(/connect fake\.example\.org:281\d\d/);
  await expect(page.getByText('Started new instance for Fake Versus')).toBeVisible();
  await dialog.getByText('Close', { exact: true }).click(); // the footer button, not the × in the header
  // The new server is listed in its group.
  await expect(page.getByRole('region', { name: 'Fake Versus' }).getByRole('row')).toHaveCount(5);
});

test('create instance fails with NO_FREE_RESOURCES and shows the figures', async ({ page, context }) => {
  await signInBrowser(context, { codes: ['servers.*'] });
  await setCpuThreshold(0);
  try {
    await openManageMode(page);
    await page.getByRole('button', { name: 'Create New Instance…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Instance' });
    // Only docker and custom groups can create instances.
    await expect(dialog.getByRole('radio', { name: /Fake Minecraft/ })).toHaveCount(0);
    await dialog.getByRole('radio', { name: /Fake Versus/ }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Create Instance' }).click({ timeout: 7_000 });
    await expect(dialog).toContainText(
      'There are not enough system resources available at this time to create a new instance.',
    );
    await expect(dialog).toContainText('CPU');
    await expect(dialog).toContainText(/Current load\s*\d+\.\d\d/);
    await expect(dialog).toContainText(/Average load\s*\d+\.\d\d/);
    await expect(dialog).toContainText(/Threshold\s*0\.00/);
    await expect(dialog).toContainText('Try again later when resources are available');
  } finally {
    await setCpuThreshold(null);
  }
});

test('staff create a group and a server from /admin/servers, then delete the group', async ({ page, context }) => {
  await signInBrowser(context, { codes: ['servers.*'] });
  const answers: Promise<string>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    // The notification stream never ends; every other API answer is read whole.
    if (path.startsWith('/api/') && path !== '/api/auth/notifications/sse')
      answers.push(response.text().catch(() => ''));
  });
  await page.goto('/admin/servers');
  await expect(page.getByRole('row', { name: /Fake Versus/ })).toBeVisible();
  await page.getByRole('button', { name: 'New group' }).click();
  const groupForm = page.getByRole('form', { name: 'Server group' });
  await groupForm.getByRole('button', { name: 'Create group' }).click();
  await expect(groupForm.getByRole('alert').first()).toBeVisible(); // the name is required
  await groupForm.getByLabel('Name', { exact: true }).fill('E2E Group');
  await groupForm.getByLabel('Game').selectOption('tf2');
  await groupForm.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByRole('heading', { name: 'E2E Group' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/servers\/[^/]+$/);

  await page.getByRole('button', { name: 'Add server' }).click();
  const serverForm = page.getByRole('form', { name: 'Server' });
  await serverForm.getByLabel('Name', { exact: true }).fill('E2E Server');
  await serverForm.getByLabel('Host').fill('e2e.example.org');
  await serverForm.getByLabel('IP', { exact: true }).fill('127.0.0.1');
  await serverForm.getByLabel('Port', { exact: true }).fill('27999');
  await serverForm.getByLabel('RCON password').fill('e2e-secret');
  await serverForm.getByRole('button', { name: 'Add server' }).click();
  await expect(page.getByRole('row', { name: /E2E Server/ })).toContainText('e2e.example.org:27999');
  // The password is write-only: no answer the page received contains it.
  await page.getByRole('link', { name: 'E2E Server' }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('RCON password')).toHaveValue('');
  await expect(page.getByLabel('RCON password')).toHaveAttribute('placeholder', 'Stored: type to replace it');
  expect(answers.length).toBeGreaterThan(3);
  for (const text of await Promise.all(answers)) expect(text).not.toContain('e2e-secret');

  await page.getByRole('link', { name: 'Back to its group' }).click();
  await page.getByRole('button', { name: 'Delete group' }).click();
  await page
    .getByRole('dialog', { name: /^Delete E2E Group/ })
    .getByRole('button', { name: 'Delete group' })
    .click();
  await expect(page).toHaveURL(/\/admin\/servers$/);
  await expect(page.getByRole('row', { name: /E2E Group/ })).toHaveCount(0);
});

test('the create-server wizard saves a server only after it answered a live query', async ({ page, context }) => {
  await signInBrowser(context, { codes: ['servers.*'] });
  // Point the new server at the fake busy Versus server, which answers A2S.
  const groups = (await (await page.request.get('/api/servers')).json()) as {
    id: string;
    name: string;
    servers: { id: string; ip: string; port: number }[];
  }[];
  const versus = groups.find((group) => group.id === FAKE_SERVERS.versusGroupId);
  const busy = versus?.servers.find((server) => server.id === FAKE_SERVERS.busyServerId);
  expect(busy).toBeTruthy();

  await page.goto('/admin/create-server');
  await page.getByLabel('Group').selectOption(FAKE_SERVERS.versusGroupId);
  await page.getByLabel('Name', { exact: true }).fill('Wizard Versus');
  await page.getByLabel('Host', { exact: true }).fill('wizard.example.org');
  await page.getByLabel('IP', { exact: true }).fill(busy?.ip ?? '');
  await page.getByLabel('Port', { exact: true }).fill(String(busy?.port));
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('RCON password').fill('wizard-secret');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Save server' })).toBeDisabled();
  await page.getByRole('button', { name: 'Check server' }).click();
  await expect(page.getByRole('status')).toContainText(FAKE_SERVERS.busyMap);
  await page.getByRole('button', { name: 'Save server' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/servers/${FAKE_SERVERS.versusGroupId}/[^/]+$`));
  await expect(page.getByRole('heading', { name: 'Wizard Versus' })).toBeVisible();
});
