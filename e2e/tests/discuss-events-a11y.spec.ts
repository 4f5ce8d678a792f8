import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { accessibilityTests, expectAccessiblePages, seriousViolations } from '../support/a11y';
import { postManyReplies } from '../support/discuss-events-seed';
import { signInBrowser } from '../support/e2e-session';

// Every discuss-events page in the route table: axe finds nothing serious or critical, light and
// dark, signed out and signed in, and at 360 px wide nothing scrolls sideways.
accessibilityTests('discuss-events', ['/discuss', '/discuss/new', '/events']);

// The events pages with real content: a full event with attendees, its detail page, and the
// create form, light and dark, desktop and 360 px.
test('events pages with content are accessible', async ({ page, context }) => {
  await signInBrowser(context, { name: 'Axe Organiser', codes: ['events.manage'] });
  const start = Math.floor(Date.now() / 1000) + 3 * 24 * 3600;
  const created = await context.request.post('/api/events', {
    headers: { origin: baseURL },
    data: {
      title: 'Axe cup: a rather long event title to see how it wraps on a phone',
      description: '## Rules\n\n- Bring a **mic**\n- Be nice\n\n[Our Discord](https://discord.example/invite)',
      startsAt: start,
      endsAt: start + 7200,
      capacity: 1,
    },
  });
  expect(created.status()).toBe(201);
  const event = (await created.json()) as { id: number; slug: string };
  await context.request.put(`/api/events/${event.id}/rsvp`, {
    headers: { origin: baseURL },
    data: { response: 'going' },
  });
  const detail = `/events/${event.id}/${event.slug}`;
  await expectAccessiblePages(page, ['/events', detail]);

  await page.setViewportSize({ width: 1280, height: 800 });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/events');
    await page.getByRole('button', { name: 'New event' }).click();
    await expect(page.getByRole('dialog', { name: 'New event' })).toBeVisible();
    expect(await seriousViolations(page), `new event form [${theme}]`).toEqual([]);
  }
});

test('the discussions list with its nav badge, a long paged thread and its edit page are accessible', async ({
  page,
  context,
  browser,
}) => {
  // Another member's thread, unread for the writer: the nav shows the Discuss badge.
  const other = await browser.newContext();
  await signInBrowser(other, { name: 'Axe Other', codes: ['discuss.use'] });
  const unread = await other.request.post('/api/discussions', {
    data: { title: 'Unread for the writer', body: 'Hello' },
    headers: { origin: baseURL },
  });
  expect(unread.status(), await unread.text()).toBe(201);
  await other.close();

  await signInBrowser(context, { name: 'Axe Writer', codes: ['discuss.use', 'discuss.moderate', 'panel.settings'] });
  const headers = { origin: baseURL };
  const created = await context.request.post('/api/discussions', {
    data: {
      title: 'Accessible thread',
      body: '# Heading\n\n> quoted\n\nSome **bold** text and a [link](https://example.org).',
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  // More than a page of replies: the pager shows above and below them.
  await postManyReplies(
    context,
    id,
    Array.from({ length: 32 }, (_, index) => `Reply ${index + 1}: some words to fill a line`),
  );
  await page.goto('/discuss');
  await expect(
    page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Discuss/ })
      .locator('.nav-badge'),
  ).toBeVisible();
  await expectAccessiblePages(page, [
    '/discuss',
    `/discuss/${id}/accessible-thread`,
    `/discuss/${id}/accessible-thread?page=2`,
    `/discuss/${id}/edit`,
  ]);
});
