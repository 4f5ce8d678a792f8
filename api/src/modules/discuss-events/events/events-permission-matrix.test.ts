import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { createEventAs, futureEvent } from './events-test-kit';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Endpoint {
  method: Method;
  url: (id: number) => string;
  /** 'member': any signed-in user; a code: that permission. */
  needs: 'member' | 'events.manage';
  payload?: () => unknown;
}

/** Every /api/events endpoint and who may call it (the feed file has its own test). */
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', url: () => '/api/events', needs: 'member' },
  { method: 'GET', url: (id) => `/api/events/${id}`, needs: 'member' },
  { method: 'GET', url: (id) => `/api/events/${id}/ics`, needs: 'member' },
  { method: 'PUT', url: (id) => `/api/events/${id}/rsvp`, needs: 'member', payload: () => ({ response: 'maybe' }) },
  { method: 'DELETE', url: (id) => `/api/events/${id}/rsvp`, needs: 'member' },
  { method: 'GET', url: () => '/api/events/feed', needs: 'member' },
  { method: 'POST', url: () => '/api/events/feed', needs: 'member' },
  { method: 'DELETE', url: () => '/api/events/feed', needs: 'member' },
  { method: 'POST', url: () => '/api/events', needs: 'events.manage', payload: () => futureEvent({ title: 'Matrix' }) },
  {
    method: 'PUT',
    url: (id) => `/api/events/${id}`,
    needs: 'events.manage',
    payload: () => futureEvent({ title: 'Matrix edit' }),
  },
  { method: 'POST', url: (id) => `/api/events/${id}/cancel`, needs: 'events.manage' },
];

describe.each(testDatabases())('events permission matrix on $name', (kind) => {
  let t: TestApp;
  let roles: { anonymous: null; member: SignedIn; otherStaff: SignedIn; manager: SignedIn; superuser: SignedIn };
  beforeAll(async () => {
    t = await startTestApp(kind, { EVENT_REMINDER_INTERVAL_MS: '0' });
    roles = {
      anonymous: null,
      member: await signInAs(t, { name: 'Member' }),
      // Holding every other permission does not open the manager's endpoints.
      otherStaff: await signInAs(t, { name: 'Staff', codes: ['bans.*', 'notes.*', 'discuss.use', 'servers.manage'] }),
      manager: await signInAs(t, { name: 'Manager', codes: ['events.manage'] }),
      superuser: await signInAs(t, { name: 'Root', flags: 'z' }),
    };
  });
  afterAll(async () => t?.close());

  const fresh = async () => (await createEventAs(t, roles.manager, futureEvent({ title: 'Target' }))).id;
  const rowsOf = async () => ({
    events: await t.database.db
      .selectFrom('events')
      .select(['id', 'title', 'status', 'sequence'])
      .orderBy('id')
      .execute(),
    rsvps: await t.database.db.selectFrom('event_rsvps').selectAll().orderBy('user_id').execute(),
  });

  for (const endpoint of ENDPOINTS) {
    const label = `${endpoint.method} ${endpoint.url(1)}`;
    it(`${label}: 401 anonymous, ${endpoint.needs === 'member' ? 'open to members' : '403 without events.manage'}`, async () => {
      const id = await fresh();
      const call = (who: SignedIn | null) =>
        t.app.inject({
          method: endpoint.method,
          url: endpoint.url(id),
          headers: who?.headers ?? {},
          ...(endpoint.payload ? { payload: endpoint.payload() as object } : {}),
        });

      const before = await rowsOf();
      const anonymous = await call(null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: 'UNAUTHORIZED' });
      for (const who of [roles.member, roles.otherStaff]) {
        const response = await call(who);
        if (endpoint.needs === 'member') expect(response.statusCode, response.body).toBeLessThan(300);
        else {
          expect(response.statusCode).toBe(403);
          expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
        }
      }
      if (endpoint.needs === 'events.manage') expect(await rowsOf()).toEqual(before);
      for (const who of [roles.manager, roles.superuser]) {
        const response = await call(who);
        expect(response.statusCode, response.body).toBeLessThan(300);
      }
    });
  }
});
