import { type Browser, expect, type Page, test } from '@playwright/test';
import { postManyReplies } from '../support/discuss-events-seed';
import { signInBrowser, type TestUserOptions } from '../support/e2e-session';

// Discussions end to end: two people in two browsers, the reply reaching the other one's
// bell live over the notification stream; slug correction; drafts surviving a reload.

async function person(browser: Browser, options: TestUserOptions) {
  const context = await browser.newContext();
  const { userId } = await signInBrowser(context, options);
  return { context, page: await context.newPage(), userId };
}

/** Starts a thread through the new-thread page; returns its id. */
async function startThread(page: Page, title: string, body: string): Promise<number> {
  await page.goto('/discuss');
  await page.getByRole('link', { name: 'New discussion' }).click();
  await expect(page).toHaveURL(/\/discuss\/new$/);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill(body);
  await page.getByRole('button', { name: 'Start discussion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const match = /\/discuss\/(\d+)\//.exec(new URL(page.url()).pathname);
  expect(match).not.toBeNull();
  return Number(match?.[1]);
}

test('a reply reaches the other participant’s bell live, with a link to the reply', async ({ browser }) => {
  const stamp = Date.now();
  const bob = await person(browser, { name: `Bob${stamp}`, codes: ['discuss.use'] });
  const alice = await person(browser, { name: `Alice${stamp}`, codes: ['discuss.use'] });
  const title = `Weekend event ${stamp}`;
  const id = await startThread(bob.page, title, 'Who is **in**?');
  await expect(bob.page).toHaveURL(new RegExp(`/discuss/${id}/weekend-event-${stamp}$`));

  // Bob waits on the list; his stream is open before Alice writes.
  await bob.page.goto('/discuss');
  const bobNav = bob.page.getByRole('navigation', { name: 'Main' });
  await expect(bobNav.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await bob.page.waitForTimeout(500);

  // Alice finds it unread, opens it and replies, quoting the opening post.
  await alice.page.goto('/discuss?filter=unread');
  await alice.page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(alice.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await alice.page.getByRole('button', { name: 'Quote' }).first().click();
  const box = alice.page.getByLabel('Your reply');
  await expect(box).toHaveValue(new RegExp(`^> \\*\\*Bob${stamp}\\*\\* wrote:\\n> Who is \\*\\*in\\*\\*\\?`));
  await box.press('End');
  await box.pressSequentially('Count me in');
  await alice.page.getByRole('button', { name: 'Post reply' }).click();
  await expect(alice.page).toHaveURL(/#reply-\d+$/);
  const replyId = /#reply-(\d+)$/.exec(alice.page.url())?.[1];
  await expect(alice.page.locator(`#reply-${replyId}`)).toContainText('Count me in');
  await expect(alice.page.locator(`#reply-${replyId} blockquote`)).toContainText('Who is in?');

  // No reload on Bob's side: the bell counts it and the entry links to the reply.
  await expect(bobNav.getByRole('button', { name: 'Notifications 1' })).toBeVisible({ timeout: 10_000 });
  await bobNav.getByRole('button', { name: 'Notifications 1' }).click();
  const dialog = bob.page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog).toContainText(`Alice${stamp} replied to “${title}”`);
  const link = dialog.getByRole('link', { name: / at / });
  await expect(link).toHaveAttribute('href', `/discuss/${id}/weekend-event-${stamp}#reply-${replyId}`);
  await link.click();
  await expect(bob.page).toHaveURL(new RegExp(`/discuss/${id}/weekend-event-${stamp}#reply-${replyId}$`));
  await expect(bob.page.locator(`#reply-${replyId}`)).toHaveClass(/is-highlighted/);
  await expect(bob.page.locator(`#reply-${replyId}`)).toBeInViewport();

  await alice.context.close();
  await bob.context.close();
});

test('a wrong or missing slug finds the thread and corrects the URL', async ({ browser }) => {
  const carol = await person(browser, { name: 'Carol', codes: ['discuss.use'] });
  const id = await startThread(carol.page, 'Slugs & Snails: Part 2', 'Body');
  for (const wrong of [`/discuss/${id}`, `/discuss/${id}/nonsense`, `/discuss/${id}/slugs-snails-part-2x?x=1`]) {
    await carol.page.goto(wrong);
    await expect(carol.page.getByRole('heading', { level: 1, name: 'Slugs & Snails: Part 2' })).toBeVisible();
    await expect(carol.page).toHaveURL(new RegExp(`/discuss/${id}/slugs-snails-part-2(\\?x=1)?$`));
  }
  // Replaced, not pushed: Back leaves the thread rather than returning to the wrong slug.
  await carol.page.goto('/discuss');
  // Let the list finish loading first: leaving mid-startup aborts the profile call, which the
  // shell reports as a failed start (its /error page replaces the history entry).
  await expect(carol.page.getByRole('link', { name: 'New discussion' })).toBeVisible();
  await expect(carol.page.locator('.loading')).toHaveCount(0);
  await carol.page.goto(`/discuss/${id}/wrong`);
  await expect(carol.page).toHaveURL(new RegExp(`/discuss/${id}/slugs-snails-part-2$`));
  await carol.page.goBack();
  await expect(carol.page).toHaveURL(/\/discuss$/);
  await carol.context.close();
});

test('drafts survive a reload and an accidental navigation, with a live preview', async ({ browser }) => {
  const dave = await person(browser, { name: 'Dave', codes: ['discuss.use'] });
  const page = dave.page;
  await page.goto('/discuss/new');
  await page.getByLabel('Title').fill('Half-written idea');
  await page.getByLabel('Message').fill('## Plan\n- [ ] one\n<img src=x onerror="window.__pwned=1">');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Plan' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue('Half-written idea');
  await expect(page.getByLabel('Message')).toHaveValue(/^## Plan/);
  await expect(page.getByRole('status')).toContainText('Your unsaved draft was restored.');
  await expect(preview.getByRole('heading', { name: 'Plan' })).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  // Away and back through the nav: still there. Saving forgets it.
  await page.goto('/docs');
  await page.goto('/discuss/new');
  await expect(page.getByLabel('Title')).toHaveValue('Half-written idea');
  await page.getByRole('button', { name: 'Start discussion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Half-written idea' })).toBeVisible();

  // A reply draft survives a reload too.
  await page.getByLabel('Your reply').fill('Unsent thought');
  await page.reload();
  await expect(page.getByLabel('Your reply')).toHaveValue('Unsent thought');
  await page.getByRole('button', { name: 'Post reply' }).click();
  await expect(page.locator('.post').last()).toContainText('Unsent thought');
  await page.reload();
  await expect(page.getByLabel('Your reply')).toHaveValue('');

  await page.goto('/discuss/new');
  await expect(page.getByLabel('Title')).toHaveValue('');
  await dave.context.close();
});

test('a member without discuss.use is refused, a moderator closes and pins', async ({ browser }) => {
  const outsider = await person(browser, { name: 'Outsider', codes: [] });
  await outsider.page.goto('/discuss');
  await expect(outsider.page.getByText('You do not have access to this page')).toBeVisible();
  expect((await outsider.page.request.get('/api/discussions')).status()).toBe(403);
  await outsider.context.close();

  const erin = await person(browser, { name: 'Erin', codes: ['discuss.use'] });
  const id = await startThread(erin.page, 'Please pin me', 'Important');
  const mod = await person(browser, { name: 'Moderator', codes: ['discuss.use', 'discuss.moderate'] });
  // At its slugged URL: a corrected slug leaves the first page mounted but hidden (the shell's
  // keep-alive), which Playwright could pick while the corrected one loads.
  await mod.page.goto(`/discuss/${id}/please-pin-me`);
  await mod.page.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(mod.page.getByRole('button', { name: 'Unpin', exact: true })).toBeVisible();
  await mod.page.getByRole('button', { name: 'Close' }).click();
  await expect(mod.page.getByText('This discussion is closed: it takes no new replies.')).toBeVisible();
  await erin.page.goto('/discuss');
  const rows = erin.page.getByRole('table', { name: 'Discussions' }).locator('tbody tr');
  const row = rows.filter({ hasText: 'Please pin me' });
  await expect(row).toContainText('Pinned');
  await expect(row).toContainText('Closed');
  // Pinned threads come first.
  await expect(rows.first()).toContainText('Please pin me');
  await erin.context.close();
  await mod.context.close();
});

test('a long thread is paged, a link to a reply opens its page, and the nav badge follows reading', async ({
  browser,
}) => {
  const stamp = Date.now();
  const fay = await person(browser, { name: `Fay${stamp}`, codes: ['discuss.use'] });
  const gus = await person(browser, { name: `Gus${stamp}`, codes: ['discuss.use', 'panel.settings'] });
  const title = `Long thread ${stamp}`;
  const id = await startThread(fay.page, title, 'Tell me everything');
  const slug = `long-thread-${stamp}`;
  // 34 replies: page 1 holds 30, page 2 the last 4.
  const replyIds = await postManyReplies(
    gus.context,
    id,
    Array.from({ length: 34 }, (_, index) => `Reply number ${index + 1}`),
  );
  const last = replyIds.at(-1) as number;

  // Gus wrote in it, so it is read for him; Fay has 34 new replies: her badge counts the thread.
  const profile = await fay.page.request.get('/api/auth/profile');
  const unread = ((await profile.json()) as { openDiscussions: number }).openDiscussions;
  expect(unread).toBeGreaterThanOrEqual(1);
  await fay.page.goto('/discuss');
  const nav = fay.page.getByRole('navigation', { name: 'Main' });
  const discuss = nav.getByRole('link', { name: /^Discuss/ });
  await expect(discuss.locator('.nav-badge')).toHaveText(String(unread));
  await expect(discuss).toHaveAccessibleName(`Discuss (${unread} with unread activity)`);

  // The bell's link to the newest reply opens page 2, where it is, highlighted and in view.
  await fay.page.goto(`/discuss/${id}/${slug}#reply-${last}`);
  const reply = fay.page.locator(`#reply-${last}`);
  await expect(reply).toContainText('Reply number 34');
  await expect(reply).toHaveClass(/is-highlighted/);
  await expect(reply).toBeInViewport();
  await expect(fay.page.getByText('Page 2 of 2').first()).toBeVisible();
  await expect(fay.page.getByRole('heading', { name: '34 replies' })).toBeVisible();
  await expect(fay.page.locator('.reply-list > li')).toHaveCount(4);
  // Reading it lowers the badge at once, without a reload.
  if (unread === 1) await expect(discuss.locator('.nav-badge')).toHaveCount(0);
  else await expect(discuss.locator('.nav-badge')).toHaveText(String(unread - 1));

  // Earlier replies: page 1, by a link that can be shared.
  await fay.page
    .getByRole('navigation', { name: 'Pages of replies' })
    .first()
    .getByRole('link', { name: /Earlier replies/ })
    .click();
  await expect(fay.page).toHaveURL(new RegExp(`/discuss/${id}/${slug}#replies$`));
  await expect(fay.page.getByText('Page 1 of 2').first()).toBeVisible();
  await expect(fay.page.locator('.reply-list > li')).toHaveCount(30);
  await expect(fay.page.locator(`#reply-${replyIds[0]}`)).toContainText('Reply number 1');
  await fay.page.goto(`/discuss/${id}/${slug}?page=2`);
  await expect(fay.page.locator('.reply-list > li')).toHaveCount(4);

  // A reply posted from page 1 lands on the last page, shown.
  await fay.page.goto(`/discuss/${id}/${slug}`);
  await fay.page.getByLabel('Your reply').fill('The 35th');
  await fay.page.getByRole('button', { name: 'Post reply' }).click();
  await expect(fay.page).toHaveURL(/#reply-\d+$/);
  await expect(fay.page.locator('.post.is-highlighted')).toContainText('The 35th');
  await expect(fay.page.getByText('Page 2 of 2').first()).toBeVisible();

  // Gus comes back from the list: the thread opens where his news starts, marked.
  await gus.page.goto('/discuss');
  await gus.page.getByRole('link', { name: new RegExp(title) }).click();
  const marker = gus.page.getByText('New since your last visit');
  await expect(marker).toBeInViewport();
  await expect(gus.page.locator('li', { has: marker })).toContainText('The 35th');
  await expect(gus.page.getByText('Page 2 of 2').first()).toBeVisible();
  await fay.context.close();
  await gus.context.close();
});

test('a mention added by editing a post notifies the mentioned user once, live', async ({ browser }) => {
  const stamp = Date.now();
  const jo = await person(browser, { name: `Jo${stamp}`, codes: ['discuss.use'] });
  const ivy = await person(browser, { name: `Ivy${stamp}`, codes: ['discuss.use'] });
  const id = await startThread(ivy.page, `Mentions ${stamp}`, 'First version');
  // Jo waits elsewhere with an empty bell.
  await jo.page.goto('/docs');
  const joNav = jo.page.getByRole('navigation', { name: 'Main' });
  await expect(joNav.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await ivy.page.getByLabel('Your reply').fill('A reply');
  await ivy.page.getByRole('button', { name: 'Post reply' }).click();
  const reply = ivy.page.locator('.post.is-highlighted');
  await expect(reply).toContainText('A reply');
  const replyId = /#reply-(\d+)$/.exec(ivy.page.url())?.[1];
  const edit = async (text: string) => {
    await reply.getByRole('button', { name: 'Edit' }).click();
    await ivy.page.getByLabel('Edit your reply').fill(text);
    await ivy.page.getByRole('button', { name: 'Save reply' }).click();
    await expect(ivy.page.locator(`#reply-${replyId} .post-body`)).toHaveText(text);
  };
  await edit(`A reply, cc @Jo${stamp}`);
  await expect(joNav.getByRole('button', { name: 'Notifications 1' })).toBeVisible({ timeout: 10_000 });
  // Edited again with the mention kept (or dropped and put back): no second notification.
  await edit('A reply');
  await edit(`A reply, cc @Jo${stamp} again`);
  const held = await jo.page.request.get('/api/auth/profile');
  const messages = ((await held.json()) as { notifications: { message: string; link: string }[] }).notifications;
  expect(messages.map((entry) => entry.message)).toEqual([`Ivy${stamp} mentioned you in “Mentions ${stamp}”`]);
  expect(messages[0]?.link).toBe(`/discuss/${id}/mentions-${stamp}#reply-${replyId}`);
  await jo.context.close();
  await ivy.context.close();
});
