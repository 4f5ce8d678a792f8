import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { expectAccessiblePages } from '../support/a11y';
import { signInBrowser, type TestUserOptions } from '../support/e2e-session';

// Ban appeals end to end (issue 15): a banned player appeals from /bans, staff answer with a
// reply and an internal comment and accept; the ban is lifted, and the player's open page
// and bell hear of each step over the notification stream, without a reload.

const STEAM64_BASE = 76561197960265728n;
const headers = { origin: baseURL };

function newSteamId(): string {
  return (STEAM64_BASE + BigInt(1_000_000 + Math.floor(Math.random() * 1_000_000_000))).toString();
}

async function person(browser: Browser, options: TestUserOptions): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await signInBrowser(context, options);
  return { context, page: await context.newPage() };
}

async function banOf(staff: BrowserContext, steamid: string, playerName: string): Promise<number> {
  const response = await staff.request.post('/api/bans', {
    data: { steamid, playerName, reason: 'Wallhack on versus', length: 30 * 86400 },
    headers,
  });
  expect(response.status()).toBe(201);
  return (await response.json()).id;
}

const STAFF: TestUserOptions = { codes: ['bans.*', 'appeals.manage'], immunity: 50 };

test('a banned player appeals; staff reply and accept; the ban is lifted and the player is told live', async ({
  browser,
}) => {
  const stamp = Date.now();
  const steamid = newSteamId();
  const playerName = `Appellant${stamp}`;
  const staff = await person(browser, { ...STAFF, name: `Judge${stamp}` });
  const player = await person(browser, { name: playerName, steamid });
  const banId = await banOf(staff.context, steamid, playerName);

  // The player finds their ban on /bans and appeals it.
  await player.page.goto(`/bans?q=${steamid}`);
  const row = player.page.getByRole('row', { name: new RegExp(playerName) });
  await row.getByRole('button', { name: 'Appeal' }).click();
  const dialog = player.page.getByRole('dialog', { name: `Appeal ban #${banId}` });
  await dialog.getByLabel('Why should it be lifted?').fill('I was **not** cheating: my crosshair is just good.');
  await dialog.getByRole('button', { name: 'Send appeal' }).click();
  await expect(player.page).toHaveURL(/\/bans\/appeals\/\d+$/);
  const appealId = Number(/\/bans\/appeals\/(\d+)$/.exec(player.page.url())?.[1]);
  await expect(
    player.page.getByRole('heading', { level: 1, name: `Appeal #${appealId}: ban #${banId}` }),
  ).toBeVisible();
  await expect(player.page.getByRole('article', { name: 'Statement' }).locator('strong').last()).toHaveText('not');
  const bell = player.page.getByRole('navigation', { name: 'Main' });
  await expect(bell.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Staff find it in the queue (oldest first, open) and answer: an internal comment, then a reply.
  await staff.page.goto(`/admin/appeals?q=${steamid}`);
  await staff.page.getByRole('link', { name: `#${appealId}` }).click();
  await expect(staff.page.getByRole('heading', { level: 1, name: `Appeal #${appealId}: ban #${banId}` })).toBeVisible();
  await staff.page.getByLabel('Internal comment (staff only: the player never sees it)').check();
  await staff.page.getByLabel('Internal comment', { exact: true }).fill('Demo reviewed: clean. Staff eyes only.');
  await staff.page.getByRole('button', { name: 'Add internal comment' }).click();
  await expect(staff.page.getByRole('article', { name: 'Internal comment' })).toContainText('Staff eyes only');
  await staff.page.getByLabel('Your reply').fill('Which round was it?');
  await staff.page.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.page.getByRole('article', { name: 'Message from staff' })).toContainText('Which round was it?');

  // The player's page shows the reply without a reload; the bell counts it; no internal comment.
  await expect(player.page.getByRole('article', { name: 'Message from staff' })).toContainText('Which round was it?', {
    timeout: 10_000,
  });
  await expect(bell.getByRole('button', { name: 'Notifications 1' })).toBeVisible();
  expect(await player.page.content()).not.toContain('Staff eyes only');
  await player.page.getByLabel('Your reply').fill('The last round on Dark Carnival.');
  await player.page.getByRole('button', { name: 'Send reply' }).click();
  await expect(player.page.getByRole('article', { name: 'Message from player' })).toContainText('Dark Carnival');

  // Staff accept: the ban is lifted through the bans service.
  await staff.page.reload();
  await expect(staff.page.getByRole('article', { name: 'Message from player' })).toContainText('Dark Carnival');
  await staff.page.getByLabel('Accept and lift the ban').check();
  await staff.page.getByLabel('Reason (the player reads it)').fill('The demo shows no cheating.');
  await staff.page.getByRole('button', { name: 'Accept appeal' }).click();
  await expect(staff.page.getByRole('region', { name: 'Outcome' })).toContainText('Accepted by');

  // The player, still on the page, sees the decision and the notification live.
  await expect(player.page.getByRole('region', { name: 'Outcome' })).toContainText('The demo shows no cheating.', {
    timeout: 10_000,
  });
  await expect(player.page.getByLabel('Your reply')).toHaveCount(0);
  await bell.getByRole('button', { name: 'Notifications 2' }).click();
  const notifications = player.page.getByRole('dialog', { name: 'Notifications' });
  await expect(notifications).toContainText(
    `Your appeal of ban #${banId} was accepted (ban lifted): The demo shows no cheating.`,
  );
  await expect(notifications).toContainText(`Staff replied to your appeal of ban #${banId}`);
  await player.page.keyboard.press('Escape');

  // The public list: lifted, tagged "appealed", and never the appeal's text.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/bans?q=${steamid}`);
  const publicRow = visitor.getByRole('row', { name: new RegExp(playerName) });
  await expect(publicRow).toContainText('Unbanned');
  await expect(publicRow).toContainText('appealed');
  expect(await visitor.content()).not.toContain('crosshair');
  const bans = await visitor.request.get(`/api/bans?q=${steamid}`);
  expect(await bans.json()).toMatchObject({
    bans: [{ id: banId, status: 'unbanned', unbanReason: `Appeal #${appealId} accepted: The demo shows no cheating.` }],
  });

  await visitor.context().close();
  await staff.context.close();
  await player.context.close();
});

/** A banned player with an open appeal that staff answered; the two signed-in contexts. */
async function answeredAppeal(browser: Browser) {
  const steamid = newSteamId();
  const staff = await person(browser, { ...STAFF, name: 'Axe Judge' });
  const player = await person(browser, { name: 'Axe Appellant', steamid });
  const banId = await banOf(staff.context, steamid, 'Axe Appellant');
  const opened = await player.context.request.post('/api/appeals', {
    data: { banId, statement: 'Please **reconsider**.\n\n> I was lagging' },
    headers,
  });
  expect(opened.status()).toBe(201);
  const appealId: number = (await opened.json()).appeal.id;
  const answer = await staff.context.request.post(`/api/appeals/${appealId}/messages`, {
    data: { body: 'Noted, checking the demo.' },
    headers,
  });
  expect(answer.status()).toBe(201);
  return { steamid, staff, player, appealId };
}

// One test per view: expectAccessiblePages sets the test's time from its own page count.
test('the appeal pages are accessible to the player', async ({ browser }) => {
  const { steamid, staff, player, appealId } = await answeredAppeal(browser);
  await expectAccessiblePages(player.page, [`/bans/appeals/${appealId}`, '/bans/appeals', `/bans?q=${steamid}`]);
  await staff.context.close();
  await player.context.close();
});

test('the appeal pages are accessible to staff', async ({ browser }) => {
  const { staff, player, appealId } = await answeredAppeal(browser);
  await expectAccessiblePages(staff.page, [`/bans/appeals/${appealId}`, '/admin/appeals']);
  await staff.context.close();
  await player.context.close();
});
