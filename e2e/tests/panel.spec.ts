import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { toJsonColumn } from '../../api/src/db/json-column';
import { writeSetting } from '../../api/src/modules/meta/settings-repository';
import { startFakeA2sServer } from '../../api/src/test-support/fakes/fake-a2s-server';
import { serverRow } from '../../api/src/test-support/server-rows';
import { signInBrowser, withE2eDatabase } from '../support/e2e-session';

// Panel administration (issue 11) against the real API, database and poller.

/** A second browser, signed in as someone else (or a visitor when options is null). */
async function otherBrowser(browser: Browser, options: Parameters<typeof signInBrowser>[1] | null) {
  const context = await browser.newContext();
  const signedIn = options ? await signInBrowser(context, options) : null;
  return { context, page: await context.newPage(), userId: signedIn?.userId ?? '' };
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-remote="panel"]').analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

const OWNER = { name: 'Site Owner', flags: 'z', immunity: 100 };

test('settings saved in the panel change the notice on / in another browser', async ({ page, context, browser }) => {
  await signInBrowser(context, OWNER);
  await page.goto('/panel/dashboard');
  await expect(
    page.getByRole('navigation', { name: 'Panel sections' }).getByRole('link', { name: 'Site settings' }),
  ).toHaveAttribute('aria-current', 'page');
  const text = page.getByLabel('Notice text (Markdown)');
  await expect(text).toHaveValue('Welcome to the e2e community');
  await expectNoAxeViolations(page);
  try {
    await text.fill('**Maintenance** tonight at 22:00');
    // The live preview renders the Markdown as it is typed.
    await expect(page.getByTestId('notice-preview').locator('strong')).toHaveText('Maintenance');
    await page.getByLabel('Style').selectOption('is-warning');
    // A bad link is refused beside its field; nothing is sent.
    await page.getByLabel('Stats', { exact: true }).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Must be an http(s) URL or empty')).toBeVisible();
    await page.getByLabel('Stats', { exact: true }).fill('https://stats.example.org');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Site settings saved: everyone sees them now')).toBeVisible();

    const visitor = await otherBrowser(browser, null);
    await visitor.page.goto('/');
    const notice = visitor.page.getByRole('note');
    await expect(notice).toContainText('Maintenance tonight at 22:00');
    await expect(notice.locator('strong')).toHaveText('Maintenance');
    await expect(notice).toHaveClass(/is-warning/);
    await visitor.context.close();
  } finally {
    // Other specs expect the seeded notice back (the API re-reads settings within 2 s).
    await withE2eDatabase(async (db) => {
      await writeSetting(db, 'notice', { enabled: true, text: 'Welcome to the e2e community', class: 'is-info' });
      await db.deleteFrom('settings').where('key', '=', 'links.stats').execute();
    });
  }
});

test('a role created in the panel gates the Panel nav entry for its holder', async ({ page, context, browser }) => {
  await signInBrowser(context, OWNER);
  const holder = await otherBrowser(browser, { name: 'Future Moderator' });
  const nav = holder.page.getByRole('navigation', { name: 'Main' });
  await holder.page.goto('/');
  // Panel is a menu of its sections (issue 22's navigation): no trigger without a section held.
  const panelMenu = nav.getByRole('button', { name: /^Panel/ });
  await expect(nav.getByRole('link', { name: /^Notes/ })).toBeVisible();
  await expect(panelMenu).toHaveCount(0);

  await page.goto('/panel/dashboard?tab=roles');
  await page.getByRole('button', { name: 'New role' }).click();
  const editor = page.getByRole('dialog', { name: 'New role' });
  await editor.getByRole('textbox', { name: 'Name' }).fill('E2E Moderators');
  await editor.getByRole('checkbox', { name: /^panel\.view/ }).check();
  // The SourceMod flag c (Kick), not the players.kick permission.
  await editor.getByRole('checkbox', { name: /^c Kick/ }).check();
  await editor.getByLabel('Glob patterns (one per line)').fill('bans.*');
  // The live preview lists what the patterns grant.
  const matches = editor.getByTestId('role-matches');
  await expect(matches).toContainText('panel.view');
  await expect(matches).toContainText('bans.create');
  await expect(matches).toContainText('bans.unban');
  await expect(matches).not.toContainText('logs.view');
  await expectNoAxeViolations(page);
  await editor.getByRole('button', { name: 'Create role' }).click();
  await expect(editor).toHaveCount(0);
  const row = page.getByRole('row', { name: /E2E Moderators/ });
  await expect(row).toContainText('panel.view');

  await row.getByRole('button', { name: /0 users/ }).click();
  const holders = page.getByRole('dialog', { name: 'Holders of E2E Moderators' });
  await holders.getByLabel('Find a user').fill('Future Moder');
  await holders.getByRole('button', { name: 'Search' }).click();
  await holders.getByRole('button', { name: 'Give role to Future Moderator' }).click();
  await expect(holders.getByRole('list', { name: 'Users holding E2E Moderators' })).toContainText('Future Moderator');

  // The holder's next page load carries the role's permissions: the nav entry appears.
  await holder.page.reload();
  await expect(panelMenu).toBeVisible();
  await panelMenu.click();
  // panel.view holds Health (and the kit's gallery), not Roles (panel.roles).
  await expect(nav.getByRole('link', { name: /Roles/ })).toHaveCount(0);
  await nav.getByRole('link', { name: /^Health/ }).click();
  await expect(holder.page).toHaveURL(/\/panel\/health$/);
  await expect(holder.page.getByRole('heading', { name: 'You do not have access to this page' })).toHaveCount(0);
  await expect(holder.page.getByRole('link', { name: 'Roles', exact: true })).toHaveCount(0);
  await holder.context.close();
});

test('an announcement reaches another signed-in browser live', async ({ page, context, browser }) => {
  await signInBrowser(context, OWNER);
  const recipient = await otherBrowser(browser, { name: 'Listening Player' });
  await recipient.page.goto('/');
  await expect(recipient.page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await page.goto('/panel/dashboard?tab=announcements');
  await page.getByRole('radio', { name: 'One user' }).check();
  await page.getByLabel('User id or SteamID64').fill(recipient.userId);
  await page.getByLabel('Level').selectOption({ label: 'Warning' });
  await page.getByLabel('Message').fill('Servers restart in 5 minutes');
  await page.getByLabel('Link (optional)').fill('/events');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send announcement' }).click();
  await expect(page.getByText('Announcement sent to 1 user')).toBeVisible();

  // No reload: the notification stream brings it, the bell counts it.
  await expect(recipient.page.getByText('Servers restart in 5 minutes').first()).toBeVisible();
  await expect(recipient.page.getByRole('button', { name: 'Notifications 1' })).toBeVisible();
  await recipient.context.close();
});

test('a server going offline alerts a subscribed staff member', async ({ page, context }) => {
  const fake = await startFakeA2sServer({ map: 'c5m1_waterfront', maxplayers: 8, players: [] });
  const serverId = `e2e-alert-${Date.now()}`;
  await withE2eDatabase((db) =>
    db
      .insertInto('servers')
      .values(
        serverRow({
          id: serverId,
          group_id: 'coop',
          name: 'E2E Alert Target',
          port: fake.port,
          query_port: fake.port,
          status: toJsonColumn({ online: false, data: null }),
        }),
      )
      .execute(),
  );
  try {
    await signInBrowser(context, { name: 'On-call Admin', codes: ['panel.view', 'panel.alerts'] });
    await page.goto('/panel/dashboard?tab=alerts');
    await page.getByRole('checkbox', { name: 'When a server goes offline, and when it is back' }).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save alert settings' }).click();
    await expect(page.getByText('Alert settings saved')).toBeVisible();
    // The poller (every second in e2e) has seen it online before it goes away.
    await expect
      .poll(
        () =>
          withE2eDatabase(
            async (db) =>
              (
                await db
                  .selectFrom('panel_alert_state')
                  .select('online')
                  .where('server_id', '=', serverId)
                  .executeTakeFirst()
              )?.online,
          ),
        { timeout: 10_000 },
      )
      .toBe(1);
    fake.state.mode = 'silent';
    await expect(page.getByText('Server "E2E Alert Target" went offline').first()).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('button', { name: /Notifications \d+/ })).toBeVisible();
  } finally {
    await fake.close();
    await withE2eDatabase(async (db) => {
      await db.deleteFrom('servers').where('id', '=', serverId).execute();
      await db.deleteFrom('panel_alert_state').where('server_id', '=', serverId).execute();
    });
  }
});

test('the health tab shows the database and this instance with its poller', async ({ page, context }) => {
  await signInBrowser(context, { name: 'Health Viewer', codes: ['panel.view'] });
  await page.goto('/panel/dashboard');
  // Health is this viewer's one panel section: it opens, with no strip of one link over it.
  await expect(page.getByRole('region', { name: 'Health' })).toBeVisible();
  await expect(page.getByText('SQLite')).toBeVisible();
  const instances = page.getByRole('table', { name: 'API instances' });
  await expect(instances).toContainText('this one');
  await expect(instances).toContainText(/servers answered/);
  await expectNoAxeViolations(page);
});
