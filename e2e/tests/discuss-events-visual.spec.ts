import { expect, type Page, test } from '@playwright/test';
import { THEMES } from '../support/a11y';
import { signInBrowser } from '../support/e2e-session';
import { openForScreenshot, VISUAL_CONTEXT, VISUAL_NOW, VISUAL_SIZES } from '../support/visual';

// Visual regression of the discuss-events remote (issue 22): the discussions list, a thread, the
// events list and an event, desktop and 360 px, light and dark. The API's answers are fixed
// (page.route), the clock, zone and locale too, so only a drift of the pages from the kit changes
// a picture. Baselines live in discuss-events-visual.spec.ts-snapshots/; after an intended change:
//   pnpm build
//   E2E_PORT=<port> pnpm exec playwright test -c e2e/playwright.config.ts \
//     e2e/tests/discuss-events-visual.spec.ts --update-snapshots
// then look at every new picture before committing it.

const NOW = Math.floor(VISUAL_NOW.getTime() / 1000);
const HOUR = 3600;

const thread = {
  id: 7,
  title: 'Map rotation for the versus servers: what should come next?',
  slug: 'map-rotation-for-the-versus-servers-what-should-come-next',
  body: 'Which **maps** should the versus servers play after the holidays?\n\n> c1m1 gets old\n\nVote below.',
  category: 'servers',
  authorId: 'u-alice',
  authorName: 'Alice',
  createdAt: NOW - 26 * HOUR,
  editedAt: NOW - 25 * HOUR,
  lastActivityAt: NOW - 2 * HOUR,
  isOpen: true,
  isPinned: true,
  replyCount: 2,
  unread: true,
};
const THREADS = {
  threads: [
    thread,
    {
      ...thread,
      id: 8,
      title: 'Event ideas for December',
      slug: 'event-ideas-for-december',
      category: 'events',
      authorId: 'u-bob',
      authorName: 'Bob',
      lastActivityAt: NOW - 3 * 24 * HOUR,
      isPinned: false,
      unread: false,
      replyCount: 0,
    },
    {
      ...thread,
      id: 9,
      title: 'Old server list',
      slug: 'old-server-list',
      category: 'general',
      isOpen: false,
      isPinned: false,
      unread: false,
      replyCount: 14,
      lastActivityAt: NOW - 40 * 24 * HOUR,
    },
  ],
  nextCursor: null,
  openDiscussions: 1,
};
const DETAIL = {
  thread,
  replies: [
    {
      id: 31,
      threadId: 7,
      body: 'c2m1 please, and the finale of *Dark Carnival*.',
      authorId: 'u-bob',
      authorName: 'Bob',
      createdAt: NOW - 5 * HOUR,
      editedAt: null,
    },
    {
      id: 32,
      threadId: 7,
      body: '> c2m1 please\n\nSeconded.',
      authorId: 'u-cat',
      authorName: 'Cat',
      createdAt: NOW - 2 * HOUR,
      editedAt: null,
    },
  ],
  replyPage: { page: 1, pages: 1, size: 30, total: 2 },
  firstUnreadId: 32,
  can: { reply: true, edit: false, moderate: false },
  viewerId: 'u-visual',
  limits: { maxBodyChars: 20000 },
  openDiscussions: 0,
};

const summary = {
  id: 7,
  title: 'Versus night on the new campaign',
  slug: 'versus-night-on-the-new-campaign',
  startsAt: Date.UTC(2026, 11, 1, 20) / 1000,
  endsAt: Date.UTC(2026, 11, 1, 22) / 1000,
  status: 'scheduled',
  place: { groupId: 'vs', groupName: 'Versus', serverId: 'vs-1', serverName: 'Versus #1' },
  organiserId: 'u-olga',
  organiserName: 'Olga',
  capacity: 2,
  goingCount: 2,
  maybeCount: 1,
  waitlistCount: 1,
  myResponse: 'going',
  myWaitlisted: false,
  myWaitlistPosition: null,
};
const EVENTS = {
  upcoming: [
    summary,
    {
      ...summary,
      id: 8,
      title: 'Late scrim',
      slug: 'late-scrim',
      // Crosses midnight: both dates show.
      startsAt: Date.UTC(2026, 11, 5, 23) / 1000,
      endsAt: Date.UTC(2026, 11, 6, 1) / 1000,
      place: null,
      capacity: null,
      goingCount: 4,
      maybeCount: 0,
      waitlistCount: 0,
      myResponse: null,
    },
  ],
  past: [
    {
      ...summary,
      id: 3,
      title: 'Autumn cup',
      slug: 'autumn-cup',
      startsAt: Date.UTC(2026, 9, 10, 18) / 1000,
      endsAt: Date.UTC(2026, 9, 10, 21) / 1000,
      status: 'cancelled',
      myResponse: null,
    },
  ],
  upcomingCursor: null,
  pastCursor: null,
};
const attendee = (userId: string, name: string) => ({ userId, name, respondedAt: NOW - HOUR });
const EVENT = {
  ...summary,
  description: 'Bring a **mic**. We play the new campaign twice, switching sides.',
  createdAt: NOW - 48 * HOUR,
  updatedAt: NOW - 3 * HOUR,
  sequence: 1,
  going: [attendee('u-visual', 'Visual Reader'), attendee('u-bob', 'Bob')],
  maybe: [attendee('u-cat', 'Cat')],
  notGoing: [],
  waitlist: [attendee('u-dan', 'Dan')],
};

const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

async function fixAnswers(page: Page): Promise<void> {
  await page.route(/\/api\/discussions(\?|$)/, (route) => route.fulfill(json(THREADS)));
  await page.route(/\/api\/discussions\/7(\?|$)/, (route) =>
    route.request().method() === 'GET' ? route.fulfill(json(DETAIL)) : route.fulfill(json({})),
  );
  await page.route(/\/api\/events(\?|$)/, (route) => route.fulfill(json(EVENTS)));
  await page.route(/\/api\/events\/feed$/, (route) =>
    route.fulfill(json({ exists: true, createdAt: NOW - 9 * 24 * HOUR })),
  );
  await page.route(/\/api\/events\/7$/, (route) => route.fulfill(json(EVENT)));
}

const PAGES = [
  {
    name: 'discussions',
    path: '/discuss/list',
    ready: (page: Page) => page.getByRole('link', { name: /Map rotation/ }),
  },
  { name: 'thread', path: `/discuss/7/${thread.slug}`, ready: (page: Page) => page.getByText('Seconded.') },
  { name: 'events', path: '/events', ready: (page: Page) => page.getByRole('link', { name: 'Late scrim' }) },
  { name: 'event', path: `/events/7/${summary.slug}`, ready: (page: Page) => page.getByText('Dan') },
] as const;

test.describe('discuss-events pages look as their baselines', () => {
  test.use(VISUAL_CONTEXT);
  for (const shown of PAGES)
    for (const size of VISUAL_SIZES)
      for (const theme of THEMES)
        test(`${shown.name}, ${size.name}, ${theme}`, async ({ page, context }) => {
          test.setTimeout(120_000);
          await signInBrowser(context, { name: 'Visual Reader', codes: ['discuss.use'] });
          await fixAnswers(page);
          await openForScreenshot(page, shown.path, { theme, width: size.width, height: size.height });
          await expect(shown.ready(page).first()).toBeVisible();
          // The markdown renderer loads on first use: wait until it replaced the plain text.
          if (shown.name === 'thread') await expect(page.locator('.post-body blockquote').first()).toBeVisible();
          if (shown.name === 'event') await expect(page.locator('.event-description strong')).toHaveText('mic');
          await expect(page.locator('main').first()).toHaveScreenshot(`${shown.name}-${size.name}-${theme}.png`, {
            animations: 'disabled',
            caret: 'hide',
            timeout: 60_000,
          });
        });
});
