import { profileResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

describe.each(testDatabases())('GET /api/auth/profile on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('answers 401 when signed out or with an unknown session cookie', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { cookie: 'outpost_session=forged' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toBe('UNAUTHORIZED');
  });

  it('returns the signed-in user with permissions from the user and their roles', async () => {
    const me = await signInAs(t, {
      name: 'Alice',
      steamid: '76561198000000042',
      codes: ['bans.*'],
      flags: 'bd',
      immunity: 10,
    });
    await t.database.db
      .insertInto('roles')
      .values({
        id: 'r1',
        name: 'Moderator',
        flags: 'c',
        immunity: 20,
        permission_codes: '["notes.create"]',
        created_at: 1,
      })
      .execute();
    await t.database.db.insertInto('user_roles').values({ user_id: me.userId, role_id: 'r1' }).execute();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { cookie: me.headers.cookie },
    });
    expect(response.statusCode).toBe(200);
    const profile = profileResponseSchema.parse(response.json());
    expect(profile.user).toEqual({ name: 'Alice', accountid: '76561198000000042', id: me.userId, avatarhash: null });
    expect(profile.permissions.codes.sort()).toEqual(['bans.*', 'notes.create']);
    expect(profile.permissions.flags).toBe('bcd');
    expect(profile.permissions.immunityLevel).toBe(20);
    expect(profile.impersonatingId).toBeNull();
  });
});
