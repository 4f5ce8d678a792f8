import type { DiscussionReply, DiscussionThread } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Endpoint {
  method: Method;
  url: (ids: { thread: number; reply: number }) => string;
  /** 'use': discuss.use; 'moderate': discuss.use and discuss.moderate; 'author': discuss.use and being the author. */
  needs: 'use' | 'moderate' | 'author';
  payload?: unknown;
}

/** Every discussions endpoint and what it needs. */
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', url: () => '/api/discussions', needs: 'use' },
  { method: 'POST', url: () => '/api/discussions', needs: 'use', payload: { title: 't', body: 'b' } },
  { method: 'GET', url: ({ thread }) => `/api/discussions/${thread}`, needs: 'use' },
  { method: 'PATCH', url: ({ thread }) => `/api/discussions/${thread}`, needs: 'author', payload: { body: 'edited' } },
  { method: 'POST', url: ({ thread }) => `/api/discussions/${thread}/replies`, needs: 'use', payload: { body: 'r' } },
  {
    method: 'PATCH',
    url: ({ thread, reply }) => `/api/discussions/${thread}/replies/${reply}`,
    needs: 'author',
    payload: { body: 'edited' },
  },
  {
    method: 'PATCH',
    url: ({ thread }) => `/api/discussions/${thread}/moderation`,
    needs: 'moderate',
    payload: { isPinned: true },
  },
  { method: 'DELETE', url: ({ thread, reply }) => `/api/discussions/${thread}/replies/${reply}`, needs: 'moderate' },
  { method: 'DELETE', url: ({ thread }) => `/api/discussions/${thread}`, needs: 'moderate' },
];

describe.each(testDatabases())('discussions permission matrix on $name', (kind) => {
  let t: TestApp;
  let author: SignedIn;
  let member: SignedIn;
  let moderator: SignedIn;
  let outsider: SignedIn;
  let superuser: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind, {});
    author = await signInAs(t, { name: 'Author', codes: ['discuss.use'] });
    member = await signInAs(t, { name: 'Member', codes: ['discuss.use'] });
    moderator = await signInAs(t, { name: 'Moderator', codes: ['discuss.*'] });
    // Signed in, holding every other permission but not discuss.use.
    outsider = await signInAs(t, { name: 'Outsider', codes: ['panel.*', 'notes.*', 'events.manage'] });
    superuser = await signInAs(t, { name: 'Root', flags: 'z' });
  });
  afterAll(async () => t.close());

  /** A fresh thread with one reply, both by the author, so a delete in one row does not hide the next row's. */
  async function freshIds() {
    const thread = (
      await t.app.inject({
        method: 'POST',
        url: '/api/discussions',
        headers: author.headers,
        payload: { title: 'Matrix', body: 'body' },
      })
    ).json() as DiscussionThread;
    const reply = (
      await t.app.inject({
        method: 'POST',
        url: `/api/discussions/${thread.id}/replies`,
        headers: author.headers,
        payload: { body: 'reply' },
      })
    ).json() as DiscussionReply;
    return { thread: thread.id, reply: reply.id };
  }
  // Posting many threads quickly: the rate limit is per user, so lift it for the matrix.
  beforeAll(async () => {
    await t.database.db.insertInto('settings').values({ key: 'discussions.postsPerMinute', value: '1000' }).execute();
  });

  const call = async (endpoint: Endpoint, who: SignedIn | null) => {
    const ids = await freshIds();
    return t.app.inject({
      method: endpoint.method,
      url: endpoint.url(ids),
      headers: who?.headers ?? {},
      payload: endpoint.payload as never,
    });
  };

  it.each(
    ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.url({ thread: 1, reply: 2 })}`, endpoint] as const),
  )('%s', async (_name, endpoint) => {
    const anonymous = await call(endpoint, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    const refused = await call(endpoint, outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'FORBIDDEN' });

    const byMember = await call(endpoint, member);
    const byModerator = await call(endpoint, moderator);
    const byAuthor = await call(endpoint, author);
    const bySuperuser = await call(endpoint, superuser);
    if (endpoint.needs === 'use') {
      for (const response of [byMember, byModerator, byAuthor, bySuperuser])
        expect(response.statusCode).toBeLessThan(300);
    } else if (endpoint.needs === 'moderate') {
      expect(byMember.statusCode).toBe(403);
      expect(byAuthor.statusCode).toBe(403);
      expect(byModerator.statusCode).toBeLessThan(300);
      expect(bySuperuser.statusCode).toBeLessThan(300);
    } else {
      // Only the author edits their post: not another member, not a moderator, not even 'z'.
      expect(byAuthor.statusCode).toBe(200);
      for (const response of [byMember, byModerator, bySuperuser]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ message: 'Only its author can edit this post' });
      }
    }
  });
});
