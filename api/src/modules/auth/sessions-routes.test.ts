import { sessionsResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { createSession } from './sessions-service';

describe.each(testDatabases())('sessions and logout on $name', (kind) => {
  let t: TestApp;
  let me: SignedIn;
  let other: SignedIn;
  let myOtherSessionId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    me = await signInAs(t, { name: 'Me' });
    other = await signInAs(t, { name: 'Other' });
    myOtherSessionId = (await createSession(t.database.db, me.userId, { ip: '203.0.113.9', countryCode: 'NL' }))
      .sessionId;
  });
  afterAll(async () => t?.close());

  const sessionIds = async (userId: string) =>
    (await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);
  const currentId = async (who: SignedIn) => {
    const body = sessionsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: who.headers })).json(),
    );
    return body.currentSessionId;
  };

  it('lists only my sessions, naming the current one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: me.headers });
    expect(response.statusCode).toBe(200);
    const body = sessionsResponseSchema.parse(response.json());
    expect(body.sessions.map((s) => s.id).sort()).toEqual((await sessionIds(me.userId)).sort());
    expect(body.sessions.map((s) => s.id)).toContain(body.currentSessionId);
    expect(body.sessions.find((s) => s.id === myOtherSessionId)).toMatchObject({
      ip: '203.0.113.9',
      countryCode: 'NL',
    });
    expect(JSON.stringify(body)).not.toContain('token');
  });

  it('refuses to revoke while signed out, cross-site, the current session or somebody else’s', async () => {
    const mine = await currentId(me);
    const theirs = await currentId(other);
    const before = { me: await sessionIds(me.userId), other: await sessionIds(other.userId) };
    const attempts = [
      [{}, myOtherSessionId, 401],
      [{ cookie: me.headers.cookie }, myOtherSessionId, 403],
      [{ ...me.headers, origin: 'https://evil.example' }, myOtherSessionId, 403],
      [me.headers, mine, 400],
      [me.headers, theirs, 404],
      [me.headers, 'no-such-session', 404],
      [me.headers, 'x'.repeat(65), 400],
    ] as const;
    for (const [headers, id, status] of attempts) {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers });
      expect(response.statusCode, `${id} -> ${status}`).toBe(status);
      expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    }
    expect({ me: await sessionIds(me.userId), other: await sessionIds(other.userId) }).toEqual(before);
  });

  it('revokes another session of mine with 204', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${myOtherSessionId}`,
      headers: me.headers,
    });
    expect(response.statusCode).toBe(204);
    expect(await sessionIds(me.userId)).not.toContain(myOtherSessionId);
  });

  it('logs out: ok, the session is gone, the cookie cleared; then 401 already logged out', async () => {
    // A sibling site (same-site) is refused like any other site (issue 31 item 11).
    for (const site of ['cross-site', 'same-site', 'Same-Site', '']) {
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/auth/logout',
        headers: { ...other.headers, 'sec-fetch-site': site },
      });
      expect([site, refused.statusCode]).toEqual([site, 403]);
      expect(refused.json()).toEqual({ error: 'CSRF_REJECTED', message: expect.any(String) });
      expect(await sessionIds(other.userId)).toHaveLength(1);
    }

    const response = await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: other.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(String(response.headers['set-cookie'])).toMatch(/^outpost_session=;.*Expires=Thu, 01 Jan 1970/);
    expect(await sessionIds(other.userId)).toHaveLength(0);

    const again = await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: other.headers });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: 'UNAUTHORIZED', message: 'You were already logged out' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/logout' })).statusCode).toBe(401);
  });

  it('ends a session unused for 30 days', async () => {
    const idle = await signInAs(t, { name: 'Idle' });
    await t.database.db
      .updateTable('sessions')
      .set({ last_active: Math.floor(Date.now() / 1000) - 31 * 24 * 3600 })
      .where('user_id', '=', idle.userId)
      .execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: idle.headers })).statusCode).toBe(
      401,
    );
    expect(await sessionIds(idle.userId)).toEqual([]);
  });

  it('publishes every account endpoint in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/profile',
        '/api/auth/logout',
        '/api/auth/sessions',
        '/api/auth/sessions/{id}',
        '/api/auth/steam/callback',
        '/api/auth/notifications/sse',
        '/api/auth/notifications',
        '/api/auth/developer',
        '/api/auth/developer/apikey',
        '/api/auth/discord/login',
        '/api/auth/discord/link',
        '/api/auth/discord/revoke',
        '/api/auth/discord/callback',
        '/api/auth/connections',
        '/api/admins/impersonate/{userId}',
        '/api/admins/impersonate/',
        '/api/panel/setup',
      ]),
    );
  });
});
