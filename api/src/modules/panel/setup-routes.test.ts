import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { claimOwnership, issueSetupToken } from './setup-service';

const TOKEN = 'fixed-setup-token-for-tests';

describe.each(testDatabases())('first-time setup on $name', (kind) => {
  let t: TestApp;
  let first: SignedIn;
  let second: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind, { OUTPOST_SETUP_TOKEN: TOKEN });
    first = await signInAs(t, { name: 'First' });
    second = await signInAs(t, { name: 'Second' });
  });
  afterAll(async () => t?.close());

  const post = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/panel/setup',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const owners = async () =>
    (await t.database.db.selectFrom('users').select(['id', 'flags']).where('flags', '=', 'z').execute()).map(
      (r) => r.id,
    );

  it('says setup is needed, and refuses signed out, cross-site, wrong or malformed tokens without changing anything', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/panel/setup' })).json()).toEqual({ setupNeeded: true });
    const cases: [Record<string, string>, unknown, number][] = [
      [{}, { token: TOKEN }, 401],
      [{ cookie: first.headers.cookie }, { token: TOKEN }, 403],
      [first.headers, { token: 'wrong-token-wrong-token' }, 403],
      [first.headers, {}, 400],
      [first.headers, { token: 'x'.repeat(201) }, 400],
      [first.headers, '{"token":', 400],
    ];
    for (const [headers, body, status] of cases) {
      const response = await post(headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    }
    expect(await owners()).toEqual([]);
  });

  it('makes the caller the owner with every permission and flag z, once; then 409', async () => {
    const response = await post(first.headers, { token: TOKEN });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await owners()).toEqual([first.userId]);
    const profile = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: first.headers })).json();
    expect(profile.permissions).toMatchObject({ flags: 'z', codes: ['*'], immunityLevel: 100 });
    // Every permission: the owner may now impersonate.
    const impersonate = await t.app.inject({
      method: 'POST',
      url: `/api/admins/impersonate/${second.userId}`,
      headers: first.headers,
    });
    expect(impersonate.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/admins/impersonate/', headers: first.headers });

    expect((await t.app.inject({ method: 'GET', url: '/api/panel/setup' })).json()).toEqual({ setupNeeded: false });
    const again = await post(second.headers, { token: TOKEN });
    expect(again.statusCode).toBe(409);
    expect(await owners()).toEqual([first.userId]);
    expect(await issueSetupToken(t.database.db, undefined)).toBeNull();
  });
});

describe.each(testDatabases())('setup tokens across instances on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('accepts a random token issued by any instance, and only one claim wins', async () => {
    const other = await issueSetupToken(t.database.db, undefined);
    expect(other).toMatch(/^opsu_[\w-]{43}$/);
    const [a, b] = [await signInAs(t), await signInAs(t)];
    const results = await Promise.all([
      claimOwnership(t.database.db, a.userId, other as string),
      claimOwnership(t.database.db, b.userId, other as string),
    ]);
    expect(results.sort()).toEqual(['already-owned', 'owner']);
  });
});
