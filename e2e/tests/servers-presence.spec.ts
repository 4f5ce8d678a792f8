import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { expectAccessiblePages, seriousViolations } from '../support/a11y';
import { signInBrowser } from '../support/e2e-session';
import { FAKE_SERVERS } from '../support/fake-game-servers';

// Issue 25 items 1 and 6 in the demo-like e2e setup: the fake Versus #1 (real A2S on loopback)
// gets a plugin token and its plugin's connect/disconnect events over HTTP; the staff server
// page lists who is connected now and who just left, each with "Ban or block", which opens the
// usual ban form on the player. Fake Versus #2 has no plugin: its A2S names are marked.

const serverPage = `/admin/servers/${FAKE_SERVERS.versusGroupId}/${FAKE_SERVERS.busyServerId}`;
const noPluginPage = `/admin/servers/${FAKE_SERVERS.versusGroupId}/${FAKE_SERVERS.emptyServerId}`;
const unique = () => (76561197960265728n + BigInt(3_000_000 + Math.floor(Math.random() * 1e9))).toString();
const COACH = unique();
const ELLIS = unique();
const FRANCIS = unique();
let token = '';

test.beforeAll(async ({ browser, request }) => {
  const owner = await browser.newContext();
  await signInBrowser(owner, { name: 'Presence Server Owner', codes: ['servers.tokens'] });
  const created = await owner.request.post(`/api/game-tokens/${FAKE_SERVERS.busyServerId}`, {
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  ({ token } = (await created.json()) as { token: string });
  await owner.close();
  const now = Math.floor(Date.now() / 1000);
  const event = (type: 'connect' | 'disconnect', steamid: string, name: string, at: number) => ({
    id: `presence-${type}-${steamid}`,
    type,
    timestamp: at,
    steamid,
    name,
  });
  const sent = await request.post('/api/game/events', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      events: [
        event('connect', COACH, 'Coach', now - 1500),
        event('connect', ELLIS, 'Ellis', now - 1200),
        event('connect', FRANCIS, 'Francis', now - 900),
        event('disconnect', ELLIS, 'Ellis', now - 300),
      ],
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
});

async function signInStaff(page: Page, more: string[] = []) {
  await signInBrowser(page.context(), {
    name: 'Presence Moderator',
    codes: ['servers.manage', 'players.view', 'bans.*', ...more],
  });
}

test('the server page lists who is connected and who just left; Ban or block opens the usual form', async ({
  page,
}) => {
  await signInStaff(page);
  await page.goto(serverPage);
  const connected = page.getByRole('table', { name: "Players connected now (from the plugin's events)" });
  await expect(connected.getByRole('row', { name: /Coach/ })).toContainText(COACH);
  await expect(connected).not.toContainText('Ellis');
  const recent = page.getByRole('table', { name: 'Players who left in the last 60 minutes' });
  const ellis = recent.getByRole('row', { name: /Ellis/ });
  await expect(ellis).toContainText(ELLIS);
  await expect(ellis).toContainText('5 minutes ago');
  await ellis.getByRole('link', { name: 'Ban or block Ellis' }).click();
  const form = page.getByRole('dialog', { name: 'New ban' });
  await expect(form).toContainText(ELLIS);
  await expect(form.getByLabel('Type')).toHaveValue('ban');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/players/${ELLIS}/bans\\?returnTo=`));
  // The player's overview says where they were, with the same action.
  await page.goto(`/admin/players/${COACH}/overview?returnTo=${encodeURIComponent(serverPage)}`);
  await expect(page.getByRole('region', { name: 'Where the player is' })).toContainText(
    `Connected now on Fake Versus #1 since`,
  );
  await page.goto(`/admin/players/${ELLIS}/overview`);
  await expect(page.getByRole('region', { name: 'Where the player is' })).toContainText('Last seen on Fake Versus #1');
});

test('staff with players.kick kick a connected player with a reason; the plugin channel gets the kick', async ({
  page,
  request,
}) => {
  await signInStaff(page, ['players.kick']);
  await page.goto(serverPage);
  const connected = page.getByRole('table', { name: "Players connected now (from the plugin's events)" });
  const recent = page.getByRole('table', { name: 'Players who left in the last 60 minutes' });
  await expect(recent.getByRole('row', { name: /Ellis/ })).toBeVisible();
  await expect(recent.getByRole('button', { name: /Kick/ })).toHaveCount(0);
  await connected.getByRole('button', { name: 'Kick Francis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kick Francis' });
  await expect(dialog).toContainText('Francis is kicked from Fake Versus #1 now');
  await dialog.getByLabel('Reason').fill('Blocking the saferoom');
  await dialog.getByRole('button', { name: 'Kick' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Francis was kicked from Fake Versus #1')).toBeVisible();
  const commands = await request.get('/api/game/commands?wait=0', { headers: { authorization: `Bearer ${token}` } });
  expect(commands.status()).toBe(200);
  const { commands: queued } = (await commands.json()) as {
    commands: { id: number; kind: string; steamid: string; reason: string }[];
  };
  expect(queued.find((command) => command.steamid === FRANCIS)).toMatchObject({
    kind: 'kick',
    reason: 'Blocking the saferoom',
  });
  await request.post('/api/game/commands/ack', {
    headers: { authorization: `Bearer ${token}` },
    data: { ids: queued.map((command) => command.id) },
  });
});

test('a server without a plugin shows its status query names, marked names only', async ({ page }) => {
  await signInStaff(page);
  await page.goto(noPluginPage);
  await expect(page.getByRole('heading', { name: /Players online/ })).toContainText('names only');
  await expect(page.getByText(/no plugin token, so no Steam ids and no actions/)).toBeVisible();
});

test('the server page and the player overview are accessible, light and dark, and fit 360 px', async ({ page }) => {
  await signInStaff(page, ['players.kick']);
  await expectAccessiblePages(page, [serverPage, noPluginPage, `/admin/players/${COACH}/overview`]);
  // The ban form opened from the recent list, too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/players/${ELLIS}/bans/new?returnTo=${encodeURIComponent(serverPage)}`);
  await expect(page.getByRole('dialog', { name: 'New ban' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
