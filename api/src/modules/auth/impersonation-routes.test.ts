import { impersonationResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { regenerateApiKey } from './api-keys-service';

describe.each(testDatabases())('impersonation on $name', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let peer: SignedIn;
  let target: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    // The admin holds what the target holds (impersonation never grants more: issue 9 item 6).
    admin = await signInAs(t, { name: 'Admin', codes: ['users.impersonate', 'bans.create'], immunity: 50 });
    member = await signInAs(t, { name: 'Member' });
    peer = await signInAs(t, { name: 'Peer Admin', codes: ['users.*'], immunity: 50 });
    target = await signInAs(t, { name: 'Target', immunity: 10, codes: ['bans.create'] });
  });
  afterAll(async () => t?.close());

  const start = (userId: string, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/admins/impersonate/${userId}`, headers });
  const stop = (headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/admins/impersonate/', headers });
  const stored = async () => ({
    impersonating: (await t.database.db.selectFrom('sessions').select('impersonating_user_id').execute()).map(
      (row) => row.impersonating_user_id,
    ),
    audit: (await t.database.db.selectFrom('log_entries').select('message').orderBy('id').execute()).map(
      (r) => r.message,
    ),
  });

  it('refuses signed out, without the permission, cross-site, bearer, immune, unknown, self and malformed targets', async () => {
    const before = await stored();
    const apikey = await regenerateApiKey(t.database.db, admin.userId);
    const cases: [Record<string, string>, string, number][] = [
      [{}, target.userId, 401],
      [member.headers, target.userId, 403],
      [{ cookie: admin.headers.cookie }, target.userId, 403],
      [{ authorization: `Bearer ${apikey.key}` }, target.userId, 403],
      [admin.headers, peer.userId, 403],
      [admin.headers, 'nobody', 404],
      [admin.headers, admin.userId, 400],
      [admin.headers, 'x'.repeat(65), 400],
    ];
    for (const [headers, id, status] of cases) {
      const response = await start(id, headers);
      expect(response.statusCode, `${id} -> ${status}`).toBe(status);
      expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await stop({})).statusCode).toBe(401);
    expect((await stop()).statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('starts: the session acts as the target, with the target’s permissions, and it is audited', async () => {
    const response = await start(target.userId);
    expect(response.statusCode).toBe(200);
    const body = impersonationResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({ id: target.userId, name: 'Target' });
    expect(body.permissions).toMatchObject({ codes: ['bans.create'], immunityLevel: 10 });

    const profile = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: admin.headers })).json();
    expect(profile.user.id).toBe(target.userId);
    expect(profile.impersonatingId).toBe(target.userId);
    expect(profile.permissions.codes).toEqual(['bans.create']);
    // Still the admin's own account for sessions.
    const sessions = (await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: admin.headers })).json();
    expect(sessions.sessions).toHaveLength(1);
    // Acting as the target, the admin cannot start a second impersonation.
    expect((await start(member.userId)).statusCode).toBe(403);
    const audit = await t.database.db.selectFrom('log_entries').selectAll().execute();
    expect(audit.at(-1)).toMatchObject({
      client: admin.userId,
      target: target.userId,
      message: 'Started impersonating Target',
    });
    expect(audit.at(-1)?.client_name).toBe('Admin');
  });

  it('stops: back to the admin, audited', async () => {
    const response = await stop();
    expect(response.statusCode).toBe(200);
    expect(impersonationResponseSchema.parse(response.json()).user.id).toBe(admin.userId);
    const profile = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: admin.headers })).json();
    expect(profile.user.id).toBe(admin.userId);
    expect(profile.impersonatingId).toBeNull();
    const last = await t.database.db
      .selectFrom('log_entries')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({
      client: admin.userId,
      target: target.userId,
      message: 'Stopped impersonating Target',
    });
  });
});
