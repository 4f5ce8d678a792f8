import type { DiscussionDetail, DiscussionReply, DiscussionsListResponse, DiscussionThread } from '@outpost/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowCount } from '../../../test-support/app-queries';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

describe.each(testDatabases())('discussions on $name', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  let mod: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await signInAs(t, { name: 'Alice', codes: ['discuss.use'] });
    bob = await signInAs(t, { name: 'Bob', codes: ['discuss.use'] });
    carol = await signInAs(t, { name: 'Carol', codes: ['discuss.use'] });
    mod = await signInAs(t, { name: 'Mod', codes: ['discuss.use', 'discuss.moderate'] });
    admin = await signInAs(t, { name: 'Admin', codes: ['panel.settings'] });
  });
  afterAll(async () => t.close());

  const call = (who: SignedIn | null, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who?.headers ?? {}, payload: payload as never });
  const newThread = async (who: SignedIn, title = 'Map rotation', body = 'Which maps **next**?') => {
    const response = await call(who, 'POST', '/api/discussions', { title, body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as DiscussionThread;
  };
  const reply = async (who: SignedIn, id: number, body: string) => {
    const response = await call(who, 'POST', `/api/discussions/${id}/replies`, { body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as DiscussionReply;
  };
  const list = async (who: SignedIn, query = '') =>
    (await call(who, 'GET', `/api/discussions${query}`)).json() as DiscussionsListResponse;
  const profileCount = async (who: SignedIn) =>
    ((await call(who, 'GET', '/api/auth/profile')).json() as { openDiscussions: number }).openDiscussions;
  const notificationsOf = async (who: SignedIn) =>
    ((await call(who, 'GET', '/api/auth/profile')).json() as { notifications: { message: string; link: string }[] })
      .notifications;
  const countRows = (table: 'discussion_threads' | 'discussion_replies') => rowCount(t, table);

  // Each test starts from no posts in the rate-limit window: clear the tables between tests.
  beforeEach(async () => {
    await t.database.db.deleteFrom('discussion_mentions').execute();
    await t.database.db.deleteFrom('discussion_reads').execute();
    await t.database.db.deleteFrom('discussion_replies').execute();
    await t.database.db.deleteFrom('discussion_threads').execute();
    await t.database.db.deleteFrom('notifications').execute();
  });

  it('runs a thread through its life: create, reply, edit, close, reopen, pin, move, delete', async () => {
    const thread = await newThread(alice);
    expect(thread).toMatchObject({
      title: 'Map rotation',
      slug: 'map-rotation',
      category: 'general',
      authorName: 'Alice',
      isOpen: true,
      isPinned: false,
      replyCount: 0,
      editedAt: null,
      unread: false,
    });
    const first = await reply(bob, thread.id, 'c1m1 please');
    expect(first).toMatchObject({ threadId: thread.id, authorName: 'Bob', editedAt: null });

    // The author edits their own post; the edit time is kept.
    const edited = await call(alice, 'PATCH', `/api/discussions/${thread.id}`, { title: 'Map rotation 2027' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Map rotation 2027', slug: 'map-rotation-2027' });
    expect((edited.json() as DiscussionThread).editedAt).toBeTypeOf('number');
    // Someone else may not, not even a moderator.
    expect((await call(bob, 'PATCH', `/api/discussions/${thread.id}`, { body: 'mine now' })).statusCode).toBe(403);
    expect((await call(mod, 'PATCH', `/api/discussions/${thread.id}`, { body: 'mine now' })).statusCode).toBe(403);
    const replyEdit = await call(bob, 'PATCH', `/api/discussions/${thread.id}/replies/${first.id}`, { body: 'c2m1' });
    expect(replyEdit.statusCode).toBe(200);
    expect(replyEdit.json()).toMatchObject({ body: 'c2m1' });
    expect(
      (await call(alice, 'PATCH', `/api/discussions/${thread.id}/replies/${first.id}`, { body: 'x' })).statusCode,
    ).toBe(403);

    // Close: no more replies or edits, until reopened.
    expect(
      (await call(mod, 'PATCH', `/api/discussions/${thread.id}/moderation`, { isOpen: false })).json(),
    ).toMatchObject({ isOpen: false });
    const refused = await call(bob, 'POST', `/api/discussions/${thread.id}/replies`, { body: 'late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'THREAD_CLOSED' });
    expect((await call(alice, 'PATCH', `/api/discussions/${thread.id}`, { body: 'edit' })).statusCode).toBe(409);
    await call(mod, 'PATCH', `/api/discussions/${thread.id}/moderation`, { isOpen: true });
    await reply(carol, thread.id, 'back open');

    // Pin and move; the list shows pinned first, then newest activity.
    const other = await newThread(bob, 'Newer thread');
    let page = await list(alice);
    expect(page.threads.map((entry) => entry.id)).toEqual([other.id, thread.id]);
    const moved = await call(mod, 'PATCH', `/api/discussions/${thread.id}/moderation`, {
      isPinned: true,
      category: 'servers',
    });
    expect(moved.json()).toMatchObject({ isPinned: true, category: 'servers' });
    page = await list(alice);
    expect(page.threads.map((entry) => entry.id)).toEqual([thread.id, other.id]);
    expect(page.threads[0]?.replyCount).toBe(2);
    expect((await list(alice, '?category=servers')).threads.map((entry) => entry.id)).toEqual([thread.id]);

    // A moderator deletes a reply and then the thread: hidden, kept, audited.
    expect((await call(mod, 'DELETE', `/api/discussions/${thread.id}/replies/${first.id}`)).statusCode).toBe(204);
    const detail = (await call(alice, 'GET', `/api/discussions/${thread.id}`)).json() as DiscussionDetail;
    expect(detail.replies.map((entry) => entry.body)).toEqual(['back open']);
    expect(detail.thread.replyCount).toBe(1);
    expect((await call(mod, 'DELETE', `/api/discussions/${thread.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/api/discussions/${thread.id}`)).statusCode).toBe(404);
    expect((await call(mod, 'GET', `/api/discussions/${thread.id}`)).statusCode).toBe(404);
    expect((await list(alice)).threads.map((entry) => entry.id)).toEqual([other.id]);
    const kept = await t.database.db
      .selectFrom('discussion_threads')
      .select(['deleted_at', 'deleted_by'])
      .where('id', '=', thread.id)
      .executeTakeFirstOrThrow();
    expect(kept.deleted_at).not.toBeNull();
    expect(kept.deleted_by).toBe(mod.userId);
    const audit = await t.database.db.selectFrom('log_entries').select(['client', 'message']).execute();
    const lines = audit.filter((entry) => entry.client === mod.userId).map((entry) => entry.message);
    expect(lines).toEqual(
      expect.arrayContaining([
        `closed discussion #${thread.id} “Map rotation 2027”`,
        `reopened discussion #${thread.id} “Map rotation 2027”`,
        `pinned discussion #${thread.id} “Map rotation 2027”`,
        `moved (from general to servers) discussion #${thread.id} “Map rotation 2027”`,
        `deleted reply #${first.id} in discussion #${thread.id} “Map rotation 2027”`,
        `deleted discussion #${thread.id} “Map rotation 2027”`,
      ]),
    );
  });

  it('counts unread threads per user and clears them on reading', async () => {
    const one = await newThread(alice, 'One');
    const two = await newThread(alice, 'Two');
    // The author has read their own threads; Bob has read neither.
    expect(await profileCount(alice)).toBe(0);
    expect(await profileCount(bob)).toBe(2);
    expect((await list(bob, '?filter=unread')).threads.map((entry) => entry.id)).toEqual([two.id, one.id]);

    expect((await list(bob)).openDiscussions).toBe(2);
    // The thread answers with the count once it is read (the nav badge follows it).
    const opened = (await call(bob, 'GET', `/api/discussions/${one.id}`)).json() as DiscussionDetail;
    expect(opened.openDiscussions).toBe(1);
    expect(await profileCount(bob)).toBe(1);
    expect((await list(bob)).threads.find((entry) => entry.id === one.id)?.unread).toBe(false);
    expect((await list(bob)).openDiscussions).toBe(1);

    // A reply (even within the same second) makes it unread again for everyone but the replier.
    await reply(carol, one.id, 'news');
    expect(await profileCount(bob)).toBe(2);
    expect(await profileCount(alice)).toBe(1);
    expect(await profileCount(carol)).toBe(1);
    await reply(carol, one.id, 'more news');
    await call(bob, 'GET', `/api/discussions/${one.id}`);
    expect(await profileCount(bob)).toBe(1);

    // Closed threads do not count towards openDiscussions, though they stay unread in the list.
    await call(mod, 'PATCH', `/api/discussions/${two.id}/moderation`, { isOpen: false });
    expect(await profileCount(bob)).toBe(0);
    expect((await list(bob, '?filter=unread')).threads.map((entry) => entry.id)).toEqual([two.id]);
    expect((await list(bob, '?filter=open')).threads.map((entry) => entry.id)).toEqual([one.id]);

    // Without discuss.use the count is 0.
    const outsider = await signInAs(t, { name: 'Outsider', codes: [] });
    expect(await profileCount(outsider)).toBe(0);

    // "mine": started or replied to.
    expect((await list(carol, '?filter=mine')).threads.map((entry) => entry.id)).toEqual([one.id]);
    expect((await list(alice, '?filter=mine')).threads.map((entry) => entry.id).sort()).toEqual(
      [one.id, two.id].sort(),
    );
  });

  it('pages the list with a keyset cursor, pinned first', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 5; index++) ids.push((await newThread(index % 2 ? alice : bob, `T${index}`)).id);
    await call(mod, 'PATCH', `/api/discussions/${ids[0]}/moderation`, { isPinned: true });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: DiscussionsListResponse = await list(carol, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.threads.map((entry) => entry.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([ids[0], ids[4], ids[3], ids[2], ids[1]]);
    expect((await call(carol, 'GET', '/api/discussions?cursor=bogus')).statusCode).toBe(400);
  });

  it('notifies participants of a reply with a link to it, and @mentioned users', async () => {
    const thread = await newThread(alice, 'Server crash');
    await reply(bob, thread.id, 'same here');
    const third = await reply(carol, thread.id, 'Fixed it, thanks @mod and @nobody');
    const aliceSees = await notificationsOf(alice);
    expect(aliceSees.map((entry) => entry.message)).toEqual([
      'Bob replied to “Server crash”',
      'Carol replied to “Server crash”',
    ]);
    expect(aliceSees[1]?.link).toBe(`/discuss/${thread.id}/server-crash#reply-${third.id}`);
    expect((await notificationsOf(bob)).map((entry) => entry.message)).toEqual(['Carol replied to “Server crash”']);
    expect(await notificationsOf(carol)).toEqual([]);
    const modSees = await notificationsOf(mod);
    expect(modSees.map((entry) => entry.message)).toEqual(['Carol mentioned you in “Server crash”']);
    expect(modSees[0]?.link).toBe(`/discuss/${thread.id}/server-crash#reply-${third.id}`);

    // A mention of someone without discuss.use does not point them at the thread.
    const outsider = await signInAs(t, { name: 'Outsider', codes: [] });
    await reply(bob, thread.id, 'cc @Outsider');
    expect(await notificationsOf(outsider)).toEqual([]);
  });

  it('notifies a mention added by an edit once, and only the new ones', async () => {
    const thread = await newThread(alice, 'Scrim', 'Who plays? @bob');
    expect((await notificationsOf(bob)).map((entry) => entry.message)).toEqual(['Alice mentioned you in “Scrim”']);
    // Editing the thread body: Carol is new, Bob was already told.
    const edit = (body: string) => call(alice, 'PATCH', `/api/discussions/${thread.id}`, { body });
    expect((await edit('Who plays? @bob @carol')).statusCode).toBe(200);
    expect((await notificationsOf(bob)).length).toBe(1);
    const carolSees = await notificationsOf(carol);
    expect(carolSees.map((entry) => entry.message)).toEqual(['Alice mentioned you in “Scrim”']);
    expect(carolSees[0]?.link).toBe(`/discuss/${thread.id}/scrim`);
    // Removed and put back, or an unrelated edit: no news for anyone.
    await edit('Who plays? @bob');
    await edit('Who plays? @bob @carol, and @alice herself');
    await call(alice, 'PATCH', `/api/discussions/${thread.id}`, { title: 'Scrim tonight' });
    expect((await notificationsOf(bob)).length).toBe(1);
    expect((await notificationsOf(carol)).length).toBe(1);
    expect(await notificationsOf(alice)).toEqual([]);

    // A reply edited to mention Mod: Mod hears of it with a link to the reply, once.
    const answer = await reply(bob, thread.id, 'Me!');
    const editReply = (body: string) =>
      call(bob, 'PATCH', `/api/discussions/${thread.id}/replies/${answer.id}`, { body });
    const modBefore = (await notificationsOf(mod)).length;
    expect((await editReply('Me! And @mod')).statusCode).toBe(200);
    await editReply('Me! And @Mod, @mod');
    await editReply('Me!');
    await editReply('Me! And @mod');
    const modSees = (await notificationsOf(mod)).slice(modBefore);
    expect(modSees.map((entry) => entry.message)).toEqual(['Bob mentioned you in “Scrim tonight”']);
    expect(modSees[0]?.link).toBe(`/discuss/${thread.id}/scrim-tonight#reply-${answer.id}`);
    // Someone without discuss.use is not pointed at the thread by an edit either.
    const outsider = await signInAs(t, { name: 'Outsider2', codes: [] });
    await editReply('Me! cc @Outsider2');
    expect(await notificationsOf(outsider)).toEqual([]);
  });

  it('pages the replies of a thread, and finds the page of a linked reply', async () => {
    await call(admin, 'PUT', '/api/panel/settings', { discussions: { postsPerMinute: 1000, maxBodyChars: 20000 } });
    try {
      const thread = await newThread(alice, 'Long one');
      const ids: number[] = [];
      for (let index = 1; index <= 7; index++)
        ids.push((await reply(index % 2 ? bob : carol, thread.id, `r${index}`)).id);
      const detail = async (query: string) => {
        const response = await call(alice, 'GET', `/api/discussions/${thread.id}${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as DiscussionDetail;
      };
      const first = await detail('?limit=3');
      expect(first.replies.map((entry) => entry.body)).toEqual(['r1', 'r2', 'r3']);
      expect(first.replyPage).toEqual({ page: 1, pages: 3, size: 3, total: 7 });
      expect((await detail('?limit=3&page=3')).replies.map((entry) => entry.body)).toEqual(['r7']);
      // Past the end: the last page (a stale link after deletions still shows something).
      expect((await detail('?limit=3&page=9')).replyPage).toMatchObject({ page: 3, pages: 3 });
      // The page that holds a reply (a notification's #reply-N link); it wins over `page`.
      const holding = await detail(`?limit=3&reply=${ids[4]}`);
      expect(holding.replyPage.page).toBe(2);
      expect(holding.replies.map((entry) => entry.id)).toContain(ids[4]);
      expect((await detail(`?limit=3&page=1&reply=${ids[6]}`)).replyPage.page).toBe(3);
      // An unknown or deleted reply falls back to the page asked for.
      expect((await detail('?limit=3&page=2&reply=999999')).replyPage.page).toBe(2);
      await call(mod, 'DELETE', `/api/discussions/${thread.id}/replies/${ids[0]}`);
      const after = await detail(`?limit=3&reply=${ids[3]}`);
      expect(after.replyPage).toEqual({ page: 1, pages: 2, size: 3, total: 6 });
      expect(after.replies.map((entry) => entry.body)).toEqual(['r2', 'r3', 'r4']);
      // The default page size.
      expect((await detail('')).replyPage).toEqual({ page: 1, pages: 1, size: 30, total: 6 });
      for (const query of ['?page=0', '?page=x', '?limit=0', '?limit=101', '?reply=-1']) {
        const refused = await call(alice, 'GET', `/api/discussions/${thread.id}${query}`);
        expect(refused.statusCode, query).toBe(400);
        expect(refused.json()).toHaveProperty('error');
      }
    } finally {
      await call(admin, 'PUT', '/api/panel/settings', { discussions: { postsPerMinute: 5, maxBodyChars: 20000 } });
    }
  });

  it('opens a returning reader’s thread where the news starts', async () => {
    await call(admin, 'PUT', '/api/panel/settings', { discussions: { postsPerMinute: 1000, maxBodyChars: 20000 } });
    try {
      const thread = await newThread(alice, 'Returning');
      const detail = async (who: SignedIn, query = '') =>
        (await call(who, 'GET', `/api/discussions/${thread.id}${query}`)).json() as DiscussionDetail;
      // A first visit: nothing is marked, the thread starts at its top.
      for (let index = 1; index <= 4; index++) await reply(bob, thread.id, `r${index}`);
      expect(await detail(carol, '?limit=2')).toMatchObject({ firstUnreadId: null, replyPage: { page: 1 } });
      // Carol has seen r1..r4; two more come: she is taken to r5's page, r5 marked.
      const r5 = await reply(bob, thread.id, 'r5');
      await reply(bob, thread.id, 'r6');
      const back = await detail(carol, '?limit=2');
      expect(back.firstUnreadId).toBe(r5.id);
      expect(back.replyPage.page).toBe(3);
      expect(back.replies.map((entry) => entry.body)).toEqual(['r5', 'r6']);
      // Read now: the next visit has no news and starts at the top.
      expect(await detail(carol, '?limit=2')).toMatchObject({ firstUnreadId: null, replyPage: { page: 1 } });
      // A page asked for wins; the marker still names the first new reply.
      const r7 = await reply(bob, thread.id, 'r7');
      expect(await detail(carol, '?limit=2&page=1')).toMatchObject({ firstUnreadId: r7.id, replyPage: { page: 1 } });
    } finally {
      await call(admin, 'PUT', '/api/panel/settings', { discussions: { postsPerMinute: 5, maxBodyChars: 20000 } });
    }
  });

  it('refuses bad input with 4xx and stores nothing', async () => {
    const thread = await newThread(alice);
    const threadsBefore = await countRows('discussion_threads');
    const repliesBefore = await countRows('discussion_replies');
    const bad: [Method, string, unknown][] = [
      ['POST', '/api/discussions', {}],
      ['POST', '/api/discussions', { title: '', body: 'x' }],
      ['POST', '/api/discussions', { title: '   ', body: 'x' }],
      ['POST', '/api/discussions', { title: 'x', body: '   ' }],
      ['POST', '/api/discussions', { title: 'x'.repeat(151), body: 'x' }],
      ['POST', '/api/discussions', { title: 'x', body: 'x', category: 'nope' }],
      ['POST', '/api/discussions', { title: 'x', body: 'x', extra: 1 }],
      ['POST', '/api/discussions', { title: 1, body: ['x'] }],
      ['POST', '/api/discussions', 'not json'],
      ['POST', `/api/discussions/${thread.id}/replies`, {}],
      ['POST', `/api/discussions/${thread.id}/replies`, { body: '' }],
      ['POST', `/api/discussions/${thread.id}/replies`, { body: 'x'.repeat(100_001) }],
      ['POST', '/api/discussions/abc/replies', { body: 'x' }],
      ['POST', '/api/discussions/0/replies', { body: 'x' }],
      ['POST', '/api/discussions/999999/replies', { body: 'x' }],
      ['PATCH', `/api/discussions/${thread.id}`, {}],
      ['PATCH', `/api/discussions/${thread.id}/moderation`, {}],
      ['PATCH', `/api/discussions/${thread.id}/moderation`, { isOpen: 'yes' }],
      ['GET', '/api/discussions?filter=everything', undefined],
      ['GET', '/api/discussions?limit=1000', undefined],
      ['GET', '/api/discussions/-1', undefined],
    ];
    for (const [method, url, payload] of bad) {
      const response = await call(mod, method, url, payload);
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(response.json()).toHaveProperty('error');
      expect(response.json()).toHaveProperty('message');
    }
    expect(await countRows('discussion_threads')).toBe(threadsBefore);
    expect(await countRows('discussion_replies')).toBe(repliesBefore);
  });

  it('enforces the body size and posting rate settings with a clear message', async () => {
    const saved = await call(admin, 'PUT', '/api/panel/settings', {
      discussions: { postsPerMinute: 3, maxBodyChars: 200 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ discussions: { postsPerMinute: 3, maxBodyChars: 200 } });
    try {
      const tooLong = await call(alice, 'POST', '/api/discussions', { title: 'Long', body: 'x'.repeat(201) });
      expect(tooLong.statusCode).toBe(413);
      expect(tooLong.json()).toMatchObject({
        error: 'POST_TOO_LONG',
        message: 'A post can be at most 200 characters; this one has 201. Shorten it and try again.',
      });
      const thread = await newThread(alice, 'Rate', 'x'.repeat(200));
      await reply(alice, thread.id, 'one');
      await reply(alice, thread.id, 'two');
      const fourth = await call(alice, 'POST', `/api/discussions/${thread.id}/replies`, { body: 'three' });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toMatchObject({ error: 'POSTING_TOO_FAST' });
      expect((fourth.json() as { message: string }).message).toMatch(
        /^You are posting too fast: at most 3 posts a minute\. Try again in \d+ s\.$/,
      );
      // Per user: Bob still posts. Edits are not new posts, but keep to the size limit.
      await reply(bob, thread.id, 'fine');
      expect((await call(alice, 'PATCH', `/api/discussions/${thread.id}`, { body: 'short' })).statusCode).toBe(200);
      expect((await call(alice, 'PATCH', `/api/discussions/${thread.id}`, { body: 'y'.repeat(201) })).statusCode).toBe(
        413,
      );
      expect(await countRows('discussion_replies')).toBe(3);
    } finally {
      await call(admin, 'PUT', '/api/panel/settings', { discussions: { postsPerMinute: 5, maxBodyChars: 20000 } });
    }
    expect((await call(admin, 'PUT', '/api/panel/settings', { discussions: { postsPerMinute: 0 } })).statusCode).toBe(
      400,
    );
  });
});
