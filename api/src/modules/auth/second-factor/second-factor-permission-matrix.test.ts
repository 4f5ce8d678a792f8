import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolledWithoutFreshProof } from '../../../test-support/second-factor';
import { signInAs, startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

// Issue 31's permission matrix: every second-factor endpoint (and the trustInGameUnbans site
// setting of item 8) against every kind of caller. Personal endpoints are for a signed-in
// session only (a factor is the person's: an API key is refused SESSION_REQUIRED); the policy
// is a site setting (panel.settings). Strangers get 401 whatever they send.

const PASSKEY_ATTESTATION = {
  id: 'YQ',
  rawId: 'YQ',
  type: 'public-key',
  response: { clientDataJSON: 'YQ', attestationObject: 'YQ' },
  clientExtensionResults: {},
};
const PASSKEY_ASSERTION = {
  id: 'YQ',
  rawId: 'YQ',
  type: 'public-key',
  response: { clientDataJSON: 'YQ', authenticatorData: 'YQ', signature: 'YQ' },
  clientExtensionResults: {},
};

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  /** What a signed-in person without a factor gets (null: the route needs panel.settings, 403). */
  member: [number, string | null] | null;
}

const PERSONAL: Route[] = [
  { method: 'GET', url: '/api/auth/second-factor', member: [200, null] },
  { method: 'POST', url: '/api/auth/second-factor/totp/setup', member: [200, null] },
  {
    method: 'POST',
    url: '/api/auth/second-factor/totp/confirm',
    payload: { code: '000000' },
    member: [400, 'INVALID_CODE'],
  },
  { method: 'DELETE', url: '/api/auth/second-factor/totp', member: [404, 'NOT_FOUND'] },
  { method: 'POST', url: '/api/auth/second-factor/recovery-codes', member: [409, 'NOT_ENROLLED'] },
  { method: 'POST', url: '/api/auth/second-factor/passkeys/options', member: [200, null] },
  {
    method: 'POST',
    url: '/api/auth/second-factor/passkeys',
    payload: { name: 'Laptop', response: PASSKEY_ATTESTATION },
    member: [400, 'PASSKEY_REFUSED'],
  },
  { method: 'DELETE', url: '/api/auth/second-factor/passkeys/nope', member: [404, 'NOT_FOUND'] },
  {
    method: 'POST',
    url: '/api/auth/step-up',
    payload: { method: 'totp', code: '000000' },
    member: [409, 'NOT_ENROLLED'],
  },
  { method: 'POST', url: '/api/auth/step-up/passkey/options', member: [409, 'NOT_ENROLLED'] },
  {
    method: 'POST',
    url: '/api/auth/step-up/passkey',
    payload: { response: PASSKEY_ASSERTION },
    member: [409, 'NOT_ENROLLED'],
  },
];
const SITE: Route[] = [
  { method: 'GET', url: '/api/auth/second-factor/policy', member: null },
  { method: 'PUT', url: '/api/auth/second-factor/policy', payload: { requiredRoleIds: [] }, member: null },
  { method: 'GET', url: '/api/panel/settings', member: null },
  { method: 'PUT', url: '/api/panel/settings', payload: { trustInGameUnbans: true }, member: null },
];

describe.each(testDatabases())('second-factor permission matrix on $name', (kind) => {
  let t: TestApp;
  let settingsKey: Record<string, string>;

  const send = (route: Route, headers: Record<string, string>) =>
    t.app.inject({
      method: route.method,
      url: route.url,
      headers,
      ...(route.payload === undefined ? {} : { payload: route.payload as object }),
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    const owner = await signInAs(t, { name: 'Key owner', codes: ['panel.settings'] });
    const key = await t.app.inject({ method: 'POST', url: '/api/auth/developer/apikey', headers: owner.headers });
    expect(key.statusCode).toBe(200);
    settingsKey = { authorization: `Bearer ${key.json().apikey.key}` };
  });
  afterAll(async () => t?.close());

  it.each([...PERSONAL, ...SITE])('$method $url: strangers and forged sessions get 401', async (route) => {
    for (const [headers, error] of [
      [{ origin: TEST_PUBLIC_URL }, 'UNAUTHORIZED'],
      [
        { origin: TEST_PUBLIC_URL, cookie: 'outpost_session=opse_forged-0000000000000000000000000000000' },
        'UNAUTHORIZED',
      ],
      [{ authorization: 'Bearer opk_not-a-key-000000000000000000000000000000' }, 'INVALID_API_KEY'],
    ] as const) {
      const response = await send(route, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toEqual({ error, message: expect.any(String) });
    }
  });

  it.each(PERSONAL)('$method $url: a signed-in person only, never an API key', async (route) => {
    const member = await signInAs(t, { name: 'Member' });
    const [status, code] = route.member as [number, string | null];
    const allowed = await send(route, member.headers);
    expect(allowed.statusCode).toBe(status);
    if (code) expect(allowed.json()).toEqual({ error: code, message: expect.any(String) });
    const viaKey = await send(route, settingsKey);
    expect(viaKey.statusCode).toBe(403);
    expect(viaKey.json()).toEqual({ error: 'SESSION_REQUIRED', message: expect.any(String) });
    if (route.method !== 'GET') {
      // A write from another site with the person's cookie is refused (CSRF).
      const cross = await send(route, { cookie: member.headers.cookie as string, origin: 'https://evil.example' });
      expect(cross.statusCode).toBe(403);
    }
  });

  it.each(SITE)(
    '$method $url: needs panel.settings (403 without it), and a step-up once a factor exists',
    async (route) => {
      const member = await signInAs(t, { name: 'Member', codes: ['panel.roles', 'bans.*'] });
      const refused = await send(route, member.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'FORBIDDEN', message: expect.any(String) });
      const admin = await signInAs(t, { name: 'Settings admin', codes: ['panel.settings'] });
      expect((await send(route, admin.headers)).statusCode).toBe(200);
      // An API key acts with its owner's permissions (minting it took a step-up, issue 31 item 2).
      expect((await send(route, settingsKey)).statusCode).toBe(200);
      const careful = await signInAs(t, { name: 'Careful admin', codes: ['panel.settings'] });
      await enrolledWithoutFreshProof(t, careful);
      const unproved = await send(route, careful.headers);
      if (route.method === 'GET') expect(unproved.statusCode).toBe(200);
      else expect(unproved.json()).toEqual({ error: 'STEP_UP_REQUIRED', message: expect.any(String) });
    },
  );
});
