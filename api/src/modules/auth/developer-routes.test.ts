import { createdApiKeyResponseSchema, developerResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

describe.each(testDatabases())('API keys on $name', (kind) => {
  let t: TestApp;
  let me: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    me = await signInAs(t, { name: 'Dev', codes: ['logs.view'] });
  });
  afterAll(async () => t?.close());

  const keyRows = () => t.database.db.selectFrom('api_keys').selectAll().execute();
  const create = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/developer/apikey', headers });

  it('has no key at first, and refuses signed-out and cross-site callers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/developer' })).statusCode).toBe(401);
    const mine = await t.app.inject({ method: 'GET', url: '/api/auth/developer', headers: me.headers });
    expect(developerResponseSchema.parse(mine.json())).toEqual({ apikey: null });
    expect((await create({})).statusCode).toBe(401);
    expect((await create({ cookie: me.headers.cookie })).statusCode).toBe(403);
    expect(await keyRows()).toEqual([]);
  });

  it('creates a key shown once, stores only its hash, and authenticates bearer calls without Origin', async () => {
    const response = await create(me.headers);
    expect(response.statusCode).toBe(200);
    const { apikey } = createdApiKeyResponseSchema.parse(response.json());
    expect(apikey.key).toMatch(/^opk_[\w-]{43}$/);
    const rows = await keyRows();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(apikey.key);

    const info = await t.app.inject({ method: 'GET', url: '/api/auth/developer', headers: me.headers });
    expect(info.json()).toEqual({ apikey: { id: apikey.id, created: apikey.created, lastUsed: null } });
    expect(info.body).not.toContain(apikey.key);

    const bearer = { authorization: `Bearer ${apikey.key}` };
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.id).toBe(me.userId);
    expect(profile.json().permissions.codes).toEqual(['logs.view']);
    // No Origin and no cookie: a state change by bearer is not a CSRF case.
    const cleared = await t.app.inject({ method: 'DELETE', url: '/api/auth/notifications', headers: bearer });
    expect(cleared.statusCode).toBe(204);
    const used = await t.app.inject({ method: 'GET', url: '/api/auth/developer', headers: me.headers });
    expect(used.json().apikey.lastUsed).toBeGreaterThan(0);
    // A key cannot mint its successor.
    expect((await create(bearer)).statusCode).toBe(403);
  });

  it('regenerating replaces the key: the old one stops working', async () => {
    const old = (await keyRows())[0];
    const { apikey } = createdApiKeyResponseSchema.parse((await create(me.headers)).json());
    const rows = await keyRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(old?.id);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${apikey.key}` },
    });
    expect(ok.statusCode).toBe(200);
  });

  it.each(['Bearer opk_not-a-real-key', 'Bearer ', `Bearer opk_${'a'.repeat(300)}`, 'bearer x y'])(
    'refuses the bad bearer %s with 401 even alongside a valid cookie',
    async (authorization) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: { authorization, cookie: me.headers.cookie },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBeTruthy();
    },
  );

  it('ignores other schemes (a Basic-auth proxy) and uses the cookie', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: 'Basic dXNlcjpwYXNz', cookie: me.headers.cookie },
    });
    expect(response.statusCode).toBe(200);
  });
});
