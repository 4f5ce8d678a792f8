import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRoutesOf } from '../../../plugins/anonymous-writes';
import { ageProof, appCode, enrolTotp } from '../../../test-support/second-factor';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

// Issue 31 item 2, the permission matrix's step-up column: every dangerous action answers
// 401 STEP_UP_REQUIRED to a superuser with a factor and no recent proof, passes once the
// factor is proved, and never asks a person with no factor (nor an API key) for one.

const role = { name: 'Step-up role', codes: ['logs.view'], flags: '', immunityLevel: 0 };
const DANGEROUS: Array<{ method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object }> = [
  { method: 'POST', url: '/api/panel/roles', payload: role },
  { method: 'PATCH', url: '/api/panel/roles/nope', payload: { name: 'Renamed' } },
  { method: 'DELETE', url: '/api/panel/roles/nope' },
  { method: 'POST', url: '/api/panel/roles/nope/holders', payload: { userId: 'nobody' } },
  { method: 'DELETE', url: '/api/panel/roles/nope/holders/nobody' },
  {
    method: 'PUT',
    url: '/api/users/nobody/privileges',
    payload: { roleIds: [], flags: '', immunityLevel: 0, codes: [] },
  },
  { method: 'POST', url: '/api/auth/developer/apikey' },
  { method: 'POST', url: '/api/admins/impersonate/nobody' },
  { method: 'POST', url: '/api/remotes/nope/releases' },
  {
    method: 'POST',
    url: '/api/remotes/nope/activation',
    payload: { version: '1.0.0+0123456789ab', expectedActive: null },
  },
  { method: 'POST', url: '/api/remotes/nope/canary', payload: { version: '1.0.0+0123456789ab' } },
  { method: 'DELETE', url: '/api/remotes/nope/canary' },
  { method: 'PUT', url: '/api/panel/settings', payload: {} },
  {
    method: 'POST',
    url: '/api/panel/webhooks',
    payload: { name: 'W', url: 'https://discord.com/api/webhooks/1/x', kinds: [] },
  },
  { method: 'PATCH', url: '/api/panel/webhooks/nope', payload: { enabled: false } },
  { method: 'DELETE', url: '/api/panel/webhooks/nope' },
  { method: 'PUT', url: '/api/panel/webhooks/settings', payload: { allowAnyHttps: false } },
  { method: 'DELETE', url: '/api/shares/nope' },
  { method: 'PUT', url: '/api/auth/second-factor/policy', payload: { requiredRoleIds: [] } },
];

describe.each(testDatabases())('step-up on every dangerous action on $name', (kind) => {
  let t: TestApp;
  let enrolled: SignedIn;
  let secret: string;
  let plain: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    enrolled = await signInAs(t, { name: 'Careful owner', flags: 'z', immunity: 100 });
    ({ secret } = await enrolTotp(t, enrolled));
    plain = await signInAs(t, { name: 'Owner without factor', flags: 'z', immunity: 100 });
  });
  afterAll(async () => t?.close());

  const send = (who: { headers: Record<string, string> }, route: (typeof DANGEROUS)[number]) =>
    t.app.inject({ method: route.method, url: route.url, headers: who.headers, payload: route.payload });

  it.each(DANGEROUS)('$method $url needs a recent proof', async (route) => {
    await ageProof(t, enrolled.userId, 11);
    const refused = await send(enrolled, route);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'STEP_UP_REQUIRED', message: expect.stringContaining('authenticator') });
    await ageProof(t, enrolled.userId, 9);
    const fresh = await send(enrolled, route);
    expect(fresh.statusCode).not.toBe(401);
    // Past the guard the action answers as it does (404 for made-up ids; 503 for releases
    // where this test app has no release folder), never a server error.
    expect(fresh.statusCode).not.toBe(500);
    // No factor enrolled: nothing to prove (a role may require one instead).
    const noFactor = await send(plain, route);
    expect(noFactor.statusCode).not.toBe(401);
    expect(noFactor.statusCode).not.toBe(500);
  });

  it('the prompt’s answer (a code) opens the window; every refusal is in the audit log', async () => {
    await ageProof(t, enrolled.userId, null);
    const route = DANGEROUS[12] as (typeof DANGEROUS)[number];
    expect((await send(enrolled, route)).statusCode).toBe(401);
    await t.database.db
      .updateTable('totp_factors')
      .set({ last_used_step: 0 })
      .where('user_id', '=', enrolled.userId)
      .execute();
    const proved = await t.app.inject({
      method: 'POST',
      url: '/api/auth/step-up',
      headers: enrolled.headers,
      payload: { method: 'totp', code: appCode(secret) },
    });
    expect(proved.statusCode).toBe(200);
    expect((await send(enrolled, route)).statusCode).toBe(200);
    const refusals = await t.database.db
      .selectFrom('log_entries')
      .select('message')
      .where('client', '=', enrolled.userId)
      .where('message', 'like', 'second factor: step-up refused for%')
      .execute();
    expect(refusals.length).toBeGreaterThanOrEqual(DANGEROUS.length + 1);
    expect(refusals.map((row) => row.message)).toContain('second factor: step-up refused for PUT /api/panel/settings');
  });

  it('is not asked of an API key (minting it was the step-up), nor of signed-out callers (401 UNAUTHORIZED)', async () => {
    await ageProof(t, enrolled.userId, 5);
    const key = (
      await t.app.inject({ method: 'POST', url: '/api/auth/developer/apikey', headers: enrolled.headers })
    ).json().apikey.key;
    await ageProof(t, enrolled.userId, null);
    const viaKey = await t.app.inject({
      method: 'PUT',
      url: '/api/panel/settings',
      headers: { authorization: `Bearer ${key}` },
      payload: {},
    });
    expect(viaKey.statusCode).toBe(200);
    for (const route of DANGEROUS) {
      const anonymous = await t.app.inject({ method: route.method, url: route.url, payload: route.payload });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(anonymous.json().error).not.toBe('STEP_UP_REQUIRED');
    }
  });

  it('an impersonating admin proves their own factor, not the impersonated user’s', async () => {
    await ageProof(t, enrolled.userId, 1);
    const target = await signInAs(t, { name: 'Target' });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/admins/impersonate/${target.userId}`,
      headers: enrolled.headers,
    });
    expect(started.statusCode).toBe(200);
    await ageProof(t, enrolled.userId, null);
    // Acting as a user with no factor still needs the admin's proof for the admin's session.
    const key = await t.app.inject({ method: 'POST', url: '/api/auth/developer/apikey', headers: enrolled.headers });
    expect(key.statusCode).toBe(401);
    expect(key.json().error).toBe('STEP_UP_REQUIRED');
  });

  // The matrix's rows for the second-factor endpoints themselves: signed out 401 (before any
  // body is read), a member manages only their own factors, and only panel.settings sees or sets
  // the policy. Enumerated from the app, so a new second-factor route is in the matrix at once.
  it('second-factor endpoints: strangers 401, members their own factors only, the policy for panel.settings', async () => {
    const factorWrites = writeRoutesOf(t.app).filter((route) =>
      /^\/api\/auth\/(second-factor|step-up)/.test(route.url),
    );
    expect(factorWrites.length).toBeGreaterThanOrEqual(9);
    for (const route of factorWrites) {
      const url = route.url.replace(/:(\w+)/g, 'nope');
      const anonymous = await t.app.inject({ method: route.method as 'POST', url, payload: { code: '123456' } });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(anonymous.json().error).toBe('UNAUTHORIZED');
      expect(route.anonymousWrite).toBeNull();
    }
    const member = await signInAs(t, { name: 'Member' });
    for (const [method, url, payload] of [
      ['GET', '/api/auth/second-factor/policy', undefined],
      ['PUT', '/api/auth/second-factor/policy', { requiredRoleIds: [] }],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: member.headers, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    // Their own: a member enrols, sees their status, and cannot remove another's passkey (404, not theirs).
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/totp/setup',
      headers: member.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/second-factor', headers: member.headers })).statusCode,
    ).toBe(200);
    const others = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/second-factor/passkeys/someone-elses',
      headers: member.headers,
    });
    expect(others.statusCode).toBe(404);
  });
});
