import fs from 'node:fs';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signInBrowser, type TestUserOptions } from '../support/e2e-session';

// Events end to end: the form, answers and the waiting list across browsers, the same event
// seen from two time zones (and across a DST change), the .ics download and cancelling.

async function signedInContext(
  browser: Browser,
  user: TestUserOptions,
  options: { timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  await signInBrowser(context, user);
  return { context, page: await context.newPage() };
}

/** An event made through the API as `context`'s user (who must hold events.manage). */
async function apiEvent(
  context: BrowserContext,
  input: Record<string, unknown>,
): Promise<{ id: number; slug: string }> {
  const response = await context.request.post('/api/events', { data: input, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** A 24-hour wall time as the browser may write it ('20:00' or '08:00 PM'). */
function clock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `(?:${hhmm}|${String(h % 12 || 12).padStart(2, '0')}:${String(m).padStart(2, '0')}\\s?${h < 12 ? 'AM' : 'PM'})`;
}

test('a manager creates an event, members answer, and the waiting list promotes the next one', async ({ browser }) => {
  const manager = await signedInContext(browser, { name: 'E2E Organiser', codes: ['events.manage'] });
  const title = `Versus night ${Date.now()}`;
  await manager.page.goto('/events');
  await manager.page.getByRole('button', { name: 'New event' }).click();
  const dialog = manager.page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Starts').fill('2031-05-01T20:00');
  await dialog.getByLabel('Ends').fill('2031-05-01T22:00');
  await dialog.getByLabel('Places').fill('1');
  await dialog.getByLabel('Description').fill('Bring a **mic**.');
  await dialog.getByRole('button', { name: 'Create event' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(manager.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(manager.page).toHaveURL(/\/events\/\d+\/versus-night-\d+$/);
  await expect(manager.page.locator('.event-description strong')).toHaveText('mic');
  const eventUrl = new URL(manager.page.url()).pathname;

  const ann = await signedInContext(browser, { name: 'E2E Ann' });
  await ann.page.goto(eventUrl);
  await ann.page.getByRole('button', { name: 'Going', exact: true }).click();
  await expect(ann.page.getByText('You are going')).toBeVisible();

  const bob = await signedInContext(browser, { name: 'E2E Bob' });
  await bob.page.goto(eventUrl);
  await bob.page.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(bob.page.getByText(/you are number 1 on the waiting list/)).toBeVisible();

  // Ann leaves: Bob gets the place, and hears of it live (the bell counts it).
  await ann.page.getByRole('button', { name: 'Not going' }).click();
  await expect(ann.page.getByText('You are not going')).toBeVisible();
  const bell = bob.page.getByRole('button', { name: 'Notifications 1' });
  await expect(bell).toBeVisible({ timeout: 10_000 });
  await bell.click();
  await expect(bob.page.getByRole('dialog', { name: 'Notifications' })).toContainText(
    `A place opened up: you are now going to “${title}”`,
  );
  await bob.page.keyboard.press('Escape');
  await bob.page.reload();
  await expect(bob.page.getByText('You are going')).toBeVisible();

  // A wrong slug is corrected in the address bar.
  await bob.page.goto(eventUrl.replace(/\/[^/]+$/, '/wrong-title'));
  await expect(bob.page).toHaveURL(new RegExp(`${eventUrl}$`));

  // The manager cancels; members see it.
  await manager.page.getByRole('button', { name: 'Cancel event' }).click();
  await manager.page
    .getByRole('dialog', { name: /^Cancel / })
    .getByRole('button', { name: 'Cancel event' })
    .click();
  await expect(manager.page.locator('.page-header').getByText('Cancelled', { exact: true })).toBeVisible();
  await bob.page.reload();
  await expect(bob.page.getByText('This event was cancelled.')).toBeVisible();
  for (const who of [manager, ann, bob]) await who.context.close();
});

test('one event seen from Los Angeles (UTC-8) and Brisbane (UTC+10), and across a DST change', async ({ browser }) => {
  const organiser = await signedInContext(browser, { name: 'E2E Zones', codes: ['events.manage'] });
  // 2026-12-01 20:00-22:00 UTC.
  const start = Date.UTC(2026, 11, 1, 20) / 1000;
  const event = await apiEvent(organiser.context, { title: 'Zones cup', startsAt: start, endsAt: start + 7200 });
  // 2027-03-14: Los Angeles springs forward at 02:00 PST. 09:30-11:30 UTC = 01:30 PST - 04:30 PDT.
  const dstStart = Date.UTC(2027, 2, 14, 9, 30) / 1000;
  const dst = await apiEvent(organiser.context, { title: 'DST marathon', startsAt: dstStart, endsAt: dstStart + 7200 });

  const la = await signedInContext(browser, { name: 'E2E LA' }, { timezoneId: 'America/Los_Angeles' });
  await la.page.goto(`/events/${event.id}/${event.slug}`);
  await expect(la.page.locator('.event-detail .description-list')).toContainText(
    new RegExp(`2026-12-01 at ${clock('12:00')} – ${clock('14:00')} \\(PST\\)`),
  );
  await expect(la.page.locator('.event-detail .description-list')).toContainText('America/Los_Angeles');
  await la.page.goto(`/events/${dst.id}/${dst.slug}`);
  await expect(la.page.locator('.event-detail .description-list')).toContainText(
    new RegExp(`2027-03-14 at ${clock('01:30')} \\(PST\\) – ${clock('04:30')} \\(PDT\\)`),
  );

  const brisbane = await signedInContext(browser, { name: 'E2E Brisbane' }, { timezoneId: 'Australia/Brisbane' });
  await brisbane.page.goto(`/events/${event.id}/${event.slug}`);
  await expect(brisbane.page.locator('.event-detail .description-list')).toContainText(
    new RegExp(`2026-12-02 at ${clock('06:00')} – ${clock('08:00')} \\(GMT\\+10\\)`),
  );
  // The list shows the same local time.
  await brisbane.page.goto('/events');
  await expect(brisbane.page.getByRole('listitem').filter({ hasText: 'Zones cup' })).toContainText(
    new RegExp(`2026-12-02 at ${clock('06:00')}`),
  );

  // The edit form shows the times in the viewer's zone too.
  await organiser.context.close();
  const editor = await signedInContext(
    browser,
    { name: 'E2E Zone Manager', codes: ['events.manage'] },
    { timezoneId: 'Australia/Brisbane' },
  );
  await editor.page.goto(`/events/${event.id}/${event.slug}`);
  await editor.page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = editor.page.getByRole('dialog', { name: 'Edit Zones cup' });
  await expect(form.getByLabel('Starts')).toHaveValue('2026-12-02T06:00');
  await expect(form).toContainText('Australia/Brisbane');
  for (const who of [la, brisbane, editor]) await who.context.close();
});

test('an event downloads as an .ics file a calendar can read', async ({ browser }) => {
  const organiser = await signedInContext(browser, { name: 'E2E Ics', codes: ['events.manage'] });
  const start = Date.UTC(2030, 0, 5, 18) / 1000;
  const event = await apiEvent(organiser.context, { title: 'Ics; cup, final', startsAt: start, endsAt: start + 3600 });
  await organiser.page.goto(`/events/${event.id}/${event.slug}`);
  const [download] = await Promise.all([
    organiser.page.waitForEvent('download'),
    organiser.page.getByRole('link', { name: /Add to calendar/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${event.slug}.ics`);
  const text = fs.readFileSync((await download.path()) as string, 'utf8');
  expect(text).toContain('BEGIN:VCALENDAR\r\n');
  expect(text).toContain('SUMMARY:Ics\\; cup\\, final\r\n');
  expect(text).toContain('DTSTART:20300105T180000Z\r\n');
  expect(text).toContain(`UID:event-${event.id}@127.0.0.1`);
  await organiser.context.close();
});

test('members cannot create events: no button, and the API refuses', async ({ browser }) => {
  const member = await signedInContext(browser, { name: 'E2E Member' });
  await member.page.goto('/events');
  await expect(member.page.getByRole('heading', { name: 'Upcoming' })).toBeVisible();
  await expect(member.page.getByRole('button', { name: 'New event' })).toHaveCount(0);
  const refused = await member.context.request.post('/api/events', {
    data: { title: 'Nope', startsAt: 1_900_000_000, endsAt: 1_900_003_600 },
    headers: { origin: baseURL },
  });
  expect(refused.status()).toBe(403);
  await member.context.close();
});

test('the list shows a page of each half and more past events on demand', async ({ browser }) => {
  const organiser = await signedInContext(browser, { name: 'E2E Archivist', codes: ['events.manage'] });
  const stamp = Date.now();
  // 21 events long past (January 2001): more than one page of the past half on their own,
  // and the oldest of them last in it.
  for (let day = 1; day <= 21; day++) {
    const start = Date.UTC(2001, 0, day, 20) / 1000;
    await apiEvent(organiser.context, { title: `Archive ${stamp} #${day}`, startsAt: start, endsAt: start + 3600 });
  }
  const all = await organiser.context.request.get('/api/events?when=past&limit=100');
  const total = ((await all.json()) as { past: unknown[] }).past.length;
  expect(total).toBeGreaterThan(20);
  expect(total).toBeLessThan(100);

  const { page } = organiser;
  await page.goto('/events');
  const past = page.getByRole('region', { name: 'Past' });
  const cards = past.locator('.event-card');
  await expect(cards).toHaveCount(20);
  const oldest = past.getByRole('link', { name: `Archive ${stamp} #1`, exact: true });
  await expect(oldest).toHaveCount(0);
  const more = past.getByRole('button', { name: 'Show more past events' });
  for (let shown = 20; shown < total; shown += 20) {
    await more.click();
    await expect(cards).toHaveCount(Math.min(shown + 20, total));
  }
  await expect(oldest).toBeVisible();
  await expect(more).toHaveCount(0);
  // Latest first, without repeats across pages.
  const titles = await past.locator('.event-card-title').allTextContents();
  expect(new Set(titles).size).toBe(titles.length);
  const archive = titles.filter((title) => title.startsWith(`Archive ${stamp} #`));
  expect(archive).toEqual(Array.from({ length: 21 }, (_, index) => `Archive ${stamp} #${21 - index}`));
  await organiser.context.close();
});
