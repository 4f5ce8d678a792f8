import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolTotp } from '../../../test-support/second-factor';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

// Fuzz: whatever body reaches the second-factor endpoints, the answer is a 4xx {error, message}
// or a success, never a 500, and nothing is enrolled or proved by it.

// Every write of issue 31 (the permission matrix lists the reads too), and the site setting of
// item 8 (trustInGameUnbans) on PUT /api/panel/settings.
const ENDPOINTS: Array<{ method: 'POST' | 'PUT' | 'DELETE'; url: string }> = [
  { method: 'POST', url: '/api/auth/second-factor/totp/setup' },
  { method: 'POST', url: '/api/auth/second-factor/totp/confirm' },
  { method: 'POST', url: '/api/auth/second-factor/recovery-codes' },
  { method: 'POST', url: '/api/auth/second-factor/passkeys/options' },
  { method: 'POST', url: '/api/auth/second-factor/passkeys' },
  { method: 'DELETE', url: '/api/auth/second-factor/passkeys/%00..%2F' },
  { method: 'DELETE', url: '/api/auth/second-factor/passkeys/not-a-passkey' },
  { method: 'POST', url: '/api/auth/step-up' },
  { method: 'POST', url: '/api/auth/step-up/passkey/options' },
  { method: 'POST', url: '/api/auth/step-up/passkey' },
  { method: 'PUT', url: '/api/auth/second-factor/policy' },
  { method: 'PUT', url: '/api/panel/settings' },
];
/** Strangers also try removing the authenticator (the signed-in fuzz keeps its factor to prove). */
const STRANGER_ENDPOINTS = [...ENDPOINTS, { method: 'DELETE' as const, url: '/api/auth/second-factor/totp' }];

/** Bodies shaped like the real ones, with hostile values, and plain garbage. */
const body = fc.oneof(
  fc.jsonValue(),
  fc.record({ method: fc.constantFrom('totp', 'recovery', 'passkey', '__proto__'), code: fc.string() }),
  fc.record({ code: fc.oneof(fc.string(), fc.stringMatching(/^\d{6}$/), fc.integer()) }),
  fc.record({
    name: fc.oneof(fc.string(), fc.constant(undefined)),
    response: fc.record({
      id: fc.base64String(),
      rawId: fc.string(),
      type: fc.constantFrom('public-key', 'x'),
      response: fc.dictionary(
        fc.constantFrom('clientDataJSON', 'attestationObject', 'authenticatorData', 'signature'),
        fc.base64String(),
      ),
    }),
  }),
  fc.record({ requiredRoleIds: fc.array(fc.string(), { maxLength: 5 }) }),
  fc.record({
    trustInGameUnbans: fc.oneof(fc.boolean(), fc.string(), fc.integer(), fc.constant(null), fc.jsonValue()),
  }),
);

describe.each(testDatabases())('second-factor endpoints under fuzz on $name', (kind) => {
  let t: TestApp;
  let me: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    me = await signInAs(t, { flags: 'z', immunity: 100 });
    await enrolTotp(t, me);
  });
  afterAll(async () => t?.close());

  it('answers every body with a 2xx or a 4xx {error, message}, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), body, async (endpoint, payload) => {
        const response = await t.app.inject({
          method: endpoint.method,
          url: endpoint.url,
          headers: { ...me.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
        }
      }),
      { numRuns: 150 },
    );
    const passkeys = await t.database.db.selectFrom('passkeys').select('id').execute();
    expect(passkeys).toEqual([]);
  });

  // Issue 31 item 11: strangers learn nothing of these endpoints' schemas, whatever they send.
  it('answers a stranger 401 on every second-factor write, whatever the body, before validation', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...STRANGER_ENDPOINTS),
        body,
        fc.constantFrom(
          {},
          { cookie: 'outpost_session=opse_forged-session-token-000000000000000000000' },
          { cookie: 'outpost_session=opk_an-api-key-shown-as-a-session-00000000000' },
        ),
        async (endpoint, payload, credential) => {
          const response = await t.app.inject({
            method: endpoint.method,
            url: endpoint.url,
            headers: { ...credential, origin: 'http://outpost.test', 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          expect(response.statusCode).toBe(401);
          expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
        },
      ),
      { numRuns: 100 },
    );
  });

  // Issue 31 item 11: no made-up token, with any purpose's prefix or none, is anyone's credential.
  it('never takes a made-up token, with or without a purpose prefix, as a session, an API key or a game token', async () => {
    const prefix = fc.constantFrom('', 'opse_', 'opk_', 'opgs_', 'opcf_', 'opsu_', 'opst_', 'OPK_', 'opk');
    await fc.assert(
      fc.asyncProperty(prefix, fc.stringMatching(/^[A-Za-z0-9_-]{0,80}$/), async (start, rest) => {
        const token = `${start}${rest}`;
        const asSession = await t.app.inject({
          method: 'GET',
          url: '/api/auth/second-factor',
          headers: { cookie: `outpost_session=${token}` },
        });
        expect(asSession.statusCode).toBe(401);
        for (const url of ['/api/auth/second-factor', '/api/game/admins']) {
          const asBearer = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
          expect(asBearer.statusCode).toBe(401);
        }
      }),
      { numRuns: 100 },
    );
  });
});
